import { randomBytes } from 'node:crypto';
import type { AuthService } from '../auth/auth.service';
import { EMAIL_PATTERN, normalizeEmail, toAuthUser } from '../auth/auth.service';
import { STAFF_ROLE_LABELS, type StaffRole } from '../../src/domain';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/database';
import { transaction } from '../db/transaction';
import type { UserRow } from '../db/schema';
import { AppError, invalid, notFound } from '../errors';
import { hashPassword } from '../auth/passwords';
import { changedFields, type AdminChanges, type Editor, type Tx } from './changes';
import { FormCheck } from './fields';

/** Staff accounts are in no catalogue: a change of them makes no cassa reload its products. */
const NOT_IN_CATALOGUE = { catalogue: false } as const;

export interface StaffMember {
  id: number;
  version: number;
  name: string;
  email: string;
  role: StaffRole;
  active: boolean;
}

/** What a form sends: the role is left as it is (a new member: a cashier) when absent. */
interface StaffForm {
  name: string;
  email: string;
  role?: StaffRole;
}

const LAST_OWNER = {
  disable: 'Non puoi disattivare l’ultimo amministratore attivo.',
  demote: 'Serve almeno un titolare attivo: questo account resta Titolare.',
};

/** A name and an e-mail as the form sent them, checked and normalized. */
function checkedDetails(form: { name: string; email: string }): { name: string; email: string } {
  const check = new FormCheck();
  const name = check.text('name', 'Nome', form.name, { max: 100, required: true });
  const email = normalizeEmail(check.text('email', 'Email', form.email, { max: 150, required: true, feminine: true }));
  if (email && !check.has('email') && !EMAIL_PATTERN.test(email)) check.add('email', 'Email ha un formato non valido.');
  check.throwIfAny();
  return { name, email };
}

/** An e-mail another account holds is the form's error, not a failure. */
async function refusingTakenEmail<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid({ email: ['Questo indirizzo email è già registrato.'] });
    throw error;
  }
}

const memberOf = (u: UserRow): StaffMember => ({
  id: u.id,
  version: u.version,
  name: u.name,
  email: u.email,
  role: toAuthUser(u).staffRole ?? 'cashier',
  active: u.disabled_at === null,
});

/** The register's words for a member. */
const registered = (m: { name: string; email: string; role: StaffRole }) => ({
  nome: m.name,
  email: m.email,
  ruolo: STAFF_ROLE_LABELS[m.role],
});

/** An active owner who would stop being one. */
const losesAnOwner = (before: UserRow, after: { role: StaffRole; active: boolean }) =>
  before.disabled_at === null && before.staff_role === 'owner' && (after.role !== 'owner' || !after.active);

/**
 * 'Staff': the people who run the cassa and the back office. Created with a link to choose their
 * password; disabled, never deleted (orders and the register name them), their sessions end at once.
 */
