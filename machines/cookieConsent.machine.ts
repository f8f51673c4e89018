import { assign, setup, type SnapshotFrom } from 'xstate';

export type CookieConsentEvent = { type: 'consent.accept' } | { type: 'consent.refuse' } | { type: 'page.close' };

/**
 * Cookie consent: a banner with Accetta/Rifiuta. Refusing covers the page until the visitor
 * accepts or leaves with 'Chiudi pagina'. `consented` is the fact the app remembers (as a true flag).
 */
export const cookieConsentMachine = setup({
  types: {
    input: {} as { consented: boolean },
    context: {} as { consented: boolean },
    events: {} as CookieConsentEvent,
    tags: {} as 'asking' | 'blocking',
  },
  guards: {
    hasConsented: ({ context }) => context.consented,
  },
  actions: {
    consent: assign({ consented: true }),
    leavePage: () => {
      throw new Error('leavePage not provided');
    },
  },
}).createMachine({
  id: 'cookieConsent',
  context: ({ input }) => ({ consented: input.consented }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'hasConsented', target: 'accepted' }, { target: 'asking' }],
    },
    asking: {
      tags: ['asking'],
      on: {
        'consent.accept': { target: 'accepted', actions: 'consent' },
        'consent.refuse': { target: 'refused' },
      },
    },
    refused: {
      tags: ['blocking'],
      on: {
        'consent.accept': { target: 'accepted', actions: 'consent' },
        'page.close': { target: 'left', actions: 'leavePage' },
      },
    },
    accepted: { type: 'final' },
    left: { type: 'final' },
  },
});

/** The banner (asking) or the blocking overlay (refused), with their buttons. */
export function connectCookieConsent(snapshot: SnapshotFrom<typeof cookieConsentMachine>, send: (event: CookieConsentEvent) => void) {
  return {
    isBannerOpen: snapshot.hasTag('asking'),
    isOverlayOpen: snapshot.hasTag('blocking'),
    acceptButton: { onPress: () => send({ type: 'consent.accept' }) },
    refuseButton: { onPress: () => send({ type: 'consent.refuse' }) },
    closePageButton: { onPress: () => send({ type: 'page.close' }) },
  };
}
