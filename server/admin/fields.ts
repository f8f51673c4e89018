import { formatEuro, isOwnImageAddress, MAX_PRICE_CENTS, MIN_PRICE_CENTS, parseEuroInput, type Cents } from '../../src/domain';
import { FieldErrorCollector } from '../errors';

/** Control characters (Unicode category Cc): never in a one-line text; notes and descriptions may hold line breaks. */
const hasControl = (text: string, allowLineBreaks: boolean) => /\p{Cc}/u.test(allowLineBreaks ? text.replace(/[\t\r\n]/g, '') : text);

/** The back office's messages name the field as its form labels it: 'Prezzo è obbligatorio.' */
export const adminMessages = {
  required: (label: string, feminine = false) => `${label} è ${feminine ? 'obbligatoria' : 'obbligatorio'}.`,
  max: (label: string, n: number) => `${label} non può superare ${n} caratteri.`,
  format: (label: string) => `${label} ha un formato non valido.`,
  characters: (label: string) => `${label} contiene caratteri non ammessi.`,
  minPrice: (label: string) => `${label} deve essere almeno ${formatEuro(MIN_PRICE_CENTS)}.`,
};

/** Collects a form's field errors with the form's own labels, then throws them together (422 `validation`). */
export class FormCheck extends FieldErrorCollector {
  /** A trimmed text within `max` characters; empty gives '' (or an error when required). */
  text(
    field: string,
    label: string,
    value: string | null | undefined,
    options: { max: number; required?: boolean; multiline?: boolean; feminine?: boolean },
  ): string {
    const text = (value ?? '').trim();
    if (options.required && text === '') this.add(field, adminMessages.required(label, options.feminine));
    else if ([...text].length > options.max) this.add(field, adminMessages.max(label, options.max));
    else if (hasControl(text, options.multiline ?? false)) this.add(field, adminMessages.characters(label));
    return text;
  }

  /**
   * Euros as the owner typed them ('2,50', parsed once by `parseEuroInput`) → cents; empty is 0.
   * `example` is what the format message suggests ('Costo di consegna ha un formato non valido: scrivi ad esempio 2,50.').
   */
  optionalEuros(field: string, label: string, value: string | null | undefined, example: string): Cents {
    const text = (value ?? '').trim();
    if (text === '') return 0;
    const cents = parseEuroInput(text);
    if (cents === null) this.add(field, `${label} ha un formato non valido: scrivi ad esempio ${example}.`);
    else if (cents > MAX_PRICE_CENTS) this.add(field, `${label} non può superare ${formatEuro(MAX_PRICE_CENTS)}.`);
    return cents ?? 0;
  }

  /** A price that may be none (a delivery fee): empty or 0, or within the price bounds. */
  optionalPrice(field: string, label: string, value: string | null | undefined, example: string): Cents {
    const cents = this.optionalEuros(field, label, value, example);
    if (cents > 0 && cents < MIN_PRICE_CENTS) this.add(field, adminMessages.minPrice(label));
    return cents;
  }

  /** An image address, 'Immagine', or null when empty: only the site's own files (see isOwnImageAddress). */
  imageUrl(field: string, value: string | null | undefined): string | null {
    const url = this.text(field, 'Immagine', value, { max: 255 }) || null;
    if (url && !isOwnImageAddress(url) && !this.has(field)) this.add(field, adminMessages.format('Immagine'));
    return url;
  }
}
