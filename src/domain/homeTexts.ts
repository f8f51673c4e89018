/** The settings homepage_field_1 … homepage_field_10 (SPEC §2 Homepage, §3 Settings). */
export type HomepageFields = Record<`homepage_field_${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`, string>;

/** Fields 1, 3 and 7 are headings; the others are paragraphs. */
const HEADING_FIELDS = new Set([1, 3, 7]);

export interface HomeText {
  key: string;
  text: string;
  heading: boolean;
}

/** The home page's optional texts in order; empty ones are left out. */
export function homeTexts(fields: HomepageFields): HomeText[] {
  return ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const)
    .map((n) => ({ key: `homepage_field_${n}`, text: fields[`homepage_field_${n}`].trim(), heading: HEADING_FIELDS.has(n) }))
    .filter((block) => block.text !== '');
}
