import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';

/** Which half of the cassa a phone or a tablet shows: the order form or the day's list. */
export type CassaPane = 'editor' | 'orders';

/**
 * On a narrow screen the form and the list take turns; a desktop shows both, and CSS hides this
 * switch. Which one is on screen is only how the page is laid out, so it stays in the view.
 */
export function CassaViewSwitch({ pane, onChange }: { pane: CassaPane; onChange: (pane: CassaPane) => void }) {
  return (
    <ToggleButtonGroup
      className="cassa-view-switch"
      aria-label="Vista della cassa"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[pane]}
      onSelectionChange={(keys) => onChange(keys.has('orders') ? 'orders' : 'editor')}
    >
      <ToggleButton id="editor" className="button">
        Nuovo ordine
      </ToggleButton>
      <ToggleButton id="orders" className="button">
        Ordini
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
