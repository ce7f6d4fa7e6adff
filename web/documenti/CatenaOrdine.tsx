import { useQuery } from '@tanstack/react-query';
import { Collegamento } from '../components/Collegamento';
import type { Documento } from '../../shared/documenti.js';
import { QueryView } from '../components/QueryView';
import { Scheda } from '../components/Scheda';
import { paths } from '../paths';
import { useShopSession } from '../session/shopSession';
import { catenaOrdineQuery, urlPdf } from './api';
import { giorno, nomeDocumento } from './formato';
import './documenti.css';

/**
 * An order's chain on its detail (docs/regole/documenti.md#chain): order → its DDT → the invoices
 * and credit notes billing them, each opening its PDF (and its FatturaPA page when there is one).
 */
export function CatenaOrdine({ ordineId }: { ordineId: number }) {
  const { session } = useShopSession();
  const query = useQuery(catenaOrdineQuery(session, ordineId));
  return (
    <Scheda titolo="Documenti dell'ordine" className="catena-ordine">
      <QueryView
        query={query}
        riga
        loadingLabel="Caricamento documenti…"
        isEmpty={(d) => d.documenti.length === 0}
        empty="Nessun documento di trasporto o fattura per questo ordine, per ora."
      >
        {(d) => {
          const ddt = d.documenti.filter((x) => x.tipo === 'DDT');
          const fatture = d.documenti.filter((x) => x.tipo !== 'DDT');
          return (
            <p className="fattura-catena">
              <span className="strong">Ordine #{ordineId}</span>
              {ddt.length > 0 && <><span className="freccia" aria-hidden="true">→</span>{ddt.map((x) => <Anello key={x.id} d={x} />)}</>}
              {fatture.length > 0 && <><span className="freccia" aria-hidden="true">→</span>{fatture.map((x) => <Anello key={x.id} d={x} />)}</>}
              <Collegamento className="btn btn-sm" to={paths.documenti.path}>Tutti i documenti</Collegamento>
              {/* Returns start from the DDT the goods came with (docs/regole/resi.md). */}
              {ddt.map((x) => (
                <Collegamento key={`reso-${x.id}`} className="btn btn-sm" to={paths.resiNuovo.href({ documento_id: x.id })}>
                  Richiedi reso{ddt.length > 1 ? ` (DDT ${x.numero})` : ''}
                </Collegamento>
              ))}
            </p>
          );
        }}
      </QueryView>
    </Scheda>
  );
}

function Anello({ d }: { d: Documento }) {
  const { session } = useShopSession();
  const testo = `${nomeDocumento(d)} del ${giorno(d.data)}`;
  return d.xml ? (
    <Collegamento className="btn btn-sm" to={paths.documentiFattura.href({ id: d.id })}>{testo}</Collegamento>
  ) : (
    <a className="btn btn-sm" href={urlPdf(session, d.id)} target="_blank" rel="noopener">{testo}</a>
  );
}
