/**
 * The outcomes of an e-mail verification link. The server redirects to
 * `/auth/verify-message?message=<outcome>` and the page shows the outcome's text: only these texts,
 * never words taken from the URL.
 */
export const VERIFY_MESSAGES = {
  verified: 'Indirizzo email verificato con successo! Ora puoi accedere.',
  already_verified: 'Il tuo indirizzo email è già stato verificato. Puoi accedere.',
  invalid_link: 'Il link di verifica non è valido o è scaduto. Accedi e richiedi un nuovo link.',
} as const;

export type VerifyOutcome = keyof typeof VERIFY_MESSAGES;

/** The text of an outcome named in the URL; null for anything else. */
export function verifyMessage(outcome: string | null): string | null {
  return outcome !== null && Object.hasOwn(VERIFY_MESSAGES, outcome) ? VERIFY_MESSAGES[outcome as VerifyOutcome] : null;
}
