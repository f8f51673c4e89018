import type { KeyboardEvent, ReactNode } from 'react';
import { Autocomplete, Input, Label, ListBox, ListBoxItem, TextField } from 'react-aria-components';
import type { ActorRefFrom } from 'xstate';
import { connectSuggestBox, type suggestBoxMachine } from '../../machines/suggestBox.machine';
import { useView } from '../actors/AppActors';

export interface Suggestion {
  id: number;
  /** what the option is called (typeahead, screen readers) */
  name: string;
  content: ReactNode;
}

interface SuggestBoxProps {
  label: string;
  listLabel: string;
  value: string;
  isDisabled: boolean;
  /** the popup's machine: open while the box has focus, closing a moment after it leaves */
  box: ActorRefFrom<typeof suggestBoxMachine>;
  /** whether the widget has anything to show in it now */
  canOpen: boolean;
  suggestions: Suggestion[];
  emptyMessage?: string | null;
  error?: string | null;
  onChange: (text: string) => void;
  onPick: (id: number) => void;
}

/**
 * A text box with its suggestion popup under it (react-aria's Autocomplete: arrows move
 * through the list while typing goes on, Enter picks). Enter with nothing highlighted picks the first
 * suggestion: the cashier types a few letters and confirms.
 */
export function SuggestBox(props: SuggestBoxProps) {
  const { suggestions, onPick } = props;
  const popup = useView(props.box, connectSuggestBox);
  const isOpen = popup.isOpen && props.canOpen;
  const pickFirst = (event: KeyboardEvent) => {
    const highlighted = (event.target as HTMLElement).getAttribute('aria-activedescendant');
    if (event.key === 'Enter' && isOpen && !highlighted && suggestions[0]) onPick(suggestions[0].id);
  };
  return (
    <Autocomplete inputValue={props.value} onInputChange={props.onChange}>
      <TextField
        className="field"
        isDisabled={props.isDisabled}
        isInvalid={!!props.error}
        onFocus={popup.onFocus}
        onBlur={popup.onBlur}
        onKeyDown={pickFirst}
      >
        <Label>{props.label}</Label>
        <Input autoComplete="off" />
      </TextField>
      {isOpen && (
        <ListBox
          aria-label={props.listLabel}
          className="cassa-suggest-list"
          items={suggestions}
          onAction={(key) => onPick(Number(key))}
          renderEmptyState={() => <p className="muted">{props.emptyMessage}</p>}
        >
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.name} className="cassa-suggest-item">
              {item.content}
            </ListBoxItem>
          )}
        </ListBox>
      )}
      {props.error && <p className="field-error">{props.error}</p>}
    </Autocomplete>
  );
}
