import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ETICHETTE_RUOLO, ETICHETTE_STATO_PERSONA, type StatoPersona } from '../../shared/organizzazione-costanti.js';
import type { EventoStorico, Persona } from '../../shared/organizzazione.js';
import { type Column, DataTable } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { SelectField } from '../components/form/SelectField';
import { PencilIcon } from '../components/Icone';
import { useDialogs } from '../components/Modal';
import { PagineElenco } from '../components/Pagination';
import { PulsanteCestino } from '../components/PulsanteCestino';
import { Scheda } from '../components/Scheda';
import { useToast } from '../components/Toast';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { usePaginaElenco } from '../hooks/usePaginaElenco';
import { usePagingLocale } from '../hooks/usePaging';
import { errorMessage } from '../lib/api';
import { formatDataOra, formatImporto, VUOTO } from '../lib/formato';
import type { SessionData } from '../lib/storage';
import { usePermessi } from '../session/permessi';
import { useShopSession } from '../session/shopSession';
import { personeQuery, storicoQuery, useOrganizzazioneMutations } from './api';
import { InvitaDialog, ModificaDialog } from './PersonaDialog';
import './organizzazione.css';

const PILLOLA_STATO: Record<StatoPersona, string> = { attivo: 'status-pill is-ok', invitato: 'status-pill is-wait', sospeso: 'status-pill' };
const STORICO_PER_PAGINA = 20;

const importoOppure = (n: number | null, nessuno: string) => (n === null ? nessuno : formatImporto(n));

/**
 * /la-mia-azienda (docs/regole/organizzazione.md#people), for a client's Titolare: its people (role,
 * state, limits, what they ordered this month against their budget, last login) with their actions,
 * the invitation of a new person, and the history of every change, by person.
 */
export function LaMiaAziendaPage() {
  useDocumentTitle('La mia azienda');
  const { session } = useShopSession();
  const { puo } = usePermessi();
  const [invito, setInvito] = useState(false);
  if (!puo('organizzazione')) {
    return (
      <>
        <div className="page-head"><h1>La mia azienda</h1></div>
        <EmptyState title="Solo il titolare gestisce le persone dell'azienda." />
      </>
    );
  }
  return (
    <>
      <div className="page-head">
        <h1>La mia azienda</h1>
        <div className="page-actions">
          <button type="button" className="btn btn-primary" onClick={() => setInvito(true)}>Invita una persona</button>
        </div>
      </div>
      <p className="page-sub">{session.cliente_ragionesociale} · {session.cliente_codice}</p>
      <Persone session={session} />
      <Storico session={session} />
      <InvitaDialog session={session} open={invito} onClose={() => setInvito(false)} />
    </>
  );
}

