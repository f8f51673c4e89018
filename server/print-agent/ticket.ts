import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { components } from '../../openapi/schema';
import { DELIVERY_FEE_LABEL, formatDecimalComma, toCents, type PaperWidthMm } from '../../src/domain';

export type PrintJob = components['schemas']['PrintJob'];
export type PrintTicket = components['schemas']['PrintTicket'];

export const REPRINT_LINE = 'RISTAMPA — possibile doppione';
export const EDITED_LINE = 'MODIFICATO';

/** Code pages with '€' and the Italian accents (cp858 on Epson and most clones; cp850 and cp437 lack '€'). */
export const CODEPAGES = ['cp858', 'windows1252', 'cp850', 'cp437'] as const;
export const CODEPAGE_MAPPINGS = ['epson', 'star', 'xprinter', 'pos-8360', 'bixolon', 'citizen'] as const;

/** How the agent's printer takes text: its code page (cp858 has '€' and the Italian accents on Epson and clones). */
export interface PrinterLayout {
  /** --paper: overrides the width set in 'Stampanti' (which each job carries) */
  paperWidthMm?: PaperWidthMm;
  /** characters per line; 48 on most 80 mm printers (42 on some), 32 on 58 mm */
  columns?: number;
  codepage: (typeof CODEPAGES)[number];
  /** the code page table numbering of the printer's family */
  codepageMapping: (typeof CODEPAGE_MAPPINGS)[number];
}

export const DEFAULT_LAYOUT: PrinterLayout = { codepage: 'cp858', codepageMapping: 'epson' };

/** Characters per line for the job's paper, or the agent's --paper and --columns when given. */
export function columnsFor(layout: PrinterLayout, jobPaperWidthMm: PaperWidthMm): number {
  return layout.columns ?? ((layout.paperWidthMm ?? jobPaperWidthMm) === 58 ? 32 : 48);
}

/**
 * A customer's text as the printer may take it: no C0 controls, DEL or C1 (an ESC or GS in a note would
 * be a command: cut, open the drawer, change the code page), line breaks become spaces.
 */
export function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\r\n\t]+/g, ' ').replace(/[\u0000-\u001F\u007F-\u009F]/g, '');
}

/** Characters a printer's code page lacks, written with what it has (the encoder prints '?' otherwise). */
const TRANSLITERATIONS: Record<string, string> = {
  '—': '-',
  '–': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
  '•': '*',
};

/** Emoji (with their skin tones and flags) and the space before them; © and ® stay. */
const EMOJI = /\s*(?:(?![©®])[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}])+/gu;

/**
 * A customer's text in what the code page has: accents typed as combining marks joined to their letter
 * ('o' + U+0300 → 'ò'), a letter beyond Latin-1 as its base letter ('ễ' → 'e'), emoji and invisible
 * marks left out; the encoder would print each of them as '?'.
 */
function transliterate(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(EMOJI, '')
      // Invisible format characters: right-to-left marks, zero-width spaces and joiners.
      .replace(/\p{Cf}/gu, '')
      .replace(/[—–‘’“”…•]/g, (c) => TRANSLITERATIONS[c] ?? c)
      .replace(/[^\u0020-\u00FF€]/gu, (c) => c.normalize('NFD').replace(/\p{M}/gu, ''))
  );
}

const euro = (amount: number) => `${formatDecimalComma(toCents(amount))} €`;

function dayMonthYear(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * The kitchen ticket in ESC/POS, in the PDF ticket's order: the allergy line first (bold, large), the
 * order number and time large, the customer, the lines with quantities and prices, totals, payment, a cut;
 * the whole repeated for each copy.
 */
export function renderTicket(
  job: Pick<PrintJob, 'ticket' | 'reprint_label' | 'copies' | 'paper_width_mm'>,
  layout: PrinterLayout = DEFAULT_LAYOUT,
): Uint8Array {
  const columns = columnsFor(layout, job.paper_width_mm);
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns,
    codepageMapping: layout.codepageMapping,
    errors: 'relaxed',
  });
  const t = job.ticket;
  const text = (value: string) => transliterate(printable(value));
  const large = (value: string) => encoder.bold(true).size(2, 2).line(text(value)).size(1, 1).bold(false);
  const amountWidth = 12;
  // '100 x ' as wide as the largest quantity needs, so the pizza never runs into it.
  const qtyWidth = Math.max(4, ...t.lines.map((line) => `${line.qty} x `.length));
  const row = (qty: string, description: string, amount: string) =>
    encoder.table(
      [
        { width: qtyWidth, align: 'left' },
        { width: columns - qtyWidth - amountWidth, align: 'left' },
        { width: amountWidth, align: 'right' },
      ],
      [[qty, text(description), amount]],
    );
  const right = (value: string) => encoder.align('right').line(text(value)).align('left');

  encoder.initialize().codepage(layout.codepage);
  for (let copy = 0; copy < job.copies; copy++) {
    if (job.reprint_label) encoder.invert(true).line(text(REPRINT_LINE)).invert(false);
    if (t.edited) encoder.bold(true).line(EDITED_LINE).bold(false);
    if (t.allergy_note) large(`ALLERGIE: ${t.allergy_note}`).rule();
    encoder.align('center').bold(true).line(text(t.shop_name)).bold(false);
    large(`Ordine #${t.order_num}`);
    large(`Ore ${t.delivery_time}`);
    encoder.line(dayMonthYear(t.delivery_date)).line(text(t.delivery_label)).align('left').rule();

    encoder.bold(true).line(text(t.name)).bold(false);
    if (t.intercom_name) encoder.line(text(`Citofono: ${t.intercom_name}`));
    if (t.address) encoder.line(text(t.address));
    if (t.zone_name) encoder.line(text(`Zona: ${t.zone_name}`));
    if (t.telephone) encoder.line(text(`Tel. ${t.telephone}`));
    encoder.rule();

    for (const line of t.lines) row(`${line.qty} x`, line.description, euro(line.total));
    if (t.delivery_fee !== null) row('', DELIVERY_FEE_LABEL, euro(t.delivery_fee));
    encoder.rule();

    if (t.note)
      encoder
        .bold(true)
        .line(text(`Note: ${t.note}`))
        .bold(false)
        .rule();
    if (t.discount_code) {
      right(`Subtotale: ${euro(t.subtotal)}`);
      right(`Sconto ${t.discount_code}: -${euro(t.subtotal - t.total)}`);
    }
    encoder
      .align('right')
      .bold(true)
      .size(1, 2)
      .line(`Totale: ${euro(t.total)}`)
      .size(1, 1)
      .bold(false);
    encoder.line(text(`Pagamento: ${t.payment_label}`)).align('left');
    encoder.cut();
  }
  return encoder.encode();
}
