import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Reso } from '../../../shared/resi.js';
import { ETICHETTE_MOTIVO_RESO, ETICHETTE_STATO_RESO, MAX_MOTIVO_RIFIUTO_RESO } from '../../../shared/resi-costanti.js';
import { BackButton } from '../../components/BackButton';
import { TextareaField } from '../../components/form/TextareaField';
import { useModulo } from '../../components/form/useModulo';
import { useDialogs } from '../../components/Modal';
import { QueryView } from '../../components/QueryView';
import { Scheda } from '../../components/Scheda';
import { useToast } from '../../components/Toast';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { errorMessage } from '../../lib/api';
import { formatData, formatDataOra, formatIntero } from '../../lib/formato';
import { paths } from '../../paths';
import { StoricoReso } from '../../resi/components/StoricoReso';
import { schedaQuery, usePassiReso } from './api';
import './resi.css';

/**
 * /admin/resi/dettaglio?id= (docs/regole/resi.md#states): one return with its lines and the step
 * its state allows: authorise (per line, credit % proposed by the policy and editable) or refuse
 * with a reason; mark received; record the inspection; close.
 */
export function ResoAdminPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const query = useQuery({ ...schedaQuery(id), enabled: Number.isInteger(id) && id > 0 });
  useDocumentTitle(query.data ? `Reso ${query.data.numero}` : 'Reso');
  return (
    <>
      <div className="page-head">
        <h1>{query.data ? `Reso ${query.data.numero}` : 'Reso'}</h1>
        <BackButton to={paths.adminResi.path} storia />
      </div>
      <QueryView query={query} loadingLabel="Caricamento del reso…" errorTitle="Impossibile leggere il reso">
        {(r) => (
          <div className="reso-admin">
            <section className="card card-body" aria-label="Dati del reso">
              <dl className="kv">
                <dt>Stato</dt><dd><span className={`reso-stato reso-stato-${r.stato}`}>{ETICHETTE_STATO_RESO[r.stato]}</span> <span className="muted">dal {formatDataOra(r.stato_at)}</span></dd>
                <dt>Cliente</dt><dd>{r.cliente.ragione_sociale} <span className="muted codice">({r.cliente.codice})</span></dd>
                <dt>DDT</dt><dd>{r.documento.numero} del {formatData(r.documento.data)} ({formatIntero(r.giorni_ddt)} giorni prima della richiesta)</dd>
                <dt>Descrizione</dt><dd>{r.descrizione || '—'}</dd>
                {r.motivo_rifiuto && <><dt>Motivo del rifiuto</dt><dd>{r.motivo_rifiuto}</dd></>}
                {r.nota_credito && <><dt>Nota di credito</dt><dd>{r.nota_credito.numero} del {formatData(r.nota_credito.data)}</dd></>}
                <dt>Foto</dt><dd>{r.foto.length ? r.foto.map((f) => f.nome).join(', ') : 'nessuna'}</dd>
              </dl>
            </section>
            {r.stato === 'richiesto' ? <Decisione reso={r} /> : r.stato === 'ricevuto' ? <Verifica reso={r} /> : <><Righe reso={r} /><Passo reso={r} /></>}
            <StoricoReso reso={r} />
          </div>
        )}
      </QueryView>
    </>
  );
}

function Righe({ reso: r }: { reso: Reso }) {
  return (
    <Scheda titolo="Righe">
      <ul className="reso-righe-lette">
        {r.righe.map((x) => (
          <li key={x.id} className="reso-riga-letta">
            <p><span className="reso-codice">{x.codice_prodotto}</span> {x.descrizione}</p>
            <p className="muted">
              {formatIntero(x.quantita)} pz · {ETICHETTE_MOTIVO_RESO[x.motivo]}{x.lotto ? ` · lotto ${x.lotto}` : ''}
              {' · '}{x.esito === 'rifiutata' ? 'non autorizzata' : x.esito === 'autorizzata' ? `autorizzata ${x.percentuale_autorizzata} %` : `previsto ${x.percentuale_prevista} %`}
              {x.quantita_accettata !== null && ` · accettati ${formatIntero(x.quantita_accettata)}, accredito ${x.percentuale_accredito} %`}
            </p>
            {x.nota && <p className="muted">{x.nota}</p>}
          </li>
        ))}
      </ul>
    </Scheda>
  );
}

