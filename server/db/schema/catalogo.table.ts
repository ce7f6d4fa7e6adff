import { sql as dsql, type SQL } from 'drizzle-orm';
import {
  check, date, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clienti } from './anagrafica.table.js';
import { tsvector } from './types.js';

/** Category tree. pathIds holds every ancestor id and the category's own, root first. */
export const categorie = pgTable('categorie', {
  id: serial('id').primaryKey(),
  codCat: text('cod_cat').notNull().unique(),
  nome: text('nome').notNull(),
  livello: smallint('livello').notNull().default(0),
  parentId: integer('parent_id'),
  pathIds: integer('path_ids').array().notNull().default(dsql`'{}'::int[]`),
  status: smallint('status').notNull().default(0),
  ordine: integer('ordine').notNull().default(0),
}, (t) => [index('categorie_parent_idx').on(t.parentId)]);

/** Brands; '000' is the "no brand" code. */
export const brand = pgTable('brand', {
  id: serial('id').primaryKey(),
  brandCodice: text('brand_codice').notNull().unique(),
  nome: text('nome').notNull(),
  url: text('url').notNull().default(''),
  coverDir: text('cover_dir').notNull().default(''),
  coverFile: text('cover_file').notNull().default(''),
});

export const prodotti = pgTable('prodotti', {
  id: serial('id').primaryKey(),
  codiceProdotto: text('codice_prodotto').notNull().unique('prodotti_codice_uq'),
  descrizione1: text('descrizione1').notNull(),
  descrizione2: text('descrizione2').notNull().default(''),
  titoloPortale: text('titolo_portale'),
  descrizioneAggiuntiva: text('descrizione_aggiuntiva').notNull().default(''),
  dataCreazione: date('data_creazione'),
  famiglia: text('famiglia').notNull().default(''),
  famigliaId: text('famiglia_id').notNull().default(''),
  sottofamiglia: text('sottofamiglia').notNull().default(''),
  sottofamigliaId: text('sottofamiglia_id').notNull().default(''),
  gruppo: text('gruppo').notNull().default(''),
  gruppoId: text('gruppo_id').notNull().default(''),
  sottogruppo: text('sottogruppo').notNull().default(''),
  sottogruppoId: text('sottogruppo_id').notNull().default(''),
  categoriaId: integer('categoria_id').references(() => categorie.id),
  um: text('um').notNull().default('PZ'),
  pzConf: integer('pz_conf').notNull().default(1),
  pzConf2: integer('pz_conf2').notNull().default(1),
  /** Discount family (Metel's): the clients' chains per family apply to it (sconti_clienti). */
  famigliaSconto: text('famiglia_sconto'),
  /** Pack: quantities are ordered in multiples of `multiplo`, at least `minimo` (shared/confezioni.ts). */
  multiplo: integer('multiplo').notNull().default(1),
  minimo: integer('minimo').notNull().default(1),
  /** The wholesaler's purchase cost per unit (a Metel list's wholesaler price): never shown to customers. */
  prezzoAcquisto: numeric('prezzo_acquisto', { precision: 12, scale: 3 }),
  /** Statistical family (Metel's), for the wholesaler's own reports. */
  famigliaStatistica: text('famiglia_statistica'),
  ivaAliquota: numeric('iva_aliquota', { precision: 5, scale: 2 }).notNull().default('22'),
  ivaRidotta: smallint('iva_ridotta').notNull().default(0),
  brandCodice: text('brand_codice').notNull().default('000').references(() => brand.brandCodice, { onUpdate: 'cascade' }),
  /** Brand name copied here so that the search document can include it (generated columns see one row). */
  brandNome: text('brand_nome').notNull().default(''),
  status: smallint('status').notNull().default(0),
  /** Business popularity (sales); orders search results within a relevance tier. */
  popolarita: integer('popolarita').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  searchDoc: tsvector('search_doc').generatedAlwaysAs((): SQL => dsql`
    setweight(to_tsvector('it_search', coalesce(nullif(titolo_portale, ''), descrizione1)), 'A') ||
    setweight(to_tsvector('it_search', brand_nome || ' ' || famiglia || ' ' || sottofamiglia || ' ' || gruppo), 'B') ||
    setweight(to_tsvector('it_search', descrizione2 || ' ' || descrizione_aggiuntiva), 'C')`),
  titleDoc: tsvector('title_doc').generatedAlwaysAs((): SQL =>
    dsql`to_tsvector('it_search', coalesce(nullif(titolo_portale, ''), descrizione1))`),
}, (t) => [
  // Customer lists show visible products only (status 0, not deleted): partial indexes match.
  index('prodotti_brand_idx').on(t.brandCodice, t.id).where(dsql`status = 0 AND deleted_at IS NULL`),
  index('prodotti_created_idx').on(t.createdAt.desc(), t.id).where(dsql`status = 0 AND deleted_at IS NULL`),
  index('prodotti_popolarita_idx').on(t.popolarita.desc(), t.id),
  // Broad searches walk the visible products by popularity (search_prodotti_uncached).
  index('prodotti_visibili_popolarita_idx').on(t.popolarita.desc().nullsFirst(), t.id).where(dsql`status = 0 AND deleted_at IS NULL`),
  // Re-syncing a category's products in prodotti_categorie when it is switched on or off
  // (categorie_prodotti_sync), and the foreign key's checks.
  index('prodotti_categoria_idx').on(t.categoriaId),
  // prodotti/custom: visible products with portal texts of their own, latest change first
  // (NULLS FIRST as the query's ORDER BY updated_at DESC, so the index gives its order).
  index('prodotti_custom_idx').on(t.updatedAt.desc().nullsFirst(), t.id)
    .where(dsql`(coalesce(titolo_portale, '') <> '' OR descrizione_aggiuntiva <> '') AND status = 0 AND deleted_at IS NULL`),
  index('prodotti_search_doc_gin').using('gin', t.searchDoc),
  index('prodotti_title_doc_gin').using('gin', t.titleDoc),
  check('prodotti_confezione_ck', dsql`multiplo >= 1 AND minimo >= 1`),
]);

