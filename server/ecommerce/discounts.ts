import { evaluateDiscount, formatEuro, shopLocalTime, type Cents, type DeliveryType, type DiscountRule } from '../../src/domain';
import type { Clock } from '../clock';
import type { CatalogService } from './catalog';

export const UNKNOWN_DISCOUNT_MESSAGE = 'Codice sconto non valido o non attivo.';

export interface DiscountResult {
  code: string;
  isValid: boolean;
  discountCents: Cents;
  subtotalCents: Cents;
  finalCents: Cents;
  clientMessage: string | null;
  detail: string[];
  validationError: string | null;
  errorMessage: string | null;
}

export function normalizeCode(code: string | null | undefined): string | null {
  const trimmed = code?.trim().toUpperCase();
  return trimmed ? trimmed : null;
}

function ruleDetail(rule: DiscountRule): string[] {
  const detail = [rule.label];
  if (rule.minOrderCents > 0) detail.push(`Ordine minimo ${formatEuro(rule.minOrderCents)}`);
  if (rule.delivery === 'ritiro') detail.push('Valido solo per il ritiro in pizzeria');
  if (rule.delivery === 'consegna') detail.push('Valido solo per la consegna a domicilio');
  return detail;
}

function ruleFailure(rule: DiscountRule, reason: 'minimum' | 'delivery'): string {
  if (reason === 'minimum') return `Il codice ${rule.code} richiede un ordine minimo di ${formatEuro(rule.minOrderCents)}.`;
  return rule.delivery === 'ritiro'
    ? `Il codice ${rule.code} è valido solo per il ritiro in pizzeria.`
    : `Il codice ${rule.code} è valido solo per la consegna a domicilio.`;
}

/** A code that takes nothing off, and why. Built field by field: a spread with overridden keys cost ~2 µs a call on Node 20. */
function fullPrice(
  code: string,
  subtotalCents: Cents,
  why: Pick<DiscountResult, 'detail' | 'validationError' | 'errorMessage'>,
): DiscountResult {
  return {
    code,
    isValid: false,
    subtotalCents,
    discountCents: 0,
    finalCents: subtotalCents,
    clientMessage: null,
    detail: why.detail,
    validationError: why.validationError,
    errorMessage: why.errorMessage,
  };
}

export class DiscountService {
  constructor(
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
  ) {}

  /** An active code within its validity window, or null. */
  async findRule(code: string): Promise<DiscountRule | null> {
    const row = (await this.catalog.snapshot()).discountCodes.get(code);
    if (!row) return null;
    const today = shopLocalTime(this.clock.now()).date;
    if ((row.valid_from && today < row.valid_from) || (row.valid_until && today > row.valid_until)) return null;
    return {
      code: row.code,
      kind: row.kind,
      amount: row.amount,
      minOrderCents: row.min_order_cents,
      delivery: row.delivery,
      label: row.label,
    };
  }

  /**
   * The discount for a subtotal. Unknown codes set `errorMessage`; known codes whose rule is not
   * met set `validationError`. Either way the order can go on at full price.
   */
  async evaluate(rawCode: string, subtotalCents: Cents, delivery: DeliveryType | null): Promise<DiscountResult> {
    const code = normalizeCode(rawCode) ?? '';
    const rule = code ? await this.findRule(code) : null;
    if (!rule) return fullPrice(code, subtotalCents, { detail: [], validationError: null, errorMessage: UNKNOWN_DISCOUNT_MESSAGE });

    const outcome = evaluateDiscount(rule, subtotalCents, delivery);
    if (!outcome.ok) {
      return fullPrice(code, subtotalCents, {
        detail: ruleDetail(rule),
        validationError: ruleFailure(rule, outcome.reason),
        errorMessage: null,
      });
    }
    return {
      code,
      isValid: true,
      subtotalCents,
      discountCents: outcome.discountCents,
      finalCents: subtotalCents - outcome.discountCents,
      clientMessage: `${rule.label}: -${formatEuro(outcome.discountCents)}`,
      detail: ruleDetail(rule),
      validationError: null,
      errorMessage: null,
    };
  }
}
