/** Optional "+" then 8 to 15 digits. */
export const PHONE_PATTERN = /^\+?\d{8,15}$/;

export const PHONE_MESSAGE = 'Il numero di telefono è obbligatorio e deve essere valido.';

/** Spaces, dots, dashes and brackets are what people type between digits; they carry no meaning. */
export function normalizePhone(raw: string): string {
  return raw.replace(/[\s.\-()/]/g, '');
}

export function isValidPhone(raw: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(raw));
}
