import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { ClienteAgenteResponse } from '../../shared/agenti.js';
import { GIORNI_SENZA_ORDINI } from '../../shared/agenti-costanti.js';
import { ETICHETTE_TIPO_DOCUMENTO, type TipoDocumentoErp } from '../../shared/documenti-costanti.js';
import { Collegamento } from '../components/Collegamento';
import { DataTable } from '../components/DataTable';
import { QueryView } from '../components/QueryView';
import { useToast } from '../components/Toast';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { formatData, formatDataOraOrdine, formatImporto, formatIntero, testoOVuoto, VUOTO } from '../lib/formato';
import { paths } from '../paths';
import { AgenteLayout } from './AgenteLayout';
import { clienteQuery, useAggiungi, useEntra } from './api';
import { ProvvigioniCliente } from './Provvigioni';
import { senzaOrdini, variazione } from './figure';

const importo = (n: number | null) => (n === null ? VUOTO : formatImporto(n));

/**
 * /agente/cliente?azienda_codice=&cliente_codice= (docs/regole/agenti.md#portfolio): one client of
 * the portfolio at a glance: its figures, contacts, last orders, the products it orders most with
 * the quantity it usually takes, its last documents; 'Entra come cliente' opens its shop.
 */
export function AgenteClientePage() {
  const [q] = useSearchParams();
  const codici = { azienda_codice: q.get('azienda_codice') ?? '', cliente_codice: q.get('cliente_codice') ?? '' };
  const query = useQuery({ ...clienteQuery(codici), enabled: codici.azienda_codice !== '' && codici.cliente_codice !== '' });
  useDocumentTitle(query.data?.cliente.ragione_sociale ?? 'Cliente');
  return (
    <AgenteLayout>
      <p className="agenti-indietro">
        <Collegamento to={paths.agente.path}>← I miei clienti</Collegamento>
      </p>
      <QueryView query={query} loadingLabel="Caricamento del cliente…" errorTitle="Impossibile aprire il cliente.">
        {(d) => <Scheda dati={d} />}
      </QueryView>
    </AgenteLayout>
  );
}

