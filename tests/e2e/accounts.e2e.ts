/**
 * Customer accounts against the real server (issue 9): register → verification e-mail in the outbox →
 * its link; log in, account page, change password, log out, log in again; forgot → reset link →
 * reset (twice: refused); wrong password; unverified login and resend; a session revoked on the
 * server. axe on every /auth screen, on a phone and a desktop window.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, expectNoA11yViolations, url, useBrowser, VIEWPORTS, type E2EPage } from './browser';
import { linkIn, waitForMails } from './outbox';

const PASSWORD = 'Forno-a-legna-1978';
const NEW_PASSWORD = 'Pinsa-Romana-2026';

let seq = 0;
/** A fresh address per test run and test (the server keeps every account of the run). */
const newEmail = (label: string) => `e2e.${label}.${Date.now().toString(36)}.${seq++}@example.it`;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();
const header = (page: Page) => page.getByRole('navigation', { name: 'Principale' });
/** The way to the account: the user's name in the header on a desktop, the Account tab on a phone. */
const accountLink = (page: Page, viewport: string, userName: string) =>
  viewport === 'desktop'
    ? header(page).getByRole('link', { name: userName })
    : page.getByRole('navigation', { name: 'Schede' }).getByRole('link', { name: 'Account' });
/** Expected answers the forms act on (401/403/422 show as console errors in Chromium). */
const allowRefusals = (p: E2EPage) => p.allowErrors(/status of (401|403|422)/);

async function fill(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
}

async function register(page: Page, name: string, email: string) {
  await page.goto(url('/auth/register'));
  await heading(page, 'Registrati');
  await fill(page, { Nome: name, Email: email, Password: PASSWORD, 'Conferma password': PASSWORD });
  await page.getByRole('button', { name: 'Registrati' }).click();
  await heading(page, 'Attiva il tuo account');
}

async function verify(page: Page, email: string) {
  const [mail] = await waitForMails(email, 1);
  await page.goto(url(linkIn(mail!, '/api/email/verify?')));
  await heading(page, 'Verifica email');
  await page.getByText('Indirizzo email verificato con successo! Ora puoi accedere.').waitFor();
}

async function login(page: Page, email: string, password: string) {
  await page.goto(url('/auth/login'));
  await heading(page, 'Accedi');
  await fill(page, { Email: email, Password: password });
  await page.getByRole('main').getByRole('button', { name: 'Accedi' }).click();
}

