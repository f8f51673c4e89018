import type { DeliveryType } from './orders';
import { percentOf, type Cents } from './money';

/** A discount rule as the shop defines it (server table `discount_codes`). */
export interface DiscountRule {
  code: string;
  kind: 'percent' | 'fixed';
  /** percent points for 'percent', cents for 'fixed' */
  amount: number;
  minOrderCents: Cents;
  delivery: DeliveryType | null;
  label: string;
}

export type DiscountOutcome = { ok: true; discountCents: Cents } | { ok: false; reason: 'minimum' | 'delivery' };

/**
 * Whether a known, active code applies to this order and for how much. `delivery` unknown (null)
 * means the customer has not chosen yet: the restriction is checked again at checkout.
 */
export function evaluateDiscount(rule: DiscountRule, subtotalCents: Cents, delivery: DeliveryType | null): DiscountOutcome {
  if (rule.delivery && delivery && rule.delivery !== delivery) return { ok: false, reason: 'delivery' };
  if (subtotalCents < rule.minOrderCents) return { ok: false, reason: 'minimum' };
  const raw = rule.kind === 'percent' ? percentOf(subtotalCents, rule.amount) : rule.amount;
  return { ok: true, discountCents: Math.min(raw, subtotalCents) };
}
