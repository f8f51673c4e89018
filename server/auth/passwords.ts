import os from 'node:os';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, createHash, type ScryptOptions } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as LanguageCommon from '@zxcvbn-ts/language-common';
import { passwordProblem } from '../../src/domain';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

/**
 * At most this many hashes run at once; the others wait their turn in order. A hash takes a CPU
 * core and 128 MiB for a few hundred milliseconds: a burst of logins must not take every core (and
 * libuv's 4 threads, which file and DNS work share) from the other requests.
 */
const HASH_CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism() - 1));
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1 (tests lower it with SCRYPT_COST). */
const DEFAULT_COST = 2 ** 17;

export function scryptCost(): number {
  const fromEnv = Number(process.env.SCRYPT_COST);
  return Number.isInteger(fromEnv) && fromEnv >= 2 ** 10 ? fromEnv : DEFAULT_COST;
}

const derive = (password: string, salt: Buffer, keylen: number, N: number, r: number, p: number) =>
  withHashSlot(() => scrypt(password.normalize('NFKC'), salt, keylen, { N, r, p, maxmem: 256 * N * r }));

/** "scrypt$N$r$p$salt$hash", self-describing so the cost can rise without breaking old hashes. */
export async function hashPassword(password: string, cost = scryptCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, KEY_LENGTH, cost, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), expected.length, Number(n), Number(r), Number(p));
  return timingSafeEqual(key, expected);
}

/** A hash made with weaker parameters than today's: rehash it at the next successful login. */
export function needsRehash(stored: string, cost = scryptCost()): boolean {
  const [, n, r, p] = stored.split('$');
  return Number(n) !== cost || Number(r) !== BLOCK_SIZE || Number(p) !== PARALLELISM;
}

/** ~49,000 of the most used passwords (zxcvbn's list), lower case: loaded when a password is first chosen. */
let commonPasswords: Set<string> | undefined;
function isCommonPassword(lowercase: string): boolean {
  if (!commonPasswords) {
    const { dictionary } = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as typeof LanguageCommon;
    commonPasswords = new Set(dictionary['passwords-common'] as string[]);
  }
  return commonPasswords.has(lowercase);
}

/** The shared password rule, with the server's list of common passwords. */
export function newPasswordProblem(password: string, email: string): string | null {
  return passwordProblem(password, email, isCommonPassword);
}

/** A random secret for links and bearer tokens, and the hash that is stored instead of it. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
