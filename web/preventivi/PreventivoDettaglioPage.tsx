import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { importoRiga } from '../../shared/importi.js';
import { MAX_MESSAGGIO_PREVENTIVO, STATI_CON_PREZZI_QUOTATI, ultimoGiornoValido } from '../../shared/preventivi-costanti.js';
import type { PreventivoDettaglio, RigaPreventivo } from '../../shared/preventivi.js';
import { Collegamento } from '../components/Collegamento';
import { EmptyState } from '../components/EmptyState';
import { TextareaField } from '../components/form/TextareaField';
import { useModulo } from '../components/form/useModulo';
import { Modal, useDialogs } from '../components/Modal';
import { QueryView } from '../components/QueryView';
import { Scheda } from '../components/Scheda';
import { useToast } from '../components/Toast';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { formatData, formatDataOra, formatImporto, formatPrezzo } from '../lib/formato';
import { paths } from '../paths';
import { CreaPreventivo } from '../preventivi-cliente/CreaPreventivo';
import { usePermessi } from '../session/permessi';
import { useShopSession } from '../session/shopSession';
import { dettaglioQuery, scaricaAllegato, scaricaPdfPreventivo, useAzioni } from './api';
import { chiHaChiesto, EtichettaStato } from './EtichettaStato';
import type { RichiestaDaCopiare } from './RichiediPreventivoPage';
import { VersioniAConfronto } from './VersioniAConfronto';
import './preventivi.css';

/** The last day an offer holds (its validity ends at the next midnight). */
const ultimoGiorno = (iso: string) => formatData(ultimoGiornoValido(iso).toISOString());

/**
 * /preventivi/dettaglio?id= (issue 37): a quote with each version side by side and the net price
 * of today, so the saving shows; a valid offer is accepted (quantities only lowered, lines
 * removed) into an order at its prices, or revised, or declined; an expired one offers only
 * "Richiedi di nuovo".
 */
export function PreventivoDettaglioPage() {
  const id = Number(useSearchParams()[0].get('id'));
  const { session } = useShopSession();
  const query = useQuery({ ...dettaglioQuery(session, id), enabled: Number.isInteger(id) && id > 0 });
  useDocumentTitle(query.data ? `Preventivo ${query.data.preventivo.numero}` : 'Preventivo');
  if (!Number.isInteger(id) || id <= 0) return <EmptyState title="Preventivo non trovato." />;
  return (
    <QueryView query={query} loadingLabel="Caricamento del preventivo…" errorTitle="Impossibile leggere il preventivo">
      {(d) => <Preventivo p={d.preventivo} />}
    </QueryView>
  );
}

