/**
 * A client's net prices (prezzi_speciali): company, client, product and `prezzo_reale`. An empty
 * price removes the client's net price for that product. With `--completo` the file holds every
 * net price of the clients it names: their others are removed. Net prices are read live, never
 * cached: nothing to forget afterwards.
 */
import type { DefinizioneTipo } from '../definizione.js';
import { contaEsiti } from '../staging.js';
import { codice, decimale } from '../valori.js';
import { campiPresenti, classificaPerClienteProdotto, risolviClienteProdotto } from './comune.js';

/** Net prices of the clients named by the file's valid rows for products no row names. */
const FUORI_DAL_FILE = `
  FROM prezzi_speciali ps
  WHERE ps.cliente_id IN (SELECT s.cliente_id FROM imp_righe s WHERE s.ok)
    AND NOT EXISTS (SELECT 1 FROM imp_righe s WHERE s.cliente_id = ps.cliente_id AND s.prodotto_id = ps.prodotto_id)`;

export const prezziNetti: DefinizioneTipo = {
  tipo: 'prezzi_netti',
  campi: [
    { nome: 'azienda_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'cliente_codice', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'codice_prodotto', obbligatorio: true, schema: codice, sql: 'text' },
    { nome: 'prezzo_reale', obbligatorio: true, schema: decimale({ min: 0, max: 999_999_999.999, decimali: 3 }), vuoto: null, sql: 'numeric(12,3)' },
  ],
  chiave: ['azienda_codice', 'cliente_codice', 'codice_prodotto'],
  completo: true,
  staging(presenti) {
    const p = campiPresenti(prezziNetti, presenti);
    return {
      colonne: [...p.colonne, { nome: 'cliente_id', sql: 'int' }, { nome: 'prodotto_id', sql: 'int' }],
      valori: (r) => [...p.valori(r), null, null],
    };
  },
  async verifica(l) {
    // Refused rows too: with --completo a pair named by a wrong row is not removed.
    return risolviClienteProdotto(l);
  },
  async classifica(l) {
    let ritirate = await classificaPerClienteProdotto(l, 'prezzi_speciali', 'prezzo', 'prezzo_reale');
    if (l.completo) ritirate += (await l.tx.unsafe<{ n: number }[]>(`SELECT count(*)::int AS n ${FUORI_DAL_FILE}`))[0].n;
    return { ...(await contaEsiti(l.tx)), ritirate };
  },
  async applica(l, c) {
    await l.tx`
      DELETE FROM prezzi_speciali ps USING imp_righe s
      WHERE s.ok AND s.esito = 'ritirato' AND ps.cliente_id = s.cliente_id AND ps.prodotto_id = s.prodotto_id`;
    await l.tx`
      INSERT INTO prezzi_speciali (cliente_id, prodotto_id, prezzo)
      SELECT s.cliente_id, s.prodotto_id, s.prezzo_reale FROM imp_righe s WHERE s.ok AND s.esito IN ('nuovo', 'cambiato')
      ON CONFLICT (cliente_id, prodotto_id) DO UPDATE SET prezzo = excluded.prezzo`;
    if (l.completo) await l.tx.unsafe(`DELETE ${FUORI_DAL_FILE}`);
    return { ...c, prodotti: [], categorie: false, paroleNuove: [], vocabolario: false };
  },
};
