import { randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import { isPaperWidth, isPrinterCopies, MAX_PRINTER_NAME, PRINTER_LABELS, PRINTER_MESSAGES, type PaperWidthMm } from '../../src/domain';
import { waitText } from '../auth/auth.service';
import { hashSecret, newSecret } from '../auth/passwords';
import { RateLimiter, type LimitStore } from '../auth/rate-limiter';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { PrintersTable, PrinterStatusTable } from '../db/schema';
import { transaction } from '../db/transaction';
import { AppError, notFound } from '../errors';
import { changedFields, type AdminChanges, type Editor, type Tx } from '../admin/changes';
import { FormCheck } from '../admin/fields';
import { effectiveStatus } from './printer-status';
import type { PrintWakeups } from './print-wakeups';

/** What the 'Nuova stampante' form sends. */
export interface PrinterForm {
  name: string;
  paper_width_mm: number;
  copies: number;
  auto_print: boolean;
}

/** A printer as 'Stampanti' lists it: its settings and what its agent last told. */
export interface AdminPrinter {
  id: number;
  version: number;
  name: string;
  paper_width_mm: PaperWidthMm;
  copies: number;
  auto_print: boolean;
  paired: boolean;
  reachable: boolean | null;
  paper: PrinterStatusTable['paper'];
  since: string | null;
  reported_at: string | null;
}

/** The printer a print agent's token stands for. */
export interface AgentPrinter {
  id: number;
  name: string;
  paper_width_mm: PaperWidthMm;
  copies: number;
  /** the token's row: the lease holder */
  tokenId: number;
}

const NOT_FOUND = 'Stampante non trovata.';
/** Pairing attempts per address in a quarter of an hour: a shop pairs a handful of agents, a guesser far more. */
const PAIRING_ATTEMPTS = 10;
const PAIRING_WINDOW_MS = 15 * 60 * 1000;
/** Letters and digits that cannot be misread for one another when typed from the screen. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/** 'K7QM-2XPA-9RTD': 60 random bits, read aloud or typed on the shop's PC. */
function newPairingCode(): string {
  const groups = Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''));
  return groups.join('-');
}

/** The code as stored: typed in any case, with or without its dashes. */
const pairingHash = (code: string) => hashSecret(code.replace(/-/g, '').toUpperCase());

const audited = (p: { name: string; paper_width_mm: number; copies: number; auto_print: number }) => ({
  nome: p.name,
  larghezza_carta: p.paper_width_mm,
  copie: p.copies,
  stampa_automatica: p.auto_print === 1,
});

/**
 * 'Stampanti': the kitchen printers, their pairing codes and their agents' tokens. A change is
 * versioned and audited like the back office's records; it does not touch the catalogue.
 */
