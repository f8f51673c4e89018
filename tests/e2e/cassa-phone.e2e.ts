/**
 * The cash desk on a phone and a tablet (issue 28, point 7): one column, nothing scrolls sideways, the
 * staff header stays (not the customers' tabs), the form and the day's list take turns through a
 * labelled switch, each row's status, delivered and print controls are on screen and apart, every
 * control is at least 44 px high, and axe passes on both views.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoA11yViolations, PHONE, url, useBrowser } from './browser';
import { header, logInAsAdmin, ordersList, recordPrints } from './cassa-helpers';

const TABLET = { width: 768, height: 1024 };

/** What a user would notice on the screen as it is: sideways scroll, controls too small to tap. */
const measure = (page: Page) =>
  page.evaluate(() => {
    const controls = Array.from(
      document.querySelectorAll('header a[href], header button, main a[href], main button, main input, main select, main textarea'),
    )
      // A react-aria checkbox or radio hides its input: the label around it is what a finger taps.
      .map((element) => (['checkbox', 'radio'].includes((element as HTMLInputElement).type) ? element.closest('label')! : element))
      .filter((element) => element.getClientRects().length > 0 && element.getBoundingClientRect().right > 0)
      // A date picker's hidden input (for autofill) is out of reach: its segments and button are what a finger taps.
      .filter((element) => !element.closest('[aria-hidden="true"]'));
    return {
      scrollWidth: document.scrollingElement!.scrollWidth,
      controls: controls.length,
      tooSmall: controls
        .filter((element) => element.getBoundingClientRect().height < 44)
        .map((element) => `${element.tagName} '${element.textContent?.trim() || element.getAttribute('aria-label')}'`),
    };
  });

/** The parts of each row of the day's list that cover one another or leave the window. */
const rowProblems = (page: Page) =>
  ordersList(page)
    .getByRole('listitem')
    .evaluateAll((rows) =>
      rows.flatMap((row) => {
        const parts = Array.from(row.children).map((part) => ({ name: part.className, box: part.getBoundingClientRect() }));
        const name = row.getAttribute('aria-label');
        return parts.flatMap((a, i) => [
          ...(a.box.left < 0 || a.box.right > innerWidth ? [`${name}: ${a.name} is off screen`] : []),
          ...parts
            .slice(i + 1)
            .filter(
              (b) =>
                Math.min(a.box.right, b.box.right) > Math.max(a.box.left, b.box.left) &&
                Math.min(a.box.bottom, b.box.bottom) > Math.max(a.box.top, b.box.top),
            )
            .map((b) => `${name}: ${a.name} covers ${b.name}`),
        ]);
      }),
    );

describe('cassa on a phone and a tablet', () => {
  const browser = useBrowser();

  it.each([
    ['phone', PHONE],
    ['tablet', TABLET],
  ])('on a %s: one column, the staff header, the form and the list as two views', async (name, viewport) => {
    const { page } = await browser.open({ viewport });
    await recordPrints(page);
    await logInAsAdmin(page);
    await page.goto(url('/cassa'));
    await page.getByRole('heading', { level: 1, name: 'Cassa' }).waitFor();

    // The staff header with its counters, not the customers' tabs.
    const counters = header(page).getByRole('list', { name: 'Contatori ordini' });
    await counters.waitFor();
    for (const item of [counters, header(page).getByRole('link', { name: 'Cassa', exact: true }).last()]) {
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    expect(await page.getByRole('navigation', { name: 'Schede' }).isVisible()).toBe(false);

    // First the form; the list is one tap away.
    const views = page.getByRole('radiogroup', { name: 'Vista della cassa' });
    expect(await views.getByRole('radio', { name: 'Nuovo ordine' }).isChecked()).toBe(true);
    await page.getByRole('heading', { level: 2, name: 'Aggiungi ordine' }).waitFor();
    expect(await ordersList(page).isVisible()).toBe(false);
    const form = await measure(page);
    expect(form.scrollWidth).toBeLessThanOrEqual(viewport.width);
    expect(form.tooSmall).toEqual([]);
    expect(form.controls).toBeGreaterThan(15);
    await expectNoA11yViolations(page, `cassa form (${name})`);

    await views.getByRole('radio', { name: 'Ordini' }).click();
    await ordersList(page).getByRole('listitem').first().waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Aggiungi ordine' }).isVisible()).toBe(false);
    const list = await measure(page);
    expect(list.scrollWidth).toBeLessThanOrEqual(viewport.width);
    expect(list.tooSmall).toEqual([]);
    expect(await rowProblems(page)).toEqual([]);
    const mario = ordersList(page).getByRole('listitem').filter({ hasText: 'Mario Rossi' });
    for (const control of [
      mario.locator('.cassa-status'),
      mario.getByRole('checkbox', { name: 'Non Consegnato' }).locator('xpath=ancestor::label'),
      mario.getByRole('button', { name: /Stampa|Ristampa/ }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    await expectNoA11yViolations(page, `cassa list (${name})`);

    // An order opened from the list shows its editor; going back returns to the list.
    await mario.getByRole('button', { name: /Mario Rossi/ }).click();
    await page.waitForURL(/\/cassa\?ordine=\d+$/);
    const client = page.getByLabel('Nome cliente', { exact: true });
    await expect.poll(() => client.inputValue()).toBe('Mario Rossi');
    await page.getByRole('button', { name: 'Torna indietro' }).click();
    await ordersList(page).getByRole('listitem').first().waitFor();
  });
});
