/**
 * An Idempotency-Key answers again only the request it was first sent with (Stripe's rule): the key
 * is stored with a fingerprint of the operation, its target and its body, and the same key with
 * another request is refused rather than answered with the first one's result.
 */
import { createHash } from 'node:crypto';
import { AppError } from '../errors';

export const IDEMPOTENCY_MISMATCH = "Questa richiesta è già stata usata per un'altra operazione.";

/** The same value with its object keys sorted, so that equal bodies print alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/** A hash of what a request asks: the operation, the record it targets (or null) and its body. */
export function fingerprint(operation: string, target: number | null, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical([operation, target, body ?? null])))
    .digest('hex');
}

/**
 * A key seen before replays its first answer only for the same request. A key stored before
 * fingerprints were kept (null) is taken as the same.
 */
export function assertSameRequest(stored: string | null, requested: string): void {
  if (stored !== null && stored !== requested) throw new AppError('validation', IDEMPOTENCY_MISMATCH, { code: 'idempotency.mismatch' });
}
