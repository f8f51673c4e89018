import { useEffect, useRef } from 'react';
import { Button, Link } from 'react-aria-components';
import type { connectRecordList } from '../../../machines/recordList.machine';

/** What a list's row actions read of its view. */
export type ListView = ReturnType<typeof connectRecordList>;

/** Where a row stands, for its actions: moving, and giving the focus back after an action. */
export interface RowPlace {
  index: number;
  count: number;
  view: ListView;
  focus: ReturnType<typeof useRowActionFocus>;
}

/**
 * Row actions that keep the keyboard where it was: a row's buttons are disabled while its action runs
 * (which drops focus), so once the list is back the same button — or the row's other one, when that
 * became unavailable (the first row cannot move up) — takes the focus again.
 */
export function useRowActionFocus(view: ListView) {
  const pending = useRef<{ id: number; action: string } | null>(null);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (view.isBusy || !pending.current) return;
    const { id, action } = pending.current;
    pending.current = null;
    const buttons = [...(container.current?.querySelectorAll<HTMLButtonElement>(`[data-row-id="${id}"]`) ?? [])];
    const target = buttons.find((b) => b.dataset.rowAction === action && !b.disabled) ?? buttons.find((b) => !b.disabled);
    target?.focus();
  }, [view.isBusy]);
  return {
    container,
    act: (id: number, action: string) => {
      pending.current = { id, action };
      view.act(id, action);
    },
    /** the attributes a row's action button carries, so the focus can find it again */
    target: (id: number, action: string) => ({ 'data-row-id': id, 'data-row-action': action }),
  };
}

/** A row's 'Modifica', named after the row for screen readers. */
export function EditLink({ name, href }: { name: string; href: string }) {
  return (
    <Link className="button" href={href} aria-label={`Modifica ${name}`}>
      Modifica
    </Link>
  );
}

/** A row's 'Modifica' link and, while nothing uses the record, its 'Elimina' button. */
export function EditAndRemove({
  name,
  editHref,
  canRemove,
  isDisabled,
  onRemove,
}: {
  name: string;
  editHref: string;
  canRemove: boolean;
  isDisabled: boolean;
  onRemove: () => void;
}) {
  return (
    <>
      <EditLink name={name} href={editHref} />
      {canRemove && (
        <Button className="button" aria-label={`Elimina ${name}`} isDisabled={isDisabled} onPress={onRemove}>
          Elimina
        </Button>
      )}
    </>
  );
}

/** A row's 'Sposta su' and 'Sposta giù': disabled at the ends and while an action runs; the focus comes back to them. */
export function MoveButtons({ name, id, place }: { name: string; id: number; place: RowPlace }) {
  const { index, count, view, focus } = place;
  return (
    <>
      <Button
        className="button"
        aria-label={`Sposta su ${name}`}
        isDisabled={view.isBusy || index === 0}
        onPress={() => focus.act(id, 'move.up')}
        {...focus.target(id, 'move.up')}
      >
        ↑ Su
      </Button>
      <Button
        className="button"
        aria-label={`Sposta giù ${name}`}
        isDisabled={view.isBusy || index === count - 1}
        onPress={() => focus.act(id, 'move.down')}
        {...focus.target(id, 'move.down')}
      >
        ↓ Giù
      </Button>
    </>
  );
}

/** A row of an ordered list (categories, doughs): moved up and down, edited, and removed while nothing uses it. */
export function OrderedRowActions({
  name,
  id,
  place,
  editHref,
  canRemove,
}: {
  name: string;
  id: number;
  place: RowPlace;
  /** null: the row is fixed (the additions' category) */
  editHref: string | null;
  canRemove: boolean;
}) {
  return (
    <>
      <MoveButtons name={name} id={id} place={place} />
      {editHref !== null && (
        <EditAndRemove
          name={name}
          editHref={editHref}
          canRemove={canRemove}
          isDisabled={place.view.isBusy}
          onRemove={() => place.focus.act(id, 'remove')}
        />
      )}
    </>
  );
}

/** A row's button, named after the row for screen readers ('Disattiva Mario'), disabled while the list is busy. */
export function RowButton({ label, name, view, onPress }: { label: string; name: string; view: ListView; onPress: () => void }) {
  return (
    <Button className="button" aria-label={name} isDisabled={view.isBusy} onPress={onPress}>
      {label}
    </Button>
  );
}
