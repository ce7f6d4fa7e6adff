import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MAX_ALLEGATI_PREVENTIVO, MAX_MESSAGGIO_PREVENTIVO } from '../../shared/preventivi-costanti.js';
import { ACCEPT_IMMAGINI, MAX_FOTO_BYTES, MB } from '../../shared/upload.js';
import { useCart } from '../cart/cart';
import { Collegamento } from '../components/Collegamento';
import { EmptyState } from '../components/EmptyState';
import { Field } from '../components/form/Field';
import { RigaSceltaFile } from '../components/form/RigaSceltaFile';
import { TextareaField } from '../components/form/TextareaField';
import { useModulo } from '../components/form/useModulo';
import { useDialogs } from '../components/Modal';
import { Scheda } from '../components/Scheda';
import { useToast } from '../components/Toast';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { formatDimensione } from '../lib/formato';
import { paths } from '../paths';
import { type NuovaRichiesta, useRichiedi } from './api';
import './preventivi.css';

/** A line as the page holds it: quantity and target price as typed. */
interface Riga { codice_prodotto: string; descrizione: string; quantita: string; prezzo_obiettivo: string; nota: string }
interface Libera { chiave: number; descrizione: string; quantita: string }
/** What "Richiedi di nuovo" (an expired quote) brings in navigation state: its lines. */
export interface RichiestaDaCopiare { righe: { codice_prodotto: string; descrizione: string; quantita: number }[]; righe_libere: { descrizione: string; quantita: number }[] }

const ACCEPT = `.pdf,${ACCEPT_IMMAGINI}`;

/**
 * /preventivi/richiedi (issue 37): "Richiedi preventivo" from the cart (or again from an expired
 * quote): the catalogue lines with quantity, an optional target price and a note each, free lines
 * for what the catalogue lacks, a message and up to 5 attachments (PDF or pictures, 10 MB each).
 */
