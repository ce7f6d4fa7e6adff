import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MAX_MESSAGGIO_PREVENTIVO, ultimoGiornoValido } from '../../../shared/preventivi-costanti.js';
import type { PreventivoDettaglio } from '../../../shared/preventivi.js';
import { EmptyState } from '../../components/EmptyState';
import { InputField } from '../../components/form/InputField';
import { TextareaField } from '../../components/form/TextareaField';
import { useModulo } from '../../components/form/useModulo';
import { Modal, useDialogs } from '../../components/Modal';
import { QueryView } from '../../components/QueryView';
import { Scheda } from '../../components/Scheda';
import { useToast } from '../../components/Toast';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { errorMessage } from '../../lib/api';
import { formatData, formatDataOra, formatImporto, formatPrezzo } from '../../lib/formato';
import { chiHaChiesto, EtichettaStato } from '../../preventivi/EtichettaStato';
import '../../preventivi/preventivi.css';
import { VersioniAConfronto } from '../../preventivi/VersioniAConfronto';
import { useAdminUser } from '../adminSession';
import { dettaglioAdminQuery, scaricaAllegatoAdmin, scaricaPdfAdmin, useAzioniStaff } from './api';

const ultimoGiorno = (iso: string) => formatData(ultimoGiornoValido(iso).toISOString());
/** One line's answer as typed. */
interface Voce { prezzo: string; sconti: string; codice_sostitutivo: string; giorni_consegna: string; nota: string }
const APERTI = ['inviata', 'presa_in_carico', 'revisione', 'info_richiesta', 'offerta'];

/**
 * /admin/preventivi/dettaglio?id= (issue 37): a request for staff: take it in charge, answer each
 * line with a net price or a discount chain on the customer's net, a substitute, a lead time and a
 * note, a validity and a message (a new read-only version), or ask the customer for information;
 * an expired quote is reopened with a new validity.
 */
export function PreventivoAdminPage() {
  const id = Number(useSearchParams()[0].get('id'));
  const query = useQuery({ ...dettaglioAdminQuery(id), enabled: Number.isInteger(id) && id > 0 });
  useDocumentTitle(query.data ? `Preventivo ${query.data.preventivo.numero}` : 'Preventivo');
  if (!Number.isInteger(id) || id <= 0) return <EmptyState title="Preventivo non trovato." />;
  return (
    <QueryView query={query} loadingLabel="Caricamento del preventivo…" errorTitle="Impossibile leggere il preventivo">
      {(d) => <Preventivo key={`${d.preventivo.id}-${d.preventivo.versione}`} p={d.preventivo} />}
    </QueryView>
  );
}