/** Authorise per line (the policy's credit proposed, editable) or refuse the lines, with the reason when some are refused. */
function Decisione({ reso: r }: { reso: Reso }) {
  const { autorizza, rifiuta } = usePassiReso();
  const { alert, confirm } = useDialogs();
  const toast = useToast();
  const modulo = useModulo(() => import('../../../shared/resi.js').then((m) => m.resiAutorizzaRequest), { motivo: '' });
  const [righe, setRighe] = useState(() => Object.fromEntries(r.righe.map((x) => [x.id, { si: true, percentuale: String(x.percentuale_prevista) }])));
  const rifiutate = r.righe.filter((x) => !righe[x.id]!.si).length;

  const invia = async (e: React.FormEvent) => {
    e.preventDefault();
    const input = {
      id: r.id, ...(modulo.valori.motivo.trim() ? { motivo: modulo.valori.motivo } : {}),
      righe: r.righe.map((x) => (righe[x.id]!.si
        ? { id: x.id, esito: 'autorizzata' as const, percentuale: Number(righe[x.id]!.percentuale.replace(',', '.')) }
        : { id: x.id, esito: 'rifiutata' as const })),
    };
    const esito = await modulo.valida(input);
    if (!esito.ok) return void (await alert(esito.messaggio));
    if (rifiutate > 0 && !modulo.valori.motivo.trim()) return void modulo.mostra({ motivo: 'Indica il motivo delle righe rifiutate.' });
    const tutte = rifiutate === r.righe.length;
    if (!(await confirm(tutte ? `Rifiutare il reso ${r.numero}?` : `Autorizzare il reso ${r.numero}${rifiutate ? ' in parte' : ''}?`))) return;
    try {
      const fatto = tutte
        ? await rifiuta.mutateAsync({ id: r.id, motivo: modulo.valori.motivo })
        : await autorizza.mutateAsync(esito.dati);
      toast.success(fatto.msg);
    } catch (err) {
      if (!modulo.mostraDalServer(err)) await alert(errorMessage(err));
    }
  };

  return (
    <form className="card card-body reso-decisione" onSubmit={(e) => void invia(e)} noValidate aria-label="Decisione sul reso">
      <h2 className="reso-politica-titolo">Decisione</h2>
      <ul className="reso-righe">
        {r.righe.map((x) => (
          <li key={x.id} className={`reso-riga${righe[x.id]!.si ? ' is-scelta' : ''}`}>
            <p className="reso-riga-prodotto">
              <span className="reso-codice">{x.codice_prodotto}</span> {x.descrizione}
              <span className="reso-riga-q muted">{formatIntero(x.quantita)} pz · {ETICHETTE_MOTIVO_RESO[x.motivo]}{x.lotto ? ` · lotto ${x.lotto}` : ''}{x.nota ? ` · ${x.nota}` : ''}</span>
            </p>
            <div className="reso-riga-decisione">
              <label><input type="radio" name={`esito-${x.id}`} checked={righe[x.id]!.si} onChange={() => setRighe({ ...righe, [x.id]: { ...righe[x.id]!, si: true } })} /> Autorizza</label>
              <label><input type="radio" name={`esito-${x.id}`} checked={!righe[x.id]!.si} onChange={() => setRighe({ ...righe, [x.id]: { ...righe[x.id]!, si: false } })} /> Rifiuta</label>
              {righe[x.id]!.si && (
                <label className="reso-percentuale">
                  Accredito %
                  <input className="input" inputMode="decimal" aria-label={`Accredito % di ${x.codice_prodotto}`} value={righe[x.id]!.percentuale}
                    onChange={(e) => setRighe({ ...righe, [x.id]: { ...righe[x.id]!, percentuale: e.target.value } })} />
                </label>
              )}
            </div>
          </li>
        ))}
      </ul>
      <TextareaField label="Motivo (per le righe rifiutate)" rows={2} maxLength={MAX_MOTIVO_RIFIUTO_RESO} {...modulo.campo('motivo')} />
      <div className="reso-azioni">
        <button type="submit" className="btn btn-primary" disabled={autorizza.isPending || rifiuta.isPending}>
          {rifiutate === r.righe.length ? 'Rifiuta il reso' : rifiutate > 0 ? 'Autorizza in parte' : 'Autorizza'}
        </button>
      </div>
    </form>
  );
}