export function RichiediPreventivoPage() {
  useDocumentTitle('Richiedi preventivo');
  const { items } = useCart();
  const copia = (useLocation().state as { copia?: RichiestaDaCopiare } | null)?.copia;
  const [righe, setRighe] = useState<Riga[]>(() => (copia?.righe ?? items.map((i) => ({ codice_prodotto: i.codice_prodotto, descrizione: i.titolo, quantita: i.quantita })))
    .map((r) => ({ codice_prodotto: r.codice_prodotto, descrizione: r.descrizione, quantita: String(r.quantita), prezzo_obiettivo: '', nota: '' })));
  const [libere, setLibere] = useState<Libera[]>(() => (copia?.righe_libere ?? []).map((l, i) => ({ chiave: i, descrizione: l.descrizione, quantita: String(l.quantita) })));
  const [allegati, setAllegati] = useState<File[]>([]);
  const modulo = useModulo(() => import('../../shared/preventivi.js').then((m) => m.moduloMessaggio), { messaggio: '' }, { file: ['allegati'] as const });
  const richiedi = useRichiedi();
  const { alert } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();

  const cambia = (i: number, patch: Partial<Riga>) => setRighe(righe.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const cambiaLibera = (chiave: number, patch: Partial<Libera>) => setLibere(libere.map((l) => (l.chiave === chiave ? { ...l, ...patch } : l)));
  const scegli = (files: File[]) => {
    modulo.pulisci('allegati');
    const tutti = [...allegati, ...files];
    if (tutti.length > MAX_ALLEGATI_PREVENTIVO) modulo.mostra({ allegati: `Al massimo ${MAX_ALLEGATI_PREVENTIVO} allegati.` });
    else if (files.some((f) => f.size > MAX_FOTO_BYTES)) modulo.mostra({ allegati: `Ogni allegato al massimo ${MAX_FOTO_BYTES / MB} MB.` });
    else setAllegati(tutti);
  };

  const invia = async () => {
    const esito = await modulo.valida(modulo.valori);
    if (!esito.ok) return;
    const numero = (s: string) => Number(s.replace(',', '.'));
    const richiesta: NuovaRichiesta = {
      messaggio: esito.dati.messaggio,
      righe: righe.map((r) => ({
        codice_prodotto: r.codice_prodotto, quantita: numero(r.quantita),
        ...(r.prezzo_obiettivo.trim() ? { prezzo_obiettivo: numero(r.prezzo_obiettivo) } : {}), ...(r.nota.trim() ? { nota: r.nota.trim() } : {}),
      })),
      righe_libere: libere.map((l) => ({ descrizione: l.descrizione.trim(), quantita: numero(l.quantita) })),
    };
    try {
      const r = await richiedi.mutateAsync({ richiesta, allegati });
      toast.success(r.msg);
      await navigate(paths.preventiviDettaglio.href({ id: r.id }));
    } catch (err) {
      if (!modulo.mostraDalServer(err)) await alert(errorMessage(err), { title: 'Richiesta non inviata' });
    }
  };

  const vuota = righe.length === 0 && libere.length === 0;
  return (
    <>
      <div className="page-head">
        <h1>Richiedi preventivo</h1>
      </div>
      <form className="preventivo-richiesta" noValidate onSubmit={(e) => { e.preventDefault(); void invia(); }}>
        <Scheda titolo="Righe del preventivo">
          {righe.length === 0 ? (
            <EmptyState title="Nessun articolo del catalogo." action={<Collegamento className="btn" to={paths.home2.path}>Vai al catalogo</Collegamento>}>
              Aggiungi articoli al carrello, oppure descrivi qui sotto ciò che ti serve come riga libera.
            </EmptyState>
          ) : (
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
        <Scheda titolo="Righe libere" accanto={<button type="button" className="btn btn-sm" onClick={() => setLibere([...libere, { chiave: Date.now(), descrizione: '', quantita: '1' }])}>Aggiungi riga libera</button>}>
          <div className="card-body">
            {libere.length === 0 ? <p className="muted">Per ciò che il catalogo non ha: una descrizione e una quantità.</p> : (
              <ul className="preventivo-libere">
                {libere.map((l, n) => (
                  <li key={l.chiave}>
                    <input className="input" aria-label={`Descrizione della riga libera ${n + 1}`} placeholder="Descrizione" value={l.descrizione}
                      onChange={(e) => cambiaLibera(l.chiave, { descrizione: e.target.value })} />
                    <input className="input preventivo-qt" type="number" min={1} inputMode="numeric" aria-label={`Quantità della riga libera ${n + 1}`} value={l.quantita}
                      onChange={(e) => cambiaLibera(l.chiave, { quantita: e.target.value })} />
                    <button type="button" className="btn btn-sm btn-ghost" onClick={() => setLibere(libere.filter((x) => x.chiave !== l.chiave))}>Togli</button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </Scheda>
        <Scheda titolo="Messaggio e allegati">
          <div className="card-body preventivo-messaggio">
            <TextareaField label="Messaggio al grossista ( facoltativo )" rows={3} maxLength={MAX_MESSAGGIO_PREVENTIVO} {...modulo.campo('messaggio')} />
            <Field label={`Allegati (PDF o immagini, fino a ${MAX_ALLEGATI_PREVENTIVO}, ${MAX_FOTO_BYTES / MB} MB ciascuno)`} error={modulo.errori.allegati}>
              {(control) => (
                <RigaSceltaFile control={control} accept={ACCEPT} multiple onFiles={scegli} controlRef={(el) => modulo.controllo('allegati').ref(el)}
                  scelta={allegati.length > 0 ? allegati.map((f) => `${f.name} · ${formatDimensione(f.size)}`).join(', ') : undefined} />
              )}
            </Field>
            {allegati.length > 0 && <button type="button" className="btn btn-sm btn-ghost" onClick={() => setAllegati([])}>Togli gli allegati</button>}
          </div>
        </Scheda>
        <div className="preventivo-comandi">
          <button type="submit" className="btn btn-primary" disabled={vuota || richiedi.isPending} aria-busy={richiedi.isPending}>
            {richiedi.isPending ? 'Invio in corso…' : 'Invia richiesta di preventivo'}
          </button>
        </div>
      </form>
    </>
  );
}
