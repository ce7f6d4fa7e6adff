import path from 'node:path';
import type { AppConfig } from '../../server/config.js';

/** The app's config in tests: a database, a data folder, no SPA, no logs. */
export const configDiTest = (databaseUrl: string, dataDir: string, altro: Partial<AppConfig> = {}): AppConfig => ({
  env: 'test', port: 0, host: '127.0.0.1', databaseUrl, dataDir,
  mediaDir: path.join(dataDir, 'media'), mailDir: path.join(dataDir, 'mail'),
  mailFrom: 'Portale <noreply@test.local>', officeMail: 'ufficio@test.local',
  sessionTtlHours: 1, seedDemo: false, trustProxy: false, logLevel: 'silent', webDir: undefined,
  ...altro,
});
