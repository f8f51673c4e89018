import { createHash } from 'node:crypto';

/**
 * A weak validator for a body (RFC 9110): the same for its gzipped and plain forms, different whenever
 * a byte of the body differs. `label` (e.g. the catalogue version) only makes it readable.
 */
export function weakEtag(label: string | number, body: Buffer): string {
  return `W/"${label}-${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison: `W/` aside, the same opaque tag) or is `*`. */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}
