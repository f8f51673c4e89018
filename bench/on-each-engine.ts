import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium';

/**
 * A browser bench under its title: `run` on SQLite, then on PostgreSQL when DATABASE_URL names one,
 * in one headless Chromium closed at the end.
 */
export async function onEachEngine(title: string, run: (browser: Browser, postgres: boolean) => Promise<void>): Promise<void> {
  console.log(`${title}\n`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] });
  try {
    await run(browser, false);
    if (process.env.DATABASE_URL?.startsWith('postgres')) await run(browser, true);
  } finally {
    await browser.close();
  }
}