/**
 * A product's stock, one row per product (created with it by the statement trigger
 * prodotti_nuovi_trg), at fillfactor 25 so that orders' updates stay HOT (migration 0025). Apart from the catalogue row so that a stock change (every order, every
 * ERP stock file) rewrites a narrow row with only its primary key to update, not the product row
 * with its two tsvectors and GIN entries: a stock file where all 200,000 figures changed took
 * 10.1 s in prodotti and 0.5 s here (docs/decisions/stock-table-giacenze.md).
 * disponibilita may be negative (pieces already owed); ord_forn is on order from the supplier and
 * not yet promised; disponibilita + ord_forn is what can be promised (docs/regole/catalogo.md#promisable-stock).
 */
export const giacenze = pgTable('giacenze', {
  prodottoId: integer('prodotto_id').primaryKey().references(() => prodotti.id, { onDelete: 'cascade' }),
  giacAttuale: integer('giac_attuale').notNull().default(0),
  disponibilita: integer('disponibilita').notNull().default(0),
  ordForn: integer('ord_forn').notNull().default(0),
});

/**
 * Every (ancestor category, product) pair of the products customers see by category: visible
 * products (status 0, not deleted) whose category and its ancestors are all enabled (status 0).
 * Kept by triggers on prodotti and categorie, so that a category page (which includes its
 * sub-categories) is one ordered index range.
 */
export const prodottiCategorie = pgTable('prodotti_categorie', {
  categoriaId: integer('categoria_id').notNull(),
  prodottoId: integer('prodotto_id').notNull().references(() => prodotti.id, { onDelete: 'cascade' }),
}, (t) => [
  primaryKey({ columns: [t.categoriaId, t.prodottoId] }),
  index('prodotti_categorie_prodotto_idx').on(t.prodottoId),
]);

