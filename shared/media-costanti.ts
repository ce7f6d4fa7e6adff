import { LINK_MAX } from './link.js';
import { MSG_UPLOAD } from './upload.js';

/** Multimedia types (docs/regole/multimedia.md#multimedia-items); side banners are 'banner laterale'. */
export const MULTIMEDIA_TIPOLOGIE = [
  'banner laterale', 'novita', 'volantino', 'catalogo', 'tabelle conversione', 'comparativi chiavi', 'nuovi inserimenti',
] as const;
export type MultimediaTipologia = (typeof MULTIMEDIA_TIPOLOGIE)[number];

/** The side banners: a cover and a link, no file. Every other type is a document to download. */
export const TIPOLOGIA_BANNER = 'banner laterale' satisfies MultimediaTipologia;

/** How the admin screens name each type. */
export const TIPOLOGIA_ETICHETTA: Record<MultimediaTipologia, string> = {
  'banner laterale': 'Banner laterale',
  novita: 'Novità',
  volantino: 'Volantino',
  catalogo: 'Catalogo',
  'tabelle conversione': 'Tabelle conversione',
  'comparativi chiavi': 'Comparativi chiavi',
  'nuovi inserimenti': 'Nuovi inserimenti',
};
export const etichettaTipologia = (t: string): string => TIPOLOGIA_ETICHETTA[t as MultimediaTipologia] ?? t;

/** Texts of the multimedia calls and screens (docs/regole/multimedia.md#multimedia-admin). */
export const MSG_MULTIMEDIA = {
  vuoto: 'Nessuna Media Caricato',
  inserito: 'Contenuto multimediale inserito correttamente.',
  aggiornato: 'Contenuto multimediale aggiornato correttamente.',
  fileAggiornati: 'File aggiornati correttamente.',
  cancellato: 'Contenuto multimediale cancellato correttamente.',
  ordinati: 'Ordine dei banner aggiornato.',
  conferma: (nome: string) => `Sei sicuro di voler cancellare "${nome}"? Anche i suoi file verranno eliminati.`,
  nomeObbligatorio: 'Il campo Nome è obbligatorio.',
  nonTrovato: 'Contenuto multimediale non trovato.',
  fileObbligatorio: 'Seleziona il file da scaricare (PDF, documento Office, zip, testo o immagine).',
  coverObbligatoria: "Un banner laterale richiede un'immagine di copertina.",
  linkObbligatorio: 'Un banner laterale richiede un link.',
  linkNonValido: 'Link non valido: usa un indirizzo http:// o https:// oppure un percorso del portale che inizia con / (non le chiamate /api/).',
  bannerSenzaFile: 'Un banner laterale non ha un file da scaricare: carica solo la copertina.',
  linkSoloBanner: 'Il link è previsto solo per i banner laterali.',
  cambioTipologia: 'Un banner laterale non può diventare un documento, né un documento un banner: crea un nuovo contenuto.',
  unFilePerCampo: 'Invia un solo file e una sola copertina.',
  nessunaModifica: 'Nessun campo da modificare.',
  nessunFile: 'Seleziona un nuovo file o una nuova copertina.',
  ordineNonValido: "L'elenco da ordinare deve contenere, una volta sola, tutti i contenuti di una tipologia: ricarica la pagina e riprova.",
  fileNonConsentito: MSG_UPLOAD.nonConsentito,
  coverNonImmagine: MSG_UPLOAD.soloImmagini,
} as const;

/** The limits of an item's text fields (multimedia/test's and multimedia/update's schemas and the form's boxes). */
export const LIMITI_MULTIMEDIA = { nome: 200, descrizione: 2000, link: LINK_MAX } as const;

/** The fields the content's rule names: the upload's two files and the link. */
type CampoContenuto = 'file' | 'cover' | 'link';

/**
 * What every item must be (docs/regole/multimedia.md#multimedia-items): a side banner is a cover and a link,
 * without a document; every other type is a document to download (its cover is optional: the pages
 * show a placeholder), without a link. The first thing missing or out of place, with its field;
 * the server refuses it, the create form waits for it.
 */
export function erroreContenuto(r: { tipologia: string; link: string; haFile: boolean; haCover: boolean }): { campo: CampoContenuto; msg: string } | undefined {
  if (r.tipologia === TIPOLOGIA_BANNER) {
    if (r.haFile) return { campo: 'file', msg: MSG_MULTIMEDIA.bannerSenzaFile };
    if (!r.haCover) return { campo: 'cover', msg: MSG_MULTIMEDIA.coverObbligatoria };
    if (!r.link) return { campo: 'link', msg: MSG_MULTIMEDIA.linkObbligatorio };
  } else {
    if (r.link) return { campo: 'link', msg: MSG_MULTIMEDIA.linkSoloBanner };
    if (!r.haFile) return { campo: 'file', msg: MSG_MULTIMEDIA.fileObbligatorio };
  }
  return undefined;
}
