import path from 'node:path';
import { z } from 'zod';
import type { OpzioniS3 } from './lib/archivio/archivio-s3.js';

/** Measured on the 2-core bench machine (bench/report.md): more connections only add context switches. */
export const DEFAULT_POOL_MAX = 20;
/**
 * Longest wait for a new connection to Postgres (TCP, TLS, login). A refused connection fails at
 * once; this bounds a database that does not answer at all.
 */
export const DEFAULT_DB_CONNECT_TIMEOUT_SECONDS = 5;
/**
 * Longest statement of a request. The portal's heaviest is tens of milliseconds (bench/report.md);
 * past 15 s the customer has given up, and a proxy's own timeout would answer something worse.
 */
export const DEFAULT_DB_STATEMENT_TIMEOUT_SECONDS = 15;
/** A session not used for this long ends (docs/regole/accesso.md#sessions), beside its lifetime. */
export const DEFAULT_SESSION_IDLE_MINUTES = 120;
/**
 * Memory ceiling of an import's own process (server/import/processo/), in MB: a file of a million
 * rows within the import's limits needs a few hundred (docs/decisions/import-limiti.md).
 */
export const DEFAULT_IMPORT_MEMORIA_MB = 1024;
/**
 * Seconds a stopping process keeps serving, not ready, before it closes (server/processo/arresto.ts):
 * a load balancer checking every second or two has seen it unready by then.
 */
export const DEFAULT_SHUTDOWN_DRAIN_SECONDS = 3;
/**
 * Exports (price list, order history) streaming at once in a process, and the connections of
 * their own pool: a few seconds of database each (bench/report.md), never the portal's pool
 * (docs/decisions/esportazioni-limitate.md).
 */
export const DEFAULT_EXPORT_MAX = 4;
/** Exports at once of one user: one of each kind, or a second try while the first ends. */
export const DEFAULT_EXPORT_MAX_PER_USER = 2;
/** A download whose client takes nothing for this long is cut, and its export's place freed. */
export const DEFAULT_EXPORT_STALL_SECONDS = 30;

