import type { ReactNode } from 'react';
import { importoRiga } from '../../shared/importi.js';
import type { PreventivoDettaglio, RigaPreventivo } from '../../shared/preventivi.js';
import { type Column, DataTable } from '../components/DataTable';
import { Scheda } from '../components/Scheda';
import { formatImporto, formatPrezzo } from '../lib/formato';

/**
 * A quote's lines with every version sent side by side and the customer's net price of today, so
 * that the saving shows (issue 37, docs/regole/preventivi.md): the customer's quote page and the
 * staff's read it alike. `risparmio` names the latest version's saving against today's net
 * (catalogue lines only: free lines have no net to compare); `senzaOfferte`, what to say before
 * the first version.
 */
export function VersioniAConfronto({ p, risparmio, senzaOfferte }: { p: PreventivoDettaglio; risparmio: string; senzaOfferte?: ReactNode }) {
  const offerte = p.versioni.filter((v) => v.versione > 0);
  const posizione = new Map(p.righe.map((r, i) => [r.riga_id, i]));
  const oggi = p.righe.reduce((s, r) => s + (r.prezzo_oggi === null ? 0 : importoRiga(r.prezzo_oggi, r.quantita)), 0);
  const risparmiato = offerte.length === 0 ? null : p.righe.reduce((s, r) => (r.prezzo_oggi === null || r.prezzo === null
    ? s : s + importoRiga(r.prezzo_oggi, r.quantita) - importoRiga(r.prezzo, r.quantita)), 0);
  const colonne: Column<RigaPreventivo>[] = [
    {
      key: 'articolo', header: 'Articolo', etichetta: '',
      cell: (r) => (
        <>
          {r.codice_prodotto ? <span className="codice strong">{r.codice_prodotto}</span> : <span className="badge">Riga libera</span>} {r.descrizione}
          {r.codice_originale && <span className="muted"> (al posto di {r.codice_originale})</span>}
          {(r.nota || r.giorni_consegna !== null) && (
            <span className="preventivo-riga-nota muted">{[r.giorni_consegna !== null ? `consegna in ${r.giorni_consegna} gg` : '', r.nota].filter(Boolean).join(' · ')}</span>
          )}
        </>
      ),
    },
    { key: 'quantita', header: 'Q.tà', align: 'end', cell: (r) => r.quantita },
    { key: 'oggi', header: 'Netto oggi', align: 'end', cell: (r) => (r.prezzo_oggi === null ? '—' : formatPrezzo(r.prezzo_oggi)) },
    // The same line in each version: the versions copy the lines in their order (a new riga_id each).
    ...offerte.map((v): Column<RigaPreventivo> => ({
      key: `v${v.versione}`, header: `Versione ${v.versione}`, align: 'end',
      cell: (r) => {
        const x = v.righe[posizione.get(r.riga_id) ?? -1];
        return (
          <>
            {x?.prezzo === null || x === undefined ? '—' : formatPrezzo(x.prezzo)}
            {x?.sconti ? <span className="muted preventivo-sconti"> {x.sconti}</span> : null}
          </>
        );
      },
    })),
  ];
  return (
    <Scheda
      titolo="Versioni a confronto"
      aDestra={risparmiato !== null && risparmiato > 0 ? <span className="preventivo-risparmio">{risparmio} {formatImporto(risparmiato)}</span> : undefined}
    >
      <DataTable
        label="Righe del preventivo per versione, con il prezzo netto di oggi"
        className="preventivo-confronto"
        rows={p.righe}
        rowKey={(r) => r.riga_id}
        columns={colonne}
        empty="Nessuna riga."
        footer={offerte.length > 0 && (
          <tr>
            <th scope="row" colSpan={2}>Totale</th>
            <td className="num" data-label="Netto oggi"><span className="data-table-valore">{formatImporto(oggi)}</span></td>
            {offerte.map((v) => (
              <td key={v.versione} className="num strong" data-label={`Versione ${v.versione}`}>
                <span className="data-table-valore">{v.totale === null ? '—' : formatImporto(v.totale)}</span>
              </td>
            ))}
          </tr>
        )}
      />
      {offerte.length === 0 && senzaOfferte && <p className="card-body muted">{senzaOfferte}</p>}
    </Scheda>
  );
}