/** The inspection: per authorised line, the pieces accepted and the credit granted. */
function Verifica({ reso: r }: { reso: Reso }) {
  const { verifica } = usePassiReso();
  const { alert } = useDialogs();
  const toast = useToast();
  const autorizzate = r.righe.filter((x) => x.esito === 'autorizzata');
  const modulo = useModulo(() => import('../../../shared/resi.js').then((m) => m.resiVerificaRequest), {});
  const [valori, setValori] = useState(() => Object.fromEntries(autorizzate.map((x) => [x.id, { q: String(x.quantita), p: String(x.percentuale_autorizzata ?? x.percentuale_prevista) }])));
  const invia = async (e: React.FormEvent) => {
    e.preventDefault();
    const esito = await modulo.valida({ id: r.id, righe: autorizzate.map((x) => ({ id: x.id, quantita_accettata: valori[x.id]!.q, percentuale: Number(valori[x.id]!.p.replace(',', '.')) })) });
    if (!esito.ok) return void (await alert(esito.messaggio));
    try {
      toast.success((await verifica.mutateAsync(esito.dati)).msg);
    } catch (err) {
      await alert(errorMessage(err));
    }
  };
  return (
    <form className="card card-body" onSubmit={(e) => void invia(e)} noValidate aria-label="Verifica della merce">
      <h2 className="reso-politica-titolo">Verifica della merce ricevuta</h2>
      <ul className="reso-righe">
        {autorizzate.map((x) => (
          <li key={x.id} className="reso-riga">
            <p className="reso-riga-prodotto"><span className="reso-codice">{x.codice_prodotto}</span> {x.descrizione} <span className="reso-riga-q muted">{formatIntero(x.quantita)} pz resi</span></p>
            <div className="reso-riga-decisione">
              <label className="reso-percentuale">Accettati
                <input className="input" inputMode="numeric" aria-label={`Pezzi accettati di ${x.codice_prodotto}`} value={valori[x.id]!.q} onChange={(e) => setValori({ ...valori, [x.id]: { ...valori[x.id]!, q: e.target.value } })} />
              </label>
              <label className="reso-percentuale">Accredito %
                <input className="input" inputMode="decimal" aria-label={`Accredito % di ${x.codice_prodotto}`} value={valori[x.id]!.p} onChange={(e) => setValori({ ...valori, [x.id]: { ...valori[x.id]!, p: e.target.value } })} />
              </label>
            </div>
          </li>
        ))}
      </ul>
      <div className="reso-azioni"><button type="submit" className="btn btn-primary" disabled={verifica.isPending}>Registra la verifica</button></div>
    </form>
  );
}

/** The one-click steps: received (from authorised or sent) and closed (from verified). */
function Passo({ reso: r }: { reso: Reso }) {
  const { ricevi, chiudi } = usePassiReso();
  const { alert, confirm } = useDialogs();
  const toast = useToast();
  const fai = async (domanda: string, f: () => Promise<{ msg: string }>) => {
    if (!(await confirm(domanda))) return;
    try {
      toast.success((await f()).msg);
    } catch (err) {
      await alert(errorMessage(err));
    }
  };
  if (['autorizzato', 'parzialmente_autorizzato', 'spedito'].includes(r.stato)) {
    return <div className="reso-azioni"><button type="button" className="btn btn-primary" disabled={ricevi.isPending} onClick={() => void fai(`Segnare come ricevuta la merce del reso ${r.numero}?`, () => ricevi.mutateAsync(r.id))}>Merce ricevuta</button></div>;
  }
  if (r.stato === 'verificato') {
    return <div className="reso-azioni"><button type="button" className="btn btn-primary" disabled={chiudi.isPending} onClick={() => void fai(`Chiudere il reso ${r.numero}?`, () => chiudi.mutateAsync(r.id))}>Chiudi il reso</button></div>;
  }
  return null;
}
