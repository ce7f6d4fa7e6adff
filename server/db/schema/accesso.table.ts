import { sql as dsql } from 'drizzle-orm';
import {
  bigserial, boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Backend (admin) accounts. tipologia: 'amministratore' | 'tecnico'. */
export const adminUtenti = pgTable('admin_utenti', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  nome: text('nome').notNull(),
  cognome: text('cognome').notNull(),
  tipologia: text('tipologia').notNull().default('amministratore'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('admin_utenti_username_uq').on(dsql`lower(${t.username})`)]);

/** Customer accounts (utente). codice is the utente_codice the API speaks of. */
export const utenti = pgTable('utenti', {
  id: serial('id').primaryKey(),
  codice: text('codice').notNull(),
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  nome: text('nome').notNull(),
  cognome: text('cognome').notNull(),
  nominativo: text('nominativo').notNull().default(''),
  tipologiaAccount: text('tipologia_account').notNull().default('cliente'),
  statusLogin: smallint('status_login').notNull().default(0),
  fatturatoMetrica: smallint('fatturato_metrica').notNull().default(0),
  /**
   * Set when an admin sets the password (create, edit, credentials): until the user changes it
   * through password/cambia, every other customer call answers 403 (docs/regole/accesso.md#temporary-passwords).
   */
  passwordTemporanea: boolean('password_temporanea').notNull().default(false),
  /**
   * When the password was set (for a mailed one: when the admin asked for it). A temporary
   * password stops working ORE_PASSWORD_TEMPORANEA hours after it (server/auth/passwords.ts).
   */
  passwordImpostataAt: timestamp('password_impostata_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * A sales agent's code (tipologia_account 'agente', docs/regole/agenti.md): the ERP's agente_codice
   * of the portfolio import; NULL for every other account.
   */
  agenteCodice: text('agente_codice'),
  /** The last successful login ('La mia azienda' shows it); NULL: never. */
  ultimoAccessoAt: timestamp('ultimo_accesso_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('utenti_username_uq').on(dsql`lower(${t.username})`),
  uniqueIndex('utenti_codice_uq').on(t.codice),
  uniqueIndex('utenti_agente_codice_uq').on(t.agenteCodice),
  // utenti/read: words of the admin search anywhere in these fields, and its alphabetical order.
  index('utenti_ricerca_trgm').using('gin', dsql`lower(${t.username} || ' ' || ${t.nome} || ' ' || ${t.cognome} || ' ' || ${t.codice}) gin_trgm_ops`),
  index('utenti_cognome_nome_idx').on(dsql`lower(${t.cognome})`, dsql`lower(${t.nome})`, t.id),
]);

/** Devices a customer logged in from; login needs authorized = 1. */
export const dispositivi = pgTable('dispositivi', {
  id: serial('id').primaryKey(),
  utenteId: integer('utente_id').notNull().references(() => utenti.id, { onDelete: 'cascade' }),
  fingerprint: text('fingerprint').notNull(),
  ip: text('ip').notNull().default(''),
  platform: text('platform').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
  cookieEnabled: boolean('cookie_enabled').notNull().default(true),
  screenResolution: text('screen_resolution').notNull().default(''),
  colorDepth: integer('color_depth'),
  pixelRatio: text('pixel_ratio').notNull().default(''),
  language: text('language').notNull().default(''),
  timezone: text('timezone').notNull().default(''),
  authorized: smallint('authorized').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('dispositivi_utente_fp_uq').on(t.utenteId, t.fingerprint),
  index('dispositivi_authorized_idx').on(t.authorized),
]);

/**
 * Server-side sessions. The cookie carries a random token; only its SHA-256 is stored,
 * so a database read does not hand out live sessions.
 */
export const sessioni = pgTable('sessioni', {
  tokenHash: text('token_hash').primaryKey(),
  tipo: text('tipo').notNull(), // 'cliente' | 'admin'
  utenteId: integer('utente_id').references(() => utenti.id, { onDelete: 'cascade' }),
  adminId: integer('admin_id').references(() => adminUtenti.id, { onDelete: 'cascade' }),
  dispositivoId: integer('dispositivo_id').references(() => dispositivi.id, { onDelete: 'cascade' }),
  /**
   * An agent's session acting for this client of their portfolio (agente/entra; NULL: the
   * portfolio). The session user then has this client alone (server/auth/utente-sessione.ts).
   * Integer, not a reference: anagrafica.table.ts imports this file; migration 0046 adds the key.
   */
  agenteClienteId: integer('agente_cliente_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /**
   * The session's last request, written at most once a minute: a session idle longer than
   * SESSION_IDLE_MINUTES ends. Not indexed, so that the write stays a HOT update, and not watched
   * by the trigger that makes every process forget its remembered sessions.
   */
  ultimoUsoAt: timestamp('ultimo_uso_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('sessioni_utente_idx').on(t.utenteId),
  index('sessioni_admin_idx').on(t.adminId),
  index('sessioni_dispositivo_idx').on(t.dispositivoId),
  index('sessioni_expires_idx').on(t.expiresAt),
]);

/** Failed login attempts, for the per-account and per-address limits. */
export const tentativiLogin = pgTable('tentativi_login', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  username: text('username').notNull(),
  ip: text('ip').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('tentativi_login_user_ip_idx').on(dsql`lower(${t.username})`, t.ip, t.createdAt),
  index('tentativi_login_ip_idx').on(t.ip, t.createdAt),
]);

/**
 * A customer's request of a new password ('Password dimenticata?', docs/regole/accesso.md#password-reset).
 * The link's token is drawn when its mail is sent (server/posta/reset-password.ts) and only its SHA-256
 * is kept here, so no usable secret stays in the database; the link is valid for an hour from the
 * request and once: using it deletes every request of the user.
 */
export const resetPassword = pgTable('reset_password', {
  id: serial('id').primaryKey(),
  utenteId: integer('utente_id').notNull().references(() => utenti.id, { onDelete: 'cascade' }),
  /** Null until the mail is composed. */
  tokenHash: text('token_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('reset_password_token_uq').on(t.tokenHash),
  index('reset_password_utente_idx').on(t.utenteId),
]);

/** Key/value switches: 'manutenzione', 'approvazione_dispositivi' ('0' | '1'). */
export const impostazioni = pgTable('impostazioni', {
  chiave: text('chiave').primaryKey(),
  valore: text('valore').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * API tokens for unattended calls (the ERP's pushes to the import endpoint): created and revoked
 * by a tecnico, stored as the SHA-256 of the token (the token itself is shown once, at creation),
 * sent as `Authorization: Bearer <token>`. Never a user session.
 */
export const apiToken = pgTable('api_token', {
  id: serial('id').primaryKey(),
  nome: text('nome').notNull(),
  /** The first characters of the token, so that the screen can tell tokens apart. */
  prefisso: text('prefisso').notNull(),
  hash: text('hash').notNull(),
  creatoDa: integer('creato_da').references(() => adminUtenti.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revocatoAt: timestamp('revocato_at', { withTimezone: true }),
  ultimoUsoAt: timestamp('ultimo_uso_at', { withTimezone: true }),
}, (t) => [uniqueIndex('api_token_hash_uq').on(t.hash)]);
