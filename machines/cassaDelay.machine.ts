import { assertEvent, assign, setup, fromPromise, type SnapshotFrom } from 'xstate';
import { queuedEntry, type DelayMinutes, type OutboxEntry, type WriteOutcome } from './cassaOutbox.machine';

/** How a 'Ritardo' for the evening ended: written with the server's words ('5 ordini posticipati.'), queued, refused, failed. */
export type DelayOutcome = WriteOutcome<{ message: string }>;

/** What the cashier reads of a delay that was not queued. */
const messageOf = (outcome: DelayOutcome) => ('message' in outcome ? outcome.message : null);

export type CassaDelayEvent =
  /** '+10 min'… in the header's 'Ritardo', with how many of tonight's orders it would move */
  { type: 'delay.choose'; minutes: DelayMinutes; count: number } | { type: 'delay.confirm' } | { type: 'delay.cancel' };

export interface CassaDelayContext {
  /** the minutes chosen, asked to confirm */
  minutes: DelayMinutes | null;
  /** the orders of tonight not yet out, as the list shows them */
  count: number;
  /** how the last 'Ritardo' ended */
  notice: string | null;
}

export const NOTHING_TO_DELAY = 'Nessun ordine di stasera da posticipare.';
export const DELAY_QUEUED = 'Ritardo in attesa di invio: partirà quando la connessione torna.';

/**
 * The cassa header's 'Ritardo': the cashier picks '+10 min', '+20 min' or '+30 min', reads how many
 * of tonight's orders not yet out will move, and confirms; the server moves them all at once
 * (`delayOrders`, idempotent by key). Unreachable, the delay waits in 'Da inviare' (`writeQueued`);
 * written, the list reads the orders again (`ordersChanged`).
 */
export const cassaDelayMachine = setup({
  types: {
    context: {} as CassaDelayContext,
    events: {} as CassaDelayEvent,
    tags: {} as 'sending',
  },
  actors: {
    delayOrders: fromPromise<DelayOutcome, { minutes: DelayMinutes }>(async () => {
      throw new Error('delayOrders not provided');
    }),
  },
  guards: {
    hasNoOrders: ({ event }) => {
      assertEvent(event, 'delay.choose');
      return event.count === 0;
    },
    isSaved: (_, outcome: DelayOutcome) => outcome.kind === 'saved',
    isQueued: (_, outcome: DelayOutcome) => outcome.kind === 'queued',
  },
  actions: {
    /** Puts the delay in 'Da inviare' (the screen owns the outbox). */
    writeQueued: (_, _entry: OutboxEntry) => {
      throw new Error('writeQueued not provided');
    },
    /** The orders moved: the list reads them again. */
    ordersChanged: () => {
      throw new Error('ordersChanged not provided');
    },
  },
}).createMachine({
  id: 'cassaDelay',
  context: { minutes: null, count: 0, notice: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'delay.choose': [
          { guard: 'hasNoOrders', actions: assign({ notice: NOTHING_TO_DELAY }) },
          { target: 'confirming', actions: assign(({ event }) => ({ minutes: event.minutes, count: event.count, notice: null })) },
        ],
      },
    },
    /** 'Posticipare di 10 minuti 5 ordini…?': nothing is sent until the cashier says yes. */
    confirming: {
      on: {
        'delay.confirm': 'sending',
        'delay.cancel': { target: 'idle', actions: assign({ minutes: null }) },
      },
    },
    sending: {
      tags: ['sending'],
      invoke: {
        id: 'delayOrders',
        src: 'delayOrders',
        input: ({ context }) => ({ minutes: context.minutes! }),
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => event.output },
            target: 'idle',
            actions: [assign({ minutes: null, notice: ({ event }) => messageOf(event.output) }), 'ordersChanged'],
          },
          {
            guard: { type: 'isQueued', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              assign({ minutes: null, notice: DELAY_QUEUED }),
              { type: 'writeQueued', params: ({ event }) => queuedEntry(event.output) },
            ],
          },
          // Refused or failed: the server's words, nothing moved.
          { target: 'idle', actions: assign({ minutes: null, notice: ({ event }) => messageOf(event.output) }) },
        ],
      },
    },
  },
});

export type CassaDelaySnapshot = SnapshotFrom<typeof cassaDelayMachine>;

/** 'Posticipare di 10 minuti 5 ordini di stasera non ancora usciti?' */
export const delayQuestion = (minutes: number, count: number) =>
  count === 1
    ? `Posticipare di ${minutes} minuti 1 ordine di stasera non ancora uscito?`
    : `Posticipare di ${minutes} minuti ${count} ordini di stasera non ancora usciti?`;

/** The header's 'Ritardo': its choices, the question to confirm, and how it ended. */
export function connectCassaDelay(snapshot: CassaDelaySnapshot, send: (event: CassaDelayEvent) => void) {
  const { minutes, count, notice } = snapshot.context;
  const isSending = snapshot.hasTag('sending');
  return {
    isSending,
    notice,
    choose: (chosen: DelayMinutes, tonight: number) => send({ type: 'delay.choose', minutes: chosen, count: tonight }),
    question:
      snapshot.matches('confirming') && minutes !== null
        ? {
            message: delayQuestion(minutes, count),
            confirmButton: { label: 'Posticipa', onPress: () => send({ type: 'delay.confirm' }) },
            cancelButton: { label: 'Annulla', onPress: () => send({ type: 'delay.cancel' }) },
          }
        : null,
  };
}

export type CassaDelayView = ReturnType<typeof connectCassaDelay>;
