import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { CassaDayListView } from '../../machines/cassaDayList.connect';

type Row = CassaDayListView['rows'][number];

/** A row's progress: the step it is at, the one button for the next step, and a menu to undo it or delay the order. */
export function RowSteps({ row }: { row: Row }) {
  return (
    <div className="cassa-steps">
      <span className="cassa-progress">{row.progressLabel}</span>
      {row.nextButton && (
        <Button className="button cassa-next" onPress={row.nextButton.onPress}>
          {row.nextButton.label}
        </Button>
      )}
      {row.menuItems.length > 0 && (
        <MenuTrigger>
          <Button className="button cassa-more" aria-label={row.menuLabel}>
            …
          </Button>
          <Popover className="select-popover">
            <Menu aria-label={row.menuLabel}>
              {row.menuItems.map((item) => (
                <MenuItem key={item.label} id={item.label} className="select-option cassa-menu-item" onAction={item.onAction}>
                  {item.label}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      )}
    </div>
  );
}
