/**
 * Staff roles against the real server (issue 32): the owner creates a 'Cassa' account with the role
 * select; the cashier chooses a password from the mailed link, works the cassa and 'Esauriti oggi',
 * and is sent from the owner's screens ('Menu') to the cassa, her calls refused in Italian.
 */
import { describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import { logInAsAdmin } from './cassa-helpers';
import { linkIn, waitForMails } from './outbox';

const PASSWORD = 'Forno-a-legna-32';

describe('staff roles', () => {
  const browser = useBrowser();

  it("the owner makes a 'Cassa' account; the cashier reaches the cassa and 'Esauriti oggi', never 'Menu'", async () => {
    const { page: owner } = await browser.open({ viewport: DESKTOP });
    const ownerScripts: string[] = [];
    owner.on('request', (request) => ownerScripts.push(new URL(request.url()).pathname));
    await logInAsAdmin(owner);
    const stamp = Date.now().toString(36);
    const name = `Irene Banco ${stamp}`;
    const email = `e2e.ruoli.${stamp}@example.it`;

    await owner.goto(url('/admin/staff'));
    const form = owner.getByRole('form', { name: 'Nuovo account' });
    await form.getByRole('textbox', { name: 'Nome' }).fill(name);
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    const role = form.getByRole('combobox', { name: 'Ruolo' });
    await role.selectOption({ label: 'Titolare' });
    await expectNoA11yViolations(owner, '/admin/staff (Ruolo)');
    await role.selectOption({ label: 'Cassa' });
    await form.getByRole('button', { name: 'Salva' }).click();
    await owner.getByText(`Abbiamo inviato a ${email} il link per scegliere la password.`).waitFor();
    const row = owner.getByRole('table', { name: 'Account dello staff' }).getByRole('row', { name: new RegExp(name) });
    await row.getByRole('cell', { name: 'Cassa', exact: true }).waitFor();
    // The owner's screens are a chunk of their own, which the cashier below never downloads.
    expect(ownerScripts.some((path) => /\/assets\/OwnerScreens-/.test(path))).toBe(true);

    const cashierTab = await browser.open({ viewport: DESKTOP });
    // The server's refusal of her call below is expected (403).
    cashierTab.allowErrors(/status of 403 \(Forbidden\)/);
    const cashier = cashierTab.page;
    // Every script she downloads: the owner's screens and the reports never (issue 32).
    const scripts: string[] = [];
    cashier.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    const [mail] = await waitForMails(email, 1);
    await cashier.goto(url(linkIn(mail!, '/auth/reset-password?')));
    await cashier.getByLabel('Nuova password', { exact: true }).fill(PASSWORD);
    await cashier.getByLabel('Conferma password', { exact: true }).fill(PASSWORD);
    await cashier.getByRole('main').getByRole('button', { name: 'Reimposta password' }).click();
    await cashier.getByText('Password reimpostata con successo!').waitFor();
    await cashier.goto(url('/auth/login'));
    await cashier.getByLabel('Email', { exact: true }).fill(email);
    await cashier.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await cashier.getByRole('main').getByRole('button', { name: 'Accedi' }).click();
    await cashier.waitForURL((u) => !u.pathname.startsWith('/auth/login'));

    // Her header: the cassa and today's sold-outs, no back office.
    const header = cashier.getByRole('navigation', { name: 'Principale' });
    await header.getByRole('link', { name: 'Esauriti oggi' }).waitFor();
    expect(await header.getByRole('link', { name: 'Amministrazione' }).count()).toBe(0);
    await header.getByRole('link', { name: 'Cassa' }).click();
    await cashier.getByRole('heading', { level: 1, name: 'Cassa' }).waitFor();

    await cashier.goto(url('/admin/esauriti'));
    await cashier.getByRole('heading', { level: 1, name: 'Esauriti oggi' }).waitFor();
    const nav = cashier.getByRole('navigation', { name: 'Amministrazione' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Esauriti oggi']);
    expect(scripts.some((path) => /\/assets\/AdminPages-/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/assets\/(OwnerScreens|reports)-/.test(path))).toEqual([]);

    // An owner's screen: straight to the cassa, the menu editor never shown, its data never asked for.
    const asked: string[] = [];
    cashier.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await cashier.goto(url('/admin/menu'));
    await cashier.waitForURL((u) => u.pathname === '/cassa');
    await cashier.getByRole('heading', { level: 1, name: 'Cassa' }).waitFor();
    expect(asked).not.toContain('/api/v1/admin/menu');

    // And the server says no in Italian, whatever the browser does.
    const refused = await apiCall(cashier, 'GET', '/api/v1/admin/menu');
    expect(refused).toMatchObject({ status: 403, body: { message: 'Accesso riservato al titolare.' } });
  });
});
