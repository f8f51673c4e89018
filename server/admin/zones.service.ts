import type { Selectable } from 'kysely';
import { DELIVERY_FEE_LABEL, formatEuroInput, HIDDEN_ZONE, MIN_ORDER_LABEL, UNCOVERED_ZONE } from '../../src/domain';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/database';
import type { ZonesTable } from '../db/schema';
import { AppError, invalid, notFound } from '../errors';
import { changedFields, type AdminChanges, type Editor, type Tx } from './changes';
import { FormCheck } from './fields';

export interface AdminZone {
  id: number;
  version: number;
  name: string;
  active: boolean;
  /** charged on every home delivery to the zone */
  feeCents: number;
  /** goods before discount a customer's home delivery must reach */
  minOrderCents: number;
  /** 'Zona non riconosciuta' and 'Altra zona' drive the cassa and checkout: never renamed, deactivated or deleted */
  locked: boolean;
  /** orders, addresses and clients naming it: then it can only be deactivated */
  uses: number;
}

/** What the zone editor sends: euros as typed ('2,50'), empty for 0. */
export interface ZoneForm {
  name: string;
  fee?: string;
  min_order?: string;
}

/** A zone's audited fields; the register shows 'costo di consegna: 0,00 → 2,50'. */
const audited = (z: { name: string; fee_cents: number; min_order_cents: number }) => ({
  nome: z.name,
  fee: formatEuroInput(z.fee_cents),
  min_order: formatEuroInput(z.min_order_cents),
});

const LOCKED = new Set([HIDDEN_ZONE, UNCOVERED_ZONE]);
export const LOCKED_ZONE_MESSAGE = 'Questa zona serve alla cassa e al checkout: non si può modificare né eliminare.';
export const ZONE_IN_USE_MESSAGE = 'La zona è usata da ordini, indirizzi o clienti: puoi solo disattivarla.';
const TAKEN = 'Esiste già una zona con questo nome.';

/** 'Zone': the delivery areas customers and the cassa choose from. */
export class ZonesService {
  constructor(
    private readonly db: Db,
    private readonly changes: AdminChanges,
  ) {}

  private async uses(db: Db | Tx, id: number): Promise<number> {
    const count = async (table: 'orders' | 'addresses' | 'clients') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('zone_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return (await count('orders')) + (await count('addresses')) + (await count('clients'));
  }

  private async view(db: Db | Tx, row: Selectable<ZonesTable>): Promise<AdminZone> {
    return {
      id: row.id,
      version: row.version,
      name: row.name,
      active: row.active === 1,
      feeCents: row.fee_cents,
      minOrderCents: row.min_order_cents,
      locked: LOCKED.has(row.name),
      uses: await this.uses(db, row.id),
    };
  }

  async list(): Promise<AdminZone[]> {
    const rows = await this.db.selectFrom('zones').selectAll().orderBy('name').execute();
    return Promise.all(rows.map((row) => this.view(this.db, row)));
  }

  private async row(db: Db | Tx, id: number): Promise<Selectable<ZonesTable>> {
    const row = await db.selectFrom('zones').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Zona non trovata.');
    return row;
  }

  async get(id: number): Promise<AdminZone> {
    return this.view(this.db, await this.row(this.db, id));
  }

  /** The editor's fields with its labels: 'Nome', 'Costo di consegna', 'Ordine minimo' (euros typed, empty = 0). */
  private checked(form: ZoneForm): { name: string; fee_cents: number; min_order_cents: number } {
    const check = new FormCheck();
    const name = check.text('name', 'Nome', form.name, { max: 100, required: true });
    if (name && !check.has('name') && [...name].length < 2) check.add('name', 'Nome deve contenere almeno 2 caratteri.');
    const fee = check.optionalPrice('fee', DELIVERY_FEE_LABEL, form.fee, '2,50');
    const minOrder = check.optionalEuros('min_order', MIN_ORDER_LABEL, form.min_order, '15,00');
    check.throwIfAny();
    return { name, fee_cents: fee, min_order_cents: minOrder };
  }

  /** Refuses a name another zone has, whatever its case. */
  private async ensureFree(tx: Tx, name: string, ownId?: number): Promise<void> {
    const rows = await tx.selectFrom('zones').select(['id', 'name']).execute();
    if (rows.some((z) => z.id !== ownId && z.name.toLocaleLowerCase('it') === name.toLocaleLowerCase('it'))) {
      throw invalid({ name: [TAKEN] });
    }
  }

  async create(editor: Editor, form: ZoneForm): Promise<AdminZone> {
    const values = this.checked(form);
    const { name } = values;
    try {
      return await this.changes.change(editor, async ({ tx, audit }) => {
        await this.ensureFree(tx, name);
        const { id } = await tx.insertInto('zones').values(values).returning('id').executeTakeFirstOrThrow();
        await audit({ entity: 'zone', entityId: id, action: 'create', label: name, after: { ...audited(values), attiva: true } });
        return this.view(tx, await this.row(tx, id));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid({ name: [TAKEN] });
      throw error;
    }
  }

  /** Renames, (de)activates or re-prices a zone based on `version`; the locked ones stay as they are. Orders keep the fee they were charged. */
  async update(editor: Editor, id: number, form: ZoneForm & { active: boolean; version: number }): Promise<AdminZone> {
    const values = this.checked(form);
    const { name } = values;
    return this.changes.change(editor, async ({ tx, audit, claim }) => {
      const before = await this.row(tx, id);
      if (LOCKED.has(before.name)) throw new AppError('conflict', LOCKED_ZONE_MESSAGE, { code: 'record.in_use' });
      await claim('zones', id, form.version, async () => this.view(tx, await this.row(tx, id)));
      await this.ensureFree(tx, name, id);
      await tx
        .updateTable('zones')
        .set({ ...values, active: form.active ? 1 : 0 })
        .where('id', '=', id)
        .execute();
      const diff = changedFields({ ...audited(before), attiva: before.active === 1 }, { ...audited(values), attiva: form.active });
      if (diff) await audit({ entity: 'zone', entityId: id, action: 'update', label: name, ...diff });
      return this.view(tx, await this.row(tx, id));
    });
  }

  /** Deletes a zone nothing names; one in use can only be deactivated (409 `record.in_use`). */
  async remove(editor: Editor, id: number, version: number): Promise<void> {
    await this.changes.change(editor, async ({ tx, audit, claim }) => {
      const row = await this.row(tx, id);
      if (LOCKED.has(row.name)) throw new AppError('conflict', LOCKED_ZONE_MESSAGE, { code: 'record.in_use' });
      if ((await this.uses(tx, id)) > 0) throw new AppError('conflict', ZONE_IN_USE_MESSAGE, { code: 'record.in_use' });
      await claim('zones', id, version, () => this.view(tx, row));
      await tx.deleteFrom('zones').where('id', '=', id).execute();
      await audit({ entity: 'zone', entityId: id, action: 'delete', label: row.name, before: { nome: row.name } });
    });
  }
}
