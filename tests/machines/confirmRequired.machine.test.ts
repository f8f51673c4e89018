import { expect } from 'vitest';
import type { FormAnswer } from '../../machines/authForm';
import {
  confirmRequiredMachine,
  connectConfirmRequired,
  RESEND_FAILED,
  type ConfirmRequiredEvent,
} from '../../machines/confirmRequired.machine';
import { customer } from '../mocks/fixtures';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';
import { confirmRequiredEntry } from './auth.entries';

const { done: doneOf, error: errorOf } = internalEvents(confirmRequiredMachine);

describePathCoverage('confirm-required machine: path coverage', confirmRequiredEntry, async (path) => {
  await replayEntryPath(confirmRequiredEntry, path, {
    assertInvariant: (snapshot, { step, invocations }) => {
      const sent: ConfirmRequiredEvent[] = [];
      const view = connectConfirmRequired(snapshot, (event) => sent.push(event));
      expect(view.texts.explanation).toContain(customer.email);
      expect(view.resendButton.isDisabled).toBe(view.isSending);
      // The resend goes to the remembered address; while it goes, no old outcome is shown.
      if (view.isSending) {
        expect(invocations.at(-1)).toMatchObject({ src: 'resendVerification', input: { email: customer.email } });
        expect([view.sentMessage, view.failure]).toEqual([null, null]);
      }
      const type = step.event.type;
      if (type === doneOf('resendVerification')) {
        const answer = (step.event as { output: FormAnswer }).output;
        if (answer.outcome === 'done')
          expect(view.sentMessage).toBe('Email inviata nuovamente. Controlla la tua casella di posta elettronica');
        else expect(view.failure).toBe(answer.message ?? RESEND_FAILED);
      }
      if (type === errorOf('resendVerification')) expect(view.failure).toBe(RESEND_FAILED);
      view.resendButton.onPress();
      expect(sent).toEqual([{ type: 'resend.request' }]);
    },
  });
});
