/** The real server's outbox (global-setup provides the folder): every e-mail it sent, as an .eml file. */
import fs from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';

/** Quoted-printable decoded to UTF-8 (soft breaks dropped, =XX bytes joined), so 'è' and '€' read as such. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .slice(1)
        .split('=')
        .map((hex) => Number.parseInt(hex, 16)),
    ).toString('utf8'),
  );
}

/** Every .eml the server's mail worker wrote to `to`, oldest first, decoded. */
export function mailsTo(to: string): string[] {
  const dir = inject('outboxDir');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, name), 'utf8')))
    .filter((mail) => mail.includes(`To: ${to}`));
}

/** Waits (bounded) until `count` mails to `to` are in the outbox; the queue worker writes them soon after the request. */
export async function waitForMails(to: string, count: number): Promise<string[]> {
  await expect.poll(() => mailsTo(to).length, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(count);
  return mailsTo(to);
}

/** The link of a mail's plain-text part that contains `pathPart`, as a path on the server. */
export function linkIn(mail: string, pathPart: string): string {
  const link = mail.match(new RegExp(`https?://[^\\s"<>]*${pathPart.replace(/[?/]/g, '\\$&')}[^\\s"<>]*`))?.[0];
  if (!link) throw new Error(`no link to ${pathPart} in:\n${mail}`);
  const parsed = new URL(link.replace(/&amp;/g, '&'));
  return parsed.pathname + parsed.search;
}
