import { useEffect, useMemo, useRef } from 'react';
import { Button } from 'react-aria-components';
import { connectSpecialDay, specialDayMachine } from '../../machines/specialDay.machine';
import {
  createOnlineOrderingActors,
  createSpecialDayActors,
  createSpecialDayListActors,
  createWeeklyHoursActors,
  windowField,
  type SpecialDayRow,
} from '../api/adminCalendarActors';
import { bookedOrderLine } from '../api/adminActors';
import { useAppActors, useScreenActor, useView } from '../actors/AppActors';
import { formatShopDate, SERVICE_LABELS, SERVICES, shopNow, WEEKDAY_LABELS } from '../domain';
import { usePageTitle } from '../ui/usePageTitle';
import { QuestionDialog } from '../ui/QuestionDialog';
import { AdminCheckbox, AdminDateField, AdminTextField, RecordForm, useSettingsEditor } from './ui/editor';
import { RecordTable, RowButton, useRecordList, type Column } from './ui/list';

/** The Italian week: Monday first. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const describeDay = (day: SpecialDayRow) =>
  day.closed ? 'Chiuso' : `Aperto dalle ${day.firstSlot ?? ''} (ultimo orario ${day.lastSlot ?? ''})`;

const dates = (day: SpecialDayRow) =>
  day.dateFrom === day.dateUntil ? formatShopDate(day.dateFrom) : `${formatShopDate(day.dateFrom)} – ${formatShopDate(day.dateUntil)}`;

const SPECIAL_DAY_COLUMNS: readonly Column<SpecialDayRow>[] = [
  { header: 'Date', cell: dates, names: true },
  { header: 'Servizio', cell: describeDay },
  { header: 'Messaggio', cell: (day) => day.message ?? '—' },
];

/** 'Orari': the online switch, the weekly hours, and special days (holidays, short days) that beat them. */
export function HoursAdmin() {
  usePageTitle('Orari - Amministrazione');
  const { api } = useAppActors();
  const listActors = useMemo(() => createSpecialDayListActors(api), [api]);
  const list = useRecordList<SpecialDayRow>(listActors);
  return (
    <section aria-labelledby="admin-hours-title">
      <h1 id="admin-hours-title">Orari</h1>
      <OnlineOrderingForm />
      <WeeklyHoursForm />
      <h2>Giorni speciali</h2>
      <p className="admin-hint">
        Un giorno speciale vale più dell’orario della settimana: chiusure per ferie e feste, o un orario diverso.
      </p>
      <SpecialDayForm onSaved={list.reload} />
      <RecordTable
        view={list}
        label="Giorni speciali"
        emptyText="Nessun giorno speciale in programma."
        caption="Giorni speciali in programma"
        columns={SPECIAL_DAY_COLUMNS}
        actions={(day) => (
          <RowButton label="Rimuovi" name={`Rimuovi ${dates(day)}`} view={list} onPress={() => list.act(day.id, 'specialDay.remove')} />
        )}
      />
    </section>
  );
}

/** 'Ordini online chiusi': for an emergency tonight, or until the owner reopens. The cassa keeps working. */
function OnlineOrderingForm() {
  const { api } = useAppActors();
  const actors = useMemo(() => createOnlineOrderingActors(api), [api]);
  const view = useSettingsEditor(actors);
  const closed = view.field('closed');
  return (
    <RecordForm view={view} title="Ordini online" label="Ordini online">
      <p className="admin-hint">Chiusi, i clienti leggono il messaggio e non possono ordinare; la cassa continua a funzionare.</p>
      <AdminCheckbox label="Ordini online chiusi" field={closed} />
      {closed.value === true && (
        <>
          <AdminCheckbox label="Riapri automaticamente domani" field={view.field('until_tomorrow')} />
          <AdminTextField
            label="Messaggio"
            field={view.field('message')}
            description="Mostrato ai clienti; vuoto: «Al momento non accettiamo ordini online. Ci scusiamo per il disagio.»"
          />
        </>
      )}
    </RecordForm>
  );
}

/** Lunch and dinner per weekday, the oven's pace and the dough choice: what every day follows unless a special day says otherwise. */
function WeeklyHoursForm() {
  const { api } = useAppActors();
  const actors = useMemo(() => createWeeklyHoursActors(api), [api]);
  const view = useSettingsEditor(actors);
  return (
    <RecordForm view={view} title="Orari della settimana" label="Orari della settimana">
      <p className="admin-hint">
        Primo e ultimo orario ordinabile di ogni servizio, al quarto d’ora. Lascia vuoti pranzo e cena per un giorno di chiusura.
      </p>
      <div className="admin-week">
        {WEEK_ORDER.map((weekday) => (
          <fieldset key={weekday} className="admin-fieldset admin-week__day">
            <legend>{WEEKDAY_LABELS[weekday]}</legend>
            {SERVICES.map((service) => (
              <div key={service} className="admin-week__service">
                <AdminTextField
                  label={`${SERVICE_LABELS[service]}: primo orario`}
                  field={view.field(windowField(weekday, service, 'first'))}
                />
                <AdminTextField
                  label={`${SERVICE_LABELS[service]}: ultimo orario`}
                  field={view.field(windowField(weekday, service, 'last'))}
                />
              </div>
            ))}
          </fieldset>
        ))}
      </div>
      <AdminTextField
        label="Pizze per fascia"
        inputMode="decimal"
        field={view.field('slot_capacity')}
        description="Pizze, pinse e calzoni che il forno prepara ogni 15 minuti per gli ordini online (1–200)"
      />
      <AdminTextField
        label="Minuti di preavviso"
        inputMode="decimal"
        field={view.field('lead_minutes')}
        description="Tra l’ordine e la prima fascia che il cliente può scegliere (0–240)"
      />
      <AdminCheckbox label="Scelta dell’impasto negli ordini online" field={view.field('dough_choice')} />
    </RecordForm>
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
      <AdminDateField label="Dal" field={view.field('date_from')} />
      <AdminDateField label="Al" field={view.field('date_until')} />
      <AdminCheckbox label="Chiuso tutto il giorno" field={closed} />
      {view.showsHours && (
        <AdminTextField label="Primo orario" field={view.field('first_slot')} description="Un quarto d’ora, ad esempio 18:00" />
      )}
      {view.showsHours && (
        <AdminTextField label="Ultimo orario" field={view.field('last_slot')} description="L’ultima fascia ordinabile, ad esempio 22:00" />
      )}
      <AdminTextField label="Messaggio" field={view.field('message')} description="Mostrato ai clienti con l’avviso di chiusura" />
      <div className="admin-savebar">
        <Button type="submit" className="button button--primary" isDisabled={view.saveButton.isDisabled}>
          {view.saveButton.label}
        </Button>
        <div role="status" aria-live="polite" className={`admin-notice admin-notice--${view.notice?.tone ?? 'none'}`}>
          {view.notice?.message}
        </div>
      </div>
      <QuestionDialog title="Ordini già prenotati" question={view.confirmation}>
        <ul>
          {view.confirmation?.orders.map((order) => (
            <li key={order.id}>{bookedOrderLine(order)}</li>
          ))}
        </ul>
      </QuestionDialog>
    </form>
  );
}
