import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { Reso } from '../../shared/resi.js';
import { ETICHETTE_MOTIVO_RESO } from '../../shared/resi-costanti.js';
import { BackButton } from '../components/BackButton';
import { Collegamento } from '../components/Collegamento';
import { EmptyState } from '../components/EmptyState';
import { QueryView } from '../components/QueryView';
import { Scheda } from '../components/Scheda';
import { useConfirmAction } from '../hooks/useConfirmAction';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { formatData, formatDataOraOrdine, formatIntero, VUOTO } from '../lib/formato';
import { paths } from '../paths';
import { SoloConDocumenti } from '../session/SoloConDocumenti';
import { useShopSession } from '../session/shopSession';
import { resoQuery, urlFotoReso, urlPdfReso, useAzioniResi } from './api';
import { StoricoReso } from './components/StoricoReso';
import { StatoReso } from './ResiPage';
import './resi.css';

/** /resi/dettaglio?id= (docs/regole/resi.md#states): one return with its state, lines, outcome, photos, RMA PDF and credit note. */
export function ResoDettaglioPage() {
  return <SoloConDocumenti titolo="Reso"><ResoConsentito /></SoloConDocumenti>;
}

function ResoConsentito() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valido = Number.isInteger(id) && id > 0;
  const { session } = useShopSession();
  const query = useQuery({ ...resoQuery(session, id), enabled: valido });
  useDocumentTitle(query.data ? `Reso ${query.data.numero}` : 'Reso');
  return (
    <>
      <div className="page-head">
        <h1>{query.data ? `Reso ${query.data.numero}` : 'Reso'}</h1>
        <BackButton to={paths.resi.path} />
      </div>
      {!valido ? (
        <div className="card"><EmptyState title="Nessun reso selezionato" action={<Collegamento className="btn btn-primary" to={paths.resi.path}>Vai ai resi</Collegamento>} /></div>
      ) : (
        <QueryView query={query} loadingLabel="Caricamento del reso…" errorTitle="Impossibile leggere il reso">
          {(r) => <Dettaglio reso={r} />}
        </QueryView>
      )}
    </>
  );
}

const AUTORIZZATI: Reso['stato'][] = ['autorizzato', 'parzialmente_autorizzato', 'spedito', 'ricevuto', 'verificato', 'chiuso'];

function Dettaglio({ reso: r }: { reso: Reso }) {
  const { session } = useShopSession();
  const { annulla, spedisci } = useAzioniResi();
  const conferma = useConfirmAction();
  return (
    <div className="reso-dettaglio">
      <section className="card reso-stato-card" aria-label="Stato del reso">
        <p><StatoReso stato={r.stato} /> <span className="muted">dal {formatDataOraOrdine(r.stato_at)}</span></p>
        <p>DDT n. <strong>{r.documento.numero}</strong> del {formatData(r.documento.data)} · richiesto il {formatData(r.created_at)}</p>
        {r.motivo_rifiuto && <p className="reso-rifiuto"><strong>{r.stato === 'rifiutato' ? 'Motivo del rifiuto' : 'Righe non autorizzate'}:</strong> {r.motivo_rifiuto}</p>}
        {r.nota_credito && <p>Nota di credito <strong>{r.nota_credito.numero}</strong> del {formatData(r.nota_credito.data)}</p>}
        {AUTORIZZATI.includes(r.stato) && (
          <p className="reso-istruzioni">
            {r.ddt_reso_richiesto ? `Scrivi il numero ${r.numero} sul tuo DDT di reso e allega il documento RMA.` : `Consegna la merce con il documento ${r.numero}.`}
          </p>
        )}
        <div className="reso-azioni">
          {AUTORIZZATI.includes(r.stato) && <a className="btn btn-primary" href={urlPdfReso(session, r.id)} target="_blank" rel="noopener">Documento RMA (PDF)</a>}
          {(r.stato === 'autorizzato' || r.stato === 'parzialmente_autorizzato') && (
            <button type="button" className="btn" disabled={spedisci.isPending}
              onClick={() => void conferma({
                question: 'Segnare la merce come spedita o in consegna al banco?', failure: 'Stato non cambiato',
                run: async () => ({ status: 0, msg: (await spedisci.mutateAsync(r.id)).msg }),
              })}>
              Merce spedita / al banco
            </button>
          )}
          {r.stato === 'richiesto' && (
            <button type="button" className="btn btn-danger" disabled={annulla.isPending}
              onClick={() => void conferma({
                question: `Annullare la richiesta di reso ${r.numero}?`, confirm: { danger: true, confirmLabel: 'Annulla richiesta', cancelLabel: 'Indietro' },
                failure: 'Richiesta non annullata', run: async () => ({ status: 0, msg: (await annulla.mutateAsync(r.id)).msg }),
              })}>
              Annulla richiesta
            </button>
          )}
        </div>
      </section>
      <Scheda titolo="Righe">
        <div className="card-body">
        <ul className="reso-righe-lette">
          {r.righe.map((x) => (
            <li key={x.id} className="reso-riga-letta">
              <p><span className="reso-codice">{x.codice_prodotto}</span> {x.descrizione}</p>
              <p className="muted">
                {formatIntero(x.quantita)} pz · {ETICHETTE_MOTIVO_RESO[x.motivo]}{x.lotto ? ` · lotto ${x.lotto}` : ''} · accredito previsto {x.percentuale_prevista} %
              </p>
              {x.nota && <p className="muted">{x.nota}</p>}
              <p>
                {x.esito === null ? 'In attesa di decisione' : x.esito === 'rifiutata' ? 'Non autorizzata' : `Autorizzata, accredito ${x.percentuale_autorizzata ?? VUOTO} %`}
                {x.quantita_accettata !== null && ` · verificati: accettati ${formatIntero(x.quantita_accettata)}, accredito ${x.percentuale_accredito ?? VUOTO} %`}
              </p>
            </li>
          ))}
        </ul>
        </div>
      </Scheda>
      {(r.descrizione || r.foto.length > 0) && (
        <Scheda titolo="Descrizione e foto">
          <div className="card-body">
          {r.descrizione && <p>{r.descrizione}</p>}
          <div className="reso-foto">
            {r.foto.map((f) => (
              <a key={f.id} href={urlFotoReso(session, r.id, f.id)} target="_blank" rel="noopener">
                <img src={urlFotoReso(session, r.id, f.id)} alt={f.nome} loading="lazy" />
              </a>
            ))}
          </div>
          </div>
        </Scheda>
      )}
      <StoricoReso reso={r} />
    </div>
  );
}
