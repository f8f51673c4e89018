import { shopLocalTime } from '../../src/domain';
import type { Clock } from '../clock';
import type { Db } from '../db/database';

export interface AuditQuery {
  date?: string;
  entity?: string;
  entityId?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const parse = (json: string | null) => (json === null ? null : (JSON.parse(json) as Record<string, unknown>));

/** 'Registro modifiche': the back office's changes of one shop day, newest first. */
export class AuditService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async entries(query: AuditQuery) {
    const date = query.date ?? shopLocalTime(this.clock.now()).date;
    // Rows keep UTC instants: read the day with a margin either side, then keep the shop day's own.
    const from = new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS).toISOString();
    const until = new Date(Date.parse(`${date}T00:00:00Z`) + 2 * DAY_MS).toISOString();
    const rows = await this.db
      .selectFrom('audit_log')
      .selectAll()
      .where('at', '>=', from)
      .where('at', '<', until)
      .$if(query.entity !== undefined, (q) => q.where('entity', '=', query.entity!))
      .$if(query.entityId !== undefined, (q) => q.where('entity_id', '=', query.entityId!))
      .orderBy('id', 'desc')
      .limit(2000)
      .execute();
    return {
      date,
      entries: rows
        .filter((row) => shopLocalTime(new Date(row.at)).date === date)
        .slice(0, 500)
        .map((row) => ({ ...row, before: parse(row.before), after: parse(row.after) })),
    };
  }
}
