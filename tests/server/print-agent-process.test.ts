import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentApi } from '../../server/print-agent/api';
import { startAgent, type AgentTiming } from '../../server/print-agent/agent';
import { renderTicket } from '../../server/print-agent/ticket';
import { CUT, decodeCp858, fakePrinter, fakeServer, ticket, until, type FakePrinter, type FakeServer } from './print-agent-fakes';

const FAST: Partial<AgentTiming> = { statusEveryMs: 200, pollEveryMs: 200, confirmTimeoutMs: 1_000, backoffMinMs: 100, backoffMaxMs: 400 };
const layout = { paperWidthMm: 80, codepage: 'cp858', codepageMapping: 'epson' } as const;

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function setUp() {
  const server = await fakeServer();
  const printer = await fakePrinter();
  cleanup.push(server.close, printer.stop);
  return { server, printer };
}

function agent(server: FakeServer, printer: FakePrinter, timing: Partial<AgentTiming> = FAST, lines: string[] = []) {
  const running = startAgent({
    api: agentApi(server.url, server.token),
    printer: printer.address,
    layout,
    timing,
    log: (l) => lines.push(l),
  });
  cleanup.push(running.stop);
  return running;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('the kitchen ticket in ESC/POS', () => {
  it('decodes in cp858 to the ticket with its euro signs and accents, the allergy line first in bold and large, and a cut', async () => {
    const { server, printer } = await setUp();
    agent(server, printer);
    server.addJob({ note: 'Più mozzarella, però niente sale' });
    await until(() => server.jobs[0]!.state === 'done');

    const bytes = printer.bytes();
    const text = decodeCp858(bytes);
    expect(text).toContain('ALLERGIE: noci, latte');
    expect(text).toContain('Ordine #123');
    expect(text).toContain('Ore 20:15');
    expect(text).toContain('Niccolò Bàrberi');
    expect(text).toContain('Via della Città 5');
    expect(text).toContain('Note: Più mozzarella, però niente sale');
    expect(text).toMatch(/2 x\s+Margherita\s+12,50 €/);
    expect(text).toMatch(/Costo di consegna\s+2,00 €/);
    expect(text).toContain('Totale: 23,50 €');
    expect(text).toContain('Pagamento: Contanti');
    expect(text).not.toContain('?');
    // ESC t 19: Epson's number for cp858; then the allergies before the order number, bold (ESC E 1) and double size (GS ! 0x11).
    expect(Buffer.from(bytes).indexOf(Buffer.from([0x1b, 0x74, 19]))).toBeGreaterThanOrEqual(0);
    const allergies = text.indexOf('ALLERGIE');
    expect(allergies).toBeLessThan(text.indexOf('Ordine #123'));
    expect(text.slice(0, allergies)).toContain('\x1bE\x01\x1d!\x11');
    expect(Buffer.from(bytes).indexOf(CUT)).toBeGreaterThan(text.indexOf('Pagamento'));
  });

  it("writes each copy with its own cut, 'MODIFICATO' on an edited order, and 32 columns on 58 mm paper", () => {
    const twice = decodeCp858(renderTicket({ ticket: ticket({ edited: true }), reprint_label: false, copies: 2, paper_width_mm: 80 }));
    expect(occurrences(twice, 'Ordine #123')).toBe(2);
    expect(occurrences(twice, '\x1dV')).toBe(2);
    expect(twice).toContain('MODIFICATO');

    const narrow = decodeCp858(
      renderTicket({ ticket: ticket(), reprint_label: false, copies: 1, paper_width_mm: 80 }, { ...layout, paperWidthMm: 58 }),
    );
    expect(narrow).toContain('─'.repeat(32));
    expect(narrow).not.toContain('─'.repeat(33));
    expect(narrow).toMatch(/2 x Margherita\s+12,50 €/);
  });

  it("lays the ticket out for the paper set in 'Stampanti' (the job's), unless the agent was started with --paper", () => {
    const { paperWidthMm: _, ...unset } = layout;
    const job = { ticket: ticket(), reprint_label: false, copies: 1, paper_width_mm: 58 } as const;
    const narrow = decodeCp858(renderTicket(job, unset));
    expect(narrow).toContain('─'.repeat(32));
    expect(narrow).not.toContain('─'.repeat(33));
    expect(decodeCp858(renderTicket(job, { ...unset, paperWidthMm: 80 }))).toContain('─'.repeat(48));
  });

  it("prints 'RISTAMPA - possibile doppione' at the top of a job that may be a double, the dash transliterated", () => {
    const text = decodeCp858(renderTicket({ ticket: ticket(), reprint_label: true, copies: 1, paper_width_mm: 80 }));
    expect(text).toContain('RISTAMPA - possibile doppione');
    expect(text.indexOf('RISTAMPA')).toBeLessThan(text.indexOf('ALLERGIE'));
    expect(text).not.toContain('?');
    expect(decodeCp858(renderTicket({ ticket: ticket(), reprint_label: false, copies: 1, paper_width_mm: 80 }))).not.toContain('RISTAMPA');
  });

  it('prints control bytes of customer texts as nothing: a note with ESC and GS commands is only its text', async () => {
    const { server, printer } = await setUp();
    agent(server, printer);
    server.addJob({ note: 'Suonare\x1b@ due\x1dV\x00 volte\x1bp\x00\x19\x19', name: 'Ada\x9b2J Neri', allergy_note: 'latte\x07' });
    await until(() => server.jobs[0]!.state === 'done');

    const text = printer.text();
    expect(text).toContain('Note: Suonare@ dueV volte');
    expect(text).toContain('Ada2J Neri');
    expect(text).toContain('ALLERGIE: latte');
    const bytes = Buffer.from(printer.bytes());
    // One initialisation (ESC @), one cut (GS V), no drawer pulse (ESC p): the note's commands never reach the printer.
    expect(occurrences(bytes.toString('latin1'), '\x1b@')).toBe(1);
    expect(occurrences(bytes.toString('latin1'), '\x1dV')).toBe(1);
    expect(bytes.indexOf(Buffer.from([0x1b, 0x70]))).toBe(-1);
  });
});

describe('customer texts on the ticket', () => {
  const render = (overrides: Parameters<typeof ticket>[0], paperWidthMm: 58 | 80 = 80) =>
    decodeCp858(
      renderTicket({ ticket: ticket(overrides), reprint_label: false, copies: 1, paper_width_mm: 80 }, { ...layout, paperWidthMm }),
    );

  it('keeps a space between a quantity of 10 or 100 and the pizza, on one line, on both papers', () => {
    const lines = [
      { qty: 7, description: 'Diavola', total: 56 },
      { qty: 10, description: 'Margherita', total: 65 },
      { qty: 100, description: 'Capricciosa', total: 900 },
    ];
    for (const width of [80, 58] as const) {
      const text = render({ lines }, width);
      expect(text).toMatch(/(?<!\d)7 x +Diavola +56,00 €/);
      expect(text).toMatch(/(?<!\d)10 x +Margherita +65,00 €/);
      expect(text).toMatch(/(?<!\d)100 x +Capricciosa +900,00 €/);
    }
  });

  it('prints accents typed as combining marks, a letter cp858 lacks as its base letter, and emoji as nothing rather than question marks', () => {
    const text = render({ name: '\u202BNicolo\u0300 Nguyễn\u200B', note: 'Pizza 🍕 ben cotta 👍🏽, grazie! 🇮🇹 © Zoë' });
    expect(text).toContain('Nicolò Nguyen');
    expect(text).toContain('Note: Pizza ben cotta, grazie! © Zoë');
    expect(text).not.toContain('?');
  });
});

describe('the agent and its printer', () => {
  it('prints a ticket once when the printer comes back after 60 s off, never retrying in a tight loop', { timeout: 120_000 }, async () => {
    const { server, printer } = await setUp();
    await printer.stop();
    const lines: string[] = [];
    agent(server, printer, {}, lines);
    server.addJob();
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    expect(server.jobs[0]!.state).toBe('waiting');
    // Backoff from 1 s doubling to 30 s (with up to a fifth of jitter): about 6 job attempts in the minute,
    // never a tight loop, and never none after the first (a retry timer that fired early once stalled them).
    const attempts = server.count(/release$/);
    expect(attempts).toBeGreaterThanOrEqual(4);
    expect(attempts).toBeLessThanOrEqual(8);
    // Each attempt also reports the printer unreachable.
    expect(server.reports.length).toBeLessThanOrEqual(13 + attempts);
    expect(server.reports.at(-1)).toMatchObject({ reachable: false, paper: 'unknown' });

    await printer.start();
    await until(() => server.jobs[0]!.state === 'done', 10_000);
    await until(() => server.reports.at(-1)?.reachable === true);
    expect(occurrences(printer.text(), 'Ordine #123')).toBe(1);
    expect(printer.text()).not.toContain('RISTAMPA');
    expect(server.reports.at(-1)).toEqual({ reachable: true, paper: 'ok' });
  });

  it('keeps retrying when the clock steps back while a retry waits (its timer fires before the retry time), and prints when the printer is back', async () => {
    const { server, printer } = await setUp();
    await printer.stop();
    const lines: string[] = [];
    agent(server, printer, FAST, lines);
    server.addJob();
    await until(() => lines.filter((line) => line.startsWith('Nuovo tentativo')).length >= 2);
    // A shop PC's clock corrected back by a second (or a timer firing a millisecond early): the retry
    // timer fires while Date.now() is still before the retry time.
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() - 1_000);
    const before = server.count(/release$/);
    await until(() => server.count(/release$/) >= before + 2);
    await printer.start();
    await until(() => server.jobs[0]!.state === 'done');
    expect(occurrences(printer.text(), 'Ordine #123')).toBe(1);
  });

  it('prints each ticket once on a printer that never answers status requests, once it has learned so', async () => {
    const { server, printer } = await setUp();
    printer.state.answering = false;
    const lines: string[] = [];
    agent(server, printer, { ...FAST, connectTimeoutMs: 300 }, lines);
    await until(() => lines.some((line) => line.startsWith('La stampante non risponde alle richieste di stato')));
    server.addJob({ order_num: 501 });
    server.addJob({ order_num: 502 });
    await until(() => server.jobs.every((job) => job.state === 'done'));
    // Past a lease's worth of polls nothing prints again (the old agent printed such a ticket after every lease).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(occurrences(printer.text(), 'Ordine #501')).toBe(1);
    expect(occurrences(printer.text(), 'Ordine #502')).toBe(1);
    expect(lines.filter((line) => line.endsWith('stampato, senza conferma della stampante'))).toHaveLength(2);
    expect(server.reports.at(-1)).toEqual({ reachable: true, paper: 'unknown' });
  });

  it('leaves a ticket unconfirmed when a printer that answered before stays silent after it', async () => {
    const { server, printer } = await setUp();
    const lines: string[] = [];
    agent(server, printer, { ...FAST, connectTimeoutMs: 300 }, lines);
    await until(() => server.reports.at(-1)?.paper === 'ok');
    printer.state.answering = false;
    server.addJob({ order_num: 503 });
    await until(() => lines.some((line) => line.includes('stampa non confermata')));
    expect(occurrences(printer.text(), 'Ordine #503')).toBe(1);
    // Still 'sending': after the lease the server hands it out again, labelled as a possible double.
    expect(server.jobs[0]!.state).toBe('sending');
  });

  it('prints a ticket once when the server fails to answer its done a few times (a restart mid-job): it tells done again', async () => {
    const { server, printer } = await setUp();
    server.state.failedDones = 3;
    const lines: string[] = [];
    agent(server, printer, FAST, lines);
    server.addJob({ order_num: 504 });
    await until(() => server.jobs[0]!.state === 'done');
    expect(server.count(/done$/)).toBe(4);
    expect(lines.filter((line) => line.includes('il server non ha risposto'))).toHaveLength(3);
    expect(occurrences(printer.text(), 'Ordine #504')).toBe(1);
    expect(server.count(/release$/)).toBe(0);
  });

  it('does not print a job whose lease another agent holds by the time it would send', async () => {
    const { server, printer } = await setUp();
    server.state.leasesLost = true;
    const lines: string[] = [];
    agent(server, printer, FAST, lines);
    server.addJob();
    await until(() => server.count(/sending$/) === 1);
    await until(() => lines.some((line) => line.includes('preso da un altro agente')));
    expect(printer.text()).not.toContain('Ordine #123');
  });

  it('stops, saying in Italian to pair again, when its token is revoked', async () => {
    const { server, printer } = await setUp();
    server.state.revoked = true;
    const running = agent(server, printer);
    await expect(running.finished).rejects.toThrow(/abbina di nuovo/);
    expect(printer.text()).not.toContain('Ordine');
  });
});