function Scheda({ dati }: { dati: ClienteAgenteResponse }) {
  const { cliente: c, ultimi_ordini, prodotti_abituali, documenti, provvigioni } = dati;
  const entra = useEntra();
  const aggiungi = useAggiungi();
  const toast = useToast();
  const v = variazione(c);
  return (
    <>
      <div className="page-head agenti-head">
        <div>
          <h1>{c.ragione_sociale}</h1>
          <p className="muted">
            <span className="codice">{c.azienda_codice}/{c.cliente_codice}</span>
            {c.citta && ` · ${c.citta}`}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={entra.isPending}
          onClick={() => entra.mutate({ azienda_codice: c.azienda_codice, cliente_codice: c.cliente_codice }, { onError: (e) => toast.error(errorMessage(e)) })}
        >
          Entra come cliente
        </button>
      </div>
      <div className="agenti-figure">
        <section className="card agenti-figura" aria-label="Fatturato">
          <h2>Fatturato {new Date().getFullYear()}</h2>
          <p className="agenti-grande">{formatImporto(c.fatturato_anno)}</p>
          <p className="muted">
            Stesso periodo {new Date().getFullYear() - 1}: {formatImporto(c.fatturato_anno_prec)}
            {v !== null && <span className={v >= 0 ? 'agenti-su' : 'agenti-giu'}> ({v >= 0 ? '+' : ''}{v.toFixed(1).replace('.', ',')} %)</span>}
          </p>
        </section>
        <section className="card agenti-figura" aria-label="Ultimo ordine">
          <h2>Ultimo ordine</h2>
          <p className="agenti-grande">{c.ultimo_ordine ? formatData(c.ultimo_ordine) : 'Nessun ordine'}</p>
          {senzaOrdini(c) && <span className="badge agenti-fermo">Nessun ordine da {GIORNI_SENZA_ORDINI} giorni</span>}
          {c.approvazioni_in_attesa > 0 && (
            <p className="muted">{c.approvazioni_in_attesa === 1 ? '1 ordine in attesa di approvazione' : `${c.approvazioni_in_attesa} ordini in attesa di approvazione`}</p>
          )}
        </section>
        <section className="card agenti-figura" aria-label="Fido">
          <h2>Fido ed esposizione</h2>
          {c.fido === null && c.esposizione === null ? <p className="muted">Nessun dato contabile dal gestionale.</p> : (
            <dl className="agenti-kv">
              <dt>Fido</dt><dd>{importo(c.fido)}</dd>
              <dt>Esposizione</dt><dd>{importo(c.esposizione)}</dd>
              <dt>Scaduto o insoluto</dt><dd className={c.scaduto ? 'agenti-scaduto' : undefined}>{importo(c.scaduto)}</dd>
            </dl>
          )}
        </section>
        <section className="card agenti-figura" aria-label="Contatti">
          <h2>Contatti</h2>
          <dl className="agenti-kv">
            <dt>Email</dt><dd className="agenti-lungo">{c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : VUOTO}</dd>
            <dt>Telefono</dt><dd>{c.telefono ? <a href={`tel:${c.telefono}`}>{c.telefono}</a> : VUOTO}</dd>
            <dt>P. IVA</dt><dd>{testoOVuoto(c.partita_iva)}</dd>
          </dl>
        </section>
      </div>

      <h2 className="agenti-sezione">Ultimi ordini</h2>
      <DataTable
        label="Ultimi ordini"
        rows={ultimi_ordini}
        empty="Non ci sono ordini."
        columns={[
          { key: 'id', header: 'Ordine', cell: (o) => `#${o.id}` },
          { key: 'data', header: 'Data', cell: (o) => formatDataOraOrdine(o.created_at) },
          { key: 'nome', header: 'Nome', cell: (o) => testoOVuoto(o.nome) },
          { key: 'stato', header: 'Stato', cell: (o) => o.response_status },
          { key: 'da', header: 'Inserito da', cell: (o) => o.inserito_da_agente ? `Agente ${o.inserito_da_agente}` : 'Cliente' },
          { key: 'totale', header: 'Totale', align: 'end', cell: (o) => formatImporto(o.totale) },
        ]}
      />

      <h2 className="agenti-sezione">Prodotti più ordinati</h2>
      <DataTable
        label="Prodotti più ordinati"
        rows={prodotti_abituali}
        rowKey={(p) => p.codice_prodotto}
        empty="Nessun prodotto ordinato."
        columns={[
          { key: 'codice', header: 'Codice', cell: (p) => <span className="codice">{p.codice_prodotto}</span> },
          { key: 'nome', header: 'Prodotto', cell: (p) => <>{p.prodotto_nome}{!p.disponibile_a_catalogo && <span className="muted"> (non più a catalogo)</span>}</> },
          { key: 'ordini', header: 'Ordini', align: 'end', cell: (p) => formatIntero(p.ordini_n) },
          { key: 'qt', header: 'Quantità abituale', align: 'end', cell: (p) => formatIntero(p.qt_abituale) },
        ]}
        actions={(p) => (p.disponibile_a_catalogo ? (
          // Not disabled while a tap is on its way: each tap adds once (its own key), a retry never twice.
          <button
            type="button"
            className="btn btn-sm agenti-tocco"
            aria-label={`Metti nel carrello ${formatIntero(p.qt_abituale)} × ${p.prodotto_nome}`}
            onClick={() => aggiungi.mutate(
              { azienda_codice: c.azienda_codice, cliente_codice: c.cliente_codice, codice_prodotto: p.codice_prodotto, quantita: p.qt_abituale },
              {
                onSuccess: (r) => toast.success(`${formatIntero(p.qt_abituale)} × ${p.prodotto_nome} nel carrello di ${r.ragione_sociale} (ora ${formatIntero(r.quantita)}).`),
                onError: (e) => toast.error(errorMessage(e)),
              },
            )}
          >
            + {formatIntero(p.qt_abituale)} nel carrello
          </button>
        ) : null)}
      />

      {provvigioni && <ProvvigioniCliente provvigioni={provvigioni} />}

      <h2 className="agenti-sezione">Documenti</h2>
      <DataTable
        label="Documenti"
        rows={documenti}
        empty="Non ci sono documenti."
        columns={[
          { key: 'tipo', header: 'Tipo', cell: (d) => ETICHETTE_TIPO_DOCUMENTO[d.tipo as TipoDocumentoErp] ?? d.tipo },
          { key: 'numero', header: 'Numero', cell: (d) => d.numero },
          { key: 'data', header: 'Data', cell: (d) => formatData(d.data) },
          { key: 'totale', header: 'Totale', align: 'end', cell: (d) => formatImporto(d.totale) },
        ]}
      />
    </>
  );
}
