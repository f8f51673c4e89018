import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: the tracking link's token (the issue asks at least 128). */
const TOKEN_BYTES = 32;

/** What is stored of a token: its sha-256, so a copy of the database opens no order's page. */
export const trackingHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token for an order's link, and the hash to store with the order. */
export function newTrackingToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: trackingHash(token) };
}

/** The page the customer follows the order on: '/ordine/<token>'. */
export const trackingPath = (token: string): string => `/ordine/${token}`;
