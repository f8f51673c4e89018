import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type Nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A mail of the queue, as the worker hands it to the transport. */
export interface QueuedMail extends MailMessage {
  id: number;
  /** when it was queued (ISO) */
  createdAt: string;
}

export interface Mailer {
  send(mail: QueuedMail): Promise<void>;
  /**
   * True when sending a mail again replaces its first copy (the outbox folder: one file per mail), so
   * the queue may mark a batch sent at its end; otherwise each mail is marked as soon as it is sent.
   */
  resendReplaces?: boolean;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 — when absent, every mail is written to `outboxDir` as an .eml file */
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/**
 * One name per queued mail, oldest first: a mail sent again (its worker died before marking it sent)
 * overwrites its first copy. The queue time keeps a new database's mail 1 apart from an old one's.
 */
function fileNameFor(mail: QueuedMail): string {
  const slug = mail.subject
    .normalize('NFD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase()
    .slice(0, 40);
  const stamp = mail.createdAt.replace(/[:.]/g, '-');
  return `${stamp}-${String(mail.id).padStart(9, '0')}-${slug}.eml`;
}

/** nodemailer is loaded at the first mail, not at start: a process may serve for hours without sending one. */
function lazily<T>(create: (nodemailer: typeof Nodemailer) => T): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= import('nodemailer').then(({ default: nodemailer }) => create(nodemailer)));
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = lazily((nodemailer) => nodemailer.createTransport(options.smtpUrl));
    return {
      async send({ to, subject, text, html }) {
        await (await transport()).sendMail({ from: options.from, to, subject, text, html });
        options.logger.info({ to, subject }, 'mail sent by SMTP');
      },
    };
  }
  const transport = lazily((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    resendReplaces: true,
    async send(mail) {
      const { to, subject, text, html } = mail;
      const info = await (await transport()).sendMail({ from: options.from, to, subject, text, html });
      // Reset and verification links are secrets: only the server's own user may read the outbox.
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(options.outboxDir, fileNameFor(mail));
      // Written aside, then renamed: a reader never sees half a mail, and a repeat replaces it whole.
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, info.message as Buffer, { mode: 0o600 });
      await fs.rename(temp, file);
      options.logger.info({ to, subject, file }, 'mail written to outbox');
    },
  };
}
