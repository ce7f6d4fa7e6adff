import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { ClienteAgente } from '../../shared/agenti.js';
import { GIORNI_SENZA_ORDINI } from '../../shared/agenti-costanti.js';
import { Collegamento } from '../components/Collegamento';
import { DataTable, type Column } from '../components/DataTable';
import { EmptyState } from '../components/EmptyState';
import { useToast } from '../components/Toast';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { formatData, formatImporto, formatPercentuale, VUOTO } from '../lib/formato';
import { paths } from '../paths';
import { AgenteLayout } from './AgenteLayout';
import { clientiQuery, useEntra } from './api';
import { TotaliProvvigioni } from './Provvigioni';
import { cerca, ORDINAMENTI, ordina, type Ordinamento, senzaOrdini, variazione } from './figure';

const importo = (n: number | null) => (n === null ? VUOTO : formatImporto(n));
const codici = (c: ClienteAgente) => ({ azienda_codice: c.azienda_codice, cliente_codice: c.cliente_codice });

/**
 * /agente (docs/regole/agenti.md#portfolio): the agent's clients, one row each with this year's
 * sales against the same period of last year, the last order (who has not ordered for
 * GIORNI_SENZA_ORDINI days stands out), the credit line, exposure and overdue; searched by name,
 * code or town, sorted by any column; each opens its page or the shop in its name.
 */
export function AgentePage() {
  useDocumentTitle('I miei clienti');
  return (
    <AgenteLayout>
      <Portafoglio />
    </AgenteLayout>
  );
}

