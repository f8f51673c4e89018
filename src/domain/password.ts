/** The one password rule, for registration, reset, change and the staff account (browser and server). */
export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_MESSAGES = {
  tooShort: `Il campo password deve contenere almeno ${PASSWORD_MIN_LENGTH} caratteri.`,
  isEmail: 'La password non può essere il tuo indirizzo email.',
  tooEasy: 'Questa password è troppo facile da indovinare: scegline una meno comune.',
} as const;

/**
 * Why a new password is refused, or null. `isCommon` answers whether it is one of the most used
 * passwords (the server holds the list; the browser may leave it out and the server still says so).
 */
export function passwordProblem(password: string, email: string, isCommon: (lowercase: string) => boolean = () => false): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  const lower = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  if (address && (lower === address || lower === localPart)) return PASSWORD_MESSAGES.isEmail;
  // "aaaaaaaa", eight spaces, "abababab": too few different characters to be guessed slowly.
  if (new Set(lower).size < 3 || isCommon(lower)) return PASSWORD_MESSAGES.tooEasy;
  return null;
}
