import { describe, expect, it } from 'vitest';
import type { FormAnswer } from '../../machines/authForm';
import { CHANGE_FAILED, changePasswordMachine, connectChangePassword } from '../../machines/changePassword.machine';
import { expectFullCoverage, replayEntryPath } from './expectCoverage';
import { generatePaths, internalEvents } from './pathCoverage';
import { changePasswordEntry } from './auth.entries';

const paths = generatePaths(changePasswordMachine, changePasswordEntry);
const { done: doneOf, error: errorOf } = internalEvents(changePasswordMachine);

describe('change-password machine: path coverage', () => {
  it('reaches every state node and takes every transition', async () => {
    await expectFullCoverage(changePasswordEntry, paths);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
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
});
