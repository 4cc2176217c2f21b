import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  /** Sends one message; throws when the mail server refuses it. */
  send(message: MailMessage): Promise<void>;
  close(): void;
  /** Where mail goes: 'smtp' or the outbox folder's path. */
  readonly target: string;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file to
 * `<dataDir>/outbox`, so a shop without a mail server still keeps what it would have sent.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      target: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }

  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    target: outbox,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const id = String(info.messageId)
        .replace(/[^a-zA-Z0-9]/g, '')
        .slice(0, 24);
      await fs.writeFile(path.join(outbox, `${stamp}-${id}.eml`), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}
