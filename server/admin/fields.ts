import { FieldErrorCollector } from '../errors';

/** Control characters: never in a one-line text; notes and descriptions may hold line breaks. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const CONTROL_OR_NEWLINE = /[\u0000-\u001f\u007f]/;

/** The back office's messages name the field as its form labels it: 'Prezzo è obbligatorio.' */
export const adminMessages = {
  required: (label: string) => `${label} è obbligatorio.`,
  max: (label: string, n: number) => `${label} non può superare ${n} caratteri.`,
  format: (label: string) => `${label} ha un formato non valido.`,
  characters: (label: string) => `${label} contiene caratteri non ammessi.`,
};

/** Collects a form's field errors with the form's own labels, then throws them together (422 `validation`). */
export class FormCheck extends FieldErrorCollector {
  /** A trimmed text within `max` characters; empty gives '' (or an error when required). */
  text(
    field: string,
    label: string,
    value: string | null | undefined,
    options: { max: number; required?: boolean; multiline?: boolean },
  ): string {
    const text = (value ?? '').trim();
    if (options.required && text === '') this.add(field, adminMessages.required(label));
    else if ([...text].length > options.max) this.add(field, adminMessages.max(label, options.max));
    else if ((options.multiline ? CONTROL : CONTROL_OR_NEWLINE).test(text)) this.add(field, adminMessages.characters(label));
    return text;
  }
}
