import { fromPromise } from 'xstate';
import type { SpecialDayForm, SpecialDaySaveOutcome, specialDayMachine } from '../../machines/specialDay.machine';
import type { LoadedRecord, RecordValues, SaveOutcome, SaveRequest, recordEditorMachine } from '../../machines/recordEditor.machine';
import type { ListRow, RowActionOutcome, RowActionRequest, recordListMachine } from '../../machines/recordList.machine';
import { SERVICES } from '../domain';
import { answer, unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { refusalFrom } from './refusal';
import { bookedOrdersOf, saveRefusal, rowAction, refusedWith } from './adminActors';

/** The shop's calendar in the back office: special days, weekly hours and online ordering. */

// --- special days ----------------------------------------------------------------------------

export interface SpecialDayRow extends ListRow {
  dateFrom: string;
  dateUntil: string;
  closed: boolean;
  firstSlot: string | null;
  lastSlot: string | null;
  message: string | null;
}

export function createSpecialDayListActors(api: ApiClient) {
  const load = async (): Promise<SpecialDayRow[]> =>
    unwrap(await api.GET('/api/v1/admin/special-days')).items.map((d) => ({
      id: d.id,
      version: d.version,
      searchText: `${d.date_from} ${d.message ?? ''}`,
      dateFrom: d.date_from,
      dateUntil: d.date_until,
      closed: d.closed,
      firstSlot: d.first_slot,
      lastSlot: d.last_slot,
      message: d.message,
    }));
  return {
    loadList: fromPromise<ListRow[]>(load),
    runRowAction: fromPromise<RowActionOutcome, RowActionRequest>(async ({ input }) =>
      rowAction(async () => {
        const result = await api.DELETE('/api/v1/admin/special-days/{id}', {
          params: { path: { id: input.id }, query: { version: input.version } },
        });
        return answer(result, [404, 409], refusedWith);
      }, load),
    ),
  } satisfies ActorsOf<typeof recordListMachine>;
}

export function createSpecialDayActors(api: ApiClient) {
  return {
    saveSpecialDay: fromPromise<SpecialDaySaveOutcome, { form: SpecialDayForm; confirm: boolean }>(async ({ input }) => {
      const { form } = input;
      const body = {
        date_from: form.date_from,
        date_until: form.date_until,
        closed: form.closed,
        first_slot: form.closed || !form.first_slot ? null : form.first_slot,
        last_slot: form.closed || !form.last_slot ? null : form.last_slot,
        message: form.message.trim() || null,
        confirm: input.confirm,
      };
      const result = answer(await api.POST('/api/v1/admin/special-days', { body }), [409, 422], (status, refused) => ({ status, refused }));
      if ('special_day' in result) return { kind: 'saved', message: result.message };
      const refusal = refusalFrom(result.refused);
      if (refusal.code === 'schedule.orders_booked') {
        return { kind: 'booked', message: refusal.message, orders: bookedOrdersOf(result.refused) };
      }
      return { kind: 'invalid', message: refusal.message, errors: refusal.errors };
    }),
  } satisfies ActorsOf<typeof specialDayMachine>;
}

// --- hours -----------------------------------------------------------------------------------

type WeeklyHoursWire = Schemas['WeeklyHours'];

/** A window's field: 'week.2.dinner.first', the name the server's errors use too. */
export const windowField = (weekday: number, service: (typeof SERVICES)[number], end: 'first' | 'last') =>
  `week.${weekday}.${service}.${end}`;

const hoursValues = (h: WeeklyHoursWire): RecordValues => ({
  ...Object.fromEntries(
    h.week.flatMap((day, weekday) =>
      SERVICES.flatMap((service) => [
        [windowField(weekday, service, 'first'), day[service]?.first ?? ''],
        [windowField(weekday, service, 'last'), day[service]?.last ?? ''],
      ]),
    ),
  ),
  slot_capacity: String(h.slot_capacity),
  lead_minutes: String(h.lead_minutes),
  dough_choice: h.dough_choice,
});

const typedWindow = (values: RecordValues, weekday: number, service: (typeof SERVICES)[number]) => ({
  first: String(values[windowField(weekday, service, 'first')] ?? ''),
  last: String(values[windowField(weekday, service, 'last')] ?? ''),
});

/** The weekly hours form: one record (no id), saved as the owner typed it; booked orders are asked about. */
export function createWeeklyHoursActors(api: ApiClient) {
  return {
    loadRecord: fromPromise<LoadedRecord, { id: number }>(async () => {
      const { hours } = unwrap(await api.GET('/api/v1/admin/hours'));
      return { values: hoursValues(hours), version: hours.version };
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
      const { values } = input;
      const body = {
        version: input.version,
        week: Array.from({ length: 7 }, (_, weekday) => ({
          lunch: typedWindow(values, weekday, 'lunch'),
          dinner: typedWindow(values, weekday, 'dinner'),
        })),
        slot_capacity: String(values.slot_capacity ?? ''),
        lead_minutes: String(values.lead_minutes ?? ''),
        dough_choice: Boolean(values.dough_choice),
        confirm: input.confirmed,
      };
      const result = answer(await api.PUT('/api/v1/admin/hours', { body }), [409, 422], (status, refused) =>
        saveRefusal(status, refused, hoursValues),
      );
      if ('kind' in result) return result;
      return { kind: 'saved', id: 0, values: hoursValues(result.hours), version: result.hours.version };
    }),
  } satisfies ActorsOf<typeof recordEditorMachine>;
}

type OnlineOrderingWire = Schemas['OnlineOrdering'];

const onlineValues = (o: OnlineOrderingWire): RecordValues => ({
  closed: o.closed,
  message: o.message,
  until_tomorrow: o.closed && o.until !== null,
});

/** 'Ordini online chiusi': the switch, its message, and whether it ends tomorrow. */
export function createOnlineOrderingActors(api: ApiClient) {
  return {
    loadRecord: fromPromise<LoadedRecord, { id: number }>(async () => {
      const { online_ordering: state } = unwrap(await api.GET('/api/v1/admin/hours'));
      return { values: onlineValues(state), version: state.version };
    }),
    saveRecord: fromPromise<SaveOutcome, SaveRequest>(async ({ input }) => {
      const body = {
        version: input.version,
        closed: Boolean(input.values.closed),
        message: String(input.values.message ?? ''),
        until_tomorrow: Boolean(input.values.until_tomorrow),
      };
      const result = answer(await api.PUT('/api/v1/admin/online-ordering', { body }), [409, 422], (status, refused) =>
        saveRefusal(status, refused, onlineValues),
      );
      if ('kind' in result) return result;
      const state = result.online_ordering;
      return { kind: 'saved', id: 0, values: onlineValues(state), version: state.version };
    }),
  } satisfies ActorsOf<typeof recordEditorMachine>;
}
