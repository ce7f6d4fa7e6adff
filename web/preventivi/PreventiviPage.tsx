import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { MAX_FILTRO_NUMERO, STATI_CLIENTE, type StatoCliente, ultimoGiornoValido } from '../../shared/preventivi-costanti.js';
import { Collegamento } from '../components/Collegamento';
import { EmptyState } from '../components/EmptyState';
import { InputField } from '../components/form/InputField';
import { SelectField } from '../components/form/SelectField';
import { Pagination } from '../components/Pagination';
import { QueryView } from '../components/QueryView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { formatData, formatImporto } from '../lib/formato';
import { paths } from '../paths';
import { useShopSession } from '../session/shopSession';
import { elencoQuery, type FiltriPreventivi, PAGINA_PREVENTIVI } from './api';
import { EtichettaStato } from './EtichettaStato';
import './preventivi.css';

/**
 * /preventivi (issue 37): the client's quotes, newest first, filtered by state, period and number
 * (kept in the address, so a reload or a link finds them), one page at a time.
 */
export function PreventiviPage() {
  useDocumentTitle('Preventivi');
  const { session } = useShopSession();
  const [q, setQ] = useSearchParams();
  const pagina = Math.max(1, Number(q.get('pagina')) || 1);
  const stato = q.get('stato') as StatoCliente | null;
  const filtri: FiltriPreventivi = {
    ...(stato && STATI_CLIENTE.includes(stato) ? { stato } : {}),
    ...(q.get('numero') ? { numero: q.get('numero')! } : {}),
    ...(q.get('dal') ? { dal: q.get('dal')! } : {}),
    ...(q.get('al') ? { al: q.get('al')! } : {}),
  };
  const query = useQuery(elencoQuery(session, filtri, (pagina - 1) * PAGINA_PREVENTIVI));
  const imposta = (k: string, v: string) => {
    const n = new URLSearchParams(q);
    if (v) n.set(k, v);
    else n.delete(k);
    n.delete('pagina');
    setQ(n, { replace: true });
  };
  return (
    <>
      <div className="page-head">
        <h1>Preventivi</h1>
        <Collegamento className="btn btn-primary" to={paths.preventiviRichiedi.path}>Richiedi preventivo</Collegamento>
      </div>
      <div className="card card-body preventivi-filtri" role="search" aria-label="Filtra i preventivi">
        <SelectField label="Stato" placeholder="Tutti" options={STATI_CLIENTE.map((s) => ({ value: s, label: s }))} value={filtri.stato ?? ''}
          onChange={(e) => imposta('stato', e.target.value)} />
        <InputField label="Numero" placeholder="P2026/000123" maxLength={MAX_FILTRO_NUMERO} value={q.get('numero') ?? ''} onChange={(e) => imposta('numero', e.target.value.trim())} />
        <InputField label="Dal" type="date" value={q.get('dal') ?? ''} onChange={(e) => imposta('dal', e.target.value)} />
        <InputField label="Al" type="date" value={q.get('al') ?? ''} onChange={(e) => imposta('al', e.target.value)} />
      </div>
      <QueryView
        query={query}
        loadingLabel="Caricamento dei preventivi…"
        isEmpty={(d) => d.preventivi.length === 0}
        empty={<EmptyState title="Nessun preventivo.">Dal carrello, «Richiedi preventivo» chiede al grossista un prezzo per i tuoi articoli.</EmptyState>}
      >
        {(d) => (
          <>
            <div className="card table-scroll">
              <table className="table preventivi-tabella">
                <caption className="visually-hidden">Preventivi</caption>
                <thead>
                  <tr>
                    <th scope="col">Numero</th>
                    <th scope="col">Richiesto il</th>
                    <th scope="col">Stato</th>
                    <th scope="col" className="num">Versione</th>
                    <th scope="col">Valido fino al</th>
                    <th scope="col" className="num">Totale</th>
                  </tr>
                </thead>
                <tbody>
                  {d.preventivi.map((p) => (
                    <tr key={p.id}>
                      <td><Collegamento className="strong" to={paths.preventiviDettaglio.href({ id: p.id })}>{p.numero}</Collegamento></td>
                      <td>{formatData(p.created_at)}</td>
                      <td><EtichettaStato testo={p.stato_cliente} stato={p.stato} /></td>
                      <td className="num">{p.versione || '—'}</td>
                      <td>{p.scade_at ? formatData(ultimoGiornoValido(p.scade_at).toISOString()) : '—'}</td>
                      <td className="num">{p.totale === null ? '—' : formatImporto(p.totale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {d.totale > PAGINA_PREVENTIVI && (
              <Pagination currentPage={pagina} totalPages={Math.ceil(d.totale / PAGINA_PREVENTIVI)} label="Pagine dei preventivi"
                onPageChange={(n) => { const x = new URLSearchParams(q); x.set('pagina', String(n)); setQ(x); }} />
            )}
          </>
        )}
      </QueryView>
    </>
  );
}
