/**
 * A product's photos and attachments (shared/prodotti-media.ts's calls) without zod: their kinds,
 * limits and texts, for the admin screens and the server alike.
 */

/** The two kinds of a product's media (docs/regole/catalogo.md#product-media). */
export const TIPOLOGIE_MEDIA = ['foto', 'allegato'] as const;
export type TipologiaMedia = (typeof TIPOLOGIE_MEDIA)[number];

/** At most this many files in one photo-upload (a product's photo shoot, a set of data sheets). */
export const MAX_FILE_CARICAMENTO = 20;
/** The upload's part that carries the files (repeated for each); a refusal of them names it in `campi`. */
export const CAMPO_FILE_MEDIA = 'allegati[]';
/** An attachment's name, as the product page lists it. */
export const NOME_ALLEGATO_MAX = 120;

export const MSG_MEDIA = {
  /** Outcomes of the photo actions (docs/regole/admin.md#product-photos). */
  principale: 'Foto Principale impostata con successo',
  nessunaPrincipale: 'Nessuna foto ora è impostata come principale',
  cancellata: 'Media cancellata con successo',
  /** An attachment needs a name. */
  nomeObbligatorio: 'Il campo Nome è obbligatorio per gli allegati.',
  /** Empty lists. */
  nessunaFoto: 'Nessuna Foto Aggiuntiva Caricata',
  nessunAllegato: 'Nessun Allegato Caricato',
  caricati: (tipologia: TipologiaMedia, n: number) => (tipologia === 'foto'
    ? (n === 1 ? 'Foto caricata con successo' : `${n} foto caricate con successo`)
    : (n === 1 ? 'Allegato caricato con successo' : `${n} allegati caricati con successo`)),
  prodottoNonTrovato: (codiceProdotto: string) => `Prodotto ${codiceProdotto} non trovato.`,
  mediaNonTrovata: (id: number) => `Media ${id} non trovata per questo prodotto.`,
  soloFoto: 'Solo una foto può essere impostata come principale.',
} as const;
