import type { components } from '../../openapi/schema';

/** The stable code of a server refusal (openapi.yaml's RefusalCode): the only thing code branches on. */
export type RefusalCode = components['schemas']['RefusalCode'];

/**
 * Any error body, as every actor reads it: the code to branch on, the Italian message to show,
 * and the messages per field. `unknown` is a body that did not come from this server's contract
 * (a proxy's page, a 5xx): nothing matches it, so it is only ever shown.
 */
export interface Refusal {
  code: RefusalCode | 'unknown';
  message: string;
  errors: Record<string, string[]>;
}

/** Every code of the contract, and only those: the compiler checks the list against the generated type. */
const CODES: Record<RefusalCode, true> = {
  validation: true,
  'login.failed': true,
  'login.throttled': true,
  'mail.throttled': true,
  'email.unverified': true,
  unauthenticated: true,
  forbidden: true,
  not_found: true,
  csrf: true,
  'discount.invalid': true,
  'cart.item_unavailable': true,
  'slot.full': true,
  'shop.closed': true,
  'order.stale': true,
  'order.cancelled': true,
  'order.external': true,
  'request.malformed': true,
  'request.too_large': true,
  'request.unsupported_type': true,
  'request.timeout': true,
  'record.stale': true,
  'schedule.orders_booked': true,
  'account.disabled': true,
  'staff.last_admin': true,
  'record.in_use': true,
  'order.total_changed': true,
  'order.below_minimum': true,
  'image.unsupported': true,
  'idempotency.mismatch': true,
  'tracking.throttled': true,
  'order.progress_end': true,
  'order.not_delayable': true,
  'order.not_followable': true,
  'print.lease_lost': true,
  'print.no_printer': true,
  'pairing.throttled': true,
};

const isCode = (value: unknown): value is RefusalCode => typeof value === 'string' && Object.hasOwn(CODES, value);

function fieldErrors(value: unknown): Record<string, string[]> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value).flatMap(([field, messages]) => {
      const texts = Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [];
      return texts.length > 0 ? [[field, texts]] : [];
    }),
  );
}

/** Turns any error body into the one refusal shape; `fallback` is shown when the body has no message. */
export function refusalFrom(body: unknown, fallback = 'Errore generico'): Refusal {
  const { code, message, errors } = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return {
    code: isCode(code) ? code : 'unknown',
    message: typeof message === 'string' && message ? message : fallback,
    errors: fieldErrors(errors),
  };
}
