import fs from 'node:fs';
import path from 'node:path';

/** Quoted-printable undone: nodemailer writes Italian text that way. */
const daQuotedPrintable = (s: string) =>
  Buffer.from(s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');

/** The mails written as .eml files into a mail folder (no SMTP_URL) for this recipient, oldest first, decoded. */
export function mailPer(dir: string, to: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort()
    .map((f) => daQuotedPrintable(fs.readFileSync(path.join(dir, f), 'utf8')))
    .filter((m) => new RegExp(`^To: ${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'mi').test(m));
}

/** The temporary password a credentials mail carries. */
export const passwordDellaMail = (mail: string): string => /Password temporanea: (\S+)/.exec(mail)?.[1] ?? '';
