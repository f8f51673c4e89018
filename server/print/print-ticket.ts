import { DELIVERY_LABELS, ORDER_STATUS, PAYMENT_LABELS, toEuros } from '../../src/domain';
import type { components } from '../../openapi/schema';
import { lineDescription } from '../orders/order-dto';
import type { OrderRecord } from '../orders/order-store';

export type PrintTicket = components['schemas']['PrintTicket'];

/**
 * The kitchen ticket as the agent prints it: the PDF ticket's facts in its order and words
 * (server/cassa/ticket-pdf.ts), laid out by the agent for its paper.
 */
export function printTicket(order: OrderRecord, shopName: string): PrintTicket {
  const discounted = order.discount_code !== null && order.original_price_cents !== order.total_price_cents;
  return {
    shop_name: shopName,
    order_num: order.order_num,
    delivery_date: order.delivery_date,
    delivery_time: order.delivery_time,
    delivery_label: DELIVERY_LABELS[order.delivery],
    allergy_note: order.allergy_note,
    name: order.name,
    intercom_name: order.nome_citofono && order.nome_citofono !== order.name ? order.nome_citofono : null,
    address: order.address,
    zone_name: order.zone_name,
    telephone: order.telephone,
    lines: order.lines.map((line) => ({ qty: line.qty, description: lineDescription(line), total: toEuros(line.line_total_cents) })),
    delivery_fee: order.delivery_fee_cents > 0 ? toEuros(order.delivery_fee_cents) : null,
    note: order.note,
    discount_code: discounted ? order.discount_code : null,
    subtotal: toEuros(order.original_price_cents),
    total: toEuros(order.total_price_cents),
    payment_label: PAYMENT_LABELS[order.payment_type],
    edited: order.status === ORDER_STATUS.reprint,
  };
}
