/**
 * What the back office shows, measured in the browser (issue 28, points 11 and 12): a chosen radio or
 * checkbox looks chosen, the bulk price button names the change it applies, the weekly hours'
 * fields never cover each other from a small laptop to a wide screen, and on the owner's phone (390 px)
 * every page fits: a list wider than the phone scrolls inside its own frame, never the page.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectNoA11yViolations, PHONE, url, useBrowser } from './browser';
import { logInAsAdmin } from './cassa-helpers';

/** How a radio or checkbox is painted: its box and its label. */
const look = (control: Locator) =>
  control.evaluate((label) => {
    const box = getComputedStyle(label.querySelector('.admin-checkbox__box')!);
    return { fill: box.backgroundColor, ring: box.boxShadow, weight: getComputedStyle(label).fontWeight };
  });

/** The label element wrapping the radio or checkbox named `name`. */
const control = (page: Page, role: 'radio' | 'checkbox', name: string) =>
  page.locator('label').filter({ has: page.getByRole(role, { name, exact: true }) });

describe('back office: visible states and layouts', () => {
  const browser = useBrowser();

  it("'Aumento prezzi': the chosen kind of change looks chosen, and the button says what it does", async () => {
    const { page } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(page);
    await page.goto(url('/admin/menu/prezzi'));
    await page.getByRole('heading', { level: 1, name: 'Aumento prezzi' }).waitFor();

    const percent = control(page, 'radio', 'Percentuale (%)');
    const euro = control(page, 'radio', 'Euro (€)');
    expect(await page.getByRole('radio', { name: 'Percentuale (%)' }).isChecked()).toBe(true);
    const chosen = await look(percent);
    const other = await look(euro);
    expect(chosen.fill).not.toBe(other.fill);
    expect(Number(chosen.weight)).toBeGreaterThan(Number(other.weight));

    await euro.click();
    expect(await page.getByRole('radio', { name: 'Euro (€)' }).isChecked()).toBe(true);
    expect(await look(euro)).toEqual(chosen);
    expect(await look(percent)).toEqual(other);

    const bianche = control(page, 'checkbox', 'Pizze Bianche');
    const unticked = await look(bianche);
    await bianche.click();
    expect((await look(bianche)).fill).not.toBe(unticked.fill);
    expect(await look(control(page, 'checkbox', 'Pizze Classiche'))).toEqual(unticked);

    const apply = page.locator('.admin-savebar .button--primary');
    await page.getByRole('textbox', { name: 'Variazione' }).fill('-2');
    await page.getByRole('button', { name: 'Anteprima' }).click();
    await page.getByRole('table', { name: 'Anteprima dei nuovi prezzi' }).waitFor();
    expect(await apply.textContent()).toMatch(/^Diminuisci di 2,00 € \(\d+ prodotti\)$/);
    await expectNoA11yViolations(page, 'bulk price, euro');

    await percent.click();
    await page.getByRole('textbox', { name: 'Variazione' }).fill('5');
    await page.getByRole('button', { name: 'Anteprima' }).click();
    await page.getByRole('table', { name: 'Anteprima dei nuovi prezzi' }).waitFor();
    expect(await apply.textContent()).toMatch(/^Aumenta del 5 % \(\d+ prodotti\)$/);
  });

  it.each([1024, 1366, 1920])("'Orari della settimana' at %i px: no field of the week covers another", async (width) => {
    const { page } = await browser.open({ viewport: { width, height: 900 } });
    await logInAsAdmin(page);
    await page.goto(url('/admin/orari'));
    await page.getByRole('group', { name: 'Lunedì' }).getByRole('textbox').first().waitFor();

    const overlaps = await page.evaluate(() => {
      const days = Array.from(document.querySelectorAll('.admin-week__day'));
      const parts = days.flatMap((day) =>
        Array.from(day.querySelectorAll('label, input')).map((element) => ({
          name: `${day.querySelector('legend')!.textContent} › ${element.tagName === 'LABEL' ? 'etichetta' : 'campo'} ${(element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent}`,
          box: element.getBoundingClientRect(),
          day: day.getBoundingClientRect(),
        })),
      );
      const found: string[] = [];
      parts.forEach((a, i) => {
        // Inside its own day's card, and apart from every other label and box.
        if (a.box.left < a.day.left || a.box.right > a.day.right) found.push(`${a.name} leaves its day`);
        for (const b of parts.slice(i + 1)) {
          const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
          const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
          if (w > 0 && h > 0) found.push(`${a.name} × ${b.name}`);
        }
      });
      return { found, count: parts.length };
    });
    // Seven days, two services, first and last: a label and a box each.
    expect(overlaps.count).toBe(7 * 2 * 2 * 2);
    expect(overlaps.found).toEqual([]);
  });

  it('every page of the owner fits 390 px; a wide table scrolls by itself', async () => {
    const { page } = await browser.open({ viewport: PHONE });
    await logInAsAdmin(page);
    await page.goto(url('/admin'));
    await page.getByRole('navigation', { name: 'Amministrazione' }).getByRole('link', { name: 'Zone', exact: true }).waitFor();
    const pages = await page
      .getByRole('navigation', { name: 'Amministrazione' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(pages).toEqual(expect.arrayContaining(['/admin/zone', '/admin/codici-sconto', '/admin/staff', '/admin/stampanti']));

    for (const href of pages) {
      await page.goto(url(href));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${href} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
    }

    // The zones' table is wider than the phone: it scrolls inside its frame, and reads as a table.
    await page.goto(url('/admin/zone'));
    const zones = page.getByRole('table').first();
    await zones.getByRole('rowheader', { name: 'Garbatella' }).waitFor();
    const frame = await zones.evaluate((table) => ({ content: table.parentElement!.scrollWidth, shown: table.parentElement!.clientWidth }));
    expect(frame.content).toBeGreaterThan(frame.shown);
    await expectNoA11yViolations(page, 'zones on a phone');
  });
});
