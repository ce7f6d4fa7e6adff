import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  send: (mail: Mail) => Promise<void>;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under
 * DATA_DIR/mail, so nothing is lost in development and tests can read what was sent.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; mailDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return { send: async (mail) => { await transport.sendMail({ from: opts.from, ...mail }); } };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let folder: Promise<unknown> | undefined;
  return {
    send: async (mail) => {
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
    },
  };
}
