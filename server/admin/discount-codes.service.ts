import { formatEuroInput, parseEuroInput, ORDER_STATUS } from '../../src/domain';
import type { Db } from '../db/database';
import type { DiscountCodesTable } from '../db/schema';
import { isUniqueViolation } from '../db/database';
import { notFound } from '../errors';
import { changedFields, type AdminChanges, type Editor, type Tx } from './changes';
import { FormCheck } from './fields';
import type { Selectable } from 'kysely';

/** A code as the owner types it: amounts and dates as text. */
export interface DiscountCodeForm {
  code: string;
  kind: 'percent' | 'fixed';
  amount: string;
  min_order: string;
  delivery: 'any' | 'consegna' | 'ritiro';
  valid_from: string | null;
  valid_until: string | null;
  label: string;
  active: boolean;
}

export interface DiscountCodeRecord {
  id: number;
  version: number;
  code: string;
  kind: 'percent' | 'fixed';
  /** percent, or cents */
  amount: number;
  minOrderCents: number;
  delivery: 'consegna' | 'ritiro' | null;
  validFrom: string | null;
  validUntil: string | null;
  label: string;
  active: boolean;
  timesUsed: number;
}

const CODE = /^[A-Z0-9-]{3,50}$/;
/** Kept by the pickup offer the home page and the cart show (SPEC §4): deactivated, never renamed. */
export const PICKUP_CODE = 'RITIRO-IN-PIZZERIA';

const record = (row: Selectable<DiscountCodesTable>, timesUsed: number): DiscountCodeRecord => ({
  id: row.id,
  version: row.version,
  code: row.code,
  kind: row.kind,
  amount: row.amount,
  minOrderCents: row.min_order_cents,
  delivery: row.delivery,
  validFrom: row.valid_from,
  validUntil: row.valid_until,
  label: row.label,
  active: row.active === 1,
  timesUsed,
});

const auditView = (c: DiscountCodeRecord) => ({
  code: c.code,
  kind: c.kind,
  amount: c.kind === 'percent' ? `${c.amount}%` : formatEuroInput(c.amount),
  min_order: formatEuroInput(c.minOrderCents),
  delivery: c.delivery ?? 'any',
  valid_from: c.validFrom,
  valid_until: c.validUntil,
  label: c.label,
  active: c.active,
});

/** Discount codes: created and edited by version, deactivated rather than deleted; a used code keeps its name. */
export class DiscountCodesService {
  constructor(
    private readonly db: Db,
    private readonly changes: AdminChanges,
  ) {}

  /** Times used: the orders (not cancelled) that carry the code. */
  private async usage(db: Db | Tx): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('orders')
      .select(['discount_code', (eb) => eb.fn.countAll<number>().as('n')])
      .where('discount_code', 'is not', null)
      .where('status', '!=', ORDER_STATUS.cancelled)
      .groupBy('discount_code')
      .execute();
    return new Map(rows.map((r) => [r.discount_code!, Number(r.n)]));
  }

  async list(db: Db | Tx = this.db): Promise<DiscountCodeRecord[]> {
    const [rows, usage] = await Promise.all([db.selectFrom('discount_codes').selectAll().orderBy('code').execute(), this.usage(db)]);
    return rows.map((row) => record(row, usage.get(row.code) ?? 0));
  }

  async get(id: number, db: Db | Tx = this.db): Promise<DiscountCodeRecord> {
    const found = (await this.list(db)).find((c) => c.id === id);
    if (!found) throw notFound('Codice sconto non trovato.');
    return found;
  }

  private checked(form: DiscountCodeForm) {
    const check = new FormCheck();
    const code = form.code.trim().toUpperCase();
    if (code === '') check.add('code', 'Codice è obbligatorio.');
    else if (!CODE.test(code)) check.add('code', 'Codice deve avere da 3 a 50 caratteri: lettere A-Z, cifre e trattini.');
    let amount = 0;
    if (form.kind === 'percent') {
      amount = /^\d{1,3}$/.test(form.amount.trim()) ? Number(form.amount.trim()) : NaN;
      if (!(amount >= 1 && amount <= 100)) check.add('amount', 'Sconto deve essere una percentuale intera tra 1 e 100.');
    } else {
      const cents = parseEuroInput(form.amount);
      if (cents === null) check.add('amount', 'Sconto ha un formato non valido: scrivi ad esempio 5,00.');
      else if (cents <= 0) check.add('amount', 'Sconto deve essere maggiore di zero.');
      amount = cents ?? 0;
    }
    const minOrderCents = check.optionalEuros('min_order', 'Ordine minimo', form.min_order, '15,00');
    const validFrom = form.valid_from || null;
    const validUntil = form.valid_until || null;
    if (validFrom && validUntil && validUntil < validFrom) check.add('valid_until', 'Valido fino al non può precedere Valido dal.');
    const label = check.text('label', 'Descrizione', form.label, { max: 150, required: true, feminine: true });
    check.throwIfAny();
    return {
      code,
      kind: form.kind,
      amount,
      min_order_cents: minOrderCents,
      delivery: form.delivery === 'any' ? null : form.delivery,
      valid_from: validFrom,
      valid_until: validUntil,
      label,
      active: form.active ? 1 : 0,
    };
  }

  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) {
        const check = new FormCheck();
        check.add('code', 'Esiste già un codice con questo nome.');
        check.throwIfAny();
      }
      throw error;
    }
  }

  async create(editor: Editor, form: DiscountCodeForm): Promise<DiscountCodeRecord> {
    const row = this.checked(form);
    return this.changes.change(editor, async ({ tx, audit }) => {
      const { id } = await this.unique(() => tx.insertInto('discount_codes').values(row).returning('id').executeTakeFirstOrThrow());
      const created = await this.get(id, tx);
      await audit({ entity: 'discount_code', entityId: id, action: 'create', label: created.code, after: auditView(created) });
      return created;
    });
  }

  async update(editor: Editor, id: number, form: DiscountCodeForm & { version: number }): Promise<DiscountCodeRecord> {
    const row = this.checked(form);
    return this.changes.change(editor, async ({ tx, audit, claim }) => {
      const before = await this.get(id, tx);
      await claim('discount_codes', id, form.version, () => this.get(id, tx));
      if (row.code !== before.code && (before.timesUsed > 0 || before.code === PICKUP_CODE)) {
        const check = new FormCheck();
        check.add('code', 'Un codice già usato non si può rinominare: disattivalo e creane uno nuovo.');
        check.throwIfAny();
      }
      await this.unique(() => tx.updateTable('discount_codes').set(row).where('id', '=', id).execute());
      const after = await this.get(id, tx);
      const diff = changedFields(auditView(before), auditView(after));
      if (diff) await audit({ entity: 'discount_code', entityId: id, action: 'update', label: after.code, ...diff });
      return after;
    });
  }
}