export class PrintersService {
  private readonly pairing: RateLimiter;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly changes: AdminChanges,
    private readonly wakeups: PrintWakeups,
    limits: LimitStore,
  ) {
    this.pairing = new RateLimiter(limits, 'pair', PAIRING_ATTEMPTS, PAIRING_WINDOW_MS);
  }

  async list(): Promise<AdminPrinter[]> {
    const rows = await this.db.selectFrom('printers').selectAll().orderBy('name').orderBy('id').execute();
    return Promise.all(rows.map((row) => this.view(this.db, row)));
  }

  async create(editor: Editor, form: PrinterForm): Promise<{ printer: AdminPrinter; pairingCode: string }> {
    const values = this.checked(form);
    const pairingCode = newPairingCode();
    return this.changes.change(
      editor,
      async ({ tx, audit, at }) => {
        const { id } = await tx
          .insertInto('printers')
          .values({ ...values, pairing_code_hash: pairingHash(pairingCode), created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit({ entity: 'printer', entityId: id, action: 'create', label: values.name, after: audited(values) });
        return { printer: await this.view(tx, await this.row(tx, id)), pairingCode };
      },
      { catalogue: false },
    );
  }

  async update(editor: Editor, id: number, form: PrinterForm & { version: number }): Promise<AdminPrinter> {
    const values = this.checked(form);
    return this.changes.change(
      editor,
      async ({ tx, audit, claim }) => {
        const before = await this.row(tx, id);
        await claim('printers', id, form.version, async () => this.view(tx, await this.row(tx, id)));
        await tx.updateTable('printers').set(values).where('id', '=', id).execute();
        const diff = changedFields(audited(before), audited(values));
        if (diff) await audit({ entity: 'printer', entityId: id, action: 'update', label: values.name, ...diff });
        return this.view(tx, await this.row(tx, id));
      },
      { catalogue: false },
    );
  }

  /** Deletes a printer: its agent's tokens stop working and its jobs not yet printed are cancelled. */
  async remove(editor: Editor, id: number, version: number): Promise<void> {
    await this.changes.change(
      editor,
      async ({ tx, audit, claim }) => {
        const row = await this.row(tx, id);
        await claim('printers', id, version, () => this.view(tx, row));
        await tx
          .updateTable('print_jobs')
          .set({ state: 'cancelled', lease_token_id: null, lease_until: null })
          .where('printer_id', '=', id)
          .where('state', 'in', ['waiting', 'leased'])
          .execute();
        await tx.deleteFrom('printer_tokens').where('printer_id', '=', id).execute();
        await tx.deleteFrom('printer_status').where('printer_id', '=', id).execute();
        await tx.deleteFrom('printers').where('id', '=', id).execute();
        await audit({ entity: 'printer', entityId: id, action: 'delete', label: row.name, before: audited(row) });
      },
      { catalogue: false },
    );
  }

  /** A new one-time code: the old code and every token given so far stop working. */
  async newPairingCode(editor: Editor, id: number): Promise<{ printer: AdminPrinter; pairingCode: string }> {
    const pairingCode = newPairingCode();
    return this.changes.change(
      editor,
      async ({ tx, audit }) => {
        const row = await this.row(tx, id);
        await tx
          .updateTable('printers')
          .set({ pairing_code_hash: pairingHash(pairingCode) })
          .where('id', '=', id)
          .execute();
        await tx.deleteFrom('printer_tokens').where('printer_id', '=', id).execute();
        await audit({ entity: 'printer', entityId: id, action: 'update', label: row.name, after: { codice_di_abbinamento: 'nuovo' } });
        return { printer: await this.view(tx, row), pairingCode };
      },
      { catalogue: false },
    );
  }

  /**
   * Exchanges a pairing code for a printer token (the code works once). A wrong, used or revoked code
   * is 401; the attempts are counted per address before the code is looked at.
   */
  async pair(code: string, address: string): Promise<{ token: string; printer: AgentPrinter }> {
    const wait = await this.pairing.take(address);
    if (wait > 0) {
      throw new AppError('too_many', `Troppi tentativi di abbinamento: riprova tra ${waitText(wait)}.`, {
        code: 'pairing.throttled',
        retryAfterSeconds: wait,
      });
    }
    const token = `prt_${newSecret()}`;
    const paired = await transaction(this.db, 'printers.pair', async (tx) => {
      const printer = await tx
        .updateTable('printers')
        .set({ pairing_code_hash: null })
        .where('pairing_code_hash', '=', pairingHash(code))
        .returning(['id', 'name', 'paper_width_mm', 'copies'])
        .executeTakeFirst();
      if (!printer) return null;
      const { id: tokenId } = await tx
        .insertInto('printer_tokens')
        .values({ printer_id: printer.id, token_hash: hashSecret(token), created_at: this.clock.now().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ...printer, tokenId };
    });
    if (!paired) throw new AppError('unauthenticated', 'Codice di abbinamento non valido o già usato.');
    // Jobs may have waited for the first agent.
    this.wakeups.wake([paired.id]);
    return { token, printer: paired };
  }

  /** The printer a token stands for, or null for a wrong or revoked one. */
  async printerForToken(token: string): Promise<AgentPrinter | null> {
    const row = await this.db
      .selectFrom('printer_tokens')
      .innerJoin('printers', 'printers.id', 'printer_tokens.printer_id')
      .select(['printers.id', 'printers.name', 'printers.paper_width_mm', 'printers.copies', 'printer_tokens.id as tokenId'])
      .where('printer_tokens.token_hash', '=', hashSecret(token))
      .executeTakeFirst();
    return row ?? null;
  }

  /** Whether the token an open stream was opened with still works (a new pairing code revokes it). */
  async isLive(tokenId: number): Promise<boolean> {
    return (await this.db.selectFrom('printer_tokens').select('id').where('id', '=', tokenId).executeTakeFirst()) !== undefined;
  }

  /** The form's fields with its labels: 'Nome' (1–100), 'Larghezza carta' 58 or 80 mm, 'Copie' 1–5. */
  private checked(form: PrinterForm): Pick<Selectable<PrintersTable>, 'name' | 'paper_width_mm' | 'copies' | 'auto_print'> {
    const check = new FormCheck();
    const name = check.text('name', PRINTER_LABELS.name, form.name, { max: MAX_PRINTER_NAME, required: true });
    if (!isPaperWidth(form.paper_width_mm)) check.add('paper_width_mm', PRINTER_MESSAGES.paperWidth);
    if (!isPrinterCopies(form.copies)) check.add('copies', PRINTER_MESSAGES.copies);
    check.throwIfAny();
    return { name, paper_width_mm: form.paper_width_mm as PaperWidthMm, copies: form.copies, auto_print: form.auto_print ? 1 : 0 };
  }

  private async row(db: Db | Tx, id: number): Promise<Selectable<PrintersTable>> {
    const row = await db.selectFrom('printers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(NOT_FOUND);
    return row;
  }

  private async view(db: Db | Tx, row: Selectable<PrintersTable>): Promise<AdminPrinter> {
    const token = await db.selectFrom('printer_tokens').select('id').where('printer_id', '=', row.id).executeTakeFirst();
    const stored = await db.selectFrom('printer_status').selectAll().where('printer_id', '=', row.id).executeTakeFirst();
    const status = stored ? effectiveStatus(stored, this.clock.now()) : null;
    return {
      id: row.id,
      version: row.version,
      name: row.name,
      paper_width_mm: row.paper_width_mm,
      copies: row.copies,
      auto_print: row.auto_print === 1,
      paired: token !== undefined,
      reachable: status ? status.reachable : null,
      paper: status?.paper ?? 'unknown',
      since: status?.since ?? null,
      reported_at: status?.reported_at ?? null,
    };
  }
}
