/** A kitchen printer's settings ('Stampanti'): the rules the back office's form and the server share. */

/** The thermal rolls kitchens use, in millimetres. */
export const PAPER_WIDTHS_MM = [58, 80] as const;
export type PaperWidthMm = (typeof PAPER_WIDTHS_MM)[number];
export const MAX_PRINTER_COPIES = 5;
export const MAX_PRINTER_NAME = 100;

export const PRINTER_LABELS = {
  name: 'Nome',
  paperWidth: 'Larghezza carta',
  copies: 'Copie',
  autoPrint: 'Stampa automatica dei nuovi ordini online',
} as const;

export const PRINTER_MESSAGES = {
  paperWidth: 'Larghezza carta deve essere 58 o 80 mm.',
  copies: `Copie deve essere un numero da 1 a ${MAX_PRINTER_COPIES}.`,
} as const;

export const isPaperWidth = (mm: number): mm is PaperWidthMm => (PAPER_WIDTHS_MM as readonly number[]).includes(mm);
export const isPrinterCopies = (copies: number): boolean => Number.isInteger(copies) && copies >= 1 && copies <= MAX_PRINTER_COPIES;

/** A printer whose agent has not reported for this long is unreachable since its last report. */
export const PRINTER_SILENCE_MS = 30_000;