function Portafoglio() {
  const query = useQuery(clientiQuery());
  const [testo, setTesto] = useState('');
  const [per, setPer] = useState<Ordinamento>('ragione_sociale');
  const [crescente, setCrescente] = useState(true);
  const [soloFermi, setSoloFermi] = useState(false);
  const entra = useEntra();
  const toast = useToast();
  const idCerca = useId();
  const idOrdina = useId();

  const tutti = query.data?.clienti;
  const fermi = useMemo(() => tutti?.filter((c) => senzaOrdini(c)).length ?? 0, [tutti]);
  const righe = useMemo(() => {
    if (!tutti) return undefined;
    const trovati = cerca(tutti, testo);
    return ordina(soloFermi ? trovati.filter((c) => senzaOrdini(c)) : trovati, per, crescente);
  }, [tutti, testo, per, crescente, soloFermi]);

  const ordinaPer = (k: Ordinamento) => {
    if (k === per) setCrescente((c) => !c);
    else {
      setPer(k);
      // Figures read best from the largest; names from A.
      setCrescente(k === 'ragione_sociale' || k === 'cliente_codice' || k === 'citta');
    }
  };
  const intestazione = (k: Ordinamento, testoColonna: string) => (
    <button type="button" className="agenti-sort" onClick={() => ordinaPer(k)} aria-label={`Ordina per ${ORDINAMENTI[k].toLowerCase()}`}>
      {testoColonna}
      {per === k && <span aria-hidden="true">{crescente ? ' ▲' : ' ▼'}</span>}
    </button>
  );

  const colonne: Column<ClienteAgente>[] = [
    {
      key: 'cliente', header: intestazione('ragione_sociale', 'Cliente'), etichetta: 'Cliente', className: 'agenti-col-cliente',
      cell: (c) => (
        <>
          <Collegamento to={paths.agenteCliente.href(codici(c))} className="agenti-nome">{c.ragione_sociale}</Collegamento>
          <span className="agenti-sub muted">
            <span className="codice">{c.cliente_codice}</span>
            {c.citta && ` · ${c.citta}`}
          </span>
        </>
      ),
    },
    {
      key: 'fatturato', header: intestazione('fatturato_anno', 'Fatturato anno'), etichetta: 'Fatturato anno', align: 'end',
      cell: (c) => {
        const v = variazione(c);
        return (
          <>
            <span className="agenti-num">{formatImporto(c.fatturato_anno)}</span>
            <span className="agenti-sub muted">
              stesso periodo {new Date().getFullYear() - 1}: {formatImporto(c.fatturato_anno_prec)}
              {v !== null && <span className={v >= 0 ? 'agenti-su' : 'agenti-giu'}> ({v >= 0 ? '+' : ''}{formatPercentuale(v)} %)</span>}
            </span>
          </>
        );
      },
    },
    {
      key: 'ultimo', header: intestazione('ultimo_ordine', 'Ultimo ordine'), etichetta: 'Ultimo ordine',
      cell: (c) => (
        <>
          <span>{c.ultimo_ordine ? formatData(c.ultimo_ordine) : 'Nessun ordine'}</span>
          {senzaOrdini(c) && <span className="badge agenti-fermo">Nessun ordine da {GIORNI_SENZA_ORDINI} giorni</span>}
        </>
      ),
    },
    {
      key: 'credito', header: intestazione('esposizione', 'Fido · esposizione · scaduto'), etichetta: 'Fido · esposizione · scaduto', align: 'end',
      cell: (c) => (c.fido === null && c.esposizione === null ? <span className="muted">{VUOTO}</span> : (
        <span className="agenti-credito">
          <span>Fido {importo(c.fido)}</span>
          <span>Esposizione {importo(c.esposizione)}</span>
          <span className={c.scaduto ? 'agenti-scaduto' : undefined}>Scaduto {importo(c.scaduto)}</span>
        </span>
      )),
    },
  ];

  return (
    <>
      <div className="page-head agenti-head">
        <h1>I miei clienti</h1>
        {tutti && <p className="muted">{tutti.length} clienti · {fermi} senza ordini da {GIORNI_SENZA_ORDINI} giorni</p>}
      </div>
      {query.data?.provvigioni && <TotaliProvvigioni totali={query.data.provvigioni} titolo="Le tue provvigioni" />}
      <div className="agenti-filtri">
        <div className="field agenti-cerca">
          <label htmlFor={idCerca}>Cerca per nome, codice o città</label>
          <input id={idCerca} type="search" className="input" value={testo} onChange={(e) => setTesto(e.target.value)} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={idOrdina}>Ordina per</label>
          <select id={idOrdina} className="input" value={per} onChange={(e) => ordinaPer(e.target.value as Ordinamento)}>
            {Object.entries(ORDINAMENTI).map(([k, v]) => <option key={k} value={k}>{v}</option>)}
          </select>
        </div>
        <button type="button" className="btn" onClick={() => setCrescente((c) => !c)} aria-label={crescente ? 'Ordine crescente: inverti' : 'Ordine decrescente: inverti'}>
          {crescente ? '▲ Crescente' : '▼ Decrescente'}
        </button>
        <label className="agenti-check">
          <input type="checkbox" checked={soloFermi} onChange={(e) => setSoloFermi(e.target.checked)} />
          Solo senza ordini da {GIORNI_SENZA_ORDINI} giorni
        </label>
      </div>
      <DataTable
        label="I miei clienti"
        className="agenti-tabella"
        query={{ ...query, data: righe }}
        rowKey={(c) => `${c.azienda_codice}/${c.cliente_codice}`}
        loadingLabel="Caricamento dei clienti…"
        errorTitle="Impossibile caricare i clienti."
        empty={tutti?.length ? <EmptyState title="Nessun cliente corrisponde alla ricerca." /> : (
          <EmptyState title="Non hai ancora clienti nel portafoglio.">I clienti arrivano dal gestionale o dall'amministrazione del portale.</EmptyState>
        )}
        rowClassName={(c) => (senzaOrdini(c) ? 'agenti-riga-ferma' : undefined)}
        columns={colonne}
        actions={(c) => (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={entra.isPending}
            onClick={() => entra.mutate(codici(c), { onError: (e) => toast.error(errorMessage(e)) })}
          >
            Entra come cliente
          </button>
        )}
      />
    </>
  );
}
