import type { Clock } from '../clock';
import { addMinutes } from '../clock';
import type { Db } from '../db/database';
import { prepared } from '../db/prepared';
import type { UserRow } from '../db/schema';
import { transaction } from '../db/transaction';
import { AppError, FieldErrorCollector, fieldLabel, fieldMessages, invalid } from '../errors';
import type { MailQueue } from '../mail/queue';
import { resetMail, staffInviteMail, verificationMail } from '../mail/templates';
import { isUniqueViolation } from '../db/database';
import { hashPassword, hashSecret, needsRehash, newPasswordProblem, newSecret, verifyPassword } from './passwords';
import { LoginThrottle, RateLimiter, type LimitStore } from './rate-limiter';
import type { SessionStreams } from './session-streams';
import type { StaffRole, VerifyOutcome } from '../../src/domain';

/** How long a session lasts: staff sessions end after a working day, customers stay signed in a month. */
export const TOKEN_TTL_MINUTES: Record<AuthUser['role'], number> = { admin: 12 * 60, customer: 30 * 24 * 60 };
const VERIFY_TTL_MINUTES = 24 * 60;
const RESET_TTL_MINUTES = 60;
/** A new staff member may open the invitation on their next shift. */
const INVITE_TTL_MINUTES = 3 * 24 * 60;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  passwordsDiffer: 'Le password non coincidono.',
  badCredentials: 'Credenziali non valide.',
  unverified: 'Devi confermare il tuo indirizzo email prima di accedere. Controlla la tua casella di posta.',
  registered: 'Registrazione completata! Ti abbiamo inviato un link per attivare il tuo account.',
  emailTaken: 'Questo indirizzo email è già registrato.',
  resent: 'Email inviata nuovamente. Controlla la tua casella di posta elettronica',
  forgotSent: (email: string) => `Controlla la tua casella di posta ${email}, ti abbiamo inviato un link per reimpostare la password.`,
  resetDone: 'Password reimpostata con successo!',
  resetInvalid: 'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.',
  changed: 'Password aggiornata con successo.',
  wrongCurrent: 'La password attuale non è corretta.',
  loggedOut: 'Disconnessione effettuata.',
  disabled: 'Account disattivato.',
};

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'customer';
  /** a staff member's role; null for customers */
  staffRole: StaffRole | null;
  verified: boolean;
}

export function toAuthUser(row: UserRow): AuthUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role_name,
    // A staff row without a role (never written so) gets the lesser one.
    staffRole: row.role_name === 'admin' ? (row.staff_role ?? 'cashier') : null,
    verified: row.email_verified_at !== null,
  };
}

