import { setup } from 'xstate';

/**
 * Cookie consent: a banner with Accetta/Rifiuta. Refusing covers the page until the visitor
 * accepts or leaves with 'Chiudi pagina'. Consent is remembered as a true flag (`persistConsent`).
 */
export const cookieConsentMachine = setup({
  types: {
    input: {} as { consented: boolean },
    context: {} as { consented: boolean },
    events: {} as { type: 'consent.accept' } | { type: 'consent.refuse' } | { type: 'page.close' },
  },
  guards: {
    hasConsented: ({ context }) => context.consented,
  },
  actions: {
    persistConsent: () => {
      throw new Error('persistConsent not provided');
    },
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
      on: {
        'consent.accept': { target: 'accepted', actions: 'persistConsent' },
        'consent.refuse': { target: 'refused' },
      },
    },
    refused: {
      on: {
        'consent.accept': { target: 'accepted', actions: 'persistConsent' },
        'page.close': { target: 'left', actions: 'leavePage' },
      },
    },
    accepted: { type: 'final' },
    left: { type: 'final' },
  },
});