describe('customer accounts', () => {
  const browser = useBrowser();

  describe.each(VIEWPORTS)('on a $name window', ({ name, viewport }) => {
    it('register, verify from the e-mail, log in, account page, change password, log out and in again', async () => {
      const p = await browser.open({ viewport });
      allowRefusals(p);
      const { page } = p;
      const email = newEmail(name);
      await page.goto(url('/auth/register'));
      await heading(page, 'Registrati');
      await expectNoA11yViolations(page, `register (${name})`);
      await register(page, 'Giulia Bianchi', email);
      await page.getByText(email).waitFor();
      await expectNoA11yViolations(page, `confirm-required (${name})`);

      await verify(page, email);
      await expectNoA11yViolations(page, `verify-message (${name})`);

      await page.goto(url('/auth/login'));
      await heading(page, 'Accedi');
      await expectNoA11yViolations(page, `login (${name})`);
      await login(page, email, PASSWORD);
      await page.waitForURL(url('/ecommerce'));
      await accountLink(page, name, 'Giulia Bianchi').click();

      await heading(page, 'Il mio Account');
      await page.getByText('Non hai ancora effettuato ordini.').waitFor();
      await expectNoA11yViolations(page, `account (${name})`);
      await page.getByRole('tab', { name: 'Gestione Indirizzi' }).click();
      await page.getByText('Non hai ancora aggiunto indirizzi.').waitFor();
      await page.getByRole('tab', { name: 'Tessera Fedeltà' }).click();
      await page.getByText('Hai accumulato 0 punti').waitFor();

      await page.getByRole('link', { name: 'Cambia Password' }).click();
      await heading(page, 'Cambia Password');
      await expectNoA11yViolations(page, `change-password (${name})`);
      await fill(page, { 'Password attuale': PASSWORD, 'Nuova password': NEW_PASSWORD, 'Conferma nuova password': NEW_PASSWORD });
      await page.getByRole('main').getByRole('button', { name: 'Cambia Password' }).click();
      await page.getByText('Password aggiornata con successo.').waitFor();

      await page.getByRole('link', { name: 'Torna al tuo account' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(url('/ecommerce'));
      expect(await page.evaluate(() => localStorage.getItem('pizzeria.user'))).toBeNull();

      await login(page, email, PASSWORD);
      await page.getByText('Credenziali non valide.').waitFor();
      await login(page, email, NEW_PASSWORD);
      await page.waitForURL(url('/ecommerce'));
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('pizzeria.user') ?? 'null')?.email)).toBe(email);
    });

    it('forgot → the reset link from the outbox → reset → log in; the same link again is refused', async () => {
      const p = await browser.open({ viewport });
      allowRefusals(p);
      const { page } = p;
      const email = newEmail(`reset-${name}`);
      await register(page, 'Marco Rossi', email);
      await verify(page, email);

      await page.goto(url('/auth/login'));
      await page.getByRole('link', { name: 'Password dimenticata?' }).click();
      await heading(page, 'Password dimenticata');
      await expectNoA11yViolations(page, `forgot-password (${name})`);
      await fill(page, { Email: email });
      await page.getByRole('button', { name: 'Invia link' }).click();
      await page.getByText(`Controlla la tua casella di posta ${email}, ti abbiamo inviato un link per reimpostare la password.`).waitFor();

      const mails = await waitForMails(email, 2);
      const resetLink = linkIn(
        mails.find((m) => m.includes('/auth/reset-password?'))!,
        '/auth/reset-password?',
      );
      await page.goto(url(resetLink));
      await heading(page, 'Reimposta password');
      await expectNoA11yViolations(page, `reset-password (${name})`);
      await fill(page, { 'Nuova password': NEW_PASSWORD, 'Conferma password': NEW_PASSWORD });
      await page.getByRole('main').getByRole('button', { name: 'Reimposta password' }).click();
      await page.getByText('Password reimpostata con successo!').waitFor();

      await page.goto(url(resetLink));
      await fill(page, { 'Nuova password': PASSWORD, 'Conferma password': PASSWORD });
      await page.getByRole('main').getByRole('button', { name: 'Reimposta password' }).click();
      await page.getByText('Errore nel reset della password').waitFor();
      await page.getByText('Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.').waitFor();

      await login(page, email, NEW_PASSWORD);
      await page.waitForURL(url('/ecommerce'));
      await accountLink(page, name, 'Marco Rossi').waitFor();
    });
  });

  it('a wrong password shows the error and keeps the user out', async () => {
    const p = await browser.open();
    allowRefusals(p);
    const { page } = p;
    const email = newEmail('wrong');
    await register(page, 'Luca Verdi', email);
    await verify(page, email);
    await login(page, email, 'Password-sbagliata-1');
    await page.getByText('Credenziali non valide.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await header(page).getByRole('link', { name: 'Accedi' }).waitFor();
    expect((await apiCall(page, 'GET', '/api/user')).status).toBe(401);
  });

  it('an unverified login lands on confirm-required, and the resend writes a second e-mail', async () => {
    const p = await browser.open();
    allowRefusals(p);
    const { page } = p;
    const email = newEmail('unverified');
    await register(page, 'Sara Neri', email);
    await waitForMails(email, 1);
    await login(page, email, PASSWORD);
    await heading(page, 'Attiva il tuo account');
    expect(new URL(page.url()).pathname).toBe('/auth/confirm-required');
    await page.getByRole('button', { name: 'Invia di nuovo il link' }).click();
    await page.getByText('Email inviata nuovamente. Controlla la tua casella di posta elettronica').waitFor();
    const mails = await waitForMails(email, 2);
    expect(mails.every((mail) => mail.includes('/api/email/verify?'))).toBe(true);
    // The newest link works (the older one was replaced).
    await page.goto(url(linkIn(mails.at(-1)!, '/api/email/verify?')));
    await page.getByText('Indirizzo email verificato con successo! Ora puoi accedere.').waitFor();
  });

  it('with a cart waiting, verifying the e-mail then logging in returns to the checkout', async () => {
    const p = await browser.open();
    allowRefusals(p);
    const { page } = p;
    const email = newEmail('cart');
    await page.goto(url('/ecommerce'));
    await page.getByRole('heading', { level: 2, name: 'Pizze Classiche' }).waitFor();
    await page
      .getByRole('button', { name: /^Marinara/ })
      .first()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aggiungi al Carrello (5,50 €)' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await register(page, 'Marta Rossi', email);
    await verify(page, email);
    await page.getByRole('main').getByRole('link', { name: 'Accedi' }).click();
    await heading(page, 'Accedi');
    await fill(page, { Email: email, Password: PASSWORD });
    await page.getByRole('main').getByRole('button', { name: 'Accedi' }).click();
    await heading(page, 'Consegna o ritiro');
    expect(new URL(page.url()).pathname).toBe('/ecommerce/checkout');
  });

  it('the verification page shows only the outcomes the server names, never words from the URL', async () => {
    const { page } = await browser.open();
    await page.goto(url('/auth/verify-message?message=already_verified'));
    await heading(page, 'Verifica email');
    await page.getByText('Il tuo indirizzo email è già stato verificato. Puoi accedere.').waitFor();
    await page.goto(url(`/auth/verify-message?message=${encodeURIComponent('Il tuo conto è bloccato: chiama il 333 000 0000')}`));
    await heading(page, 'Verifica email');
    expect(await page.getByText('Il tuo conto è bloccato', { exact: false }).count()).toBe(0);
    expect(await page.getByRole('status').count()).toBe(0);
  });

  it('a session revoked on the server sends the user to login on the next call, and back afterwards', async () => {
    const p = await browser.open();
    allowRefusals(p);
    const { page } = p;
    const email = newEmail('revoked');
    await register(page, 'Paolo Gialli', email);
    await verify(page, email);
    await login(page, email, PASSWORD);
    await page.waitForURL(url('/ecommerce'));
    // Logged out elsewhere: the same cookie is revoked on the server; this tab still shows the user.
    expect((await apiCall(page, 'POST', '/api/logout')).status).toBe(200);
    await header(page).getByRole('link', { name: 'Paolo Gialli' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/auth/account');
    await header(page).getByRole('link', { name: 'Accedi' }).waitFor();
    await fill(page, { Email: email, Password: PASSWORD });
    await page.getByRole('main').getByRole('button', { name: 'Accedi' }).click();
    await heading(page, 'Il mio Account');
  });

  it('logging out in one tab logs out the other tabs', async () => {
    const p = await browser.open();
    allowRefusals(p);
    const { page, context } = p;
    const email = newEmail('tabs');
    await register(page, 'Anna Blu', email);
    await verify(page, email);
    await login(page, email, PASSWORD);
    await page.waitForURL(url('/ecommerce'));
    const other = await context.newPage();
    await other.goto(url('/auth/account'));
    await heading(other, 'Il mio Account');
    await page.goto(url('/auth/account'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await other.waitForURL(url('/ecommerce'));
    await header(other).getByRole('link', { name: 'Accedi' }).waitFor();
  });
});
