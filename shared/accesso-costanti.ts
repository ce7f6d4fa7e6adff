/** The two kinds of admin: a tecnico may also do what changes the system (tokens, imports, settings). */
export const TIPOLOGIE_ADMIN = ['amministratore', 'tecnico'] as const;
export type TipologiaAdmin = (typeof TIPOLOGIE_ADMIN)[number];
