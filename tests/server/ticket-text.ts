import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The ticket as the printer gets it: the text of every page, in reading order, plus page sizes. */
export async function readTicket(pdf: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: { view: number[]; text: string }[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    pages.push({ view: page.view, text });
  }
  await doc.destroy();
  return pages;
}
