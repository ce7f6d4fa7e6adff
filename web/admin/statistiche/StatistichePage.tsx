import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ANNO_MAX, ANNO_MIN, type StatsResponse } from '../../../shared/statistiche.js';
import { formatImporto, formatIntero, nomeMese } from '../../lib/formato';
import { type Column, DataTable } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { SelectField } from '../../components/form/SelectField';
import { QueryView } from '../../components/QueryView';
import { Scheda } from '../../components/Scheda';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { statisticheQuery } from './api';
import type { RigaMese } from './puntiMensili';
import { GraficoVendite } from './GraficoVendite';
import './statistiche.css';

type Prodotto = StatsResponse['prodottiPiuComprati'][number];
type Cliente = StatsResponse['clientiPiuAttiviEImportoSpeso'][number];

/** Value of the year selector (and of ?anno=) for every year. */
export const TUTTI = 'tutti';
export const TUTTI_GLI_ANNI = 'Tutti gli anni';
const VUOTO_TABELLA = 'Nessun risultato presente.';

/** ?anno= → the year to show: a year, null for every year, the current year when missing or wrong. */
function annoDaUrl(value: string | null, corrente: number): number | null {
  if (value === TUTTI) return null;
  const n = Number(value);
  return value && Number.isInteger(n) && n >= ANNO_MIN && n <= ANNO_MAX ? n : corrente;
}

const euro = (importo: string) => formatImporto(Number(importo));

/**
 * /admin/statistiche (docs/regole/admin.md#statistics; tecnico only, routes.tsx: SoloTecnico): accepted orders and amounts
 * per month (chart and table), most bought products and most active clients with the amount
 * spent, of one year (default the current one; ?anno= in the URL) or of every year.
 */
export function StatistichePage() {
  useDocumentTitle('Statistiche');
  const corrente = new Date().getFullYear();
  const [params, setParams] = useSearchParams();
  const anno = annoDaUrl(params.get('anno'), corrente);
  const periodo = anno === null ? 'in tutti gli anni' : `nel ${anno}`;

  // The every-year answer names the years with data (and is the 'Tutti gli anni' view itself).
  const tutti = useQuery(statisticheQuery(null));
  const anni = new Set([corrente, ...(anno !== null ? [anno] : []), ...(tutti.data?.ordiniEImportiPerMeseAnno.map((r) => r.anno) ?? [])]);
  const opzioni = [
    ...[...anni].sort((a, b) => b - a).map((a) => ({ value: String(a), label: String(a) })),
    { value: TUTTI, label: TUTTI_GLI_ANNI },
  ];

  const stats = { ...statisticheQuery(anno), placeholderData: keepPreviousData };
  const query = useQuery(stats);
  const mesi = useQuery({ ...stats, select: (d: StatsResponse) => d.ordiniEImportiPerMeseAnno });
  const prodotti = useQuery({ ...stats, select: (d: StatsResponse) => d.prodottiPiuComprati });
  const clienti = useQuery({ ...stats, select: (d: StatsResponse) => d.clientiPiuAttiviEImportoSpeso });

  const scegli = (value: string) => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value === String(corrente)) next.delete('anno');
      else next.set('anno', value);
      return next;
    }, { replace: true });
  };

  const colonneMesi: Column<RigaMese>[] = [
    { key: 'mese', header: 'Mese', className: 'nowrap', cell: (r) => (anno === null ? `${nomeMese(r.mese)} ${r.anno}` : nomeMese(r.mese)) },
    { key: 'ordini', header: 'Numero ordini', align: 'end', cell: (r) => formatIntero(r.numero_ordini) },
    { key: 'importo', header: 'Importo', align: 'end', className: 'nowrap', cell: (r) => euro(r.importo_totale) },
  ];
  const colonneProdotti: Column<Prodotto>[] = [
    { key: 'codice', header: 'Codice', className: 'codice nowrap', cell: (p) => p.codice_prodotto },
    { key: 'prodotto', header: 'Prodotto', className: 'stat-prodotto', cell: (p) => p.prodotto_nome },
    { key: 'quantita', header: 'Quantità', align: 'end', cell: (p) => formatIntero(p.quantita_totale) },
    { key: 'importo', header: 'Importo', align: 'end', className: 'nowrap', cell: (p) => euro(p.importo_totale) },
  ];
  const colonneClienti: Column<Cliente>[] = [
    { key: 'codice', header: 'Codice', className: 'codice nowrap', cell: (c) => c.cliente_codice },
    { key: 'cliente', header: 'Cliente', cell: (c) => c.cliente_nome },
    { key: 'ordini', header: 'Numero ordini', align: 'end', cell: (c) => formatIntero(c.numero_ordini) },
    { key: 'importo', header: 'Importo spesa', align: 'end', className: 'nowrap', cell: (c) => euro(c.importo_totale) },
  ];

  const vuoto = (d: StatsResponse) =>
    d.ordiniEImportiPerMeseAnno.length === 0 && d.prodottiPiuComprati.length === 0 && d.clientiPiuAttiviEImportoSpeso.length === 0;
  const content = (
    <QueryView
      query={query}
      loadingLabel="Caricamento statistiche…"
      isEmpty={vuoto}
      empty={(
        <section className="card">
          <EmptyState title={`Nessun ordine ${periodo}.`}>Scegli un altro anno.</EmptyState>
        </section>
      )}
    >
      {(d) => {
        const numero = d.ordiniEImportiPerMeseAnno.reduce((s, r) => s + r.numero_ordini, 0);
        const importo = d.ordiniEImportiPerMeseAnno.reduce((s, r) => s + Number(r.importo_totale), 0);
        return (
          <>
            <p className="stat-totali" data-testid="stat-totali">
              <span>Ordini accettati: <strong>{formatIntero(numero)}</strong></span>
              <span>Importo totale: <strong>{formatImporto(importo)}</strong></span>
            </p>
            <Scheda titolo="Ordini e importi per mese" livello={3}>
              <div className="stat-mesi">
                <GraficoVendite righe={d.ordiniEImportiPerMeseAnno} anno={anno} label={`Andamento Vendite Mensili ${periodo}`} />
                <DataTable label="Ordini e importi per mese" query={mesi} columns={colonneMesi}
                  rowKey={(r) => `${r.anno}-${r.mese}`} empty={VUOTO_TABELLA} />
              </div>
            </Scheda>
            <div className="stat-classifiche">
              <Scheda titolo="Prodotti più comprati" livello={3}>
                <DataTable label="Prodotti più comprati" query={prodotti} columns={colonneProdotti}
                  rowKey={(p) => p.codice_prodotto} empty={VUOTO_TABELLA} />
              </Scheda>
              <Scheda titolo="Clienti più attivi e importo speso" livello={3}>
                <DataTable label="Clienti più attivi e importo speso" query={clienti} columns={colonneClienti}
                  rowKey={(c) => `${c.cliente_codice}|${c.cliente_nome}`} empty={VUOTO_TABELLA} />
              </Scheda>
            </div>
          </>
        );
      }}
    </QueryView>
  );

  return (
    <div className="stat-page">
      <div className="page-head" style={{ marginBottom: 0 }}>
        <h1>Statistiche</h1>
        <div className="page-actions">
          <SelectField
            label="Anno"
            layout="inline"
            options={opzioni}
            value={anno === null ? TUTTI : String(anno)}
            onChange={(e) => scegli(e.target.value)}
          />
        </div>
      </div>
      <div className={`stat-page${query.isPlaceholderData ? ' is-stale' : ''}`} aria-busy={query.isFetching}>
        {content}
      </div>
    </div>
  );
}
