import { delayText, promisedWindow, windowText, type DeliveryType } from '../../src/domain';
import type { MailMessage } from './mailer';
import { escapeHtml, layout } from './templates';

/** What the customer is told of, unasked: the order out, delayed or cancelled. */
export type OrderNotice = 'on_the_way' | 'delayed' | 'cancelled';

export interface NoticeOrder {
  orderNum: number;
  delivery: DeliveryType;
  deliveryTime: string;
  delayMinutes: number;
}

function noticeText(notice: OrderNotice, order: NoticeOrder): { subject: string; lines: string[] } {
  const window = windowText(order.delivery, promisedWindow(order.delivery, order.deliveryTime, order.delayMinutes));
  if (notice === 'on_the_way') {
    return { subject: 'La tua pizza è in viaggio', lines: [`Il tuo ordine n. ${order.orderNum} è in consegna.`, window] };
  }
  if (notice === 'delayed') {
    return {
      subject: `Ordine n. ${order.orderNum} in ritardo`,
      lines: [delayText(order.delayMinutes) ?? '', `Nuovo orario per l'ordine n. ${order.orderNum}. ${window}`],
    };
  }
  return {
    subject: `Ordine n. ${order.orderNum} annullato`,
    lines: [`Il tuo ordine n. ${order.orderNum} è stato annullato.`, 'Per qualsiasi domanda chiamaci.'],
  };
}

/** The notice's mail, to the customer who placed the order online. */
export function orderNoticeMail(shopName: string, to: string, name: string, notice: OrderNotice, order: NoticeOrder): MailMessage {
  const { subject, lines } = noticeText(notice, order);
  return {
    to,
    subject: `${subject} — ${shopName}`,
    text: [`Ciao ${name},`, '', ...lines, '', shopName].join('\n'),
    html: layout(shopName, subject, `<p>Ciao ${escapeHtml(name)},</p>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}`),
  };
}
