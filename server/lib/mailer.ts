import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Files sent with it (an order's confirmation PDF), as nodemailer takes them. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send: (mail: Mail) => Promise<void>;
  /** Closes pooled SMTP connections. */
  close: () => void;
}


/**
 * Real SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under
 * DATA_DIR/mail, so nothing is lost in development and tests can read what was sent.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; mailDir: string }): Mailer {
  if (opts.smtpUrl) {
    // Pooled: an order confirmation reuses an open SMTP connection instead of a new handshake.
    const transport = nodemailer.createTransport(withPool(opts.smtpUrl));
    const send: Mailer['send'] = async (mail) => { await transport.sendMail({ from: opts.from, ...mail }); };
    return { send, close: () => transport.close() };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let folder: Promise<unknown> | undefined;
  const send: Mailer['send'] = async (mail) => {
    const info = await transport.sendMail({ from: opts.from, ...mail });
    await (folder ??= fs.mkdir(opts.mailDir, { recursive: true }).catch((err: unknown) => {
      folder = undefined; // try again with the next message
      throw err;
    }));
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '').slice(0, 24)}.eml`;
    // Written under a temporary name and renamed, so a reader never sees half a message.
    const file = path.join(opts.mailDir, name);
    await fs.writeFile(`${file}.tmp`, info.message as Buffer);
    await fs.rename(`${file}.tmp`, file);
  };
  return { send, close: () => {} };
}

/** SMTP_URL with nodemailer's connection pool on, unless the URL says otherwise. */
function withPool(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('pool')) u.searchParams.set('pool', 'true');
  return u.toString();
}
