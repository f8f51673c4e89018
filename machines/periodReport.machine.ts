import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { periodContaining, validatePeriod, type PeriodField, type ReportPeriod } from '../src/domain/reportPeriod';
import { changeOnPrevious, shiftPeriod, type PeriodReport, type ReportPeriodKind } from '../src/domain/reportFigures';
import { formatShopDate } from '../src/domain/time';

export interface PeriodReportInput {
  /** the shop's today, 'yyyy-MM-dd': the first period is its month */
  today: string;
}

export interface PeriodReportContext extends ReportPeriod {
  kind: ReportPeriodKind;
  today: string;
  /** the days typed in 'Dal … al …', shown as typed even when they are no period yet */
  range: ReportPeriod;
  rangeErrors: Partial<Record<PeriodField, string>>;
  report: PeriodReport | null;
}

export type PeriodReportEvent =
  | { type: 'period.kind'; kind: ReportPeriodKind }
  | { type: 'period.shift'; step: -1 | 1 }
  | { type: 'range.change'; from: string; to: string }
  | { type: 'report.retry' };

export const PERIOD_FAILED_MESSAGE = 'Non è stato possibile caricare l’andamento.';
export const PERIOD_EMPTY_MESSAGE = 'Nessun ordine in questo periodo.';

const KIND_LABELS: Record<ReportPeriodKind, string> = { week: 'Settimana', month: 'Mese', year: 'Anno', range: 'Dal … al …' };
const SHIFT_LABELS: Record<ReportPeriodKind, [string, string]> = {
  week: ['Settimana precedente', 'Settimana successiva'],
  month: ['Mese precedente', 'Mese successivo'],
  year: ['Anno precedente', 'Anno successivo'],
  range: ['Periodo precedente', 'Periodo successivo'],
};

const load = (period: ReportPeriod) => ({ ...period, range: period, rangeErrors: {}, report: null });

/**
 * 'Andamento': a period's figures beside the previous period's. The period is picked as a week, a
 * month, a year or any days from–to, and moved a period back or on; another period while one loads
 * cancels that request, so a slow answer never shows under the newer period.
 */
export const periodReportMachine = setup({
  types: {
    input: {} as PeriodReportInput,
    context: {} as PeriodReportContext,
    events: {} as PeriodReportEvent,
    tags: {} as 'loading',
  },
  actors: {
    loadPeriodReport: fromPromise<PeriodReport, ReportPeriod>(async () => {
      throw new Error('loadPeriodReport not provided');
    }),
  },
  guards: {
    isRange: ({ event }) => event.type === 'period.kind' && event.kind === 'range',
    isValidRange: ({ event }) => {
      assertEvent(event, 'range.change');
      return Object.keys(validatePeriod(event.from, event.to)).length === 0;
    },
    isEmptyPeriod: (_, report: PeriodReport) => report.current.totals.orders === 0,
  },
  actions: {
    // 'Settimana', 'Mese', 'Anno' are this week, month, year: the arrows go back from there.
    pickKind: assign(({ context, event }) => {
      assertEvent(event, 'period.kind');
      if (event.kind === 'range') return { kind: event.kind };
      return { kind: event.kind, ...load(periodContaining(event.kind, context.today)) };
    }),
    keepRange: assign({ kind: 'range' as const }),
    shift: assign(({ context, event }) => {
      assertEvent(event, 'period.shift');
      return load(shiftPeriod(context.kind, context, event.step));
    }),
    takeRange: assign(({ event }) => {
      assertEvent(event, 'range.change');
      return { kind: 'range' as const, ...load({ from: event.from, to: event.to }) };
    }),
    refuseRange: assign(({ event }) => {
      assertEvent(event, 'range.change');
      return { kind: 'range' as const, range: { from: event.from, to: event.to }, rangeErrors: validatePeriod(event.from, event.to) };
    }),
    takeReport: assign((_, report: PeriodReport) => ({ report })),
  },
}).createMachine({
  id: 'periodReport',
  context: ({ input }) => ({ kind: 'month', today: input.today, ...load(periodContaining('month', input.today)) }),
  initial: 'loading',
  on: {
    'period.kind': [
      // Days from–to start as the period shown: its figures stay until other days are typed.
      { guard: 'isRange', actions: 'keepRange' },
      { target: '.loading', reenter: true, actions: 'pickKind' },
    ],
    'period.shift': { target: '.loading', reenter: true, actions: 'shift' },
    'range.change': [{ guard: 'isValidRange', target: '.loading', reenter: true, actions: 'takeRange' }, { actions: 'refuseRange' }],
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPeriodReport',
        src: 'loadPeriodReport',
        input: ({ context }) => ({ from: context.from, to: context.to }),
        onDone: [
          {
            guard: { type: 'isEmptyPeriod', params: ({ event }) => event.output },
            target: 'empty',
            actions: { type: 'takeReport', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'takeReport', params: ({ event }) => event.output } },
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

export type PeriodReportSnapshot = SnapshotFrom<typeof periodReportMachine>;

/** 'novembre 2026', '2026', 'dal 16/11/2026 al 22/11/2026'. */
function periodTitle({ kind, from, to }: PeriodReportContext): string {
  if (kind === 'year') return from.slice(0, 4);
  if (kind === 'month')
    return new Date(`${from}T12:00:00Z`).toLocaleDateString('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `dal ${formatShopDate(from)} al ${formatShopDate(to)}`;
}

/** What the 'Andamento' screen shows and the handlers it calls. */
export function connectPeriodReport(snapshot: PeriodReportSnapshot, send: (event: PeriodReportEvent) => void) {
  const { context } = snapshot;
  const [previousLabel, nextLabel] = SHIFT_LABELS[context.kind];
  return {
    kinds: (Object.keys(KIND_LABELS) as ReportPeriodKind[]).map((kind) => ({
      kind,
      label: KIND_LABELS[kind],
      isSelected: context.kind === kind,
      onPress: () => send({ type: 'period.kind', kind }),
    })),
    /** 'Dal' and 'Al', while days from–to are picked */
    rangeFields:
      context.kind === 'range'
        ? (['from', 'to'] as const).map((field) => ({
            field,
            label: field === 'from' ? 'Dal' : 'Al',
            value: context.range[field],
            errors: context.rangeErrors[field] ? [context.rangeErrors[field]] : [],
            onChange: (value: string) => send({ type: 'range.change', ...context.range, [field]: value }),
          }))
        : [],
    previousButton: { label: previousLabel, onPress: () => send({ type: 'period.shift', step: -1 }) },
    nextButton: { label: nextLabel, onPress: () => send({ type: 'period.shift', step: 1 }) },
    title: periodTitle(context),
    period: { from: context.from, to: context.to },
    isLoading: snapshot.hasTag('loading'),
    report: snapshot.matches('ready') ? context.report : null,
    /** '+12 % sul mese precedente'; null when the previous period had nothing */
    change: (current: number, previous: number) => changeOnPrevious(current, previous, context.kind),
    emptyMessage: snapshot.matches('empty') ? PERIOD_EMPTY_MESSAGE : null,
    failure: snapshot.matches('failed')
      ? { message: PERIOD_FAILED_MESSAGE, retryButton: { label: 'Riprova', onPress: () => send({ type: 'report.retry' }) } }
      : null,
  };
}
