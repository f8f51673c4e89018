import { fromPromise } from 'xstate';
import type { SpecialDayForm, SpecialDaySaveOutcome, specialDayMachine } from '../../machines/specialDay.machine';
import type { ListRow, RowActionOutcome, RowActionRequest, recordListMachine } from '../../machines/recordList.machine';
import { SERVICES, type Service } from '../domain';
import { answer, unwrap, type ApiClient, type Schemas } from './client';
import type { ActorsOf } from './machineActors';
import { refusalFrom } from './refusal';
import { bookedOrdersOf, editorActors, refusedWith, rowAction, type WriteBody } from './adminActors';

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
type WindowEnd = 'first' | 'last';
type WindowField = `week.${number}.${Service}.${WindowEnd}`;

/** A window's field: 'week.2.dinner.first', the name the server's errors use too. */
export const windowField = (weekday: number, service: Service, end: WindowEnd): WindowField => `week.${weekday}.${service}.${end}`;

/** The week as its form holds it: each window's ends as typed, one field each, and the settings as typed. */
export type WeeklyHoursForm = Record<WindowField, string> & Omit<Schemas['WeeklyHoursWrite'], 'version' | 'week' | 'confirm'>;

const hoursValues = (h: WeeklyHoursWire): WeeklyHoursForm => ({
  ...(Object.fromEntries(
    h.week.flatMap((day, weekday) =>
      SERVICES.flatMap((service) => [
        [windowField(weekday, service, 'first'), day[service]?.first ?? ''],
        [windowField(weekday, service, 'last'), day[service]?.last ?? ''],
      ]),
    ),
  ) as Record<WindowField, string>),
  slot_capacity: String(h.slot_capacity),
  lead_minutes: String(h.lead_minutes),
  dough_choice: h.dough_choice,
});

const typedWindow = (values: WeeklyHoursForm, weekday: number, service: Service) => ({
  first: values[windowField(weekday, service, 'first')] ?? '',
  last: values[windowField(weekday, service, 'last')] ?? '',
});

/** The weekly hours form: one record (no id), saved as the owner typed it; booked orders are asked about. */
export function createWeeklyHoursActors(api: ApiClient) {
  return editorActors({
    load: async () => unwrap(await api.GET('/api/v1/admin/hours')).hours,
    save: ({ values, version, confirmed }) =>
      api.PUT('/api/v1/admin/hours', {
        body: {
          version,
          week: Array.from({ length: 7 }, (_, weekday) => ({
            lunch: typedWindow(values, weekday, 'lunch'),
            dinner: typedWindow(values, weekday, 'dinner'),
          })),
          slot_capacity: values.slot_capacity,
          lead_minutes: values.lead_minutes,
          dough_choice: values.dough_choice,
          confirm: confirmed,
        },
      }),
    saved: (body) => body.hours,
    values: hoursValues,
  });
}

/** The switch as its form holds it. */
export type OnlineOrderingForm = Omit<WriteBody<'setOnlineOrdering'>, 'version'>;

const onlineValues = (o: Schemas['OnlineOrdering']): OnlineOrderingForm => ({
  closed: o.closed,
  message: o.message,
  until_tomorrow: o.closed && o.until !== null,
});

/** 'Ordini online chiusi': the switch, its message, and whether it ends tomorrow. */
export function createOnlineOrderingActors(api: ApiClient) {
  return editorActors({
    load: async () => unwrap(await api.GET('/api/v1/admin/hours')).online_ordering,
    save: ({ values, version }) => api.PUT('/api/v1/admin/online-ordering', { body: { ...values, version } }),
    saved: (body) => body.online_ordering,
    values: onlineValues,
  });
}
