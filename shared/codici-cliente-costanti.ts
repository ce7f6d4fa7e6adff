/** A client's own code (shared/codici-cliente.ts) without zod: its limit, for the schema and the editor's box. */
export const CODICE_CLIENTE_MAX = 40;