const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** Environment variables, parsed once at start. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /** Connections of the app to Postgres (see docs/decisions/db-pool-size.md: few connections pipeline better). */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(DEFAULT_POOL_MAX),
  DB_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(DEFAULT_DB_CONNECT_TIMEOUT_SECONDS),
  /** 0 turns the limit off. */
  DB_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().min(0).max(3600).default(DEFAULT_DB_STATEMENT_TIMEOUT_SECONDS),
  DATA_DIR: z.string().min(1).default('.data'),
  MEDIA_DIR: z.string().min(1).optional(),
  /** Where media live (server/lib/archivio/): the folder MEDIA_DIR, or an S3-compatible bucket. */
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'nome del bucket non valido (da 3 a 63 tra minuscole, cifre, punti e trattini)').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Default: true with S3_ENDPOINT (MinIO and most stores but AWS), false without. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Portale B2B Ferramenta <noreply@ferramenta.local>'),
  OFFICE_MAIL: z.string().email().default('ordini@ferramenta.local'),
  /** The portal's address as customers open it: the links in its mail ('Password dimenticata?'). */
  PUBLIC_URL: z.string().url().refine((u) => /^https?:\/\//.test(u), 'deve iniziare con http:// o https://').optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().max(24 * 90).default(12),
  /** At least 5: a session's last use is written at most once a minute (server/auth/utente-sessione.ts). */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(24 * 90 * 60).default(DEFAULT_SESSION_IDLE_MINUTES),
  SEED_DEMO: bool.default(true),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (else it could be forged). */
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** What the process runs (server/processo/ruolo.ts): all (portal and jobs, one process), web or worker. */
  PROCESS_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  /** At most 8: a stopping process exits within 10 s of the signal, its requests and job finished. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(8).default(DEFAULT_SHUTDOWN_DRAIN_SECONDS),
  /** Orders out to the ERP (server/erp/): a JSON webhook, signed with ERP_WEBHOOK_SECRET … */
  ERP_ORDER_WEBHOOK_URL: z.string().url().optional(),
  ERP_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** … and/or one CSV and one JSON file per order in this folder. */
  ERP_EXPORT_DIR: z.string().min(1).optional(),
  /**
   * … or in the S3 bucket under this prefix. A dot first: /media/ never serves a key with a dot
   * segment, so customers' orders cannot be downloaded by their URL (docs/erp.md).
   */
  ERP_EXPORT_PREFIX: z.string()
    .regex(/^\.[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*\/?$/, 'deve iniziare con un punto, es. .erp/ordini/ (cartelle di lettere, cifre, punti, trattini)')
    .optional(),
  /** Live stock from the ERP before ordini/check and ordini/create (server/erp/disponibilita-live.ts). */
  ERP_AVAILABILITY_URL: z.string().url().optional(),
  ERP_AVAILABILITY_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(800),
  IMPORT_MEMORIA_MB: z.coerce.number().int().min(128).max(65_536).default(DEFAULT_IMPORT_MEMORIA_MB),
  /** An import process started ahead, waiting for the next run (docs/decisions/import-processo-pronto.md). */
  IMPORT_PROCESSO_PRONTO: bool.default(true),
  /** Exports at once per process, also their pool's size (docs/decisions/esportazioni-limitate.md). */
  EXPORT_MAX: z.coerce.number().int().min(1).max(50).default(DEFAULT_EXPORT_MAX),
  EXPORT_MAX_PER_USER: z.coerce.number().int().min(1).max(50).default(DEFAULT_EXPORT_MAX_PER_USER),
  EXPORT_STALL_SECONDS: z.coerce.number().positive().max(600).default(DEFAULT_EXPORT_STALL_SECONDS),
}).refine((e) => e.EXPORT_MAX_PER_USER <= e.EXPORT_MAX, {
  path: ['EXPORT_MAX_PER_USER'], message: 'al massimo EXPORT_MAX',
}).refine((e) => !e.ERP_ORDER_WEBHOOK_URL || e.ERP_WEBHOOK_SECRET, {
  path: ['ERP_WEBHOOK_SECRET'], message: 'obbligatorio con ERP_ORDER_WEBHOOK_URL (almeno 16 caratteri)',
}).refine((e) => e.MEDIA_STORE !== 's3' || e.S3_BUCKET, {
  path: ['S3_BUCKET'], message: 'obbligatorio con MEDIA_STORE=s3',
}).refine((e) => !e.S3_ACCESS_KEY_ID === !e.S3_SECRET_ACCESS_KEY, {
  path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vanno date insieme (o nessuna delle due)',
}).refine((e) => !e.ERP_EXPORT_PREFIX || e.MEDIA_STORE === 's3', {
  path: ['ERP_EXPORT_PREFIX'], message: 'solo con MEDIA_STORE=s3 (con i file su disco usare ERP_EXPORT_DIR)',
});

