import type { Scadenza } from '../../../shared/contabilita.js';
import { type Column, DataTable, type TableQuery } from '../../components/DataTable';
import { formatImporto } from '../../lib/formato';
import '../contabilita.css';

/** 'AAAA-MM-GG' as 'GG/MM/AAAA', without a time zone to shift the day. */
const giorno = (iso: string) => iso.split('-').reverse().join('/');

/** A due date's state in words, and its colour (status-pill). */
function stato(s: Scadenza): { testo: string; classe: string } {
  if (s.stato === 'insoluta') return { testo: 'Insoluta', classe: '' };
  if (s.scaduta) return { testo: 'Scaduta', classe: '' };
  if (s.stato === 'aperta') return { testo: 'Da pagare', classe: ' is-wait' };
  if (s.in_esposizione) return { testo: 'RiBa presentata', classe: ' is-neutral' };
  return { testo: 'Pagata', classe: ' is-ok' };
}

const colonne: Column<Scadenza>[] = [
  { key: 'data', header: 'Scadenza', className: 'nowrap', cell: (s) => giorno(s.data_scadenza) },
  { key: 'documento', header: 'Documento', className: 'codice', cell: (s) => s.documento },
  { key: 'modalita', header: 'Pagamento', cell: (s) => s.modalita_descrizione },
  { key: 'importo', header: 'Importo', align: 'end', className: 'strong nowrap', cell: (s) => formatImporto(s.importo) },
  {
    key: 'stato', header: 'Stato', className: 'nowrap',
    cell: (s) => {
      const x = stato(s);
      return <span className={`status-pill${x.classe}`}>{x.testo}</span>;
    },
  },
];

/** The schedule (docs/regole/contabilita.md#schedule): overdue and unpaid items in red. */
export function ScadenzeTabella({ query }: { query: TableQuery<Scadenza> }) {
  return (
    <DataTable
      label="Scadenzario"
      className="scadenze-table"
      query={query}
      columns={colonne}
      rowKey={(s) => `${s.documento}|${s.data_scadenza}`}
      rowClassName={(s) => (s.stato === 'insoluta' || s.scaduta ? 'scadenza-critica' : undefined)}
      empty="Nessuna scadenza da mostrare."
      loadingLabel="Caricamento scadenze…"
      errorTitle="Impossibile caricare lo scadenzario."
    />
  );
}
