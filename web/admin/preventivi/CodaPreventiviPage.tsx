import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useModulo } from '../../components/form/useModulo';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { MAX_FILTRO_CLIENTE, MAX_FILTRO_NUMERO, STATI_STAFF, type StatoStaff } from '../../../shared/preventivi-costanti.js';
import { Collegamento } from '../../components/Collegamento';
import { EmptyState } from '../../components/EmptyState';
import { CheckboxField } from '../../components/form/CheckboxField';
import { InputField } from '../../components/form/InputField';
import { SelectField } from '../../components/form/SelectField';
import { Pagination } from '../../components/Pagination';
import { QueryView } from '../../components/QueryView';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { formatData, formatImporto } from '../../lib/formato';
import { paths } from '../../paths';
import { EtichettaStato } from '../../preventivi/EtichettaStato';
import '../../preventivi/preventivi.css';
import { codaQuery, type FiltriCoda, PAGINA_CODA, useImpostaValidita, validitaQuery } from './api';

/**
 * /admin/preventivi (issue 37): every client's quote requests, the last touched first, by the
 * staff's label, client code, number, period, or only one's own; who has each in charge.
 */
export function CodaPreventiviPage() {
  useDocumentTitle('Preventivi');
  const [q, setQ] = useSearchParams();
  const pagina = Math.max(1, Number(q.get('pagina')) || 1);
  const stato = q.get('stato') as StatoStaff | null;
  const filtri: FiltriCoda = {
    ...(stato && STATI_STAFF.includes(stato) ? { stato } : {}),
    ...(q.get('numero') ? { numero: q.get('numero')! } : {}),
    ...(q.get('cliente') ? { cliente: q.get('cliente')! } : {}),
    ...(q.get('miei') === '1' ? { miei: '1' as const } : {}),
  };
  const query = useQuery(codaQuery(filtri, (pagina - 1) * PAGINA_CODA));
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
        <Collegamento className="btn btn-primary" to={paths.adminPreventivoNuovo.path}>Nuovo preventivo</Collegamento>
      </div>
      <div className="card card-body preventivi-filtri" role="search" aria-label="Filtra le richieste">
        <SelectField label="Stato" placeholder="Tutti" options={STATI_STAFF.map((s) => ({ value: s, label: s }))} value={filtri.stato ?? ''}
          onChange={(e) => imposta('stato', e.target.value)} />
        <InputField label="Numero" maxLength={MAX_FILTRO_NUMERO} value={q.get('numero') ?? ''} onChange={(e) => imposta('numero', e.target.value.trim())} />
        <InputField label="Codice cliente" maxLength={MAX_FILTRO_CLIENTE} value={q.get('cliente') ?? ''} onChange={(e) => imposta('cliente', e.target.value.trim())} />
        <CheckboxField label="Solo quelli in carico a me" checked={filtri.miei === '1'} onChange={(e) => imposta('miei', e.target.checked ? '1' : '')} />
      </div>
      <QueryView
        query={query}
        loadingLabel="Caricamento delle richieste…"
        isEmpty={(d) => d.preventivi.length === 0}
        empty={<EmptyState title="Nessuna richiesta di preventivo." />}
      >
        {(d) => (
          <>
            <div className="card table-scroll">
              <table className="table preventivi-tabella">
                <caption className="visually-hidden">Richieste di preventivo</caption>
                <thead>
                  <tr>
                    <th scope="col">Numero</th>
                    <th scope="col">Cliente</th>
                    <th scope="col">Richiesto il</th>
                    <th scope="col">Stato</th>
                    <th scope="col">In carico a</th>
                    <th scope="col" className="num">Totale</th>
                  </tr>
                </thead>
                <tbody>
                  {d.preventivi.map((p) => (
                    <tr key={p.id}>
                      <td><Collegamento className="strong" to={paths.adminPreventivoDettaglio.href({ id: p.id })}>{p.numero}</Collegamento></td>
                      <td>{p.cliente.ragione_sociale} <span className="muted codice">{p.cliente.codice}</span></td>
                      <td>{formatData(p.created_at)}</td>
                      <td><EtichettaStato testo={p.stato_staff} stato={p.stato} /></td>
                      <td>{p.presa_da ?? '—'}</td>
                      <td className="num">{p.totale === null ? '—' : formatImporto(p.totale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {d.totale > PAGINA_CODA && (
              <Pagination currentPage={pagina} totalPages={Math.ceil(d.totale / PAGINA_CODA)} label="Pagine delle richieste"
                onPageChange={(n) => { const x = new URLSearchParams(q); x.set('pagina', String(n)); setQ(x); }} />
            )}
          </>
        )}
      </QueryView>
      <Validita />
    </>
  );
}

/** The default validity of an answer (impostazioni 'giorni_validita_preventivo'). */
function Validita() {
  const query = useQuery(validitaQuery);
  return (
    <section className="card card-body preventivo-validita" aria-label="Validità predefinita delle offerte">
      <QueryView query={query} riga loadingLabel="Caricamento…">
        {(d) => <ModuloValidita key={d.giorni_validita} giorni={d.giorni_validita} />}
      </QueryView>
    </section>
  );
}

function ModuloValidita({ giorni }: { giorni: number }) {
  const imposta = useImpostaValidita();
  const toast = useToast();
  const modulo = useModulo(() => import('../../../shared/preventivi.js').then((m) => m.giorniValiditaRequest), { giorni_validita: String(giorni) });
  const [errore, setErrore] = useState('');
  const salva = async () => {
    const esito = await modulo.valida(modulo.valori);
    if (!esito.ok) return;
    try {
      await imposta.mutateAsync(esito.dati.giorni_validita);
      toast.success('Validità predefinita delle offerte salvata.');
    } catch (err) {
      if (!modulo.mostraDalServer(err)) setErrore(errorMessage(err));
    }
  };
  return (
    <form className="preventivo-validita-modulo" noValidate onSubmit={(e) => { e.preventDefault(); void salva(); }}>
      <InputField label="Validità predefinita delle offerte (giorni)" inputMode="numeric" {...modulo.campo('giorni_validita')} />
      <button type="submit" className="btn" disabled={imposta.isPending}>Salva</button>
      {errore && <p className="field-error" role="alert">{errore}</p>}
    </form>
  );
}
