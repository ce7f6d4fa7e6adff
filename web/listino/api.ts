import type { FormatoListino } from '../../shared/listino.js';
import { nomeFileListino } from '../../shared/listino-costanti.js';
import { listinoRotte } from '../../shared/rotte/listino.js';
import { buildUrl, downloadBlob } from '../lib/api';
import { saveBlob } from '../lib/media';
import type { SessionData } from '../lib/storage';

type Codici = Pick<SessionData, 'utente_codice' | 'azienda_codice' | 'cliente_codice'>;

/** Which products: all, or one category, brand or list (docs/regole/listino.md#scope). */
export type AmbitoListino = { categoria_cod?: string; brand_id?: string; lista_id?: number };

/**
 * GET listino/export: the client's price list, received as a stream (`onProgress` hears the bytes
 * so far) and saved under its name.
 */
export async function scaricaListino(
  s: Codici, formato: FormatoListino, ambito: AmbitoListino, o: { onProgress: (ricevuti: number) => void; signal: AbortSignal },
): Promise<number> {
  const query = { utente_codice: s.utente_codice, azienda_codice: s.azienda_codice, cliente_codice: s.cliente_codice, formato, ...ambito };
  const blob = await downloadBlob(buildUrl(listinoRotte.esporta.path, query), o);
  saveBlob(blob, nomeFileListino(formato));
  return blob.size;
}
