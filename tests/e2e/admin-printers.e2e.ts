/**
 * 'Stampanti' against the real server (issue 33): the owner adds a kitchen printer and reads its
 * one-time pairing code with the command that starts the agent; an agent pairs with it; a new code
 * (asked first) revokes that agent; 'Elimina' (asked first) removes the printer. The printer's name
 * is this run's own, so other tests never see it.
 */
import { describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import { logInAsAdmin } from './cassa-helpers';

/** What the print agent does first: exchanges the code for its token, with no cookie. */
async function pair(code: string): Promise<{ status: number; token?: string }> {
  const response = await fetch(url('/api/v1/print-agent/pair'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pairing_code: code }),
  });
  return { status: response.status, token: response.ok ? ((await response.json()) as { token: string }).token : undefined };
}

const claimWith = async (token: string) =>
  (
    await fetch(url('/api/v1/print-agent/jobs/claim'), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    })
  ).status;

/** 'Stampanti' opened by the owner, with a printer name of this run's own and the 'Nuova stampante' form. */
async function openPrinters(browser: ReturnType<typeof useBrowser>, label: string) {
  const { page: owner } = await browser.open({ viewport: DESKTOP });
  await logInAsAdmin(owner);
  await owner.goto(url('/admin/stampanti'));
  return { owner, name: `${label} e2e ${Date.now().toString(36)}`, form: owner.getByRole('form', { name: 'Nuova stampante' }) };
}

describe('back office: printers', () => {
  const browser = useBrowser();

  it('add a printer, read its code once, pair an agent, revoke it with a new code, delete the printer', async () => {
    const { owner, name, form } = await openPrinters(browser, 'Cucina');
    await form.getByRole('textbox', { name: 'Nome' }).fill(name);
    await form.getByRole('combobox', { name: 'Larghezza carta' }).selectOption('58');
    await form.getByRole('combobox', { name: 'Copie' }).selectOption('2');
    await form.getByRole('button', { name: 'Salva' }).click();

    const dialog = owner.getByRole('alertdialog', { name: `Codice di abbinamento per ${name}` });
    await dialog.waitFor();
    const code = (await dialog.locator('.pairing-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await dialog.getByText(`npm run print-agent -- --server ${url('').replace(/\/$/, '')} --code ${code} --printer HOST:PORTA`).waitFor();
    await expectNoA11yViolations(owner, '/admin/stampanti pairing code');
    await dialog.getByRole('button', { name: 'Ho annotato il codice' }).click();

    const table = owner.getByRole('table', { name: 'Stampanti della cucina' });
    const row = table.getByRole('row', { name: new RegExp(name) });
    await row.getByText('Non abbinata').waitFor();
    await row.getByText('58 mm').waitFor();
    // Shown once: the page holds the code no more.
    expect(await owner.getByText(code).count()).toBe(0);

    const agent = await pair(code);
    expect(agent.status).toBe(200);
    await owner.reload();
    await row.getByText('Abbinata, in attesa del primo contatto').waitFor();

    await row.getByRole('button', { name: `Nuovo codice di abbinamento per ${name}` }).click();
    const ask = owner.getByRole('alertdialog', { name: `Nuovo codice per ${name}?` });
    await expectNoA11yViolations(owner, '/admin/stampanti new code question');
    await ask.getByRole('button', { name: 'Crea nuovo codice' }).click();
    const told = owner.getByText(new RegExp(`Nuovo codice di abbinamento per ${name}: [A-Z0-9-]{14}`));
    await told.waitFor();
    expect(await claimWith(agent.token!)).toBe(401);
    await row.getByText('Non abbinata').waitFor();

    await row.getByRole('button', { name: `Elimina ${name}` }).click();
    await owner
      .getByRole('alertdialog', { name: `Eliminare ${name}?` })
      .getByRole('button', { name: 'Elimina' })
      .click();
    await expect.poll(() => table.getByRole('row', { name: new RegExp(name) }).count()).toBe(0);
    await expectNoA11yViolations(owner, '/admin/stampanti');
  });

  it("by keyboard alone: the code's dialog closed, the focus is on a fresh form's 'Nome', not lost at the top of the page", async () => {
    const { owner, name, form } = await openPrinters(browser, 'Bancone');
    await form.getByRole('textbox', { name: 'Nome' }).focus();
    await owner.keyboard.type(name);
    await owner.keyboard.press('Enter');
    const dialog = owner.getByRole('alertdialog', { name: `Codice di abbinamento per ${name}` });
    await dialog.waitFor();
    await owner.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    try {
      const nameBox = form.getByRole('textbox', { name: 'Nome' });
      await expect.poll(() => nameBox.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await nameBox.inputValue()).toBe('');
    } finally {
      const created = (await apiCall(owner, 'GET', '/api/v1/admin/printers')).body!.items as {
        id: number;
        name: string;
        version: number;
      }[];
      const printer = created.find((p) => p.name === name)!;
      expect((await apiCall(owner, 'DELETE', `/api/v1/admin/printers/${printer.id}?version=${printer.version}`)).status).toBe(200);
    }
  });
});
