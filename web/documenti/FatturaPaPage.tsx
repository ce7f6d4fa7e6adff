import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Collegamento } from '../components/Collegamento';
import type { FatturaPaLeggibile } from '../../shared/documenti.js';
import { CONDIZIONI_PAGAMENTO, MODALITA_PAGAMENTO, MSG_FATTURAPA, TIPI_DOCUMENTO_FATTURAPA } from '../../shared/documenti-costanti.js';
import { BackButton } from '../components/BackButton';
import { DataTable } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { QueryView } from '../components/QueryView';
import { Scheda } from '../components/Scheda';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { paths } from '../paths';
import { useShopSession } from '../session/shopSession';
import { fatturaPaQuery, urlPdf, urlXml } from './api';
import { euro, giorno, numero } from './formato';
import './documenti.css';
import { SoloConDocumenti } from '../session/SoloConDocumenti';

type Corpo = FatturaPaLeggibile['documenti'][number];
const conCodice = (mappa: Record<string, string>, codice: string) => (mappa[codice] ? `${mappa[codice]} (${codice})` : codice || '—');

/**
 * /documenti/fattura?id= (docs/regole/documenti.md#fatturapa): an invoice's FatturaPA as a readable
 * Italian page: supplier and customer, lines, VAT summary, payment terms and due dates, the DDT it cites.
 */
export function FatturaPaPage() {
  return <SoloConDocumenti titolo="Fattura elettronica"><FatturaPaConsentita /></SoloConDocumenti>;
}

function FatturaPaConsentita() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { session } = useShopSession();
  useDocumentTitle('Fattura elettronica');
  const valido = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...fatturaPaQuery(session, id), enabled: valido });
  if (!valido) {
    return (
      <div className="card">
        <EmptyState title="Nessuna fattura selezionata" action={<Collegamento className="btn btn-primary" to={paths.documenti.path}>Vai ai documenti</Collegamento>} />
      </div>
    );
  }
  return (
    <>
      <div className="page-head">
        <h1>Fattura elettronica</h1>
        <div className="page-actions">
          <BackButton to={paths.documenti.path} storia />
          <a className="btn" href={urlPdf(session, id)} target="_blank" rel="noopener">Apri PDF</a>
          <a className="btn" href={urlXml(session, id)} download>Scarica XML</a>
        </div>
      </div>
      <QueryView query={query} loadingLabel="Lettura della fattura…">
        {(f) => (
          <>
            <section className="card card-body fattura-parti" aria-label="Fornitore e cliente">
              <Soggetto titolo="Fornitore" s={f.fornitore} />
              <Soggetto titolo="Cliente" s={f.cliente} />
            </section>
            {f.voci_omesse > 0 && <p className="fattura-omesse" role="status">{MSG_FATTURAPA.vociOmesse(f.voci_omesse)}</p>}
            {f.documenti.map((c, i) => <CorpoFattura key={i} corpo={c} />)}
          </>
        )}
      </QueryView>
    </>
  );
}

function Soggetto({ titolo, s }: { titolo: string; s: FatturaPaLeggibile['fornitore'] }) {
  return (
    <div>
      <h2>{titolo}</h2>
      <p className="strong">{s.denominazione || '—'}</p>
      {s.partita_iva && <p>P. IVA {s.partita_iva}</p>}
      {s.codice_fiscale && <p>C.F. {s.codice_fiscale}</p>}
      {s.indirizzo && <p>{s.indirizzo}</p>}
    </div>
  );
}

function CorpoFattura({ corpo: c }: { corpo: Corpo }) {
  return (
    <>
      <Scheda className="fattura-scheda" titolo={`${conCodice(TIPI_DOCUMENTO_FATTURAPA, c.tipo)} n. ${c.numero} del ${giorno(c.data)}`} aDestra={<span className="strong">Totale {euro(c.totale)}</span>}>
        {c.ddt.length > 0 && (
          <p className="fattura-catena">
            Documenti di trasporto citati:{' '}
            {c.ddt.map((d) => (
              <Collegamento key={`${d.numero}-${d.data}`} className="btn btn-sm" to={paths.documenti.href({ tipo: 'DDT', numero: d.numero })}>
                DDT n. {d.numero}{d.data ? ` del ${giorno(d.data)}` : ''}
              </Collegamento>
            ))}
          </p>
        )}
        <DataTable
          label="Righe della fattura"
          rows={c.righe.map((r, i) => ({ ...r, i }))}
          rowKey={(r) => r.i}
          empty="Nessuna riga."
          columns={[
            { key: 'n', header: 'N.', cell: (r) => r.numero },
            { key: 'codice', header: 'Codice', className: 'codice nowrap', cell: (r) => r.codice || '—' },
            { key: 'descrizione', header: 'Descrizione', cell: (r) => r.descrizione },
            { key: 'qt', header: 'Quantità', align: 'end', className: 'nowrap', cell: (r) => `${numero(r.quantita)} ${r.unita}`.trim() || '—' },
            { key: 'prezzo', header: 'Prezzo', align: 'end', className: 'nowrap', cell: (r) => euro(r.prezzo_unitario) },
            { key: 'iva', header: 'IVA %', align: 'end', cell: (r) => numero(r.aliquota) },
            { key: 'totale', header: 'Importo', align: 'end', className: 'nowrap strong', cell: (r) => euro(r.prezzo_totale) },
          ]}
        />
      </Scheda>
      <Scheda className="fattura-scheda" titolo="Riepilogo IVA">
        <DataTable
          label="Riepilogo IVA"
          rows={c.riepilogo.map((r, i) => ({ ...r, i }))}
          rowKey={(r) => r.i}
          empty="Nessun riepilogo."
          columns={[
            { key: 'aliquota', header: 'Aliquota %', cell: (r) => numero(r.aliquota) },
            { key: 'natura', header: 'Natura', cell: (r) => r.natura || '—' },
            { key: 'imponibile', header: 'Imponibile', align: 'end', className: 'nowrap', cell: (r) => euro(r.imponibile) },
            { key: 'imposta', header: 'Imposta', align: 'end', className: 'nowrap', cell: (r) => euro(r.imposta) },
          ]}
        />
      </Scheda>
      {c.pagamenti.map((p, i) => (
        <Scheda key={i} className="fattura-scheda" titolo={`Pagamento: ${conCodice(CONDIZIONI_PAGAMENTO, p.condizioni)}`}>
          <DataTable
            label="Scadenze"
            rows={p.rate.map((r, j) => ({ ...r, j }))}
            rowKey={(r) => r.j}
            empty="Nessuna scadenza."
            columns={[
              { key: 'modalita', header: 'Modalità', cell: (r) => conCodice(MODALITA_PAGAMENTO, r.modalita) },
              { key: 'scadenza', header: 'Scadenza', className: 'nowrap', cell: (r) => (r.scadenza ? giorno(r.scadenza) : '—') },
              { key: 'importo', header: 'Importo', align: 'end', className: 'nowrap strong', cell: (r) => euro(r.importo) },
              { key: 'iban', header: 'IBAN', className: 'codice', cell: (r) => r.iban || '—' },
            ]}
          />
        </Scheda>
      ))}
    </>
  );
}
