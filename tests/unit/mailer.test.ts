import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../server/lib/mailer.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-mail-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('mailer', () => {
  it('without SMTP writes each message whole as an .eml file', async () => {
    const mailer = createMailer({ from: 'Portale <noreply@test.local>', mailDir: dir });
    await mailer.send({ to: 'cliente@test.local', subject: 'Conferma ordine #7', text: 'Totale: 12,000 €' });
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(fs.readFileSync(path.join(dir, files[0]!), 'utf8')).toContain('Subject: Conferma ordine #7');
  });

  it('rejects when the SMTP server cannot be reached, so that the outbox retries', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'noreply@test.local', mailDir: dir });
    try {
      await expect(mailer.send({ to: 'cliente@test.local', subject: 'Conferma ordine #8', text: 'x' })).rejects.toThrow();
    } finally {
      mailer.close();
    }
  });
});
