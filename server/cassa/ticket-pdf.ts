import type PDFDocument from 'pdfkit';
import { DELIVERY_FEE_LABEL, DELIVERY_LABELS, formatDecimalComma, PAYMENT_LABELS } from '../../src/domain';
import { lineDescription } from '../orders/order-dto';
import type { OrderRecord } from '../orders/order-store';

/** 80 mm thermal roll: 226.77 pt wide, as long as the order needs. */
const WIDTH = (80 / 25.4) * 72;
const MARGIN = 10;
const CONTENT = WIDTH - MARGIN * 2;

interface TicketContext {
  shopName: string;
  zoneName: string | null;
}

type Doc = InstanceType<typeof PDFDocument>;

function draw(doc: Doc, order: OrderRecord, ctx: TicketContext): number {
  const [year, month, day] = order.delivery_date.split('-');
  const rule = () => {
    doc.moveDown(0.3);
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(WIDTH - MARGIN, doc.y)
      .lineWidth(0.5)
      .stroke();
    doc.moveDown(0.3);
  };

  // The first thing the pizzaiolo reads, above everything else on the ticket.
  if (order.allergy_note) {
    doc.font('Helvetica-Bold').fontSize(16).text(`ALLERGIE: ${order.allergy_note}`, { width: CONTENT });
    rule();
  }
  doc.font('Helvetica-Bold').fontSize(12).text(ctx.shopName, { width: CONTENT, align: 'center' });
  doc.font('Helvetica-Bold').fontSize(18).text(`Ordine #${order.order_num}`, { width: CONTENT, align: 'center' });
  doc.fontSize(14).text(`Ore ${order.delivery_time} - ${day}/${month}/${year}`, { width: CONTENT, align: 'center' });
  doc.font('Helvetica').fontSize(10).text(DELIVERY_LABELS[order.delivery], {
    width: CONTENT,
    align: 'center',
  });
  rule();

  doc.font('Helvetica-Bold').fontSize(11).text(order.name, { width: CONTENT });
  doc.font('Helvetica').fontSize(10);
  if (order.nome_citofono && order.nome_citofono !== order.name) doc.text(`Citofono: ${order.nome_citofono}`, { width: CONTENT });
  if (order.address) doc.text(order.address, { width: CONTENT });
  if (ctx.zoneName) doc.text(`Zona: ${ctx.zoneName}`, { width: CONTENT });
  if (order.telephone) doc.text(`Tel. ${order.telephone}`, { width: CONTENT });
  rule();

  const row = (qty: string, description: string, cents: number) => {
    const top = doc.y;
    doc.font('Helvetica-Bold').fontSize(11).text(qty, MARGIN, top, { width: 28 });
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(description, MARGIN + 28, top, { width: CONTENT - 28 - 50 });
    const bottom = doc.y;
    doc.text(formatDecimalComma(cents), WIDTH - MARGIN - 50, top, { width: 50, align: 'right' });
    doc.x = MARGIN;
    doc.y = Math.max(bottom, doc.y) + 2;
  };
  for (const line of order.lines) row(`${line.qty} x`, lineDescription(line), line.line_total_cents);
  // The fee the order was charged (its own line), not the zone's fee today.
  if (order.delivery_fee_cents > 0) row('', DELIVERY_FEE_LABEL, order.delivery_fee_cents);
  rule();

  if (order.note) {
    doc.font('Helvetica-Bold').fontSize(10).text(`Note: ${order.note}`, MARGIN, doc.y, { width: CONTENT });
    rule();
  }
  doc.font('Helvetica').fontSize(10);
  if (order.discount_code && order.original_price_cents !== order.total_price_cents) {
    doc.text(`Subtotale: ${formatDecimalComma(order.original_price_cents)} €`, MARGIN, doc.y, { width: CONTENT, align: 'right' });
    doc.text(`Sconto ${order.discount_code}: -${formatDecimalComma(order.original_price_cents - order.total_price_cents)} €`, {
      width: CONTENT,
      align: 'right',
    });
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(`Totale: ${formatDecimalComma(order.total_price_cents)} €`, MARGIN, doc.y, {
      width: CONTENT,
      align: 'right',
    });
  doc.font('Helvetica').fontSize(10).text(`Pagamento: ${PAYMENT_LABELS[order.payment_type]}`, { width: CONTENT, align: 'right' });
  // pdfkit starts a new page as soon as the next line (in the current font) would not fit under the
  // last one, so the roll needs that much room left below the last line, or the ticket ends on a second slip.
  return doc.y + doc.currentLineHeight(true) * 2 + MARGIN;
}

/** Renders twice: once to measure the roll length, once for real. */
export async function renderTicket(order: OrderRecord, ctx: TicketContext): Promise<Buffer> {
  // Loaded at the first ticket (with its fonts): most processes never print one.
  const { default: PDFDocument } = await import('pdfkit');
  const measure = new PDFDocument({ size: [WIDTH, 10_000], margin: MARGIN });
  const height = draw(measure, order, ctx);
  measure.end();

  const doc = new PDFDocument({
    size: [WIDTH, Math.max(height, 200)],
    margin: MARGIN,
    info: { Title: `Ordine #${order.order_num}`, Author: ctx.shopName },
  });
  return pdfBytes(doc, () => draw(doc, order, ctx));
}

/** The bytes of a document once `drawPages` has drawn it and pdfkit has finished writing it. */
export function pdfBytes(doc: Doc, drawPages: () => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawPages();
  doc.end();
  return done;
}
