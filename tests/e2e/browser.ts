/**
 * Browser helpers of the e2e suite: Debian's Chromium driven by playwright-core (as a library),
 * one fresh context per page, console/page error collection, axe scans and screenshots on failure.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AxeResults, Result as AxeResult } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type ViewportSize } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { CONSENT_COOKIE } from '../../src/actors/storage';

export const PHONE: ViewportSize = { width: 390, height: 844 };
export const DESKTOP: ViewportSize = { width: 1280, height: 900 };
export const VIEWPORTS = [
  { name: 'phone', viewport: PHONE },
  { name: 'desktop', viewport: DESKTOP },
] as const;

/** localStorage key and value the consent machine reads (src/actors/storage.ts). */
export const CONSENT_KEY = 'pizzeria.cookieConsent';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'e2e');
const AXE_SOURCE = fs.readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', ...CHROMIUM_FLAGS] });
}

export interface PageOptions {
  viewport?: ViewportSize;
  /** pre-seed the cookie consent, so the banner stays away (default true) */
  consented?: boolean;
  /** false: a browser without JavaScript (a crawler, a phone before the scripts run) */
  javaScriptEnabled?: boolean;
}

export interface E2EPage {
  context: BrowserContext;
  page: Page;
  /** every console error and uncaught page error seen so far, in order */
  problems: string[];
  /** tolerate console/page errors matching `pattern`: the ones a test provokes on purpose */
  allowErrors(pattern: RegExp): void;
  /** the problems not covered by `allowErrors` */
  unexpectedProblems(): string[];
}

/** The server's address (from global-setup) joined with a path. */
export function url(pathname = '/'): string {
  return new URL(pathname, inject('baseUrl')).toString();
}