export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly changes: AdminChanges,
    private readonly shopName: () => Promise<string>,
  ) {}

  async list(): Promise<StaffMember[]> {
    const rows = await this.db.selectFrom('users').selectAll().where('role_name', '=', 'admin').orderBy('name').orderBy('id').execute();
    return rows.map(memberOf);
  }

  private async member(tx: Db | Tx, id: number): Promise<UserRow> {
    const user = await tx.selectFrom('users').selectAll().where('id', '=', id).where('role_name', '=', 'admin').executeTakeFirst();
    if (!user) throw notFound('Membro dello staff non trovato.');
    return user;
  }

  /**
   * Refuses, inside a change that makes an active owner stop being one, to leave no active owner.
   * Such changes first write one shared row, so they take turns: two owners demoting each other at
   * once cannot each count the other as the owner who stays.
   */
  private async keepAnActiveOwner(tx: Tx, at: string, id: number, message: string): Promise<void> {
    await tx
      .insertInto('meta')
      .values({ key: 'staff_roles_changed_at', value: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: at }))
      .execute();
    const others = await tx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role_name', '=', 'admin')
      .where('staff_role', '=', 'owner')
      .where('disabled_at', 'is', null)
      .where('id', '!=', id)
      .executeTakeFirstOrThrow();
    if (Number(others.n) === 0) throw new AppError('conflict', message, { code: 'staff.last_admin' });
  }

  /** A new staff member receives, by e-mail, a link to choose their password (valid three days). */
  async create(editor: Editor, form: StaffForm): Promise<StaffMember> {
    const { name, email } = checkedDetails(form);
    const role = form.role ?? 'cashier';
    // A real hash of a secret nobody keeps: no login until a password is chosen through the link, and a
    // login attempt costs the same time as for any account.
    const unusable = await hashPassword(randomBytes(32).toString('hex'));
    const shopName = await this.shopName();
    return refusingTakenEmail(
      this.changes.change(
        editor,
        async ({ tx, audit }) => {
          const user = await this.auth.createUser(
            { name, email, password: '', role: 'admin', staffRole: role, verified: true },
            tx,
            unusable,
          );
          await this.auth.queuePasswordLink(tx, user, 'invite', shopName);
          await audit({ entity: 'staff', entityId: user.id, action: 'create', label: name, after: registered({ name, email, role }) });
          return memberOf(user);
        },
        NOT_IN_CATALOGUE,
      ),
    );
  }

  async get(id: number): Promise<StaffMember> {
    return memberOf(await this.member(this.db, id));
  }

  /** A new name, e-mail or role (the login then takes the new e-mail); the register keeps the old ones. */
  async update(editor: Editor, id: number, form: StaffForm & { version: number }): Promise<StaffMember> {
    const { name, email } = checkedDetails(form);
    return refusingTakenEmail(
      this.changes.change(
        editor,
        async ({ tx, at, audit, claim }) => {
          const before = await this.member(tx, id);
          await claim('users', id, form.version, async () => memberOf(await this.member(tx, id)));
          const role = form.role ?? memberOf(before).role;
          if (losesAnOwner(before, { role, active: true })) await this.keepAnActiveOwner(tx, at, id, LAST_OWNER.demote);
          await tx.updateTable('users').set({ name, email, staff_role: role }).where('id', '=', id).execute();
          const changed = changedFields(registered(memberOf(before)), registered({ name, email, role }));
          if (changed) await audit({ entity: 'staff', entityId: id, action: 'update', label: name, ...changed });
          return memberOf(await this.member(tx, id));
        },
        NOT_IN_CATALOGUE,
      ),
    );
  }

  /** Disables (sessions revoked in the same transaction) or re-enables an account; never the last active owner. */
  async setActive(editor: Editor, id: number, active: boolean, version: number): Promise<StaffMember> {
    const member = await this.changes.change(
      editor,
      async ({ tx, at, audit, claim }) => {
        const before = await this.member(tx, id);
        await claim('users', id, version, async () => ({ ...memberOf(await this.member(tx, id)) }));
        if (losesAnOwner(before, { role: memberOf(before).role, active })) await this.keepAnActiveOwner(tx, at, id, LAST_OWNER.disable);
        await tx
          .updateTable('users')
          .set({ disabled_at: active ? null : (before.disabled_at ?? at) })
          .where('id', '=', id)
          .execute();
        if (!active) await tx.deleteFrom('api_tokens').where('user_id', '=', id).execute();
        if ((before.disabled_at === null) !== active) {
          await audit({
            entity: 'staff',
            entityId: id,
            action: 'update',
            label: before.name,
            before: { attivo: !active },
            after: { attivo: active },
          });
        }
        return memberOf(await this.member(tx, id));
      },
      NOT_IN_CATALOGUE,
    );
    // Their open streams end with the sessions, once the deletion is committed.
    if (!active) await this.auth.sessionsEnded(id);
    return member;
  }

  /** Sends a new link to choose a password (a forgotten one, or an invitation that expired). */
  async sendPasswordLink(id: number): Promise<StaffMember> {
    const shopName = await this.shopName();
    return transaction(this.db, 'staff.password_link', async (tx) => {
      const user = await this.member(tx, id);
      if (user.disabled_at !== null) throw new AppError('conflict', 'Account disattivato.', { code: 'account.disabled' });
      await this.auth.queuePasswordLink(tx, user, 'reset', shopName);
      return memberOf(user);
    });
  }
}
