import { memo } from 'react';
import { Button, Checkbox, ToggleButton } from 'react-aria-components';
import type { CassaDayListView } from '../../machines/cassaDayList.connect';
import { DateField } from '../ui/DateField';
import { Icon, SOURCE_ICONS } from './icons';
import { RowSteps } from './RowSteps';

/** 'Nuovi ordini': the day's totals, the slot strip, the date and one row per order (printed through `onPrint`). */
export function OrdersWidget({ view, onPrint }: { view: CassaDayListView; onPrint: (id: number) => void }) {
  return (
    <section className="cassa-orders" aria-labelledby="cassa-orders-title">
      <div className="cassa-orders-head">
        <h2 id="cassa-orders-title">Nuovi ordini</h2>
        {view.totals && <p className="cassa-totals">{view.totals}</p>}
        <DateField className="cassa-date" label="Data" value={view.date} onChange={(date) => date && view.onDateChange(date)} isRequired />
        <Button className="button" isDisabled={view.refreshButton.isDisabled} onPress={view.refreshButton.onPress}>
          Aggiorna
        </Button>
        <ToggleButton className="button cassa-mute" isSelected={view.muteButton.isSelected} onChange={view.muteButton.onChange}>
          {view.muteButton.label}
        </ToggleButton>
      </div>
      <div role="status" className="cassa-messages">
        {view.offlineNotice && <p className="cassa-offline">{view.offlineNotice}</p>}
        {view.failure && <p className="cassa-failure">{view.failure}</p>}
        {view.notice && <p className="cassa-failure">{view.notice}</p>}
        {view.liveNotice && <p className="cassa-failure">{view.liveNotice}</p>}
        {view.otherDays && <p>{view.otherDays}</p>}
        {view.closedNotice && <p className="cassa-closed">{view.closedNotice}</p>}
      </div>
      <SlotStrip slots={view.slots} capacity={view.slotCapacity} />
      {view.emptyMessage && <p>{view.emptyMessage}</p>}
      <ul className="cassa-list" aria-label="Ordini del giorno">
        {view.rows.map((row) => (
          <OrderRow key={row.id} row={row} onPrint={onPrint} />
        ))}
      </ul>
    </section>
  );
}

export function SlotStrip({ slots, capacity }: { slots: CassaDayListView['slots']; capacity: number | null }) {
  if (slots.length === 0) return null;
  return (
    <ol className="cassa-slots" aria-label={`Fasce orarie (capienza ${capacity ?? 0} per fascia)`}>
      {slots.map((slot) => (
        <li
          key={slot.time}
          className={['cassa-slot', slot.orders === 0 && 'is-empty', slot.isOverCapacity && 'is-over'].filter(Boolean).join(' ')}
          data-time={slot.time}
        >
          <span className="cassa-slot-time">{slot.time}</span>
          {/* Each figure stays whole when the tile is narrow. */}
          <span className="cassa-slot-load">
            <span>{slot.orders} ord.</span> · <span>{slot.quantity} pz</span> · <span>{slot.externalQuantity} est.</span>
          </span>
          {slot.isOverCapacity && <span className="cassa-slot-over">Oltre la capienza</span>}
        </li>
      ))}
    </ol>
  );
}

type Row = CassaDayListView['rows'][number];

/**
 * A row renders again only when what it shows changed: a 30 s refresh of a busy night touches one
 * or two rows, not 300. Its handlers only name the order and the actor's stable `send`, so an
 * older row's handlers do the same as a newer one's (JSON leaves functions out of the comparison).
 */
export const OrderRow = memo(OrderRowView, (before, after) => JSON.stringify(before.row) === JSON.stringify(after.row));

function OrderRowView({ row, onPrint }: { row: Row; onPrint: (id: number) => void }) {
  const className = ['cassa-row', row.isNew && 'is-new', row.isDelivered && 'is-delivered'].filter(Boolean).join(' ');
  const reasonId = `cassa-row-${row.id}-reason`;
  return (
    <li className={className} data-order-id={row.id} aria-label={`Ordine ${row.name}`}>
      <div className="cassa-who">
        <Button
          className="cassa-open"
          isDisabled={row.openButton.isDisabled}
          onPress={row.openButton.onPress}
          aria-describedby={row.openButton.reason ? reasonId : undefined}
        >
          <span className="cassa-source">
            <Icon name={SOURCE_ICONS[row.sourceId]} />
          </span>
          <span className="visually-hidden">{row.sourceLabel}: </span>
          <strong>{row.name}</strong>
        </Button>
        {row.isNew && <span className="cassa-new-badge">Nuovo</span>}
        {row.allergyNote && (
          <span className="cassa-allergy" title={row.allergyNote}>
            <Icon name="warning" />
            <span className="visually-hidden">Allergie: </span>
            <span className="cassa-allergy-note">{row.allergyNote}</span>
          </span>
        )}
        <span className="cassa-summary">{row.summary}</span>
        {row.openButton.reason && (
          <span id={reasonId} className="cassa-reason">
            {row.openButton.reason}
          </span>
        )}
      </div>
      <span className="cassa-place">{row.place}</span>
      <span className="cassa-counts">
        {row.counts.map((c) => (
          <span key={c.label} title={c.label}>
            <span className="visually-hidden">{c.label}: </span>
            {c.count}
          </span>
        ))}
      </span>
      <span className="cassa-time">
        {row.deliveryTime}
        {row.delayNote && <small className="cassa-delay"> {row.delayNote}</small>}
      </span>
      <span className={`cassa-status status-${row.status}`}>{row.statusLabel}</span>
      <Checkbox className="cassa-delivered" isSelected={row.deliveredCheckbox.isSelected} onChange={row.deliveredCheckbox.onChange}>
        <span className="checkbox-box" aria-hidden="true" />
        {row.deliveredCheckbox.label}
      </Checkbox>
      <Button className="cassa-print" aria-label={row.printLabel} onPress={() => onPrint(row.id)}>
        <Icon name="print" />
      </Button>
      <RowSteps row={row} />
    </li>
  );
}