/** A page in a context of its own (nothing shared with other tests: storage, cookies, cache). */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<E2EPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    baseURL: inject('baseUrl'),
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  if (options.consented ?? true) {
    // The consent cookie, as the app writes it on Accetta: the server's HTML then has no banner either.
    await context.addCookies([{ name: CONSENT_COOKIE, value: '1', url: inject('baseUrl') }]);
    await context.addInitScript(
      ([key]) => {
        try {
          window.localStorage.setItem(key, 'true');
        } catch {
          // about:blank and other opaque origins have no storage.
        }
      },
      [CONSENT_KEY] as const,
    );
  }
  const page = await context.newPage();
  if (options.javaScriptEnabled ?? true) {
    // A server-rendered page reads before the app runs, and a tap then does nothing: as a person would
    // wait for a page to respond, every visit waits for the app (hydrated) before the test acts.
    const goto = page.goto.bind(page);
    page.goto = async (target, gotoOptions) => {
      const response = await goto(target, gotoOptions);
      await hydrated(page);
      return response;
    };
  }
  const problems: string[] = [];
  const allowed: RegExp[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const { url: where, lineNumber } = message.location();
      problems.push(`console error: ${message.text()}${where ? ` (${where}:${lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.stack ?? error.message}`));
  return {
    context,
    page,
    problems,
    allowErrors: (pattern) => allowed.push(pattern),
    unexpectedProblems: () => problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem))),
  };
}

/** A call made the way the app makes them: cookie credentials, the XSRF cookie echoed on unsafe methods. */
export const apiCall = (page: Page, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  page.evaluate(
    async ({ method, path, body, headers }) => {
      if (!document.cookie.includes('XSRF-TOKEN=')) await fetch('/api/csrf-cookie', { credentials: 'include' });
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice(11) ?? '',
      );
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: {
          Accept: 'application/json',
          'X-XSRF-TOKEN': xsrf,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
    },
    { method, path, body, headers },
  );

function describeViolation(violation: AxeResult): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `    - ${node.target.join(' ')}${node.failureSummary ? `: ${node.failureSummary.replace(/\s+/g, ' ')}` : ''}`)
    .join('\n');
  const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
}

/** Runs axe (WCAG 2.0 A/AA, 2.1 AA) on the page as it is; fails on serious or critical violations. */
/**
 * Hydrated: React has attached itself to the server's <main>. A server-rendered page reads before
 * that; a click on a link before it is a full page load, not the app's navigation.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const main = document.querySelector('#root main');
      // A client-rendered page has no <main> until the app renders it.
      return main === null || Object.keys(main).some((key) => key.startsWith('__reactFiber'));
      // Polled on a timer, not on animation frames: a hidden tab has none.
    },
    undefined,
    { polling: 50 },
  );
}

export async function expectNoA11yViolations(page: Page, label = page.url()): Promise<AxeResults> {
  const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated through the DevTools protocol, so the page's own CSP does not get in the way.
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    AXE_TAGS,
  );
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = results.violations.filter((v) => !blocking.includes(v));
  if (minor.length > 0) console.warn(`axe (${label}) minor/moderate findings:\n${minor.map(describeViolation).join('\n')}`);
  if (blocking.length > 0) {
    throw new Error(
      `axe found ${blocking.length} serious/critical violation(s) on ${label}:\n${blocking.map(describeViolation).join('\n')}`,
    );
  }
  return results;
}

/**
 * The lowest contrast ratio (WCAG formula) between `textColor` and any pixel of the background painted
 * under `locator`: for text over gradients and images, which axe can only mark "needs review". The
 * element's text is made transparent for the screenshot, then decoded in a blank page.
 */
export async function worstTextContrast(locator: Locator, textColor: [number, number, number] = [255, 255, 255]): Promise<number> {
  const hide = (el: Element, hidden: boolean) => {
    for (const node of [el, ...Array.from(el.querySelectorAll('*'))] as HTMLElement[]) {
      node.style.setProperty('color', hidden ? 'transparent' : '');
      node.style.setProperty('text-shadow', hidden ? 'none' : '');
    }
  };
  await locator.evaluate(hide, true);
  const png = await locator.screenshot({ animations: 'disabled' });
  await locator.evaluate(hide, false);
  const scratch = await locator.page().context().newPage();
  try {
    return await scratch.evaluate(
      async ([data, text]) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(image, 0, 0);
        const { data: px } = ctx.getImageData(0, 0, canvas.width, canvas.height);
        const channel = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        const luminance = (r: number, g: number, b: number) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        const textL = luminance(text[0], text[1], text[2]);
        let worst = Infinity;
        for (let i = 0; i < px.length; i += 4) {
          const l = luminance(px[i]!, px[i + 1]!, px[i + 2]!);
          worst = Math.min(worst, (Math.max(l, textL) + 0.05) / (Math.min(l, textL) + 0.05));
        }
        return worst;
      },
      [png.toString('base64'), textColor] as const,
    );
  } finally {
    await scratch.close();
  }
}

function fileSafe(name: string): string {
  return name
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 150);
}

/**
 * Registers the per-file browser lifecycle: one Chromium for the file, a fresh context for every
 * `open()`. After each test: a full-page screenshot of every open page when the test failed
 * (test-results/e2e/<test name>.png), a check that no unexpected console/page error happened,
 * then the contexts are closed.
 */
export function useBrowser(): { open(options?: PageOptions): Promise<E2EPage> } {
  let browser: Browser | undefined;
  let opened: E2EPage[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterEach(async ({ task }) => {
    const pages = opened;
    opened = [];
    try {
      const problems = pages.flatMap((p) => p.unexpectedProblems());
      if (task.result?.state === 'fail' || problems.length > 0) {
        fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
        const base = fileSafe(task.fullTestName ?? task.name);
        for (const [index, p] of pages.entries()) {
          if (p.page.isClosed()) continue;
          const file = path.join(SCREENSHOT_DIR, `${base}${index > 0 ? `-${index + 1}` : ''}.png`);
          await p.page.screenshot({ path: file, fullPage: true, timeout: 10_000 }).catch(() => undefined);
        }
      }
      if (problems.length > 0) throw new Error(`unexpected console/page errors:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    } finally {
      await Promise.all(pages.map((p) => p.context.close().catch(() => undefined)));
    }
  });

  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });

  return {
    async open(options) {
      if (!browser) throw new Error('useBrowser(): the browser is not running (open() called outside a test?)');
      const p = await newPage(browser, options);
      opened.push(p);
      return p;
    },
  };
}

/** A date picker (its group, e.g. getByRole('group', { name: 'Dal', exact: true })) typed as a person does: gg mm aaaa. */
export async function typeDate(picker: Locator, isoDate: string) {
  const [year, month, day] = isoDate.split('-');
  await picker.getByRole('spinbutton').first().click();
  await picker.page().keyboard.type(`${day}${month}${year}`);
}

/** What a date picker shows: '24/12/2026', or 'gg/mm/aaaa' when empty. */
export const shownDate = async (picker: Locator) => (await picker.getByRole('spinbutton').allTextContents()).join('/');
