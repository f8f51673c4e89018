import { HEADING_FIELDS, HOME_TEXT_LIMITS, homeFieldLabel, HOMEPAGE_FIELD_NUMBERS } from '../../src/domain';
import type { Db } from '../db/database';
import { changedFields, type AdminChanges, type Editor, type Tx } from './changes';
import { FormCheck } from './fields';
import { groupVersion, storedSettings, writeSettings } from './settings';

/** The shop's own words: its name, address, phones, legal line and the home page's texts. */
const SHOP_FIELDS = [
  { key: 'shop_name', label: 'Nome della pizzeria', max: 100, required: true },
  { key: 'shop_address', label: 'Indirizzo', max: 200 },
  { key: 'shop_phone_1', label: 'Telefono 1', max: 30, phone: true },
  { key: 'shop_phone_2', label: 'Telefono 2', max: 30, phone: true },
  { key: 'shop_legal_line', label: 'Riga legale', max: 200 },
] as const;

const HOME_FIELDS = HOMEPAGE_FIELD_NUMBERS.map((n) => ({
  key: `homepage_field_${n}` as const,
  label: homeFieldLabel(n),
  max: HEADING_FIELDS.has(n) ? HOME_TEXT_LIMITS.heading : HOME_TEXT_LIMITS.paragraph,
  multiline: !HEADING_FIELDS.has(n),
}));

export const TEXT_KEYS = [...SHOP_FIELDS, ...HOME_FIELDS].map((f) => f.key);
export type TextKey = (typeof SHOP_FIELDS)[number]['key'] | `homepage_field_${(typeof HOMEPAGE_FIELD_NUMBERS)[number]}`;

export interface TextsView {
  version: number;
  texts: Record<string, string>;
}

/** A phone as people write it: digits, spaces, '+', '.', '/', '-'. */
const PHONE_LIKE = /^\+?[\d\s./-]*$/;

/** 'Testi': plain text, shown escaped wherever it appears; saved by version and audited. */
export class TextsService {
  constructor(
    private readonly db: Db,
    private readonly changes: AdminChanges,
  ) {}

  async get(db: Db | Tx = this.db): Promise<TextsView> {
    const settings = await storedSettings(db);
    return { version: await groupVersion('texts', db), texts: Object.fromEntries(TEXT_KEYS.map((key) => [key, settings[key] ?? ''])) };
  }

  async update(editor: Editor, form: Record<string, unknown> & { version: number }): Promise<TextsView> {
    const check = new FormCheck();
    const values: Record<string, string> = {};
    for (const field of [...SHOP_FIELDS, ...HOME_FIELDS]) {
      const typed = typeof form[field.key] === 'string' ? (form[field.key] as string) : '';
      values[field.key] = check.text(field.key, field.label, typed, {
        max: field.max,
        required: 'required' in field && field.required,
        multiline: 'multiline' in field && field.multiline,
      });
      if ('phone' in field && !check.has(field.key) && !PHONE_LIKE.test(values[field.key]!)) {
        check.add(field.key, `${field.label} ha un formato non valido.`);
      }
    }
    check.throwIfAny();
    return this.changes.change(editor, async ({ tx, audit, claim }) => {
      const before = await this.get(tx);
      await claim('setting_groups', 'texts', form.version, () => this.get(tx));
      await writeSettings(tx, values);
      const diff = changedFields(before.texts, values);
      if (diff) await audit({ entity: 'settings', entityId: 'texts', action: 'update', label: 'Testi', ...diff });
      return this.get(tx);
    });
  }
}
