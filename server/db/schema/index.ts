export * from './accesso.table.js';
export * from './anagrafica.table.js';
export * from './catalogo.table.js';
export * from './media.table.js';
export * from './ordini.table.js';
export * from './liste.table.js';
export * from './contatti.table.js';
export * from './posta.table.js';
