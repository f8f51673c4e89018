import type { Schemas } from '../api/client';

/** Fields 1, 3 and 7 are headings; the others are paragraphs; empty ones are left out. */
const HEADING_FIELDS = new Set([1, 3, 7]);

export function homeTexts(settings: Schemas['Settings']): { key: string; text: string; heading: boolean }[] {
  return Array.from({ length: 10 }, (_, i) => i + 1)
    .map((n) => ({
      key: `homepage_field_${n}`,
      text: settings[`homepage_field_${n}` as keyof Schemas['Settings']].trim(),
      heading: HEADING_FIELDS.has(n),
    }))
    .filter((block) => block.text !== '');
}