function Persone({ session }: { session: SessionData }) {
  const query = useQuery({ ...personeQuery(session), select: (d) => d.utenti });
  const [inModifica, setInModifica] = useState<Persona | null>(null);
  const { modifica, reinvia } = useOrganizzazioneMutations(session);
  const { confirm, alert } = useDialogs();
  const toast = useToast();

  const esegui = async (fn: () => Promise<{ msg: string }>, messaggio?: string) => {
    try {
      const r = await fn();
      toast.success(messaggio ?? r.msg);
    } catch (err) {
      await alert(errorMessage(err));
    }
  };
  const sospendi = async (p: Persona) => {
    const sospeso = p.stato !== 'sospeso';
    if (sospeso && !(await confirm(`Sospendere ${p.nominativo}? Non potrà più lavorare per questo cliente finché non lo riattivi.`, { confirmLabel: 'Sospendi', danger: true }))) return;
    await esegui(() => modifica.mutateAsync({ utente_codice: p.utente_codice, sospeso }),
      `${sospeso ? 'Accesso sospeso' : 'Accesso riattivato'} per ${p.nominativo}.`);
  };
  // The only active Titolare may not suspend or remove themself (the server refuses it): no button
  // that can only bring a refusal.
  const titolariAttivi = (query.data ?? []).filter((p) => p.ruolo === 'titolare' && p.stato === 'attivo').length;
  const ultimoTitolare = (p: Persona) => p.ruolo === 'titolare' && p.stato === 'attivo' && titolariAttivi === 1;
  const rimuovi = async (p: Persona) => {
    if (!(await confirm(`Sei sicuro di voler rimuovere ${p.nominativo} da questo cliente?`, { confirmLabel: 'Rimuovi', danger: true }))) return;
    await esegui(() => modifica.mutateAsync({ utente_codice: p.utente_codice, rimuovi: true }));
  };

  const colonne: Column<Persona>[] = [
    {
      key: 'persona', header: 'Persona', etichetta: '', className: 'org-persona',
      cell: (p) => (
        <>
          <span className="strong">{p.nominativo}</span>{p.io && <span className="badge">Tu</span>}
          <span className="org-email muted"><Email email={p.email} /></span>
          <span className="org-nota muted">Ultimo accesso: {p.ultimo_accesso ? formatDataOra(p.ultimo_accesso) : 'mai'}</span>
        </>
      ),
    },
    {
      key: 'ruolo', header: 'Ruolo e stato', className: 'org-ruolo',
      cell: (p) => (
        <>
          <span className="org-ruolo-nome">{ETICHETTE_RUOLO[p.ruolo]}</span>
          <span className={PILLOLA_STATO[p.stato]}>{ETICHETTE_STATO_PERSONA[p.stato]}</span>
          {p.invito_scade && <span className="org-nota muted">link valido fino al {formatDataOra(p.invito_scade)}</span>}
          {!p.vede_prezzi && <span className="org-nota muted">Solo prezzi di listino</span>}
          {!p.vede_documenti && <span className="org-nota muted">Senza documenti e fido</span>}
        </>
      ),
    },
    {
      key: 'limiti', header: 'Limiti',
      cell: (p) => (
        <span className="org-limiti-cella">
          <span>Ordine: {importoOppure(p.limite_ordine, 'nessuno')}</span>
          <span>Mese: {importoOppure(p.budget_mensile, 'nessuno')}</span>
        </span>
      ),
    },
    {
      key: 'mese', header: 'Ordinato nel mese', className: 'org-mese',
      cell: (p) => <OrdinatoMese p={p} />,
    },
  ];
  return (
    <Scheda titolo="Persone" aDestra={query.data ? <span className="badge">{query.data.length}</span> : undefined}>
      <DataTable label="Persone del cliente" className="org-persone" schede="tablet" query={query} columns={colonne}
        rowKey={(p) => p.utente_codice} empty="Nessuna persona collegata a questo cliente." loadingLabel="Caricamento persone…"
        errorTitle="Impossibile caricare le persone"
        actions={(p) => (
          <>
            <button type="button" className="btn btn-ghost icon-btn" aria-label={`Modifica ${p.nominativo}`} title="Modifica ruolo, limiti e visibilità"
              onClick={() => setInModifica(p)}>
              <PencilIcon />
            </button>
            {p.stato === 'invitato' && (
              <button type="button" className="btn btn-sm" aria-label={`Invia di nuovo l'invito a ${p.nominativo}`}
                onClick={() => void esegui(() => reinvia.mutateAsync(p.utente_codice))}>
                Reinvia
              </button>
            )}
            {!ultimoTitolare(p) && (
              <>
                <button type="button" className="btn btn-sm" aria-label={`${p.stato === 'sospeso' ? 'Riattiva' : 'Sospendi'} ${p.nominativo}`}
                  onClick={() => void sospendi(p)}>
                  {p.stato === 'sospeso' ? 'Riattiva' : 'Sospendi'}
                </button>
                <PulsanteCestino label={`Rimuovi ${p.nominativo}`} title="Rimuovi" onClick={() => void rimuovi(p)} />
              </>
            )}
          </>
        )}
      />
      <ModificaDialog session={session} persona={inModifica} onClose={() => setInModifica(null)} />
    </Scheda>
  );
}

/** An address that wraps after its @ on a narrow screen rather than anywhere. */
function Email({ email }: { email: string }) {
  const at = email.indexOf('@');
  return at < 0 ? <>{email}</> : <>{email.slice(0, at + 1)}<wbr />{email.slice(at + 1)}</>;
}

/** What the person ordered this month against their budget, with a bar when there is one. */
function OrdinatoMese({ p }: { p: Persona }) {
  if (p.budget_mensile === null) return <>{formatImporto(p.ordinato_mese)}</>;
  const quota = p.budget_mensile === 0 ? 1 : Math.min(1, p.ordinato_mese / p.budget_mensile);
  const oltre = p.ordinato_mese > p.budget_mensile;
  return (
    <span className="org-budget">
      <span>{formatImporto(p.ordinato_mese)}</span>
      <span className="muted">di {formatImporto(p.budget_mensile)}</span>
      <span className={`org-barra${oltre ? ' is-oltre' : ''}`} aria-hidden="true"><span style={{ width: `${Math.round(quota * 100)}%` }} /></span>
    </span>
  );
}

const SI_NO = (v: unknown) => (v === true ? 'sì' : v === false ? 'no' : VUOTO);
const euro = (v: unknown) => (typeof v === 'number' ? formatImporto(v) : 'nessuno');

