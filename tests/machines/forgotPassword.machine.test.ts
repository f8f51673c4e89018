import { expect } from 'vitest';
import { connectForgotPassword, FORGOT_FAILED, forgotPasswordMachine } from '../../machines/forgotPassword.machine';
import type { FormAnswer } from '../../machines/authForm';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';
import { forgotPasswordEntry } from './auth.entries';

const { done: doneOf, error: errorOf } = internalEvents(forgotPasswordMachine);

describePathCoverage('forgot-password machine: path coverage', forgotPasswordEntry, async (path) => {
  await replayEntryPath(forgotPasswordEntry, path, {
    assertInvariant: (snapshot, { step, previous }) => {
      const view = connectForgotPassword(snapshot, () => {});
      const type = step.event.type;
      // The confirmation replaces the form: never both, never a message with it.
      expect(view.confirmation !== null).toBe(snapshot.matches('sent'));
      if (view.confirmation) expect(view.message).toBeNull();
      if (type === 'form.submit' && !previous!.context.values.email) expect(view.message).toBe('Compila tutti i campi.');
      if (type === doneOf('requestReset')) {
        const answer = (step.event as { output: FormAnswer }).output;
        if (answer.outcome === 'done') expect(view.confirmation).toBe(answer.message);
        else expect(view.message).toBe(answer.message ?? FORGOT_FAILED);
      }
      if (type === errorOf('requestReset')) expect(view.message).toBe(FORGOT_FAILED);
    },
  });
});
