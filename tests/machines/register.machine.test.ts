import { expect, vi } from 'vitest';
import { connectRegister, REGISTER_FAILED, registerMachine, type RegisterAnswer } from '../../machines/register.machine';
import { passwordProblem } from '../../src/domain/password';
import { customer } from '../mocks/fixtures';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';
import { registerEntry } from './auth.entries';

const { done: doneOf, error: errorOf } = internalEvents(registerMachine);

describePathCoverage('register machine: path coverage', registerEntry, async (path) => {
  const registered = vi.fn();
  const machine = registerMachine.provide({ actions: { registered: (_, { email }) => registered(email) } });
  await replayEntryPath(registerEntry, path, {
    machine,
    assertInvariant: (snapshot, { step, previous, invocations }) => {
      const view = connectRegister(snapshot, () => {});
      const { values } = snapshot.context;
      // Live, under the confirmation: only once it is typed and differs.
      const differs = values.password_confirmation !== '' && values.password !== values.password_confirmation;
      if (!snapshot.context.errors.password_confirmation)
        expect(view.confirmationField.errorMessage).toBe(differs ? 'Le password non coincidono.' : null);
      expect(view.isSubmitting).toBe(snapshot.hasTag('submitting'));
      const type = step.event.type;
      if (type === 'form.submit') {
        const before = previous!.context.values;
        const blank = Object.values(before).some((v) => !v.trim());
        const expected = blank
          ? { message: 'Compila tutti i campi.', password: null }
          : before.password !== before.password_confirmation
            ? { message: 'Le password non coincidono.', password: null }
            : { message: null, password: passwordProblem(before.password, before.email) };
        expect({ message: view.message, password: view.passwordField.errorMessage }).toEqual(expected);
        const sends = !blank && expected.message === null && expected.password === null;
        expect(view.isSubmitting).toBe(sends);
        if (sends) expect(invocations.at(-1)).toMatchObject({ src: 'register', input: values });
      }
      if (type === doneOf('register')) {
        const answer = (step.event as { output: RegisterAnswer }).output;
        if (answer.outcome === 'registered') expect(registered).toHaveBeenLastCalledWith(customer.email);
        else {
          // Server field errors under e-mail and password, the general message below.
          expect(view.emailField.errorMessage).toBe(answer.errors.email?.[0] ?? null);
          expect(view.passwordField.errorMessage).toBe(answer.errors.password?.[0] ?? null);
          expect(view.message).toBe(answer.message ?? REGISTER_FAILED);
        }
      }
      if (type === errorOf('register')) expect(view.message).toBe(REGISTER_FAILED);
    },
  });
});
