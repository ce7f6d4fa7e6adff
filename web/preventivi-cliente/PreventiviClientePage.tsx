import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ETICHETTE_STATO_PREVENTIVO_CLIENTE, numeroPreventivoCliente, STATI_PREVENTIVO_CLIENTE, type StatoPreventivoCliente,
} from '../../shared/preventivi-cliente-costanti.js';
import { Collegamento } from '../components/Collegamento';
import { EmptyState } from '../components/EmptyState';
import { Pagination } from '../components/Pagination';
import { QueryView } from '../components/QueryView';
import { useToast } from '../components/Toast';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { formatData, formatImporto } from '../lib/formato';
import { paths } from '../paths';
import { usePermessi } from '../session/permessi';
import { useShopSession } from '../session/shopSession';
import { elencoQuery, PAGINA_PREVENTIVI, usePreventiviAzioni } from './api';
import './preventivi-cliente.css';

/**
 * /preventivi-cliente (docs/regole/preventivi-cliente.md): the client's quotes to their own
 * customers, newest change first, by state; a new empty one, the header's settings.
 */
export function PreventiviClientePage() {
  useDocumentTitle('Preventivi ai clienti');
  const puo = usePermessi().puo('preventivi_cliente');
  return (
    <>
      <div className="page-head pc-head">
        <h1>Preventivi ai clienti</h1>
        {puo && <Collegamento className="btn btn-ghost" to={paths.preventiviClienteIntestazione.path}>Intestazione e logo</Collegamento>}
      </div>
      {puo ? <Elenco /> : <EmptyState title="Non sei abilitato a vedere i prezzi netti: i preventivi ai tuoi clienti partono dal tuo costo." />}
    </>
  );
}

function Elenco() {
  const { session } = useShopSession();
  const navigate = useNavigate();
  const toast = useToast();
  const [pagina, setPagina] = useState(1);
  const [stato, setStato] = useState<StatoPreventivoCliente | ''>('');
  const query = useQuery(elencoQuery(session, (pagina - 1) * PAGINA_PREVENTIVI, stato));
  const { crea } = usePreventiviAzioni();
  const nuovo = async () => {
    try {
      const r = await crea.mutateAsync({ da: 'vuoto' });
      void navigate(paths.preventiviClienteDettaglio.href({ id: r.id }));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <>
      <div className="pc-barra">
        <p className="muted">
          Preventivi per i tuoi clienti, con il tuo ricarico, la manodopera e l&rsquo;IVA: parti da un preventivo vuoto, dal
          carrello («Crea preventivo per un cliente») o da una lista.
        </p>
        <div className="pc-barra-azioni">
          <label className="pc-filtro">
            <span>Stato</span>
            <select className="input" value={stato} onChange={(e) => { setStato(e.target.value as StatoPreventivoCliente | ''); setPagina(1); }}>
              <option value="">Tutti</option>
              {STATI_PREVENTIVO_CLIENTE.map((s) => <option key={s} value={s}>{ETICHETTE_STATO_PREVENTIVO_CLIENTE[s]}</option>)}
            </select>
          </label>
          <button type="button" className="btn btn-primary" disabled={crea.isPending} onClick={() => void nuovo()}>Nuovo preventivo</button>
        </div>
      </div>
      <QueryView
        query={query}
        loadingLabel="Caricamento dei preventivi…"
        isEmpty={(d) => d.preventivi.length === 0}
        empty={<EmptyState title={stato ? 'Nessun preventivo in questo stato.' : 'Non hai ancora fatto preventivi ai tuoi clienti.'} />}
      >
        {(d) => (
          <>
            <ul className="pc-elenco" aria-label="Preventivi ai clienti">
              {d.preventivi.map((p) => (
                <li key={p.id} className="card pc-voce">
                  <Collegamento to={paths.preventiviClienteDettaglio.href({ id: p.id })} className="pc-voce-link">
                    <span className="pc-voce-numero strong">N. {numeroPreventivoCliente(p)}</span>
                    <span className="pc-voce-cliente">{p.cliente_finale_nome || 'Cliente da indicare'}</span>
                  </Collegamento>
                  <span className={`badge pc-stato pc-stato-${p.stato}`}>{ETICHETTE_STATO_PREVENTIVO_CLIENTE[p.stato]}</span>
                  <span className="muted pc-voce-meta">
                    {p.righe_n === 1 ? '1 voce' : `${p.righe_n} voci`} · {p.utente_nome} · <time dateTime={p.updated_at}>{formatData(p.updated_at)}</time>
                  </span>
                  <span className="strong pc-voce-totale">{formatImporto(p.totale)} <span className="muted">IVA inclusa</span></span>
                </li>
              ))}
            </ul>
            {d.totale > PAGINA_PREVENTIVI && (
              <Pagination currentPage={pagina} totalPages={Math.ceil(d.totale / PAGINA_PREVENTIVI)} onPageChange={setPagina} label="Pagine dei preventivi" />
            )}
          </>
        )}
      </QueryView>
    </>
  );
}
