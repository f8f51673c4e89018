import { expect } from 'vitest';
import type { FormAnswer } from '../../machines/authForm';
import { CHANGE_FAILED, changePasswordMachine, connectChangePassword } from '../../machines/changePassword.machine';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';
import { changePasswordEntry } from './auth.entries';

const { done: doneOf, error: errorOf } = internalEvents(changePasswordMachine);

describePathCoverage('change-password machine: path coverage', changePasswordEntry, async (path) => {
  await replayEntryPath(changePasswordEntry, path, {
    assertInvariant: (snapshot, { step, previous, invocations }) => {
      const view = connectChangePassword(snapshot, () => {});
      const type = step.event.type;
      expect(view.success !== null).toBe(snapshot.matches('done'));
      if (view.success) expect(view.success).toBe('Password aggiornata con successo.');
      if (type === 'form.submit') {
        const before = previous!.context.values;
        const blank = Object.values(before).some((v) => !v);
        if (blank) expect(view.message).toBe('Compila tutti i campi.');
        else if (before.password !== before.password_confirmation) expect(view.message).toBe('Le password non coincidono.');
        else if (before.password.length < 8)
          expect(view.passwordField.errorMessage).toBe('Il campo password deve contenere almeno 8 caratteri.');
        else expect(invocations.at(-1)?.input).toEqual(before);
      }
      if (type === doneOf('changePassword')) {
        const answer = (step.event as { output: FormAnswer }).output;
        if (answer.outcome === 'refused') {
          expect(view.currentField.errorMessage).toBe(answer.errors.current_password?.[0] ?? null);
          expect({ message: view.message, detail: view.detail }).toEqual({ message: CHANGE_FAILED, detail: answer.message });
        }
      }
      if (type === errorOf('changePassword')) expect(view.message).toBe(CHANGE_FAILED);
    },
  });
});
