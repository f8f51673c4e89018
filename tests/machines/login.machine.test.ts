import { expect, vi } from 'vitest';
import { connectLogin, LOGIN_FAILED, loginMachine, type LoginAnswer, type LoginEvent } from '../../machines/login.machine';
import { customer } from '../mocks/fixtures';
import { describePathCoverage, replayEntryPath } from './expectCoverage';
import { internalEvents } from './pathCoverage';
import { loginEntry } from './auth.entries';

const { done: doneOf, error: errorOf } = internalEvents(loginMachine);

describePathCoverage('login machine: path coverage', loginEntry, async (path) => {
  const loggedIn = vi.fn();
  const confirmationRequired = vi.fn();
  const machine = loginMachine.provide({
    actions: { loggedIn: (_, { user }) => loggedIn(user), confirmationRequired: (_, { email }) => confirmationRequired(email) },
  });
  await replayEntryPath(loginEntry, path, {
    machine,
    assertInvariant: (snapshot, { step, previous, invocations }) => {
      const sent: LoginEvent[] = [];
      const view = connectLogin(snapshot, (event) => sent.push(event));
      const { values } = snapshot.context;
      expect(view.emailField).toMatchObject({ name: 'email', value: values.email, isReadOnly: view.isSubmitting });
      expect(view.passwordField.value).toBe(values.password);
      expect(view.isSubmitting).toBe(snapshot.matches('submitting'));
      expect(view.submitButton.isPending).toBe(view.isSubmitting);
      const type = step.event.type;
      // A submit with an empty field never reaches the server.
      if (type === 'form.submit') {
        const blank = !previous!.context.values.email.trim() || !previous!.context.values.password;
        expect(view.message).toBe(blank ? 'Compila tutti i campi.' : null);
        expect(view.isSubmitting).toBe(!blank);
        if (!blank) expect(invocations.at(-1)).toMatchObject({ src: 'login', input: { email: values.email, password: values.password } });
      }
      if (type === doneOf('login')) {
        const answer = (step.event as { output: LoginAnswer }).output;
        if (answer.outcome === 'loggedIn') expect(loggedIn).toHaveBeenLastCalledWith(customer);
        if (answer.outcome === 'unverified') expect(confirmationRequired).toHaveBeenLastCalledWith(customer.email);
        // The server's message, or the catalogue's; never under a field.
        if (answer.outcome === 'refused') expect(view).toMatchObject({ message: answer.message ?? LOGIN_FAILED, detail: null });
        expect(view.emailField.errorMessage).toBeNull();
      }
      if (type === errorOf('login')) expect(view.message).toBe(LOGIN_FAILED);
      // Typing sends the value; submitting the form sends the submit.
      view.emailField.onChange('x@example.it');
      view.form.onSubmit({ preventDefault: () => {} });
      expect(sent).toEqual([{ type: 'field.change', field: 'email', value: 'x@example.it' }, { type: 'form.submit' }]);
    },
  });
});
