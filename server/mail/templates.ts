import { ALLERGY_NOTE_LABEL, formatEuro, DELIVERY_FEE_LABEL, DELIVERY_LABELS, type DeliveryType } from '../../src/domain';
import type { MailMessage } from './mailer';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

export function layout(shopName: string, title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="it"><body style="font-family:Arial,sans-serif;color:#2b2118;max-width:560px;margin:auto">
<h1 style="color:#b3261e">${escapeHtml(shopName)}</h1><h2>${escapeHtml(title)}</h2>${bodyHtml}
<p style="color:#6b5d52;font-size:12px">Questa email è stata inviata automaticamente, non rispondere a questo indirizzo.</p></body></html>`;
}

function button(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="background:#b3261e;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="font-size:12px">Se il pulsante non funziona, copia questo indirizzo nel browser:<br>${escapeHtml(url)}</p>`;
}

export function verificationMail(shopName: string, to: string, name: string, url: string): MailMessage {
  const subject = `Attiva il tuo account ${shopName}`;
  return {
    to,
    subject,
    text: `Ciao ${name},\n\ngrazie per esserti registrato. Per attivare il tuo account apri questo link:\n${url}\n\nIl link scade tra 24 ore.\n\n${shopName}`,
    html: layout(
      shopName,
      'Attiva il tuo account',
      `<p>Ciao ${escapeHtml(name)},</p><p>grazie per esserti registrato. Per attivare il tuo account conferma il tuo indirizzo email.</p>${button(url, 'Conferma email')}<p>Il link scade tra 24 ore.</p>`,
    ),
  };
}

export function resetMail(shopName: string, to: string, name: string, url: string): MailMessage {
  return {
    to,
    subject: `Reimposta la password ${shopName}`,
    text: `Ciao ${name},\n\nabbiamo ricevuto una richiesta di reimpostare la tua password. Apri questo link:\n${url}\n\nIl link scade tra 60 minuti. Se non sei stato tu, ignora questa email.\n\n${shopName}`,
    html: layout(
      shopName,
      'Reimposta la password',
      `<p>Ciao ${escapeHtml(name)},</p><p>abbiamo ricevuto una richiesta di reimpostare la tua password.</p>${button(url, 'Reimposta password')}<p>Il link scade tra 60 minuti. Se non sei stato tu, ignora questa email.</p>`,
    ),
  };
}

export function staffInviteMail(shopName: string, to: string, name: string, url: string): MailMessage {
  return {
    to,
    subject: `Il tuo account dello staff ${shopName}`,
    text: `Ciao ${name},\n\nti abbiamo creato un account dello staff di ${shopName}. Per scegliere la tua password apri questo link:\n${url}\n\nIl link scade tra 3 giorni.\n\n${shopName}`,
    html: layout(
      shopName,
      'Il tuo account dello staff',
      `<p>Ciao ${escapeHtml(name)},</p><p>ti abbiamo creato un account dello staff di ${escapeHtml(shopName)}. Per scegliere la tua password apri questo link.</p>${button(url, 'Scegli la password')}<p>Il link scade tra 3 giorni.</p>`,
    ),
  };
}

/** The link to the order's tracking page, in the mails and on the checkout's success screen. */
export const TRACK_LABEL = 'Segui il tuo ordine';

export interface ConfirmationMailOrder {
  orderNum: number | string;
  deliveryDate: string;
  deliveryTime: string;
  delivery: DeliveryType;
  address: string | null;
  allergyNote: string | null;
  lines: { description: string; qty: number; totalCents: number }[];
  originalCents: number;
  deliveryFeeCents: number;
  totalCents: number;
  discountCode: string | null;
  /** the page the customer follows the order on */
  trackingUrl?: string;
}

export function orderConfirmationMail(shopName: string, to: string, name: string, order: ConfirmationMailOrder): MailMessage {
  const [year, month, day] = order.deliveryDate.split('-');
  const when = `${day}/${month}/${year} alle ${order.deliveryTime}`;
  const where = order.delivery === 'consegna' ? `${DELIVERY_LABELS.consegna}: ${order.address ?? ''}` : DELIVERY_LABELS.ritiro;
  const lineText = order.lines.map((l) => `${l.qty} × ${l.description} — ${formatEuro(l.totalCents)}`);
  if (order.deliveryFeeCents > 0) lineText.push(`${DELIVERY_FEE_LABEL} — ${formatEuro(order.deliveryFeeCents)}`);
  const discount =
    order.discountCode && order.originalCents !== order.totalCents
      ? `Sconto ${order.discountCode}: -${formatEuro(order.originalCents - order.totalCents)}`
      : null;
  const total = `Totale: ${formatEuro(order.totalCents)} (pagamento alla consegna)`;
  // Repeated so the customer sees the kitchen was told.
  const allergy = order.allergyNote ? `${ALLERGY_NOTE_LABEL}: ${order.allergyNote}` : null;
  return {
    to,
    subject: `Ordine n. ${order.orderNum} confermato — ${shopName}`,
    text: [
      `Ciao ${name},`,
      '',
      `il tuo ordine n. ${order.orderNum} è confermato.`,
      `${where}`,
      `Orario: ${when}`,
      ...(allergy ? [allergy] : []),
      '',
      ...lineText,
      '',
      ...(discount ? [discount] : []),
      total,
      '',
      ...(order.trackingUrl ? [`${TRACK_LABEL}: ${order.trackingUrl}`, ''] : []),
      shopName,
    ].join('\n'),
    html: layout(
      shopName,
      `Ordine n. ${order.orderNum} confermato`,
      `<p>Ciao ${escapeHtml(name)}, il tuo ordine è confermato.</p><p>${escapeHtml(where)}<br>Orario: ${escapeHtml(when)}</p>${allergy ? `<p><strong>${escapeHtml(allergy)}</strong></p>` : ''}
<ul>${lineText.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>${discount ? `<p>${escapeHtml(discount)}</p>` : ''}<p><strong>${escapeHtml(total)}</strong></p>${order.trackingUrl ? button(order.trackingUrl, TRACK_LABEL) : ''}`,
    ),
  };
}
