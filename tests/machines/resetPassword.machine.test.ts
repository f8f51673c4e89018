import { expect } from 'vitest';
import type { FormAnswer } from '../../machines/authForm';
import { connectResetPassword, RESET_FAILED, resetPasswordMachine } from '../../machines/resetPassword.machine';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';
import { resetPasswordEntry } from './auth.entries';

const { done: doneOf, error: errorOf } = internalEvents(resetPasswordMachine);

describePathCoverage('reset-password machine: path coverage', resetPasswordEntry, async (path) => {
  await replayEntryPath(resetPasswordEntry, path, {
    assertInvariant: (snapshot, { step, previous, invocations }) => {
      const view = connectResetPassword(snapshot, () => {});
      const type = step.event.type;
      expect(view.success !== null).toBe(snapshot.matches('done'));
      if (type === 'form.submit') {
        const before = previous!.context.values;
        if (!before.password || !before.password_confirmation) expect(view.message).toBe('Compila tutti i campi.');
        else if (before.password !== before.password_confirmation) expect(view.message).toBe('Le password non coincidono.');
        // The link's token and e-mail go with the new password.
        else expect(invocations.at(-1)?.input).toEqual({ token: path.input!.token, email: path.input!.email, ...before });
      }
      if (type === doneOf('resetPassword')) {
        const answer = (step.event as { output: FormAnswer }).output;
        // A used or expired link: the catalogue's text, the server's reason under it.
        if (answer.outcome === 'done') expect(view.success).toBe('Password reimpostata con successo!');
        else expect({ message: view.message, detail: view.detail }).toEqual({ message: RESET_FAILED, detail: answer.message });
      }
      if (type === errorOf('resetPassword'))
        expect({ message: view.message, detail: view.detail }).toEqual({ message: RESET_FAILED, detail: null });
    },
  });
});
