import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Collegamento } from '../components/Collegamento';
import { Modal } from '../components/Modal';
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
        empty={<><p className="state-riga muted">Nessun documento di trasporto o fattura per questo ordine, per ora.</p><SenzaDdt /></>}
      >
        {(d) => {
          const ddt = d.documenti.filter((x) => x.tipo === 'DDT');
          const fatture = d.documenti.filter((x) => x.tipo !== 'DDT');
          return (
            <>
            <p className="fattura-catena">
              <span className="strong">Ordine #{ordineId}</span>
              {ddt.length > 0 && <><span className="freccia" aria-hidden="true">→</span>{ddt.map((x) => <Anello key={x.id} d={x} />)}</>}
              {fatture.length > 0 && <><span className="freccia" aria-hidden="true">→</span>{fatture.map((x) => <Anello key={x.id} d={x} />)}</>}
              <Collegamento className="btn btn-sm" to={paths.documenti.path}>Tutti i documenti</Collegamento>
              {ddt.length > 0 && <RichiediReso ddt={ddt} />}
            </p>
            {ddt.length === 0 && <SenzaDdt />}
            </>
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

/** Why an order without a DDT offers no return: a return is asked against the delivery note (docs/regole/resi.md#lines). */
function SenzaDdt() {
  return (
    <p className="state-riga muted catena-senza-ddt">
      Reso non ancora possibile: per questo ordine non c&apos;è un documento di trasporto, la merce non risulta ancora consegnata.
      Il reso si chiede dal DDT con cui arriva.
    </p>
  );
}

/**
 * 'Richiedi reso' from an order's detail (issue 39): the return starts from the DDT the goods came
 * with; with one DDT the button opens its request, with several it asks which one first.
 */
function RichiediReso({ ddt }: { ddt: Documento[] }) {
  const [scelta, setScelta] = useState(false);
  if (ddt.length === 1) {
    return <Collegamento className="btn btn-sm" to={paths.resiNuovo.href({ documento_id: ddt[0]!.id })}>Richiedi reso</Collegamento>;
  }
  return (
    <>
      <button type="button" className="btn btn-sm" onClick={() => setScelta(true)}>Richiedi reso</button>
      <Modal open={scelta} onClose={() => setScelta(false)} title="Richiedi reso: da quale DDT?">
        <p>La merce di questo ordine è arrivata con {ddt.length} documenti di trasporto: scegli quello delle righe da rendere.</p>
        <ul className="catena-scelta-ddt">
          {ddt.map((x) => (
            <li key={x.id}>
              <Collegamento className="btn" to={paths.resiNuovo.href({ documento_id: x.id })}>{`${nomeDocumento(x)} del ${giorno(x.data)}`}</Collegamento>
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