export type Env = z.infer<typeof envSchema>;
export type ProcessRole = Env['PROCESS_ROLE'];

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl: string;
  /** Size of the app's connection pool; DEFAULT_POOL_MAX when not given. */
  dbPoolMax?: number;
  /** Wait for a new database connection; DEFAULT_DB_CONNECT_TIMEOUT_SECONDS when not given. */
  dbConnectTimeoutSeconds?: number;
  /** Postgres statement_timeout of the app's connections, 0 for none; DEFAULT_DB_STATEMENT_TIMEOUT_SECONDS when not given. */
  dbStatementTimeoutSeconds?: number;
  dataDir: string;
  mediaDir: string;
  /** Media in an S3-compatible bucket (MEDIA_STORE=s3); absent: in the folder mediaDir. */
  s3?: OpzioniS3;
  mailDir: string;
  smtpUrl?: string;
  mailFrom: string;
  officeMail: string;
  /** The portal's address in mail links; http://localhost:PORT when not given. */
  publicUrl?: string;
  sessionTtlHours: number;
  /** Minutes without a request after which a session ends; DEFAULT_SESSION_IDLE_MINUTES when not given. */
  sessionIdleMinutes?: number;
  seedDemo: boolean;
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** What the process runs; 'all' when not given. */
  processRole?: ProcessRole;
  /** Grace period of a stop, in seconds; DEFAULT_SHUTDOWN_DRAIN_SECONDS when not given. */
  shutdownDrainSeconds?: number;
  /** Built SPA folder; undefined serves no SPA (API-only tests, workers). */
  webDir?: string;
  /** Where confirmed orders go (server/erp/esporta-ordine.ts); none of them: orders stay in the portal. */
  erp?: ErpConfig;
  /** Memory ceiling of an import's own process in MB; DEFAULT_IMPORT_MEMORIA_MB when not given. */
  importMemoriaMb?: number;
  /** A job-running process keeps an import process started ahead for the next run; not when absent (tests). */
  importProcessoPronto?: boolean;
  /** Exports at once in this process and their pool's size; DEFAULT_EXPORT_MAX when not given. */
  exportMax?: number;
  /** Exports at once of one user in this process; DEFAULT_EXPORT_MAX_PER_USER when not given. */
  exportMaxPerUser?: number;
  /** Seconds a download may stay undrained before it is cut; DEFAULT_EXPORT_STALL_SECONDS when not given. */
  exportStallSeconds?: number;
}

export interface ErpConfig {
  webhookUrl?: string;
  webhookSecret?: string;
  exportDir?: string;
  /** The same files in the media store (S3) under this prefix, ending with '/'. */
  exportPrefix?: string;
  /** Asked for live stock; without it the portal's stock is the truth. */
  availabilityUrl?: string;
  /** Longest wait for its answer before falling back to the portal's stock. */
  availabilityTimeoutMs?: number;
}

export class ConfigError extends Error {}

/** Parses process.env; throws ConfigError listing every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configurazione non valida:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function configFromEnv(env: Env, databaseUrl: string): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl,
    dbPoolMax: env.DB_POOL_MAX,
    dbConnectTimeoutSeconds: env.DB_CONNECT_TIMEOUT_SECONDS,
    dbStatementTimeoutSeconds: env.DB_STATEMENT_TIMEOUT_SECONDS,
    dataDir,
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    s3: env.MEDIA_STORE === 's3' ? {
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? !!env.S3_ENDPOINT,
    } : undefined,
    mailDir: path.join(dataDir, 'mail'),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    officeMail: env.OFFICE_MAIL,
    publicUrl: env.PUBLIC_URL,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    seedDemo: env.SEED_DEMO,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    processRole: env.PROCESS_ROLE,
    shutdownDrainSeconds: env.SHUTDOWN_DRAIN_SECONDS,
    webDir: env.PROCESS_ROLE === 'worker' ? undefined : path.resolve('dist/web'),
    erp: {
      webhookUrl: env.ERP_ORDER_WEBHOOK_URL,
      webhookSecret: env.ERP_WEBHOOK_SECRET,
      exportDir: env.ERP_EXPORT_DIR ? path.resolve(env.ERP_EXPORT_DIR) : undefined,
      exportPrefix: env.ERP_EXPORT_PREFIX?.replace(/\/?$/, '/'),
      availabilityUrl: env.ERP_AVAILABILITY_URL,
      availabilityTimeoutMs: env.ERP_AVAILABILITY_TIMEOUT_MS,
    },
    importMemoriaMb: env.IMPORT_MEMORIA_MB,
    importProcessoPronto: env.IMPORT_PROCESSO_PRONTO,
    exportMax: env.EXPORT_MAX,
    exportMaxPerUser: env.EXPORT_MAX_PER_USER,
    exportStallSeconds: env.EXPORT_STALL_SECONDS,
  };
}
