import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ResoSintesi } from '../../../shared/resi.js';
import { ETICHETTE_MOTIVO_RESO, ETICHETTE_STATO_RESO, MOTIVI_RESO, STATI_RESO } from '../../../shared/resi-costanti.js';
import { Collegamento } from '../../components/Collegamento';
import { type Column, DataTable } from '../../components/DataTable';
import { InputField } from '../../components/form/InputField';
import { SelectField } from '../../components/form/SelectField';
import { useDebounced } from '../../hooks/useDebounced';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { totaleDi, usePaginaElenco } from '../../hooks/usePaginaElenco';
import { usePaging } from '../../hooks/usePaging';
import { formatData, formatIntero } from '../../lib/formato';
import { paths } from '../../paths';
import { ElencoPaginato } from '../ElencoPaginato';
import { codaQuery, type FiltriCoda } from './api';
import './resi.css';

const STATI = [{ value: '', label: 'Da gestire' }, ...STATI_RESO.map((s) => ({ value: s, label: ETICHETTE_STATO_RESO[s] }))];
const MOTIVI = [{ value: '', label: 'Tutti' }, ...MOTIVI_RESO.map((m) => ({ value: m, label: ETICHETTE_MOTIVO_RESO[m] }))];
const ETA = [{ value: '', label: 'Tutti' }, { value: '2', label: 'Da più di 2 giorni' }, { value: '7', label: 'Da più di 7 giorni' }, { value: '30', label: 'Da più di 30 giorni' }];
const valido = <T extends string>(v: string | null, ammessi: readonly { value: string }[]) => (ammessi.some((a) => a.value === v) ? v as T : '' as T);

/**
 * /admin/resi (docs/regole/resi.md#states): the returns waiting for the staff, oldest first, with
 * the filters state, reason, client and age; each opens its page with the steps.
 */
export function ResiAdminPage() {
  useDocumentTitle('Resi');
  const [params, setParams] = useSearchParams();
  const paging = usePaging();
  const stato = valido<NonNullable<FiltriCoda['stato']> | ''>(params.get('stato'), STATI);
  const motivo = valido<NonNullable<FiltriCoda['motivo']> | ''>(params.get('motivo'), MOTIVI);
  const eta = valido<string>(params.get('giorni_min'), ETA);
  const [cliente, setCliente] = useState(params.get('cliente_codice') ?? '');
  const clienteCercato = useDebounced(cliente.trim(), 300);
  const imposta = (k: string, v: string) => setParams((prev) => {
    const p = new URLSearchParams(prev);
    if (v) p.set(k, v);
    else p.delete(k);
    p.set('start', '0');
    return p;
  }, { replace: true });
  useEffect(() => {
    if ((params.get('cliente_codice') ?? '') !== clienteCercato) imposta('cliente_codice', clienteCercato);
    // Only the typed code drives this: the URL follows it once it stops changing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clienteCercato]);
  const filtri: FiltriCoda = {
    ...(stato ? { stato } : {}), ...(motivo ? { motivo } : {}), ...(eta ? { giorni_min: Number(eta) } : {}),
    ...(clienteCercato ? { cliente_codice: clienteCercato } : {}),
  };
  const pagina = usePaginaElenco(codaQuery(filtri, paging.start, paging.limit), (d) => d.resi, totaleDi);
  const columns: Column<ResoSintesi>[] = [
    { key: 'numero', header: 'RMA', className: 'codice nowrap', cell: (r) => <Collegamento to={paths.adminResoDettaglio.href({ id: r.id })}>{r.numero}</Collegamento> },
    { key: 'stato', header: 'Stato', cell: (r) => <span className={`reso-stato reso-stato-${r.stato}`}>{ETICHETTE_STATO_RESO[r.stato]}</span> },
    { key: 'data', header: 'Richiesto', className: 'nowrap', cell: (r) => formatData(r.created_at) },
    { key: 'cliente', header: 'Cliente', cell: (r) => <>{r.cliente.ragione_sociale} <span className="muted codice">({r.cliente.codice})</span></> },
    { key: 'ddt', header: 'DDT', className: 'nowrap', cell: (r) => `${r.documento.numero} del ${formatData(r.documento.data)}` },
    { key: 'pezzi', header: 'Righe / pezzi', align: 'end', cell: (r) => `${formatIntero(r.righe_n)} / ${formatIntero(r.pezzi)}` },
  ];
  return (
    <>
      <div className="page-head"><h1>Resi</h1></div>
      <ElencoPaginato voce={['reso', 'resi']} paging={paging} pagina={pagina} etichetta="Resi da gestire"
        filtri={(
          <div className="resi-filtri">
            <SelectField layout="inline" label="Stato" value={stato} options={STATI} onChange={(e) => imposta('stato', e.target.value)} />
            <SelectField layout="inline" label="Motivo" value={motivo} options={MOTIVI} onChange={(e) => imposta('motivo', e.target.value)} />
            <SelectField layout="inline" label="Età" value={eta} options={ETA} onChange={(e) => imposta('giorni_min', e.target.value)} />
            <InputField layout="inline" label="Cliente" placeholder="Codice" value={cliente} onChange={(e) => setCliente(e.target.value)} />
          </div>
        )}>
        <DataTable label="Resi" className="resi-table" query={pagina.righe} columns={columns}
          empty="Nessun reso con i filtri scelti." loadingLabel="Caricamento resi…" />
      </ElencoPaginato>
    </>
  );
}
