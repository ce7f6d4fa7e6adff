import type { ClienteAgenteResponse, ClientiAgenteResponse } from '../../shared/agenti.js';
import { ETICHETTE_STATO_PROVVIGIONE, MAX_PROVVIGIONI_CLIENTE } from '../../shared/agenti-costanti.js';
import { ETICHETTE_TIPO_DOCUMENTO, type TipoDocumentoErp } from '../../shared/documenti-costanti.js';
import { DataTable } from '../components/DataTable';
import { formatData, formatImporto, formatIntero } from '../lib/formato';

type Totali = NonNullable<ClientiAgenteResponse['provvigioni']>;

/**
 * The agent's commissions by state (docs/regole/agenti.md#commissions), read-only, as the ERP sent
 * them; the callers show nothing when the ERP sent none.
 */
export function TotaliProvvigioni({ totali, titolo }: { totali: Totali; titolo: string }) {
  return (
    <section className="card agenti-provvigioni" aria-label={titolo}>
      <h2>{titolo}</h2>
      <dl className="agenti-provvigioni-totali">
        <div><dt>{ETICHETTE_STATO_PROVVIGIONE.da_maturare}</dt><dd>{formatImporto(totali.da_maturare)}</dd></div>
        <div><dt>{ETICHETTE_STATO_PROVVIGIONE.maturata}</dt><dd>{formatImporto(totali.maturata)}</dd></div>
        <div><dt>{ETICHETTE_STATO_PROVVIGIONE.liquidata}</dt><dd>{formatImporto(totali.liquidata)}</dd></div>
      </dl>
    </section>
  );
}

/** A client's commissions: the totals, then the newest documents. */
export function ProvvigioniCliente({ provvigioni }: { provvigioni: NonNullable<ClienteAgenteResponse['provvigioni']> }) {
  return (
    <>
      <h2 className="agenti-sezione">Provvigioni</h2>
      <TotaliProvvigioni totali={provvigioni.totali} titolo="Le tue provvigioni su questo cliente" />
      <DataTable
        label="Provvigioni"
        rows={provvigioni.righe}
        rowKey={(p) => `${p.documento_tipo}/${p.documento_numero}`}
        empty="Nessuna provvigione."
        columns={[
          { key: 'documento', header: 'Documento', cell: (p) => `${ETICHETTE_TIPO_DOCUMENTO[p.documento_tipo as TipoDocumentoErp] ?? p.documento_tipo} ${p.documento_numero}` },
          { key: 'data', header: 'Data', cell: (p) => formatData(p.documento_data) },
          { key: 'stato', header: 'Stato', cell: (p) => ETICHETTE_STATO_PROVVIGIONE[p.stato] },
          { key: 'importo', header: 'Importo', align: 'end', cell: (p) => formatImporto(p.importo) },
        ]}
      />
      {provvigioni.righe_n > provvigioni.righe.length && (
        <p className="muted">
          Le ultime {formatIntero(MAX_PROVVIGIONI_CLIENTE)} di {formatIntero(provvigioni.righe_n)}: i totali le contano tutte.
        </p>
      )}
    </>
  );
}
