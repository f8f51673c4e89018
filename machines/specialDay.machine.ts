import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { BookedOrder } from '../src/domain';

export interface SpecialDayForm {
  date_from: string;
  date_until: string;
  closed: boolean;
  first_slot: string;
  last_slot: string;
  message: string;
}

export type SpecialDaySaveOutcome =
  | { kind: 'saved'; message: string }
  | { kind: 'booked'; message: string; orders: BookedOrder[] }
  | { kind: 'invalid'; message: string; errors: Record<string, string[]> };

export type SpecialDayEvent =
  | { type: 'field.change'; name: keyof SpecialDayForm; value: string | boolean }
  | { type: 'day.save' }
  | { type: 'day.confirm' }
  | { type: 'day.cancel' };

interface SpecialDayContext {
  form: SpecialDayForm;
  errors: Record<string, string[]>;
  message: string | null;
  /** whether `message` reports a save or a refusal */
  tone: 'success' | 'error';
  booked: BookedOrder[];
  /** grows with each save, so the list beside the form knows to reload */
  saves: number;
  /** the owner confirmed the booked orders: the next save says so */
  confirmed: boolean;
}

export const blankSpecialDay = (today: string): SpecialDayForm => ({
  date_from: today,
  date_until: today,
  closed: true,
  first_slot: '',
  last_slot: '',
  message: '',
});

/**
 * A new special day: save it; when it would close days with booked orders the server lists them and
 * the owner confirms (the orders stay valid) or goes back to the form.
 */
export const specialDayMachine = setup({
  types: {
    input: {} as { today: string },
    context: {} as SpecialDayContext,
    events: {} as SpecialDayEvent,
    tags: {} as 'busy',
  },
  actors: {
    saveSpecialDay: fromPromise<SpecialDaySaveOutcome, { form: SpecialDayForm; confirm: boolean }>(async () => {
      throw new Error('saveSpecialDay not provided');
    }),
  },
  guards: {
    isSaved: (_, outcome: SpecialDaySaveOutcome) => outcome.kind === 'saved',
    isBooked: (_, outcome: SpecialDaySaveOutcome) => outcome.kind === 'booked',
    isConfirmed: ({ context }) => context.confirmed,
  },
  actions: {
    changeField: assign(({ context }, { name, value }: { name: keyof SpecialDayForm; value: string | boolean }) => {
      const { [name]: _dropped, ...errors } = context.errors;
      return { form: { ...context.form, [name]: value }, errors, message: null };
    }),
    takeSaved: assign(({ context }, outcome: SpecialDaySaveOutcome) => ({
      message: outcome.message,
      tone: 'success' as const,
      errors: {},
      booked: [],
      saves: context.saves + 1,
      form: { ...context.form, message: '' },
    })),
    takeBooked: assign((_, outcome: SpecialDaySaveOutcome) => ({
      message: outcome.message,
      tone: 'error' as const,
      booked: outcome.kind === 'booked' ? outcome.orders : [],
    })),
    takeErrors: assign((_, outcome: SpecialDaySaveOutcome) => ({
      message: outcome.message,
      tone: 'error' as const,
      errors: outcome.kind === 'invalid' ? outcome.errors : {},
      booked: [],
    })),
    dropBooked: assign({ booked: [], message: null }),
    sayFailed: assign({ message: 'Non è stato possibile salvare. Riprova.', tone: 'error' as const }),
  },
}).createMachine({
  id: 'specialDay',
  context: ({ input }) => ({
    form: blankSpecialDay(input.today),
    errors: {},
    message: null,
    tone: 'success',
    booked: [],
    saves: 0,
    confirmed: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: { type: 'changeField', params: ({ event }) => ({ name: event.name, value: event.value }) } },
        'day.save': { target: 'saving', actions: assign({ confirmed: false }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveSpecialDay',
        src: 'saveSpecialDay',
        input: ({ context }) => ({ form: context.form, confirm: context.confirmed }),
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => event.output },
            target: 'editing',
            actions: { type: 'takeSaved', params: ({ event }) => event.output },
          },
          // Orders are booked on what it closes (or more were booked since the last list): list them.
          {
            guard: { type: 'isBooked', params: ({ event }) => event.output },
            target: 'confirming',
            actions: { type: 'takeBooked', params: ({ event }) => event.output },
          },
          { target: 'editing', actions: { type: 'takeErrors', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: 'isConfirmed', target: 'confirming', actions: 'sayFailed' },
          { target: 'editing', actions: 'sayFailed' },
        ],
      },
    },
    confirming: {
      on: {
        'day.confirm': { target: 'saving', actions: assign({ confirmed: true }) },
        'day.cancel': { target: 'editing', actions: 'dropBooked' },
      },
    },
  },
});

export type SpecialDaySnapshot = SnapshotFrom<typeof specialDayMachine>;

export function connectSpecialDay(snapshot: SpecialDaySnapshot, send: (event: SpecialDayEvent) => void) {
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const field = <K extends keyof SpecialDayForm>(name: K) => ({
    value: context.form[name],
    errors: context.errors[name] ?? [],
    onChange: (value: SpecialDayForm[K]) => send({ type: 'field.change', name, value }),
  });
  const confirming = snapshot.matches('confirming') || (snapshot.matches('saving') && context.confirmed);
  return {
    field,
    showsHours: !context.form.closed,
    saveButton: {
      label: snapshot.matches('saving') && !context.confirmed ? 'Salvataggio...' : 'Salva',
      isDisabled: busy,
      onPress: () => send({ type: 'day.save' }),
    },
    notice: context.message && !confirming ? { tone: context.tone, message: context.message } : null,
    saves: context.saves,
    confirmation: confirming
      ? {
          message: context.message ?? '',
          orders: context.booked,
          confirmButton: { label: 'Conferma', isDisabled: busy, onPress: () => send({ type: 'day.confirm' }) },
          cancelButton: { label: 'Annulla', isDisabled: busy, onPress: () => send({ type: 'day.cancel' }) },
        }
      : null,
  };
}
