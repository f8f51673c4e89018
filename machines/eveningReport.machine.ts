import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { EveningSummary } from '../src/domain/reportFigures';

export interface EveningReportContext {
  /** the shop day asked for, 'yyyy-MM-dd'; null: today, as the server's clock has it */
  day: string | null;
  /** the day's figures once they arrived (the empty day's too: it names its date) */
  summary: EveningSummary | null;
}

export type EveningReportEvent = { type: 'day.change'; day: string | null } | { type: 'report.retry' };

export const EVENING_FAILED_MESSAGE = 'Non è stato possibile caricare il riepilogo.';
export const EVENING_EMPTY_MESSAGE = 'Nessun ordine in questo giorno.';

/**
 * 'Riepilogo della serata' for one shop day. Another day while one loads cancels that request (its
 * actor stops and aborts the fetch), so a slow answer never shows under the newer date.
 */
export const eveningReportMachine = setup({
  types: {
    context: {} as EveningReportContext,
    events: {} as EveningReportEvent,
    tags: {} as 'loading',
  },
  actors: {
    loadEveningSummary: fromPromise<EveningSummary, { day: string | null }>(async () => {
      throw new Error('loadEveningSummary not provided');
    }),
  },
  guards: {
    // A day with only cancelled orders is still worth reading: they are the figures it has.
    isEmptyDay: (_, summary: EveningSummary) => summary.totals.orders === 0 && summary.cancelled.orders === 0,
  },
  actions: {
    takeSummary: assign((_, summary: EveningSummary) => ({ summary })),
    setDay: assign((_, day: string | null) => ({ day, summary: null })),
  },
}).createMachine({
  id: 'eveningReport',
  context: { day: null, summary: null },
  initial: 'loading',
  on: {
    'day.change': { target: '.loading', reenter: true, actions: { type: 'setDay', params: ({ event }) => event.day } },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadEveningSummary',
        src: 'loadEveningSummary',
        input: ({ context }) => ({ day: context.day }),
        onDone: [
          {
            guard: { type: 'isEmptyDay', params: ({ event }) => event.output },
            target: 'empty',
            actions: { type: 'takeSummary', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'takeSummary', params: ({ event }) => event.output } },
        ],
        onError: 'failed',
      },
    },
    ready: {},
    empty: {},
    failed: {
      on: { 'report.retry': 'loading' },
    },
  },
});

export type EveningReportSnapshot = SnapshotFrom<typeof eveningReportMachine>;

/** What the 'Incassi' screen shows and the handlers it calls. */
export function connectEveningReport(snapshot: EveningReportSnapshot, send: (event: EveningReportEvent) => void) {
  const { context } = snapshot;
  return {
    dayField: { value: context.day ?? '', onChange: (value: string) => send({ type: 'day.change', day: value || null }) },
    isLoading: snapshot.hasTag('loading'),
    /** the day the figures are of (known once they arrived, today included) */
    shownDay: context.summary?.day ?? null,
    summary: snapshot.matches('ready') ? context.summary : null,
    emptyMessage: snapshot.matches('empty') ? EVENING_EMPTY_MESSAGE : null,
    failure: snapshot.matches('failed')
      ? { message: EVENING_FAILED_MESSAGE, retryButton: { label: 'Riprova', onPress: () => send({ type: 'report.retry' }) } }
      : null,
  };
}
