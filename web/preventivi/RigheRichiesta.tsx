import { type ReactNode, useState } from 'react';
import type { rigaLibera, rigaRichiesta } from '../../shared/preventivi.js';
import type { z } from 'zod';
import { Scheda } from '../components/Scheda';

/** A catalogue line as the form holds it: quantity and target price as typed. */
export interface RigaRichiesta { codice_prodotto: string; descrizione: string; quantita: string; prezzo_obiettivo: string; nota: string }
interface Libera { chiave: number; descrizione: string; quantita: string }
/** Lines a request starts from (the cart, a list, an expired quote, an installer's quote). */
export interface RigheIniziali { righe: { codice_prodotto: string; descrizione: string; quantita: number }[]; righe_libere: { descrizione: string; quantita: number }[] }

const numero = (s: string) => Number(s.replace(',', '.'));

/**
 * The lines of a request for a quote (issue 37 §1), as the customer's request page and the staff's
 * new quote (a phone request) both ask them: catalogue lines with quantity, an optional target
 * price and a note each, free lines for what the catalogue lacks. `aggiungi` puts a product in (one
 * more piece when it is there already); `richiesta()` gives them as the calls take them.
 */
export function useRigheRichiesta(iniziali: RigheIniziali) {
  const [righe, setRighe] = useState<RigaRichiesta[]>(() => iniziali.righe
    .map((r) => ({ codice_prodotto: r.codice_prodotto, descrizione: r.descrizione, quantita: String(r.quantita), prezzo_obiettivo: '', nota: '' })));
  const [libere, setLibere] = useState<Libera[]>(() => iniziali.righe_libere.map((l, i) => ({ chiave: i, descrizione: l.descrizione, quantita: String(l.quantita) })));
  const aggiungi = (p: { codice_prodotto: string; descrizione: string }) => setRighe((rr) => (rr.some((r) => r.codice_prodotto === p.codice_prodotto)
    ? rr.map((r) => (r.codice_prodotto === p.codice_prodotto ? { ...r, quantita: String((numero(r.quantita) || 0) + 1) } : r))
    : [...rr, { ...p, quantita: '1', prezzo_obiettivo: '', nota: '' }]));
  const richiesta = (): { righe: z.input<typeof rigaRichiesta>[]; righe_libere: z.input<typeof rigaLibera>[] } => ({
    righe: righe.map((r) => ({
      codice_prodotto: r.codice_prodotto, quantita: numero(r.quantita),
      ...(r.prezzo_obiettivo.trim() ? { prezzo_obiettivo: numero(r.prezzo_obiettivo) } : {}), ...(r.nota.trim() ? { nota: r.nota.trim() } : {}),
    })),
    righe_libere: libere.map((l) => ({ descrizione: l.descrizione.trim(), quantita: numero(l.quantita) })),
  });
  return { righe, setRighe, libere, setLibere, aggiungi, richiesta, vuota: righe.length === 0 && libere.length === 0 };
}

type Stato = ReturnType<typeof useRigheRichiesta>;

/** The catalogue lines' card: `sopra` above the table (a product search), `vuoto` when there are none. */
export function RigheCatalogo({ stato, vuoto, sopra }: { stato: Stato; vuoto: ReactNode; sopra?: ReactNode }) {
  const { righe, setRighe } = stato;
  const cambia = (i: number, patch: Partial<RigaRichiesta>) => setRighe(righe.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <Scheda titolo="Righe del preventivo">
      {sopra}
      {righe.length === 0 ? vuoto : (
        <div className="table-scroll">
          <table className="table preventivo-righe-richiesta">
            <caption className="visually-hidden">Articoli del catalogo da quotare</caption>
            <thead>
              <tr>
                <th scope="col">Articolo</th>
                <th scope="col" className="num">Quantità</th>
                <th scope="col" className="num">Prezzo obiettivo</th>
                <th scope="col">Nota</th>
                <th scope="col"><span className="visually-hidden">Azioni</span></th>
              </tr>
            </thead>
            <tbody>
              {righe.map((r, i) => (
                <tr key={r.codice_prodotto}>
                  <td><span className="codice strong">{r.codice_prodotto}</span> {r.descrizione}</td>
                  <td className="num">
                    <input className="input preventivo-qt" type="number" inputMode="numeric" min={1} aria-label={`Quantità di ${r.codice_prodotto}`}
                      value={r.quantita} onChange={(e) => cambia(i, { quantita: e.target.value })} />
                  </td>
                  <td className="num">
                    <input className="input preventivo-prezzo" inputMode="decimal" placeholder="facoltativo" aria-label={`Prezzo obiettivo di ${r.codice_prodotto}`}
                      value={r.prezzo_obiettivo} onChange={(e) => cambia(i, { prezzo_obiettivo: e.target.value })} />
                  </td>
                  <td>
                    <input className="input" aria-label={`Nota per ${r.codice_prodotto}`} value={r.nota} onChange={(e) => cambia(i, { nota: e.target.value })} />
                  </td>
                  <td>
                    <button type="button" className="btn btn-sm btn-ghost" aria-label={`Togli ${r.codice_prodotto}`} onClick={() => setRighe(righe.filter((_, k) => k !== i))}>Togli</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Scheda>
  );
}

/** The free lines' card: a description and a quantity each. */
export function RigheLibere({ stato }: { stato: Stato }) {
  const { libere, setLibere } = stato;
  const cambia = (chiave: number, patch: Partial<Libera>) => setLibere(libere.map((l) => (l.chiave === chiave ? { ...l, ...patch } : l)));
  return (
    <Scheda titolo="Righe libere" accanto={<button type="button" className="btn btn-sm" onClick={() => setLibere([...libere, { chiave: Date.now(), descrizione: '', quantita: '1' }])}>Aggiungi riga libera</button>}>
      <div className="card-body">
        {libere.length === 0 ? <p className="muted">Per ciò che il catalogo non ha: una descrizione e una quantità.</p> : (
          <ul className="preventivo-libere">
            {libere.map((l, n) => (
              <li key={l.chiave}>
                <input className="input" aria-label={`Descrizione della riga libera ${n + 1}`} placeholder="Descrizione" value={l.descrizione}
                  onChange={(e) => cambia(l.chiave, { descrizione: e.target.value })} />
                <input className="input preventivo-qt" type="number" min={1} inputMode="numeric" aria-label={`Quantità della riga libera ${n + 1}`} value={l.quantita}
                  onChange={(e) => cambia(l.chiave, { quantita: e.target.value })} />
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => setLibere(libere.filter((x) => x.chiave !== l.chiave))}>Togli</button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Scheda>
  );
}