export interface AuthConfig {
  appUrl: string;
  shopName: () => Promise<string>;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function checkNewPassword(errors: FieldErrorCollector, password: string, confirmation: string | undefined, email: string): void {
  if (!password) errors.add('password', fieldMessages.required(fieldLabel('password')));
  else {
    const problem = newPasswordProblem(password, email);
    if (problem) errors.add('password', problem);
  }
  if (confirmation !== undefined && password !== confirmation) errors.add('password', MESSAGES.passwordsDiffer);
}

/** "45 secondi", "2 minuti": how long to wait, as a person says it. */
export function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} secondi`;
  return `${Math.ceil(seconds / 60)} minuti`;
}

function checkEmail(errors: FieldErrorCollector, email: string): void {
  if (!email) errors.add('email', fieldMessages.required(fieldLabel('email')));
  else if (!EMAIL_PATTERN.test(email)) errors.add('email', fieldMessages.format(fieldLabel('email')));
}

/** A signed-in session: its token's row and who it belongs to. */
export interface Session {
  id: number;
  user: AuthUser;
}

const sessionForTokenQuery = prepared<{ hash: string }, UserRow & { session_id: number; expires_at: string }>((db, param) =>
  db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .selectAll('users')
    .select(['api_tokens.id as session_id', 'api_tokens.expires_at'])
    .where('api_tokens.token_hash', '=', param('hash'))
    .where('users.disabled_at', 'is', null),
);

/** Registration, e-mail verification, tokens and passwords, Laravel-style. Knows nothing of HTTP. */
export class AuthService {
  private readonly loginThrottle: LoginThrottle;
  private readonly mailLimiter: RateLimiter;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mail: MailQueue,
    private readonly config: AuthConfig,
    limits: LimitStore,
    private readonly streams: SessionStreams,
  ) {
    this.loginThrottle = new LoginThrottle(limits, { freeFailures: 5, firstBackoffMs: 60_000, accountFailuresPerHour: 100 });
    this.mailLimiter = new RateLimiter(limits, 'mail', 1, 60_000);
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  async createUser(
    input: {
      name: string;
      email: string;
      password: string;
      role: 'admin' | 'customer';
      /** staff only; the first account, and any not told otherwise, is an owner */
      staffRole?: StaffRole;
      verified: boolean;
    },
    tx: Db = this.db,
    passwordHash?: string,
  ): Promise<UserRow> {
    const password_hash = passwordHash ?? (await hashPassword(input.password));
    return tx
      .insertInto('users')
      .values({
        name: input.name.trim(),
        email: normalizeEmail(input.email),
        password_hash,
        role_name: input.role,
        staff_role: input.role === 'admin' ? (input.staffRole ?? 'owner') : null,
        email_verified_at: input.verified ? this.now() : null,
        created_at: this.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async register(input: { name: string; email: string; password: string; password_confirmation?: string }): Promise<{ email: string }> {
    const email = normalizeEmail(input.email);
    const errors = new FieldErrorCollector();
    if (!input.name.trim()) errors.add('name', fieldMessages.required(fieldLabel('name')));
    checkEmail(errors, email);
    checkNewPassword(errors, input.password, input.password_confirmation, email);
    if (!errors.has('email')) {
      const taken = await this.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (taken) errors.add('email', MESSAGES.emailTaken);
    }
    errors.throwIfAny();
    const passwordHash = await hashPassword(input.password);
    const shopName = await this.config.shopName();
    try {
      // The account and its verification mail are one change: both or neither.
      await transaction(this.db, 'auth.register', async (tx) => {
        const user = await this.createUser({ ...input, email, role: 'customer', verified: false }, tx, passwordHash);
        await this.queueVerification(tx, shopName, user);
      });
    } catch (error) {
      // The same address registered twice at once: the second insert loses the race on the unique index.
      if (isUniqueViolation(error)) throw invalid({ email: [MESSAGES.emailTaken] });
      throw error;
    }
    return { email };
  }

  /** A new single-use link, replacing the older ones of the same kind; inside the caller's transaction. */
  private async issueLink(tx: Db, userId: number, purpose: 'verify' | 'reset', ttlMinutes: number): Promise<string> {
    const secret = newSecret();
    await tx.deleteFrom('user_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
    await tx
      .insertInto('user_tokens')
      .values({
        user_id: userId,
        purpose,
        token_hash: hashSecret(secret),
        expires_at: addMinutes(this.clock.now(), ttlMinutes).toISOString(),
        used_at: null,
        created_at: this.now(),
      })
      .execute();
    return secret;
  }

  /** Marks a link used and returns its user id, if it is valid for this e-mail and purpose. */
  private async consumeLink(tx: Db, email: string, secret: string, purpose: 'verify' | 'reset'): Promise<UserRow | null> {
    const row = await tx
      .selectFrom('user_tokens')
      .innerJoin('users', 'users.id', 'user_tokens.user_id')
      .selectAll('users')
      .select(['user_tokens.id as token_id', 'user_tokens.expires_at', 'user_tokens.used_at'])
      .where('user_tokens.token_hash', '=', hashSecret(secret))
      .where('user_tokens.purpose', '=', purpose)
      .where('users.email', '=', normalizeEmail(email))
      .where('users.disabled_at', 'is', null)
      .executeTakeFirst();
    if (!row || row.used_at !== null || row.expires_at <= this.now()) return null;
    const used = await tx
      .updateTable('user_tokens')
      .set({ used_at: this.now() })
      .where('id', '=', row.token_id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return null;
    const { token_id: _tokenId, expires_at: _expiresAt, used_at: _usedAt, ...user } = row;
    return user;
  }

  private async queueVerification(tx: Db, shopName: string, user: UserRow): Promise<void> {
    const secret = await this.issueLink(tx, user.id, 'verify', VERIFY_TTL_MINUTES);
    const url = `${this.config.appUrl}/api/email/verify?email=${encodeURIComponent(user.email)}&token=${secret}`;
    await this.mail.enqueue(tx, verificationMail(shopName, user.email, user.name, url));
  }

  private async throttleMail(key: string): Promise<void> {
    const wait = await this.mailLimiter.take(key);
    if (wait > 0)
      throw new AppError('too_many', `Hai già richiesto un'email da poco: riprova tra ${waitText(wait)}.`, {
        code: 'mail.throttled',
        retryAfterSeconds: wait,
      });
  }

  async resendVerification(rawEmail: string): Promise<string> {
    const email = normalizeEmail(rawEmail);
    const errors = new FieldErrorCollector();
    checkEmail(errors, email);
    errors.throwIfAny();
    await this.throttleMail(`verify:${email}`);
    const shopName = await this.config.shopName();
    await transaction(this.db, 'auth.resend_verification', async (tx) => {
      const user = await tx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
      if (user && user.email_verified_at === null) await this.queueVerification(tx, shopName, user);
    });
    return MESSAGES.resent;
  }

  /** The outcome of a verification link, which the verify-message page names in Italian. */
  async verifyEmail(email: string, secret: string): Promise<VerifyOutcome> {
    // Only a genuine link may tell whether the address is already verified.
    const link = await this.db
      .selectFrom('user_tokens')
      .innerJoin('users', 'users.id', 'user_tokens.user_id')
      .select('users.email_verified_at')
      .where('user_tokens.token_hash', '=', hashSecret(secret))
      .where('user_tokens.purpose', '=', 'verify')
      .where('users.email', '=', normalizeEmail(email))
      .executeTakeFirst();
    if (!link) return 'invalid_link';
    if (link.email_verified_at) return 'already_verified';
    return transaction(this.db, 'auth.verify_email', async (tx) => {
      const owner = await this.consumeLink(tx, email, secret, 'verify');
      if (!owner) return 'invalid_link';
      await tx.updateTable('users').set({ email_verified_at: this.now() }).where('id', '=', owner.id).execute();
      return 'verified';
    });
  }

  async login(rawEmail: string, password: string, clientKey: string): Promise<{ token: string; user: AuthUser }> {
    const email = normalizeEmail(rawEmail);
    const errors = new FieldErrorCollector();
    checkEmail(errors, email);
    if (!password) errors.add('password', fieldMessages.required(fieldLabel('password')));
    errors.throwIfAny();

    // Counted before the hash, atomically in the database: a parallel burst, to any process, cannot outrun it.
    const wait = await this.loginThrottle.attempt(email, clientKey);
    if (wait > 0) {
      throw new AppError('too_many', `Troppi tentativi di accesso. Riprova tra ${waitText(wait)}.`, {
        code: 'login.throttled',
        retryAfterSeconds: wait,
      });
    }

    const user = await this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    // An unknown address costs the same hashing time as a wrong password: timing reveals no accounts.
    const matches = user ? await verifyPassword(password, user.password_hash) : (await hashPassword(password), false);
    if (!user || !matches) throw invalid({ email: [MESSAGES.badCredentials] }, 'login.failed');
    await this.loginThrottle.succeeded(email, clientKey);
    // Said only to whoever knows the password: a disabled account is not revealed to a guesser.
    if (user.disabled_at !== null) throw new AppError('forbidden', MESSAGES.disabled, { code: 'account.disabled' });
    if (needsRehash(user.password_hash)) {
      await this.db
        .updateTable('users')
        .set({ password_hash: await hashPassword(password) })
        .where('id', '=', user.id)
        .where('password_hash', '=', user.password_hash)
        .execute();
    }
    if (user.email_verified_at === null) {
      throw new AppError('forbidden', MESSAGES.unverified, {
        code: 'email.unverified',
        extra: { email_verified: false, email: user.email },
      });
    }
    const authUser = toAuthUser(user);
    return { token: await this.issueToken(authUser), user: authUser };
  }

  async issueToken(user: Pick<AuthUser, 'id' | 'role'>): Promise<string> {
    const token = newSecret();
    await this.db
      .insertInto('api_tokens')
      .values({
        user_id: user.id,
        token_hash: hashSecret(token),
        expires_at: addMinutes(this.clock.now(), TOKEN_TTL_MINUTES[user.role]).toISOString(),
        created_at: this.now(),
      })
      .execute();
    return token;
  }

  /** Every signed-in request asks: read from the database each time, so a logout takes effect at once. */
  async sessionForToken(token: string): Promise<Session | null> {
    const row = (await sessionForTokenQuery(this.db, { hash: hashSecret(token) })).rows[0];
    if (!row || row.expires_at <= this.now()) return null;
    return { id: row.session_id, user: toAuthUser(row) };
  }

  /** The session's streams close with it, in every process. */
  async logout(token: string): Promise<void> {
    const ended = await this.db.deleteFrom('api_tokens').where('token_hash', '=', hashSecret(token)).returning('id').execute();
    await this.#streamsEnded(ended);
  }

  async #streamsEnded(sessions: { id: number }[]): Promise<void> {
    for (const { id } of sessions) await this.streams.ended({ sessionId: id });
  }

  /** A user's sessions were deleted (an account disabled): their open streams close now. */
  sessionsEnded(userId: number): Promise<void> {
    return this.streams.ended({ userId });
  }

  /** Same answer whether or not the address is registered, so the form reveals no accounts. */
  async forgotPassword(rawEmail: string): Promise<string> {
    const typed = rawEmail.trim();
    const email = normalizeEmail(rawEmail);
    const errors = new FieldErrorCollector();
    checkEmail(errors, email);
    errors.throwIfAny();
    await this.throttleMail(`reset:${email}`);
    const shopName = await this.config.shopName();
    // Known or not, the answer is the same and comes as fast: the mail is only queued, never sent here.
    await transaction(this.db, 'auth.forgot_password', async (tx) => {
      const user = await tx.selectFrom('users').selectAll().where('email', '=', email).where('disabled_at', 'is', null).executeTakeFirst();
      if (user) await this.queuePasswordLink(tx, user, 'reset', shopName);
    });
    return MESSAGES.forgotSent(typed);
  }

  /**
   * Queues, in the caller's transaction, the mail with a link to set a password: 'reset' (valid an
   * hour) or 'invite' for a new staff member (valid three days). The link is the reset page's.
   */
  async queuePasswordLink(tx: Db, user: Pick<UserRow, 'id' | 'email' | 'name'>, kind: 'reset' | 'invite', shopName: string): Promise<void> {
    const secret = await this.issueLink(tx, user.id, 'reset', kind === 'invite' ? INVITE_TTL_MINUTES : RESET_TTL_MINUTES);
    const url = `${this.config.appUrl}/auth/reset-password?token=${secret}&email=${encodeURIComponent(user.email)}`;
    await this.mail.enqueue(tx, (kind === 'invite' ? staffInviteMail : resetMail)(shopName, user.email, user.name, url));
  }

  async resetPassword(input: { token: string; email: string; password: string; password_confirmation: string }): Promise<string> {
    const errors = new FieldErrorCollector();
    checkNewPassword(errors, input.password, input.password_confirmation, input.email);
    errors.throwIfAny();
    const passwordHash = await hashPassword(input.password);
    const userId = await transaction(this.db, 'auth.reset_password', async (tx) => {
      const user = await this.consumeLink(tx, input.email, input.token, 'reset');
      if (!user) throw invalid({ email: [MESSAGES.resetInvalid] });
      // The link proves the address is theirs; old sessions end with the old password.
      await tx
        .updateTable('users')
        .set({ password_hash: passwordHash, email_verified_at: user.email_verified_at ?? this.now() })
        .where('id', '=', user.id)
        .execute();
      await tx.deleteFrom('api_tokens').where('user_id', '=', user.id).execute();
      return user.id;
    });
    await this.sessionsEnded(userId);
    return MESSAGES.resetDone;
  }

  async changePassword(
    user: AuthUser,
    currentToken: string,
    input: { current_password: string; password: string; password_confirmation: string },
  ): Promise<string> {
    const errors = new FieldErrorCollector();
    checkNewPassword(errors, input.password, input.password_confirmation, user.email);
    const row = await this.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    if (!(await verifyPassword(input.current_password, row.password_hash))) errors.add('current_password', MESSAGES.wrongCurrent);
    errors.throwIfAny();
    const passwordHash = await hashPassword(input.password);
    const others = await transaction(this.db, 'auth.change_password', async (tx) => {
      await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
      return tx
        .deleteFrom('api_tokens')
        .where('user_id', '=', user.id)
        .where('token_hash', '!=', hashSecret(currentToken))
        .returning('id')
        .execute();
    });
    // The other sessions ended with the old password: their streams too, this one's go on.
    await this.#streamsEnded(others);
    return MESSAGES.changed;
  }
}
