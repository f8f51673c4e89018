import { Button, Label, Tag, TagGroup, TagList, ToggleButton } from 'react-aria-components';
import type { MenuFilterView } from '../../machines/menuFilter.machine';

/** 'Filtra per allergeni': a toggle opening two chip groups (arrow keys move, Space chooses) and 'Rimuovi filtri'. */
export function MenuFilter({ view, hiddenMessage }: { view: MenuFilterView; hiddenMessage: string | null }) {
  const { toggleButton, allergenChips, dietChips, clearButton } = view;
  return (
    <div className="menu-filter">
      <ToggleButton
        className="button button--secondary menu-filter__toggle"
        isSelected={toggleButton.isSelected}
        onChange={toggleButton.onChange}
        aria-controls="menu-filter-panel"
      >
        {toggleButton.label}
      </ToggleButton>
      {view.isExpanded && (
        <div id="menu-filter-panel" className="menu-filter__panel">
          {[allergenChips, dietChips].map((group) => (
            <TagGroup
              key={group.label}
              className="chip-group"
              selectionMode="multiple"
              selectedKeys={group.selectedKeys}
              onSelectionChange={group.onSelectionChange}
            >
              <Label className="chip-group__label">{group.label}</Label>
              <TagList items={group.items} className="chip-group__list">
                {(item) => (
                  <Tag id={item.id} className="chip">
                    {item.label}
                  </Tag>
                )}
              </TagList>
            </TagGroup>
          ))}
          <Button className="button button--link" isDisabled={clearButton.isDisabled} onPress={clearButton.onPress}>
            {clearButton.label}
          </Button>
        </div>
      )}
      {/* Announced as products come and go. */}
      <p role="status" className="menu-filter__hidden">
        {hiddenMessage}
      </p>
    </div>
  );
}
