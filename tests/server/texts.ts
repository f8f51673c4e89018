/** The texts the user reads (SPEC §2 and §8, and the server's own Italian messages), as the server tests expect them. */
export const REGISTERED = 'Registrazione completata! Ti abbiamo inviato un link per attivare il tuo account.';
export const UNVERIFIED = 'Devi confermare il tuo indirizzo email prima di accedere. Controlla la tua casella di posta.';
export const BAD_CREDENTIALS = 'Credenziali non valide.';
export const PASSWORDS_DIFFER = 'Le password non coincidono.';
export const EMAIL_TAKEN = 'Questo indirizzo email è già registrato.';
export const RESENT = 'Email inviata nuovamente. Controlla la tua casella di posta elettronica';
export const RESET_DONE = 'Password reimpostata con successo!';
export const RESET_INVALID = 'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.';
export const CHANGED = 'Password aggiornata con successo.';
export const WRONG_CURRENT = 'La password attuale non è corretta.';
export const UNAUTHENTICATED = 'Devi accedere per continuare.';
export const XSRF_REJECTED = 'Sessione scaduta: ricarica la pagina e riprova.';
export const TOO_EASY = 'Questa password è troppo facile da indovinare: scegline una meno comune.';
export const IS_EMAIL = 'La password non può essere il tuo indirizzo email.';
export const TOO_SHORT = 'Il campo password deve contenere almeno 8 caratteri.';
export const forgotSent = (email: string) =>
  `Controlla la tua casella di posta ${email}, ti abbiamo inviato un link per reimpostare la password.`;
