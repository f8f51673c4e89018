import type PDFDocument from 'pdfkit';
import { formatEuro, formatShopDate, SUMMARY_PDF_TITLE } from '../../src/domain';
import { pdfBytes } from '../cassa/ticket-pdf';
import { averageOrder, type EveningSummary, type Slice } from './reports.service';

type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 50;
/** The fiscal close is the certified till's: the page says so once. */
const NOT_FISCAL = 'Documento gestionale: la chiusura fiscale resta quella del registratore telematico.';

function draw(doc: Doc, summary: EveningSummary, shopName: string): void {
  const width = doc.page.width - MARGIN * 2;
  const row = (label: string, value: string, bold = false) => {
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
    doc.text(label, MARGIN, top, { width: width - 140 });
    const bottom = doc.y;
    doc.text(value, MARGIN + width - 140, top, { width: 140, align: 'right' });
    doc.x = MARGIN;
    doc.y = Math.max(bottom, doc.y) + 2;
  };
  const section = (title: string) => {
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(13).text(title, MARGIN, doc.y, { width });
    doc.moveDown(0.2);
  };
  const sliceRows = (items: Slice[]) => {
    for (const s of items) row(`${s.label} (${s.orders})`, formatEuro(s.totalCents));
  };

  doc.font('Helvetica-Bold').fontSize(18).text(SUMMARY_PDF_TITLE, { width });
  doc
    .font('Helvetica')
    .fontSize(12)
    .text(`${shopName} - ${formatShopDate(summary.day)}`, { width });
  doc.fontSize(9).text(NOT_FISCAL, { width });

  const { totals } = summary;
  section('Incassi');
  row('Ordini', String(totals.orders));
  row('Totale', formatEuro(totals.revenueCents), true);
  row('Ordine medio', formatEuro(averageOrder(totals)));
  row('Spese di consegna', formatEuro(totals.feesCents));
  row('Sconti', formatEuro(totals.discountsCents));
  row(`Annullati (${summary.cancelled.orders}, esclusi dal totale)`, formatEuro(summary.cancelled.valueCents));

  section('Per pagamento');
  sliceRows(summary.byPayment);
  section('Per tipo di consegna');
  sliceRows(summary.byDelivery);
  section('Per provenienza');
  sliceRows(summary.bySource);
  if (summary.discountCodes.length > 0) {
    section('Codici sconto');
    for (const c of summary.discountCodes) row(`${c.code} (${c.orders})`, formatEuro(c.amountCents));
  }

  section(`Fasce orarie (capienza ${summary.slotCapacity} per fascia)`);
  for (const s of summary.slots.filter((slot) => slot.orders > 0))
    row(`${s.time} - ordini ${s.orders}`, `forno ${s.ovenLoad}/${summary.slotCapacity}`);

  section('I più venduti');
  for (const p of summary.topProducts) row(`${p.quantity} x ${p.name}`, formatEuro(p.revenueCents));
}

/** 'Stampa riepilogo': the evening's summary on A4. */
export async function renderSummaryPdf(summary: EveningSummary, shopName: string): Promise<Buffer> {
  // Loaded at the first summary (with its fonts), as the tickets do.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: SUMMARY_PDF_TITLE, Author: shopName } });
  return pdfBytes(doc, () => draw(doc, summary, shopName));
}