/** Price lists: pz{listino} of the API. */
export const prodottiPrezzi = pgTable('prodotti_prezzi', {
  prodottoId: integer('prodotto_id').notNull().references(() => prodotti.id, { onDelete: 'cascade' }),
  listino: smallint('listino').notNull(),
  prezzo: numeric('prezzo', { precision: 12, scale: 3 }).notNull(),
}, (t) => [primaryKey({ columns: [t.prodottoId, t.listino] })]);

/** A client's special net price for a product. */
export const prezziSpeciali = pgTable('prezzi_speciali', {
  clienteId: integer('cliente_id').notNull().references(() => clienti.id, { onDelete: 'cascade' }),
  prodottoId: integer('prodotto_id').notNull().references(() => prodotti.id, { onDelete: 'cascade' }),
  prezzo: numeric('prezzo', { precision: 12, scale: 3 }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.clienteId, t.prodottoId] }),
  index('prezzi_speciali_prodotto_idx').on(t.prodottoId),
]);

/**
 * Searchable codes of a product. tipo: 'articolo' (article codes), 'fornitore' (supplier
 * codes), 'ean'. codice_n is upper-case letters and digits only.
 */
export const prodottiCodici = pgTable('prodotti_codici', {
  id: serial('id').primaryKey(),
  prodottoId: integer('prodotto_id').notNull().references(() => prodotti.id, { onDelete: 'cascade' }),
  tipo: text('tipo').notNull(),
  codice: text('codice').notNull(),
  codiceN: text('codice_n').generatedAlwaysAs((): SQL => dsql`upper(regexp_replace(codice, '[^A-Za-z0-9]', '', 'g'))`),
}, (t) => [
  index('prodotti_codici_n_idx').on(dsql`${t.codiceN} text_pattern_ops`, t.prodottoId),
  index('prodotti_codici_prodotto_idx').on(t.prodottoId, t.tipo),
]);

/**
 * Photos and attachments. nome 'default' marks the main photo: at most one per product (a partial
 * unique index). An uploaded photo has smaller WebP copies beside it in `dir` (file_web, file_thumb;
 * null for photos that came without them, which are shown as they are).
 */
export const prodottiMedia = pgTable('prodotti_media', {
  id: serial('id').primaryKey(),
  codiceProdotto: text('codice_prodotto').notNull().references(() => prodotti.codiceProdotto, { onDelete: 'cascade', onUpdate: 'cascade' }),
  tipologia: text('tipologia').notNull(), // 'foto' | 'allegato'
  nome: text('nome').notNull().default(''),
  file: text('file').notNull(),
  dir: text('dir').notNull(),
  /** The product page's copy of a photo (at most 1600 px). */
  fileWeb: text('file_web'),
  /** The cards' and lists' copy of a photo (at most 400 px). */
  fileThumb: text('file_thumb'),
  /** Size of the original file in bytes; null when not known (files loaded by imports). */
  dimensione: integer('dimensione'),
  status: smallint('status').notNull().default(0),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  modified: timestamp('modified', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('prodotti_media_codice_idx').on(t.codiceProdotto, t.tipologia, t.id),
  uniqueIndex('prodotti_media_principale_uq').on(t.codiceProdotto).where(dsql`tipologia = 'foto' AND nome = 'default'`),
]);

/** Flyers and the products they promote. */
export const volantini = pgTable('volantini', {
  id: serial('id').primaryKey(),
  nome: text('nome').notNull(),
  coverDir: text('cover_dir').notNull().default(''),
  coverFile: text('cover_file').notNull().default(''),
  dataInizio: date('data_inizio'),
  dataFine: date('data_fine'),
  ordine: integer('ordine').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const volantiniProdotti = pgTable('volantini_prodotti', {
  volantinoId: integer('volantino_id').notNull().references(() => volantini.id, { onDelete: 'cascade' }),
  prodottoId: integer('prodotto_id').notNull().references(() => prodotti.id, { onDelete: 'cascade' }),
  ordine: integer('ordine').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.volantinoId, t.prodottoId] }),
  index('volantini_prodotti_ordine_idx').on(t.volantinoId, t.ordine, t.prodottoId),
]);