function Preventivo({ p }: { p: PreventivoDettaglio }) {
  const admin = useAdminUser();
  const { prendi } = useAzioniStaff();
  const { alert } = useDialogs();
  const toast = useToast();
  const mio = p.presa_da === null || p.presa_da === `${admin.nome} ${admin.cognome}`.trim() || p.presa_da === admin.username;
  const aperto = APERTI.includes(p.stato);
  const prendiOra = async () => {
    try {
      toast.success((await prendi.mutateAsync(p.id)).msg);
    } catch (err) {
      await alert(errorMessage(err));
    }
  };
  return (
    <div className="preventivo-pagina">
      <div className="page-head">
        <h1>Preventivo {p.numero}</h1>
        <div className="preventivo-testa-azioni">
          {p.versione > 0 && <button type="button" className="btn" onClick={() => void scaricaPdfAdmin(p.id, p.versione, p.numero).catch((e: unknown) => alert(errorMessage(e)))}>Scarica PDF</button>}
          {aperto && p.presa_da === null && (
            <button type="button" className="btn btn-primary" disabled={prendi.isPending} onClick={() => void prendiOra()}>Prendi in carico</button>
          )}
        </div>
      </div>
      <p className="preventivo-meta">
        <EtichettaStato testo={p.stato_staff} stato={p.stato} />
        <span>{p.cliente.ragione_sociale} ({p.cliente.codice})</span>
        <span>{chiHaChiesto(p)}</span>
        {p.presa_da && <span>In carico a {p.presa_da}</span>}
        {p.scade_at && <span>Valido fino al {ultimoGiorno(p.scade_at)}</span>}
        {p.ordine_id !== null && <span>Ordine #{p.ordine_id}</span>}
      </p>
      {p.motivo_rifiuto && <p className="preventivo-nota">Motivo del rifiuto: {p.motivo_rifiuto}</p>}
      {aperto && mio ? <Risposta p={p} /> : <VersioniAConfronto p={p} risparmio="Sconto sul netto di oggi:" />}
      {p.stato === 'scaduta' && p.versione > 0 && <Riapri p={p} />}
      <Messaggi p={p} />
    </div>
  );
}

/** The answer form: one row per line of the latest version, the validity and the message. */
function Risposta({ p }: { p: PreventivoDettaglio }) {
  const { rispondi, domanda } = useAzioniStaff();
  const { alert } = useDialogs();
  const toast = useToast();
  const [voci, setVoci] = useState<Record<number, Voce>>(() => Object.fromEntries(p.righe.map((r) => [r.riga_id, {
    prezzo: r.prezzo === null ? '' : String(r.prezzo), sconti: '', codice_sostitutivo: '', giorni_consegna: r.giorni_consegna === null ? '' : String(r.giorni_consegna), nota: r.nota,
  }])));
  const [chiedi, setChiedi] = useState(false);
  const modulo = useModulo(() => import('../../../shared/preventivi.js').then((m) => m.moduloRisposta), { validita: '', messaggio: '' });
  const cambia = (id: number, patch: Partial<Voce>) => setVoci({ ...voci, [id]: { ...voci[id]!, ...patch } });
  const invia = async () => {
    const esito = await modulo.valida(modulo.valori);
    if (!esito.ok) return;
    const num = (s: string) => Number(s.replace(',', '.'));
    const righe = p.righe.map((r) => {
      const v = voci[r.riga_id]!;
      return {
        riga_id: r.riga_id,
        ...(v.sconti.trim() ? { sconti: v.sconti.trim() } : v.prezzo.trim() ? { prezzo: num(v.prezzo) } : {}),
        ...(v.codice_sostitutivo.trim() ? { codice_sostitutivo: v.codice_sostitutivo.trim() } : {}),
        ...(v.giorni_consegna.trim() ? { giorni_consegna: num(v.giorni_consegna) } : {}),
        ...(v.nota.trim() ? { nota: v.nota.trim() } : {}),
      };
    });
    try {
      const r = await rispondi.mutateAsync({ id: p.id, righe, messaggio: esito.dati.messaggio, ...(esito.dati.validita ? { validita: Number(esito.dati.validita) } : {}) });
      toast.success(r.msg);
    } catch (err) {
      if (!modulo.mostraDalServer(err)) await alert(errorMessage(err), { title: 'Offerta non inviata' });
    }
  };
  return (
    <Scheda titolo={`Risposta: versione ${p.versione + 1}`}>
      <div className="table-scroll">
        <table className="table preventivo-risposta">
          <caption className="visually-hidden">Prezzi per riga</caption>
          <thead>
            <tr>
              <th scope="col">Articolo richiesto</th>
              <th scope="col" className="num">Q.tà</th>
              <th scope="col" className="num">Netto oggi</th>
              <th scope="col">Prezzo netto</th>
              <th scope="col">o sconti sul netto</th>
              <th scope="col">Sostitutivo</th>
              <th scope="col">Giorni</th>
              <th scope="col">Nota</th>
            </tr>
          </thead>
          <tbody>
            {p.righe.map((r) => {
              const v = voci[r.riga_id]!;
              const nome = r.codice_prodotto ?? r.descrizione;
              return (
                <tr key={r.riga_id} className="preventivo-risposta-riga">
                  <td>
                    {r.codice_prodotto ? <span className="codice strong">{r.codice_prodotto}</span> : <span className="badge">Riga libera</span>} {r.descrizione}
                    {(r.prezzo_obiettivo !== null || r.nota_cliente) && (
                      <span className="preventivo-riga-nota muted">
                        {[r.prezzo_obiettivo !== null ? `obiettivo ${formatPrezzo(r.prezzo_obiettivo)}` : '', r.nota_cliente].filter(Boolean).join(' · ')}
                      </span>
                    )}
                  </td>
                  <td className="num">{r.quantita}</td>
                  <td className="num">{r.prezzo_oggi === null ? '—' : formatPrezzo(r.prezzo_oggi)}</td>
                  <td><input className="input" inputMode="decimal" aria-label={`Prezzo netto di ${nome}`} value={v.prezzo} onChange={(e) => cambia(r.riga_id, { prezzo: e.target.value })} /></td>
                  <td><input className="input" placeholder="40+10+5" aria-label={`Sconti sul netto di ${nome}`} value={v.sconti} onChange={(e) => cambia(r.riga_id, { sconti: e.target.value })} /></td>
                  <td><input className="input" aria-label={`Articolo sostitutivo di ${nome}`} value={v.codice_sostitutivo} onChange={(e) => cambia(r.riga_id, { codice_sostitutivo: e.target.value })} /></td>
                  <td><input className="input" inputMode="numeric" aria-label={`Giorni di consegna di ${nome}`} value={v.giorni_consegna} onChange={(e) => cambia(r.riga_id, { giorni_consegna: e.target.value })} /></td>
                  <td><input className="input" aria-label={`Nota per ${nome}`} value={v.nota} onChange={(e) => cambia(r.riga_id, { nota: e.target.value })} /></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="card-body preventivo-messaggio">
        <InputField label="Validità in giorni ( vuoto: quella predefinita )" inputMode="numeric" {...modulo.campo('validita')} />
        <TextareaField label="Messaggio al cliente" rows={3} maxLength={MAX_MESSAGGIO_PREVENTIVO} {...modulo.campo('messaggio')} />
        <div className="preventivo-comandi">
          <button type="button" className="btn" onClick={() => setChiedi(true)}>Chiedi informazioni</button>
          <button type="button" className="btn btn-primary" disabled={rispondi.isPending} aria-busy={rispondi.isPending} onClick={() => void invia()}>
            {rispondi.isPending ? 'Invio in corso…' : 'Invia offerta'}
          </button>
        </div>
      </div>
      <Domanda id={p.id} aperto={chiedi} chiudi={() => setChiedi(false)} invia={domanda.mutateAsync} inCorso={domanda.isPending} />
    </Scheda>
  );
}

function Domanda({ id, aperto, chiudi, invia, inCorso }: {
  id: number; aperto: boolean; chiudi: () => void; invia: (v: { id: number; messaggio: string }) => Promise<{ msg: string }>; inCorso: boolean;
}) {
  const toast = useToast();
  const modulo = useModulo(() => import('../../../shared/preventivi.js').then((m) => m.moduloMessaggioObbligatorio), { messaggio: '' });
  const [errore, setErrore] = useState('');
  const manda = async () => {
    const esito = await modulo.valida(modulo.valori);
    if (!esito.ok) return;
    try {
      toast.success((await invia({ id, messaggio: esito.dati.messaggio })).msg);
      chiudi();
    } catch (err) {
      setErrore(errorMessage(err));
    }
  };
  return (
    <Modal open={aperto} onClose={chiudi} title="Chiedi informazioni al cliente"
      footer={<><button type="button" className="btn" onClick={chiudi}>Annulla</button><button type="button" className="btn btn-primary" disabled={inCorso} onClick={() => void manda()}>Invia</button></>}>
      <TextareaField label="Domanda" required rows={3} maxLength={MAX_MESSAGGIO_PREVENTIVO} data-autofocus {...modulo.campo('messaggio')} />
      {errore && <p className="field-error" role="alert">{errore}</p>}
    </Modal>
  );
}

/** An expired quote opens again with a new validity. */
function Riapri({ p }: { p: PreventivoDettaglio }) {
  const { riapri } = useAzioniStaff();
  const { alert } = useDialogs();
  const toast = useToast();
  const modulo = useModulo(() => import('../../../shared/preventivi.js').then((m) => m.moduloRisposta.pick({ validita: true })), { validita: '' });
  const invia = async () => {
    const esito = await modulo.valida(modulo.valori);
    if (!esito.ok) return;
    try {
      toast.success((await riapri.mutateAsync({ id: p.id, validita: Number(esito.dati.validita) || 30 })).msg);
    } catch (err) {
      await alert(errorMessage(err));
    }
  };
  return (
    <Scheda titolo="Riapri il preventivo">
      <div className="card-body preventivo-messaggio">
        <InputField label="Nuova validità in giorni" inputMode="numeric" placeholder="30" {...modulo.campo('validita')} />
        <div className="preventivo-comandi">
          <button type="button" className="btn btn-primary" disabled={riapri.isPending} onClick={() => void invia()}>Riapri</button>
        </div>
      </div>
    </Scheda>
  );
}

function Messaggi({ p }: { p: PreventivoDettaglio }) {
  const { alert } = useDialogs();
  return (
    <Scheda titolo="Messaggi">
      <div className="card-body">
        {p.allegati.length > 0 && (
          <p className="preventivo-allegati">
            Allegati:{' '}
            {p.allegati.map((a) => (
              <button key={a.id} type="button" className="btn btn-sm btn-ghost" onClick={() => void scaricaAllegatoAdmin(p.id, a).catch((e: unknown) => alert(errorMessage(e)))}>{a.nome}</button>
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
        {p.totale !== null && <p className="muted">Totale della versione {p.versione}: {formatImporto(p.totale)}</p>}
      </div>
    </Scheda>
  );
}
