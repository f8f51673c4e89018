/** The settings homepage_field_1 … homepage_field_10 (SPEC §2 Homepage, §3 Settings). */
export type HomepageFields = Record<`homepage_field_${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`, string>;

/** Fields 1, 3 and 7 are headings; the others are paragraphs. */
export const HEADING_FIELDS: ReadonlySet<number> = new Set([1, 3, 7]);
export const HOMEPAGE_FIELD_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export interface HomeText {
  key: string;
  text: string;
  heading: boolean;
}

/** The home page's optional texts in order; empty ones are left out. */
export function homeTexts(fields: HomepageFields): HomeText[] {
  return HOMEPAGE_FIELD_NUMBERS.map((n) => ({
    key: `homepage_field_${n}`,
    text: fields[`homepage_field_${n}`].trim(),
    heading: HEADING_FIELDS.has(n),
  })).filter((block) => block.text !== '');
}

/** How long a home heading and a home paragraph may be. */
export const HOME_TEXT_LIMITS = { heading: 80, paragraph: 600 } as const;

/** A home field's name in the back office: headings and paragraphs numbered as the page shows them. */
export const homeFieldLabel = (n: number) => `${HEADING_FIELDS.has(n) ? 'Titolo' : 'Paragrafo'} ${n}`;
