import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-files.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, such as List-Unsubscribe on the newsletter's mails. */
  headers?: Record<string, string>;
  /** Files sent with the mail, such as an invoice's PDF (passed to nodemailer as they are). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
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
  const { smtpUrl } = options;
  // Nodemailer is loaded with the first mail: an idle shop does not carry it.
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport(smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const close = () => {
    transport?.then((t) => t.close()).catch(() => {});
  };
  if (smtpUrl) {
    return {
      target: 'smtp',
      async send(message) {
        await (await open()).sendMail({ from: options.from, ...message });
      },
      close,
    };
  }

  const outbox = path.join(options.dataDir, 'outbox');
  return {
    target: outbox,
    async send(message) {
      const info = await (await open()).sendMail({ from: options.from, ...message });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const id = String(info.messageId)
        .replace(/[^a-zA-Z0-9]/g, '')
        .slice(0, 24);
      const file = path.join(outbox, `${stamp}-${id}.eml`);
      // The folder is made when a write finds it missing, not before every mail (one a purchase).
      try {
        await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await fs.mkdir(outbox, { recursive: true, mode: PRIVATE_DIR_MODE });
        await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      }
    },
    close,
  };
}
