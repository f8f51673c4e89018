import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { answerAs, type FormAnswer } from './authForm';

export type ConfirmRequiredEvent = { type: 'resend.request' };

export const RESEND_FAILED = 'Errore Generico';

/**
 * 'Attiva il tuo account': the address still to confirm (remembered by the login or the
 * registration that led here) and the resend of its link. The screen without an address sends the
 * user to log in instead, so the machine always has one.
 */
export const confirmRequiredMachine = setup({
  types: {
    input: {} as { email: string },
    context: {} as { email: string; sentMessage: string | null; failure: string | null },
    events: {} as ConfirmRequiredEvent,
    tags: {} as 'sending',
  },
  actors: {
    resendVerification: fromPromise<FormAnswer, { email: string }>(async () => {
      throw new Error('resendVerification not provided');
    }),
  },
  guards: {
    isAccepted: (_, answer: FormAnswer) => answer.outcome === 'done',
  },
}).createMachine({
  id: 'confirmRequired',
  context: ({ input }) => ({ email: input.email, sentMessage: null, failure: null }),
  initial: 'waiting',
  states: {
    waiting: {
      on: { 'resend.request': 'sending' },
    },
    sending: {
      tags: ['sending'],
      entry: assign({ sentMessage: null, failure: null }),
      invoke: {
        id: 'resendVerification',
        src: 'resendVerification',
        input: ({ context }) => ({ email: context.email }),
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ event }) => event.output },
            target: 'waiting',
            actions: assign({ sentMessage: ({ event }) => answerAs(event.output, 'done').message }),
          },
          // 429 (asked too recently) or 422: the server's reason.
          { target: 'waiting', actions: assign({ failure: ({ event }) => answerAs(event.output, 'refused').message ?? RESEND_FAILED }) },
        ],
        onError: { target: 'waiting', actions: assign({ failure: RESEND_FAILED }) },
      },
    },
  },
});

export type ConfirmRequiredSnapshot = SnapshotFrom<typeof confirmRequiredMachine>;

/** The confirm-required screen: what to do, the resend link and its outcome, the link to log in again. */
export function connectConfirmRequired(snapshot: ConfirmRequiredSnapshot, send: (event: ConfirmRequiredEvent) => void) {
  const { email, sentMessage, failure } = snapshot.context;
  const isSending = snapshot.hasTag('sending');
  return {
    email,
    isSending,
    resendButton: { isDisabled: isSending, onPress: () => send({ type: 'resend.request' }) },
    sentMessage,
    failure,
    texts: {
      title: 'Attiva il tuo account',
      explanation: `Ti abbiamo inviato un link a ${email}: aprilo per verificare il tuo indirizzo email, poi accedi.`,
      resend: 'Invia di nuovo il link',
      loginLink: 'Accedi di nuovo',
    },
  };
}

export type ConfirmRequiredView = ReturnType<typeof connectConfirmRequired>;
