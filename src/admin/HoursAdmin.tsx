import { useEffect, useMemo, useRef } from 'react';
import { Button, Checkbox, Dialog, FieldError, Heading, Input, Label, Modal, ModalOverlay, TextField } from 'react-aria-components';
import { connectSpecialDay, specialDayMachine } from '../../machines/specialDay.machine';
import { createSpecialDayActors, createSpecialDayListActors, type SpecialDayRow } from '../api/adminActors';
import { useAppActors, useScreenActor, useView } from '../actors/AppActors';
import { formatShopDate, shopNow } from '../domain';
import { usePageTitle } from '../ui/usePageTitle';
import { ListFrame, useRecordList } from './ui/list';

const describeDay = (day: SpecialDayRow) =>
  day.closed ? 'Chiuso' : `Aperto dalle ${day.firstSlot ?? ''} (ultimo orario ${day.lastSlot ?? ''})`;

const dates = (day: SpecialDayRow) =>
  day.dateFrom === day.dateUntil ? formatShopDate(day.dateFrom) : `${formatShopDate(day.dateFrom)} – ${formatShopDate(day.dateUntil)}`;

/** 'Orari': special days (holidays, short days) that beat the weekly hours. */
export function HoursAdmin() {
  usePageTitle('Orari - Amministrazione');
  const { api } = useAppActors();
  const listActors = useMemo(() => createSpecialDayListActors(api), [api]);
  const list = useRecordList<SpecialDayRow>(listActors);
  return (
    <section aria-labelledby="admin-hours-title">
      <h1 id="admin-hours-title">Orari</h1>
      <h2>Giorni speciali</h2>
      <p className="admin-hint">
        Un giorno speciale vale più dell’orario della settimana: chiusure per ferie e feste, o un orario diverso.
      </p>
      <SpecialDayForm onSaved={list.reload} />
      <ListFrame view={list} label="Giorni speciali" emptyText="Nessun giorno speciale in programma.">
        {list.rows.length > 0 && (
          <table className="admin-table">
            <caption>Giorni speciali in programma</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Servizio</th>
                <th scope="col">Messaggio</th>
                <th scope="col">
                  <span className="visually-hidden">Azioni</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((day) => (
                <tr key={day.id}>
                  <th scope="row">{dates(day)}</th>
                  <td>{describeDay(day)}</td>
                  <td>{day.message ?? '—'}</td>
                  <td>
                    <Button
                      className="button"
                      aria-label={`Rimuovi ${dates(day)}`}
                      isDisabled={list.isBusy}
                      onPress={() => list.act(day.id, 'specialDay.remove')}
                    >
                      Rimuovi
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListFrame>
    </section>
  );
}

function SpecialDayForm({ onSaved }: { onSaved: () => void }) {
  const { api } = useAppActors();
  const logic = useMemo(() => specialDayMachine.provide({ actors: createSpecialDayActors(api) }), [api]);
  // The server refuses past days: the browser's date is only the form's starting value.
  const view = useView(useScreenActor(logic, { input: { today: shopNow(new Date()).date } }), connectSpecialDay);
  const saved = useRef(onSaved);
  saved.current = onSaved;
  useEffect(() => {
    if (view.saves > 0) saved.current();
  }, [view.saves]);
  const text = (label: string, name: 'date_from' | 'date_until' | 'first_slot' | 'last_slot' | 'message', type = 'text', hint?: string) => {
    const field = view.field(name);
    return (
      <TextField
        className="field"
        value={field.value}
        onChange={field.onChange}
        isInvalid={field.errors.length > 0}
        validationBehavior="aria"
      >
        <Label className="field__label">{label}</Label>
        <Input className="field__input" type={type} />
        {hint && (
          <p className="field__hint" slot="description">
            {hint}
          </p>
        )}
        <FieldError className="field__error">{field.errors.join(' ')}</FieldError>
      </TextField>
    );
  };
  const closed = view.field('closed');
  return (
    <form
      className="admin-form admin-fieldset"
      aria-label="Nuovo giorno speciale"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        view.saveButton.onPress();
      }}
    >
      {text('Dal', 'date_from', 'date')}
      {text('Al', 'date_until', 'date')}
      <Checkbox className="admin-checkbox" isSelected={closed.value} onChange={closed.onChange}>
        <span className="admin-checkbox__box" aria-hidden="true" />
        Chiuso tutto il giorno
      </Checkbox>
      {view.showsHours && text('Primo orario', 'first_slot', 'text', 'Un quarto d’ora, ad esempio 18:00')}
      {view.showsHours && text('Ultimo orario', 'last_slot', 'text', 'L’ultima fascia ordinabile, ad esempio 22:00')}
      {text('Messaggio', 'message', 'text', 'Mostrato ai clienti con l’avviso di chiusura')}
      <div className="admin-savebar">
        <Button type="submit" className="button button--primary" isDisabled={view.saveButton.isDisabled}>
          {view.saveButton.label}
        </Button>
        <div role="status" aria-live="polite" className={`admin-notice admin-notice--${view.notice?.tone ?? 'none'}`}>
          {view.notice?.message}
        </div>
      </div>
      <ModalOverlay isOpen={view.confirmation !== null} isDismissable={false} className="modal-overlay">
        <Modal className="modal">
          <Dialog role="alertdialog" className="dialog">
            <Heading slot="title">Ordini già prenotati</Heading>
            <p>{view.confirmation?.message}</p>
            <ul>
              {view.confirmation?.orders.map((order) => (
                <li key={order.id}>{`N. ${order.orderNum} · ${formatShopDate(order.date)} ${order.time} · ${order.name}`}</li>
              ))}
            </ul>
            <div className="admin-savebar">
              <Button
                className="button button--primary"
                isDisabled={view.confirmation?.confirmButton.isDisabled}
                onPress={view.confirmation?.confirmButton.onPress}
              >
                {view.confirmation?.confirmButton.label}
              </Button>
              <Button
                className="button"
                isDisabled={view.confirmation?.cancelButton.isDisabled}
                onPress={view.confirmation?.cancelButton.onPress}
                autoFocus
              >
                {view.confirmation?.cancelButton.label}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </form>
  );
}
