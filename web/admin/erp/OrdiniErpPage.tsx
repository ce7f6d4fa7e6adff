import { useSearchParams } from 'react-router-dom';
import { ETICHETTE_STATO_ERP, type OrdineErp, STATI_ERP } from '../../../shared/erp.js';
import { type Column, DataTable } from '../../components/DataTable';
import { SelectField } from '../../components/form/SelectField';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { totaleDi, usePaginaElenco } from '../../hooks/usePaginaElenco';
import { usePaging } from '../../hooks/usePaging';
import { formatDataOra, formatImporto } from '../../lib/formato';
import { ElencoPaginato } from '../ElencoPaginato';
import { type FiltroErp, ordiniErpQuery, useReinvia } from './api';
import './erp.css';

const FILTRI: { value: FiltroErp; label: string }[] = [
  { value: '', label: 'Tutti gli ordini' },
  { value: 'da_inviare', label: 'Da inviare (in attesa o con errore)' },
  ...STATI_ERP.map((s) => ({ value: s, label: ETICHETTE_STATO_ERP[s] })),
];
const FILTRI_VALIDI = new Set<string>(FILTRI.map((f) => f.value));

function Stato({ o }: { o: OrdineErp }) {
  const tono = o.erp_stato === 'inviato' ? ' is-ok' : o.erp_stato === 'errore' ? '' : o.erp_stato === 'in_attesa' ? ' is-wait' : ' is-neutral';
  return <span className={`status-pill${tono}`}>{ETICHETTE_STATO_ERP[o.erp_stato]}</span>;
}

/**
 * /admin/ordini-erp: every confirmed order with its hand-over to the ERP (waiting, sent, failed with
 * the last error) and a resend. Orders placed before the exchange existed are 'Prima del collegamento ERP'.
 */
export function OrdiniErpPage() {
  useDocumentTitle('Ordini ERP');
  const [params, setParams] = useSearchParams();
  const paging = usePaging();
  const grezzo = params.get('stato') ?? '';
  const stato = (FILTRI_VALIDI.has(grezzo) ? grezzo : '') as FiltroErp;
  const pagina = usePaginaElenco(ordiniErpQuery(stato, paging.start, paging.limit), (d) => d.ordini, totaleDi);
  const reinvia = useReinvia();
  const confermaEFai = useConfirmAction();

  const columns: Column<OrdineErp>[] = [
    // The state beside the number: in view at 768 px as the resend pinned at the right edge.
    { key: 'id', header: 'Ordine', className: 'codice nowrap', cell: (o) => `#${o.id}` },
    { key: 'stato', header: 'Stato ERP', className: 'erp-stato', cell: (o) => <Stato o={o} /> },
    { key: 'data', header: 'Data', className: 'nowrap erp-data', cell: (o) => formatDataOra(o.created_at) },
    { key: 'cliente', header: 'Cliente', className: 'erp-cliente', cell: (o) => <>{o.cliente_nome} <span className="muted codice">({o.cliente_codice})</span></> },
    { key: 'totale', header: 'Totale', align: 'end', className: 'nowrap', cell: (o) => formatImporto(Number(o.totale)) },
    {
      key: 'dettaglio', header: 'Dettaglio', className: 'erp-dettaglio',
      cell: (o) => o.erp_stato === 'inviato' && o.erp_inviato_at
        ? <span className="muted">Inviato il {formatDataOra(o.erp_inviato_at)}</span>
        : o.erp_errore
          ? <span className="erp-errore" title={o.erp_errore}>{o.erp_errore} <span className="muted">({o.erp_tentativi} tentativi)</span></span>
          : <span className="muted">—</span>,
    },
  ];

  const filtra = (v: string) => setParams((prev) => {
    const p = new URLSearchParams(prev);
    if (v) p.set('stato', v);
    else p.delete('stato');
    p.set('start', '0');
    return p;
  }, { replace: true });

  return (
    <>
      <div className="page-head">
        <h1>Ordini ERP</h1>
      </div>
      <ElencoPaginato voce={['ordine', 'ordini']} paging={paging} pagina={pagina} etichetta="Invio degli ordini all'ERP"
        filtri={<SelectField layout="inline" label="Stato" value={stato} options={FILTRI} onChange={(e) => filtra(e.target.value)} />}>
        <DataTable label="Ordini e stato dell'invio all'ERP" className="erp-table" schede="tablet" query={pagina.righe} columns={columns}
          empty="Nessun ordine da mostrare." loadingLabel="Caricamento ordini…"
          actions={(o) => (o.erp_stato === 'inviato' || o.erp_stato === 'in_attesa' ? null : (
            <button
              type="button"
              className="btn btn-sm"
              disabled={reinvia.isPending}
              onClick={() => void confermaEFai({
                question: `Inviare di nuovo l'ordine #${o.id} all'ERP?`,
                confirm: { confirmLabel: 'Invia' },
                run: () => reinvia.mutateAsync(o.id),
                failure: "Errore durante il nuovo invio all'ERP",
              })}
            >
              Invia di nuovo
            </button>
          ))}
        />
      </ElencoPaginato>
    </>
  );
}
