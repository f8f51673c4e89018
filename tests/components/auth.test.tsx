import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/actors/storage';
import { accountOrders, savedAddresses } from '../mocks/accountFixtures';
import { customer } from '../mocks/fixtures';
import { http, mockSession, server } from '../mocks/handlers';
import { renderApp } from './render';

const PASSWORD = 'Forno-a-legna-1978';
const mainNav = () => within(screen.getByRole('navigation', { name: 'Principale' }));
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('login', () => {
  it('has an e-mail input, no native validation, and links to forgot-password and register', async () => {
    const { user } = renderApp('/auth/login');
    const email = await screen.findByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.closest('form')!.noValidate).toBe(true);
    expect(screen.getByRole('link', { name: 'Password dimenticata?' }).getAttribute('href')).toBe('/auth/forgot-password');
    expect(screen.getByRole('link', { name: 'Non hai un account? Registrati' }).getAttribute('href')).toBe('/auth/register');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(document.querySelector('.form-message')!.textContent).toBe('Compila tutti i campi.');
  });

  it('a wrong password shows the server message and keeps the user out; a 5xx shows the catalogue text', async () => {
    let failure: 'wrong' | 'down' = 'wrong';
    server.use(
      http.post('/api/login', ({ response }) =>
        failure === 'wrong'
          ? response(422).json({ code: 'login.failed', message: 'Credenziali non valide.', errors: { email: ['Credenziali non valide.'] } })
          : response(500).json({ message: 'Servizio non disponibile' }),
      ),
    );
    const { user, location } = renderApp('/auth/login');
    await user.type(await screen.findByLabelText('Email'), customer.email);
    await user.type(field('Password'), 'sbagliata');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('Credenziali non valide.')).toBeTruthy();
    expect(location().pathname).toBe('/auth/login');
    expect(mainNav().getByRole('link', { name: 'Accedi' })).toBeTruthy();
    failure = 'down';
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('Errore di autenticazione')).toBeTruthy();
  });

  it('logs in, shows the name in the header and goes back to the remembered page', async () => {
    server.use(
      http.post('/api/login', ({ response }) => {
        mockSession.user = customer;
        return response(200).json({ token: 'abc', user: customer });
      }),
    );
    const { user, location } = renderApp('/auth/login?redirect=%2Fblog%3Fpage%3D2');
    await user.type(await screen.findByLabelText('Email'), customer.email);
    await user.type(field('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(location().pathname + location().search).toBe('/blog?page=2'));
    expect(mainNav().getByRole('link', { name: customer.name })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(customer);
  });

  it('an unverified account goes to confirm-required, whose resend sends to that address', async () => {
    const resent: unknown[] = [];
    server.use(
      http.post('/api/login', ({ response }) =>
        response(403).json({
          code: 'email.unverified',
          message: 'Devi confermare il tuo indirizzo email.',
          email_verified: false,
          email: customer.email,
        }),
      ),
      http.post('/api/email/resend', async ({ request, response }) => {
        resent.push(await request.json());
        return response(200).json({ message: 'Email inviata nuovamente. Controlla la tua casella di posta elettronica' });
      }),
    );
    const { user, location } = renderApp('/auth/login');
    await user.type(await screen.findByLabelText('Email'), customer.email);
    await user.type(field('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByRole('heading', { name: 'Attiva il tuo account' })).toBeTruthy();
    expect(location().pathname).toBe('/auth/confirm-required');
    await user.click(screen.getByRole('button', { name: 'Invia di nuovo il link' }));
    expect(await screen.findByText('Email inviata nuovamente. Controlla la tua casella di posta elettronica')).toBeTruthy();
    expect(resent).toEqual([{ email: customer.email }]);
    expect(screen.getByRole('link', { name: 'Accedi di nuovo' }).getAttribute('href')).toBe('/auth/login');
  });

  it('confirm-required without a remembered address goes to login', async () => {
    const { location } = renderApp('/auth/confirm-required');
    await screen.findByRole('heading', { name: 'Accedi' });
    expect(location().pathname).toBe('/auth/login');
  });

  it('a logged-in user is sent from login and register to /ecommerce', async () => {
    const { location } = renderApp('/auth/register', { user: customer });
    await waitFor(() => expect(location().pathname).toBe('/ecommerce'));
  });
});

describe('register', () => {
  it("'Compila tutti i campi.', the live 'Le password non coincidono.', the server's field errors and general message", async () => {
    server.use(
      http.post('/api/register', ({ response }) =>
        response(422).json({
          code: 'validation',
          message: 'Questo indirizzo email è già registrato.',
          errors: {
            email: ['Questo indirizzo email è già registrato.'],
            password: ['Questa password è troppo facile da indovinare: scegline una meno comune.'],
          },
        }),
      ),
    );
    const { user } = renderApp('/auth/register');
    await user.click(await screen.findByRole('button', { name: 'Registrati' }));
    expect(screen.getByText('Compila tutti i campi.')).toBeTruthy();

    await user.type(field('Nome'), customer.name);
    await user.type(field('Email'), customer.email);
    await user.type(field('Password'), PASSWORD);
    await user.type(field('Conferma password'), 'Forno');
    // Live, under the confirmation, before any submit.
    const confirmation = field('Conferma password');
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(within(confirmation.closest('.field')!).getByText('Le password non coincidono.')).toBeTruthy();
    await user.type(confirmation, '-a-legna-1978');
    expect(within(confirmation.closest('.field')!).queryByText('Le password non coincidono.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    const email = field('Email').closest('.field') as HTMLElement;
    expect(await within(email).findByText('Questo indirizzo email è già registrato.')).toBeTruthy();
    const password = field('Password').closest('.field') as HTMLElement;
    expect(within(password).getByText('Questa password è troppo facile da indovinare: scegline una meno comune.')).toBeTruthy();
    const below = document.querySelector('.form-message') as HTMLElement;
    expect(below.textContent).toBe('Questo indirizzo email è già registrato.');
  });

  it('the browser checks the password rule before sending; a 5xx shows Errore Generico', async () => {
    server.use(http.post('/api/register', ({ response }) => response(500).json({ message: 'Servizio non disponibile' })));
    const { user } = renderApp('/auth/register');
    await user.type(await screen.findByLabelText('Nome'), customer.name);
    await user.type(field('Email'), customer.email);
    await user.type(field('Password'), 'corta');
    await user.type(field('Conferma password'), 'corta');
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(screen.getByText('Il campo password deve contenere almeno 8 caratteri.')).toBeTruthy();
    await user.clear(field('Password'));
    await user.clear(field('Conferma password'));
    await user.type(field('Password'), PASSWORD);
    await user.type(field('Conferma password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByText('Errore Generico')).toBeTruthy();
  });

  it('success goes to confirm-required; coming back, the form is empty again', async () => {
    server.use(
      http.post('/api/register', ({ response }) =>
        response(201).json({ message: 'Registrazione completata!', email: customer.email, confirm_required: true }),
      ),
    );
    const { user, location } = renderApp('/auth/register');
    await user.click(await screen.findByRole('button', { name: 'Registrati' }));
    expect(screen.getByText('Compila tutti i campi.')).toBeTruthy();
    await user.type(field('Nome'), customer.name);
    await user.type(field('Email'), customer.email);
    await user.type(field('Password'), PASSWORD);
    await user.type(field('Conferma password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByText(new RegExp(customer.email))).toBeTruthy();
    expect(location().pathname).toBe('/auth/confirm-required');
    await user.click(screen.getByRole('link', { name: 'Accedi di nuovo' }));
    await user.click(await screen.findByRole('link', { name: 'Non hai un account? Registrati' }));
    expect(((await screen.findByLabelText('Nome')) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Compila tutti i campi.')).toBeNull();
  });
});

describe('a submit that takes long (issue 28 point 6)', () => {
  it("'Registrati' says it works while the password is hashed, and a second press sends nothing", async () => {
    let requests = 0;
    let finish: () => void = () => {};
    server.use(
      http.post('/api/register', async ({ response }) => {
        requests += 1;
        await new Promise<void>((resolve) => (finish = resolve));
        return response(201).json({ message: 'Registrazione completata!', email: customer.email, confirm_required: true });
      }),
    );
    const { user, location } = renderApp('/auth/register');
    await user.type(await screen.findByLabelText('Nome'), customer.name);
    await user.type(field('Email'), customer.email);
    await user.type(field('Password'), PASSWORD);
    await user.type(field('Conferma password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    const working = await screen.findByRole('button', { name: 'Invio in corso...' });
    expect(working.hasAttribute('disabled')).toBe(true);
    await user.click(working);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(requests).toBe(1));
    act(() => finish());
    await waitFor(() => expect(location().pathname).toBe('/auth/confirm-required'));
    expect(requests).toBe(1);
  });
});

describe('forgot, reset and change password', () => {
  it("forgot: the server's confirmation naming the address; a failure shows the catalogue text", async () => {
    let fail = true;
    server.use(
      http.post('/api/forgot-password', async ({ request, response }) => {
        const { email } = await request.json();
        return fail
          ? response(500).json({ message: 'Servizio non disponibile' })
          : response(200).json({
              message: `Controlla la tua casella di posta ${email}, ti abbiamo inviato un link per reimpostare la password.`,
            });
      }),
    );
    const { user } = renderApp('/auth/forgot-password');
    await user.type(await screen.findByLabelText('Email'), customer.email);
    await user.click(screen.getByRole('button', { name: 'Invia link' }));
    expect(await screen.findByText('Errore durante il recupero della password')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Invia link' }));
    expect(
      await screen.findByText(
        `Controlla la tua casella di posta ${customer.email}, ti abbiamo inviato un link per reimpostare la password.`,
      ),
    ).toBeTruthy();
  });

  it('reset: token and e-mail from the link; a used link shows the catalogue text and the reason; success links to login', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/reset-password', async ({ request, response }) => {
        sent.push(await request.json());
        return sent.length === 1
          ? response(200).json({ message: 'Password reimpostata con successo!' })
          : response(422).json({
              code: 'validation',
              message: 'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.',
            });
      }),
    );
    const { user } = renderApp(`/auth/reset-password?token=tok_123&email=${encodeURIComponent(customer.email)}`);
    await user.type(await screen.findByLabelText('Nuova password'), PASSWORD);
    await user.type(field('Conferma password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reimposta password' }));
    expect(await screen.findByText('Password reimpostata con successo!')).toBeTruthy();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Accedi' }).getAttribute('href')).toBe('/auth/login');
    expect(sent).toEqual([{ token: 'tok_123', email: customer.email, password: PASSWORD, password_confirmation: PASSWORD }]);
  });

  it('reset refused: Errore nel reset della password', async () => {
    server.use(
      http.post('/api/reset-password', ({ response }) =>
        response(422).json({
          code: 'validation',
          message: 'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.',
        }),
      ),
    );
    const { user } = renderApp('/auth/reset-password?token=tok_123&email=a%40b.it');
    await user.type(await screen.findByLabelText('Nuova password'), PASSWORD);
    await user.type(field('Conferma password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Reimposta password' }));
    expect(await screen.findByText('Errore nel reset della password')).toBeTruthy();
    expect(screen.getByText('Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.')).toBeTruthy();
  });

  it('change: a wrong current password under its field; then success', async () => {
    let calls = 0;
    server.use(
      http.post('/api/change-password', ({ response }) =>
        ++calls === 1
          ? response(422).json({
              code: 'validation',
              message: 'La password attuale non è corretta.',
              errors: { current_password: ['La password attuale non è corretta.'] },
            })
          : response(200).json({ message: 'Password aggiornata con successo.' }),
      ),
    );
    const { user } = renderApp('/auth/change-password', { user: customer });
    await user.type(await screen.findByLabelText('Password attuale'), 'sbagliata');
    await user.type(field('Nuova password'), PASSWORD);
    await user.type(field('Conferma nuova password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Cambia Password' }));
    expect(await within(field('Password attuale').closest('.field')!).findByText('La password attuale non è corretta.')).toBeTruthy();
    expect(screen.getByText('Errore nel cambio password')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cambia Password' }));
    expect(await screen.findByText('Password aggiornata con successo.')).toBeTruthy();
  });

  it('a guest is sent from change-password and account to /ecommerce', async () => {
    const { location } = renderApp('/auth/change-password');
    await waitFor(() => expect(location().pathname).toBe('/ecommerce'));
  });
});

describe('account', () => {
  it('empty history, empty addresses, 0 points', async () => {
    server.use(
      http.get('/api/v1/ecommerce/account/orders', ({ response }) => response(200).json({ orders: { data: [] } })),
      http.get('/api/v1/ecommerce/addresses/all', ({ response }) => response(200).json({ addresses: [] })),
    );
    const { user } = renderApp('/auth/account', { user: customer });
    expect(await screen.findByText('Non hai ancora effettuato ordini.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Gestione Indirizzi' }));
    expect(await screen.findByText('Non hai ancora aggiunto indirizzi.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Tessera Fedeltà' }));
    expect(screen.getByText('Hai accumulato 0 punti')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cambia Password' }).getAttribute('href')).toBe('/auth/change-password');
  });

  it('orders with dates, products, struck original price and discount; Elimina removes an address and reloads', async () => {
    let addresses = [...savedAddresses];
    const deleted: number[] = [];
    server.use(
      http.get('/api/v1/ecommerce/account/orders', ({ response }) => response(200).json({ orders: { data: accountOrders } })),
      http.get('/api/v1/ecommerce/addresses/all', ({ response }) => response(200).json({ addresses })),
      http.delete('/api/v1/ecommerce/addresses/delete/{id}', ({ params, response }) => {
        deleted.push(Number(params.id));
        addresses = addresses.filter((a) => a.id !== Number(params.id));
        return response(200).json({ message: 'Indirizzo eliminato.' });
      }),
    );
    const { user } = renderApp('/auth/account', { user: customer });
    expect(await screen.findByText(/18\/11\/2026/)).toBeTruthy();
    expect(screen.getByText(/02\/03\/2026/)).toBeTruthy();
    expect(screen.getByText('Integrale, + Bufala')).toBeTruthy();
    expect(screen.getByText('24,00 €').tagName).toBe('S');
    expect(screen.getByText('RITIRO-IN-PIZZERIA')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Gestione Indirizzi' }));
    expect(await screen.findByText('Via della Scala 14')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Elimina Giulia Bianchi' }));
    await waitFor(() => expect(screen.queryByText('Via della Scala 14')).toBeNull());
    expect(screen.getByText('Via Cola di Rienzo 200')).toBeTruthy();
    expect(deleted).toEqual([5]);
  });

  it('Logout forgets the user even when the server fails, and leaves the account page', async () => {
    server.use(
      http.get('/api/v1/ecommerce/account/orders', ({ response }) => response(200).json({ orders: { data: [] } })),
      http.get('/api/v1/ecommerce/addresses/all', ({ response }) => response(200).json({ addresses: [] })),
      http.post('/api/logout', ({ response }) => response(500).json({ message: 'Servizio non disponibile' })),
    );
    const { user, location } = renderApp('/auth/account', { user: customer });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location().pathname).toBe('/ecommerce'));
    expect(mainNav().getByRole('link', { name: 'Accedi' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('a 401 (session revoked elsewhere) logs out and sends to login, then back to the account', async () => {
    server.use(
      http.get('/api/v1/ecommerce/account/orders', ({ response }) =>
        response(401).json({ code: 'unauthenticated', message: 'Devi accedere per continuare.' }),
      ),
      http.get('/api/v1/ecommerce/addresses/all', ({ response }) =>
        response(401).json({ code: 'unauthenticated', message: 'Devi accedere per continuare.' }),
      ),
      http.post('/api/login', ({ response }) => response(200).json({ token: 'abc', user: customer })),
    );
    const { user, location, actors } = renderApp('/ecommerce', { user: customer });
    await waitFor(() => expect(actors.session.getSnapshot().value).toBe('authenticated'));
    // The session is revoked on the server: the account page's calls answer 401.
    await user.click(mainNav().getByRole('link', { name: customer.name }));
    await waitFor(() => expect(location().pathname).toBe('/auth/login'));
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/auth/account');
    expect(mainNav().getByRole('link', { name: 'Accedi' })).toBeTruthy();
    server.use(
      http.get('/api/v1/ecommerce/account/orders', ({ response }) => response(200).json({ orders: { data: [] } })),
      http.get('/api/v1/ecommerce/addresses/all', ({ response }) => response(200).json({ addresses: [] })),
    );
    await user.type(await screen.findByLabelText('Email'), customer.email);
    await user.type(field('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    await waitFor(() => expect(location().pathname).toBe('/auth/account'));
    expect(await screen.findByText('Non hai ancora effettuato ordini.')).toBeTruthy();
  });
});

describe('other tabs', () => {
  it('a login or logout in another tab shows here at once', async () => {
    const { actors } = renderApp('/ecommerce');
    await screen.findByRole('heading', { level: 1, name: 'Menu' });
    act(() => {
      localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(customer));
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.user }));
    });
    expect(mainNav().getByRole('link', { name: customer.name })).toBeTruthy();
    act(() => {
      localStorage.removeItem(STORAGE_KEYS.user);
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.user }));
    });
    expect(mainNav().getByRole('link', { name: 'Accedi' })).toBeTruthy();
    expect(actors.session.getSnapshot().value).toBe('anonymous');
  });
});