function Preventivo({ p }: { p: PreventivoDettaglio }) {
  const { session } = useShopSession();
  const { alert } = useDialogs();
  const navigate = useNavigate();
  const valida = p.stato === 'offerta';
  const richiediDiNuovo = () => {
    const copia: RichiestaDaCopiare = {
      righe: p.righe.flatMap((r) => (r.codice_prodotto ? [{ codice_prodotto: r.codice_prodotto, descrizione: r.descrizione, quantita: r.quantita }] : [])),
      righe_libere: p.righe.flatMap((r) => (r.codice_prodotto ? [] : [{ descrizione: r.descrizione, quantita: r.quantita }])),
    };
    void navigate(paths.preventiviRichiedi.path, { state: { copia } });
  };
  const pdf = async () => {
    try {
      await scaricaPdfPreventivo(session, p.id, p.versione, p.numero);
    } catch (err) {
      await alert(`PDF non scaricato.\n${errorMessage(err)}`, { title: 'Scarica PDF' });
    }
  };
  return (
    <div className="preventivo-pagina">
      <div className="page-head">
        <h1>Preventivo {p.numero}</h1>
        <div className="preventivo-testa-azioni">
          {p.versione > 0 && <button type="button" className="btn" onClick={() => void pdf()}>Scarica PDF</button>}
          {p.stato === 'scaduta' && <button type="button" className="btn btn-primary" onClick={richiediDiNuovo}>Richiedi di nuovo</button>}
          {STATI_CON_PREZZI_QUOTATI.includes(p.stato) && <CreaPreventivo origine={{ da: 'preventivo', preventivo_id: p.id }} className="btn" />}
        </div>
      </div>
      <p className="preventivo-meta">
        <EtichettaStato testo={p.stato_cliente} stato={p.stato} />
        <span>{chiHaChiesto(p)}</span>
        {p.scade_at && <span>{p.stato === 'scaduta' ? 'Scaduto il' : 'Valido fino al'} {ultimoGiorno(p.scade_at)}</span>}
        {p.presa_da && <span>Referente: {p.presa_da}</span>}
        {p.ordine_id !== null && <Collegamento to={paths.ordiniDettaglio.href({ id: p.ordine_id })}>Ordine #{p.ordine_id}</Collegamento>}
      </p>
      {p.motivo_rifiuto && <p className="preventivo-nota">Motivo del rifiuto: {p.motivo_rifiuto}</p>}
      <VersioniAConfronto p={p} risparmio="Risparmi" senzaOfferte="Il grossista non ha ancora risposto: riceverai una mail quando l'offerta è pronta." />
      {valida && <Accetta p={p} />}
      {(valida || p.stato === 'info_richiesta') && <Risposte p={p} />}
      <Conversazione p={p} />
    </div>
  );
}

/** Accepting the latest version: quantities lowered or lines removed, then one order at the quoted prices. */
function Accetta({ p }: { p: PreventivoDettaglio }) {
  const puo = usePermessi().puo('ordinare');
  const { accetta } = useAzioni();
  const { alert } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();
  const [qt, setQt] = useState<Record<number, string>>(() => Object.fromEntries(p.righe.map((r) => [r.riga_id, String(r.quantita)])));
  // One key per quote and version: a retry after a lost answer finds the order already made.
  const [chiave] = useState(() => `prev-${p.id}-${p.versione}-${crypto.randomUUID()}`);
  const tenute = p.righe.filter((r) => qt[r.riga_id] !== undefined);
  const totale = tenute.reduce((s, r) => s + importoRiga(r.prezzo ?? 0, Number(qt[r.riga_id]) || 0), 0);
  if (!puo) return <p className="preventivo-nota">Il tuo ruolo non permette di ordinare: chiedi a chi può confermare gli ordini di accettare il preventivo.</p>;
  const invia = async () => {
    const righe = tenute.map((r) => ({ riga_id: r.riga_id, quantita: Number(qt[r.riga_id]) }));
    const sbagliata = tenute.find((r) => { const n = Number(qt[r.riga_id]); return !Number.isInteger(n) || n < 1 || n > r.quantita; });
    if (sbagliata) {
      await alert(`Quantità non valida per «${sbagliata.descrizione}»: da 1 a ${sbagliata.quantita}, oppure togli la riga.`);
      return;
    }
    try {
      const r = await accetta.mutateAsync({ id: p.id, versione: p.versione, righe, chiave });
      toast.success(r.msg);
      await navigate(paths.ordiniDettaglio.href({ id: r.ordine_id }));
    } catch (err) {
      await alert(errorMessage(err), { title: 'Preventivo non accettato' });
    }
  };
  const riga = (r: RigaPreventivo) => (
    <tr key={r.riga_id}>
      <td>{r.codice_prodotto ? <span className="codice strong">{r.codice_prodotto}</span> : <span className="badge">Riga libera</span>} {r.descrizione}</td>
      <td className="num">{r.prezzo === null ? '—' : formatPrezzo(r.prezzo)}</td>
      <td className="num">
        <input className="input preventivo-qt" type="number" inputMode="numeric" min={1} max={r.quantita} aria-label={`Quantità di ${r.codice_prodotto ?? r.descrizione} (al massimo ${r.quantita})`}
          value={qt[r.riga_id]} onChange={(e) => setQt({ ...qt, [r.riga_id]: e.target.value })} />
      </td>
      <td className="num">{formatImporto(importoRiga(r.prezzo ?? 0, Number(qt[r.riga_id]) || 0))}</td>
      <td>
        <button type="button" className="btn btn-sm btn-ghost" aria-label={`Togli la riga ${r.codice_prodotto ?? r.descrizione}`}
          onClick={() => setQt(Object.fromEntries(Object.entries(qt).filter(([k]) => Number(k) !== r.riga_id)))}>Togli</button>
      </td>
    </tr>
  );
  return (
    <Scheda titolo={`Accetta la versione ${p.versione}`}>
      <div className="table-scroll">
        <table className="table preventivo-accetta">
          <caption className="visually-hidden">Righe da ordinare ai prezzi del preventivo</caption>
          <thead>
            <tr>
              <th scope="col">Articolo</th>
              <th scope="col" className="num">Prezzo</th>
              <th scope="col" className="num">Quantità</th>
              <th scope="col" className="num">Importo</th>
              <th scope="col"><span className="visually-hidden">Azioni</span></th>
            </tr>
          </thead>
          <tbody>{tenute.map(riga)}</tbody>
        </table>
      </div>
      <div className="card-body preventivo-piede">
        <p>Totale: <strong className="num">{formatImporto(totale)}</strong> <span className="muted">IVA esclusa · le quantità si possono solo ridurre</span></p>
        <button type="button" className="btn btn-primary" disabled={tenute.length === 0 || accetta.isPending} aria-busy={accetta.isPending} onClick={() => void invia()}>
          {accetta.isPending ? 'Invio in corso…' : 'Accetta e ordina'}
        </button>
      </div>
    </Scheda>
  );
}

/** "Chiedi revisione" (or, to a question, "Rispondi") and "Rifiuta", each in its dialog. */
function Risposte({ p }: { p: PreventivoDettaglio }) {
  const [aperto, setAperto] = useState<'revisione' | 'rifiuta' | null>(null);
  return (
    <div className="preventivo-risposte">
      <button type="button" className="btn" onClick={() => setAperto('revisione')}>{p.stato === 'info_richiesta' ? 'Rispondi' : 'Chiedi revisione'}</button>
      <button type="button" className="btn btn-danger-outline" onClick={() => setAperto('rifiuta')}>Rifiuta</button>
      <Dialogo p={p} tipo={aperto} chiudi={() => setAperto(null)} />
    </div>
  );
}

function Dialogo({ p, tipo, chiudi }: { p: PreventivoDettaglio; tipo: 'revisione' | 'rifiuta' | null; chiudi: () => void }) {
  const { revisione, rifiuta } = useAzioni();
  const toast = useToast();
  const modulo = useModulo(() => import('../../shared/preventivi.js').then((m) => m.moduloMessaggioObbligatorio), { messaggio: '' });
  const [errore, setErrore] = useState('');
  const invia = async () => {
    const esito = await modulo.valida(modulo.valori);
    if (!esito.ok) return;
    try {
      const r = tipo === 'rifiuta'
        ? await rifiuta.mutateAsync({ id: p.id, motivo: esito.dati.messaggio })
        : await revisione.mutateAsync({ id: p.id, messaggio: esito.dati.messaggio });
      toast.success(r.msg);
      modulo.setValori({ messaggio: '' });
      chiudi();
    } catch (err) {
      setErrore(errorMessage(err));
    }
  };
  const inCorso = revisione.isPending || rifiuta.isPending;
  return (
    <Modal
      open={tipo !== null}
      onClose={chiudi}
      title={tipo === 'rifiuta' ? `Rifiuta il preventivo ${p.numero}` : `Preventivo ${p.numero}: messaggio al grossista`}
      footer={(
        <>
          <button type="button" className="btn" onClick={chiudi}>Annulla</button>
          <button type="button" className={tipo === 'rifiuta' ? 'btn btn-danger' : 'btn btn-primary'} disabled={inCorso} aria-busy={inCorso} onClick={() => void invia()}>
            {tipo === 'rifiuta' ? 'Rifiuta il preventivo' : 'Invia'}
          </button>
        </>
      )}
    >
      <TextareaField label={tipo === 'rifiuta' ? 'Motivo del rifiuto' : 'Messaggio'} required rows={3} maxLength={MAX_MESSAGGIO_PREVENTIVO} data-autofocus {...modulo.campo('messaggio')} />
      {errore && <p className="field-error" role="alert">{errore}</p>}
    </Modal>
  );
}

/** The thread and the request's attachments. */
function Conversazione({ p }: { p: PreventivoDettaglio }) {
  const { session } = useShopSession();
  const { alert } = useDialogs();
  return (
    <Scheda titolo="Messaggi">
      <div className="card-body">
        {p.allegati.length > 0 && (
          <p className="preventivo-allegati">
            Allegati:{' '}
            {p.allegati.map((a) => (
              <button key={a.id} type="button" className="btn btn-sm btn-ghost"
                onClick={() => void scaricaAllegato(session, p.id, a).catch((err: unknown) => alert(errorMessage(err)))}>{a.nome}</button>
            ))}
          </p>
        )}
        <ol className="preventivo-messaggi">
          {p.messaggi.map((m, i) => (
            <li key={i} className={`preventivo-messaggio-${m.autore}`}>
              <p className="muted">{m.autore_nome} · {formatDataOra(m.created_at)}{m.versione > 0 ? ` · versione ${m.versione}` : ''}</p>
              {m.testo && <p>{m.testo}</p>}
            </li>
          ))}
        </ol>
      </div>
    </Scheda>
  );
}
