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

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 — when absent, every mail is written to `outboxDir` as an .eml file */
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

function fileNameFor(message: MailMessage, sentAt: Date): string {
  const slug = message.subject
    .normalize('NFD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase()
    .slice(0, 40);
  const stamp = sentAt.toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${slug}-${Math.random().toString(36).slice(2, 8)}.eml`;
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
      async send(message) {
        await (await transport()).sendMail({ from: options.from, ...message });
        options.logger.info({ to: message.to, subject: message.subject }, 'mail sent by SMTP');
      },
    };
  }
  const transport = lazily((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: options.from, ...message });
      // Reset and verification links are secrets: only the server's own user may read the outbox.
      await fs.mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(options.outboxDir, fileNameFor(message, new Date()));
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.logger.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}