/** The details of a change in words: before → after. */
function descrivi(e: EventoStorico): string {
  const d = e.dettagli as { prima?: Record<string, unknown>; dopo?: Record<string, unknown>; email?: string; ordine_id?: number; numero?: string; motivo?: string };
  const prima = d.prima ?? {};
  const dopo = d.dopo ?? {};
  const ruolo = (v: unknown) => (typeof v === 'string' && v in ETICHETTE_RUOLO ? ETICHETTE_RUOLO[v as keyof typeof ETICHETTE_RUOLO] : VUOTO);
  const stato = (v: unknown) => (typeof v === 'string' && v in ETICHETTE_STATO_PERSONA ? ETICHETTE_STATO_PERSONA[v as StatoPersona] : VUOTO);
  switch (e.azione) {
    case 'ruolo': return `${ruolo(prima.ruolo)} → ${ruolo(dopo.ruolo)}`;
    case 'limiti': return [
      prima.limite_ordine !== dopo.limite_ordine ? `Limite per ordine: ${euro(prima.limite_ordine)} → ${euro(dopo.limite_ordine)}` : '',
      prima.budget_mensile !== dopo.budget_mensile ? `Budget mensile: ${euro(prima.budget_mensile)} → ${euro(dopo.budget_mensile)}` : '',
    ].filter(Boolean).join('; ');
    case 'permessi': return [
      prima.vede_prezzi !== dopo.vede_prezzi ? `Prezzi netti: ${SI_NO(prima.vede_prezzi)} → ${SI_NO(dopo.vede_prezzi)}` : '',
      prima.vede_documenti !== dopo.vede_documenti ? `Documenti e fido: ${SI_NO(prima.vede_documenti)} → ${SI_NO(dopo.vede_documenti)}` : '',
    ].filter(Boolean).join('; ');
    case 'sospensione':
    case 'riattivazione': return `${stato(prima.stato)} → ${stato(dopo.stato)}`;
    case 'invito':
    case 'collegamento': return [d.email, dopo.ruolo ? ruolo(dopo.ruolo) : ''].filter(Boolean).join(' · ');
    case 'rimozione': return [d.email, prima.ruolo ? ruolo(prima.ruolo) : ''].filter(Boolean).join(' · ');
    default: return [d.email, d.ordine_id ? `Ordine #${d.ordine_id}` : '', d.numero, d.motivo].filter(Boolean).join(' · ');
  }
}

/** The history's count, and the client's agents for the person filter. */
const contiStorico = (d: { totale: number; agenti: { utente_codice: string; nominativo: string }[] }) => ({ totale: d.totale, agenti: d.agenti });

function Storico({ session }: { session: SessionData }) {
  const [persona, setPersona] = useState('');
  const paging = usePagingLocale(STORICO_PER_PAGINA);
  const persone = useQuery({ ...personeQuery(session), select: (d) => d.utenti });
  const pagina = usePaginaElenco(storicoQuery(session, persona, paging.start, paging.limit), (d) => d.eventi, contiStorico);
  const colonne: Column<EventoStorico>[] = [
    { key: 'quando', header: 'Quando', className: 'org-quando', cell: (e) => formatDataOra(e.created_at) },
    { key: 'azione', header: 'Modifica', cell: (e) => <span className="strong">{e.etichetta}</span> },
    { key: 'persona', header: 'Persona', cell: (e) => e.persona || VUOTO },
    { key: 'dettagli', header: 'Dettagli', className: 'org-dettagli', cell: (e) => descrivi(e) || VUOTO },
    { key: 'autore', header: 'Da', cell: (e) => e.autore },
  ];
  return (
    <Scheda titolo="Storico" className="org-storico">
      <div className="list-toolbar">
        <SelectField layout="inline" label="Persona" value={persona} placeholder="Tutte le persone"
          options={[
            ...(persone.data ?? []).map((p) => ({ value: p.utente_codice, label: p.nominativo })),
            // The client's agents: what they did in its name (docs/regole/agenti.md#history).
            ...(pagina.conti?.agenti ?? []).map((a) => ({ value: a.utente_codice, label: `Agente ${a.nominativo}` })),
          ]}
          onChange={(e) => {
            setPersona(e.target.value);
            paging.setPage(1);
          }} />
      </div>
      <DataTable label="Storico delle modifiche" query={pagina.righe} columns={colonne}
        empty="Nessuna modifica registrata." loadingLabel="Caricamento storico…" errorTitle="Impossibile caricare lo storico" />
      <PagineElenco paging={paging} pagine={Math.ceil((pagina.conti?.totale ?? 0) / paging.limit)} caricando={pagina.righe.isFetching} label="Pagine storico" />
    </Scheda>
  );
}
