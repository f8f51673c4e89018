import { randomBytes, scrypt as scryptCallback, timingSafeEqual, createHash, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

const KEY_LENGTH = 64;
/** N=2^15, r=8, p=1: about 50 ms per hash on this class of machine (OWASP's minimum is 2^17 for r=8,p=1 with more memory; raise with SCRYPT_COST). */
const DEFAULT_COST = 2 ** 15;

export function scryptCost(): number {
  const fromEnv = Number(process.env.SCRYPT_COST);
  return Number.isInteger(fromEnv) && fromEnv >= 2 ** 10 ? fromEnv : DEFAULT_COST;
}

/** "scrypt$N$r$p$salt$hash", self-describing so the cost can rise without breaking old hashes. */
export async function hashPassword(password: string, cost = scryptCost()): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: cost, r: 8, p: 1, maxmem: 256 * cost * 8 });
  return ['scrypt', cost, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const N = Number(n);
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r),
  });
  return timingSafeEqual(key, expected);
}

/** A random secret for links and bearer tokens, and the hash that is stored instead of it. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
