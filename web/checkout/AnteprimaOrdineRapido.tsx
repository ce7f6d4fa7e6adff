import { useState } from 'react';
import type { RigaRisolta } from '../../shared/ordine-rapido.js';
import { Availability } from '../components/Availability';
import { type Column, DataTable, type TableQuery } from '../components/DataTable';
import { PencilIcon } from '../components/Icone';
import { PulsanteCestino } from '../components/PulsanteCestino';
import { formatImporto, formatNumero, formatPrezzo, VUOTO } from '../lib/formato';
import { usePermessi } from '../session/permessi';

/** A line being fixed: its code and quantity as typed. */
export interface Bozza {
  codice: string;
  quantita: string;
}

const ESITO_OK = 'Pronta';

/** The quantity as the customer wrote it, for the edit box ('' when the line had none). */
const quantitaScritta = (r: RigaRisolta) => (r.quantita === null ? '' : formatNumero(r.quantita, 0));

/** A line that cannot go to the cart opens in edit mode; a found one on the pencil. */
const daCorreggere = (r: RigaRisolta) => r.esito !== 'trovato';

/**
 * The quick order's preview (docs/regole/ordine-rapido.md#page): one row per line with product,
 * net price, availability, line total and the line's message. A line is fixed in place: its code
 * and quantity edited and resolved again (`onRisolvi`), or one of an ambiguous code's candidates
 * picked (resolved again by its product code, so that quantity and stock are judged as for any line).
 */
export function AnteprimaOrdineRapido({ query, onRisolvi, onTogli, inCorso }: {
  /** The preview's lines and the state of the resolution that produced them. */
  query: TableQuery<RigaRisolta>;
  onRisolvi: (r: RigaRisolta, bozza: Bozza) => void;
  onTogli: (r: RigaRisolta) => void;
  /** The line being resolved again, if any. */
  inCorso: number | null;
}) {
  const [bozze, setBozze] = useState<Record<number, Bozza>>({});
  const bozzaDi = (r: RigaRisolta): Bozza => bozze[r.riga] ?? { codice: r.codice, quantita: quantitaScritta(r) };
  const inModifica = (r: RigaRisolta) => bozze[r.riga] !== undefined || daCorreggere(r);
  const cambia = (r: RigaRisolta, parte: Partial<Bozza>) => setBozze((b) => ({ ...b, [r.riga]: { ...bozzaDi(r), ...parte } }));
  const chiudi = (r: RigaRisolta) => setBozze(({ [r.riga]: _tolta, ...resto }) => resto);
  const risolvi = (r: RigaRisolta, bozza: Bozza) => {
    chiudi(r);
    onRisolvi(r, bozza);
  };

  const { etichettaPrezzo } = usePermessi();
  const columns: Column<RigaRisolta>[] = [
    { key: 'riga', header: 'Riga', align: 'end', cell: (r) => r.riga },
    {
      key: 'codice', header: 'Codice', className: 'or-codice',
      cell: (r) => inModifica(r) ? (
        <input
          className="input" aria-label={`Codice riga ${r.riga}`} value={bozzaDi(r).codice}
          onChange={(e) => cambia(r, { codice: e.target.value })}
          onKeyDown={(e) => { if (e.key === 'Enter') risolvi(r, bozzaDi(r)); }}
        />
      ) : <span className="codice">{r.codice}</span>,
    },
    { key: 'prodotto', header: 'Prodotto', className: 'or-prodotto', cell: (r) => <CellaProdotto riga={r} scegli={(codice) => risolvi(r, { ...bozzaDi(r), codice })} /> },
    {
      key: 'quantita', header: 'Quantità', align: 'end', className: 'or-quantita',
      cell: (r) => inModifica(r) ? (
        <input
          className="input num" inputMode="decimal" aria-label={`Quantità riga ${r.riga}`} value={bozzaDi(r).quantita}
          onChange={(e) => cambia(r, { quantita: e.target.value })}
          onKeyDown={(e) => { if (e.key === 'Enter') risolvi(r, bozzaDi(r)); }}
        />
      ) : (r.quantita ?? VUOTO),
    },
    // The message before the amounts: at 768 px it stays in view without scrolling sideways.
    {
      key: 'esito', header: 'Esito', className: 'or-esito',
      cell: (r) => <span className={r.esito === 'trovato' ? 'or-ok' : 'or-ko'}>{r.messaggio || ESITO_OK}</span>,
    },
    { key: 'prezzo', header: etichettaPrezzo, align: 'end', cell: (r) => (r.prodotto ? formatPrezzo(r.prodotto.prezzo_reale) : VUOTO) },
    {
      key: 'disponibilita', header: 'Disponibilità',
      cell: (r) => r.prodotto
        ? <Availability compact prodotto={{ disponibilita_colore: r.prodotto.disponibilita_colore, disponibilita: 0, ord_forn: 0, um: r.prodotto.um }} />
        : VUOTO,
    },
    { key: 'totale', header: 'Totale riga', align: 'end', cell: (r) => (r.totale_riga === null ? VUOTO : formatImporto(r.totale_riga)) },
  ];

  return (
    <DataTable
      label="Anteprima dell'ordine rapido"
      className="or-table"
      schede="tablet"
      query={query}
      rowKey={(r) => r.riga}
      rowClassName={(r) => (r.esito === 'trovato' ? undefined : 'or-riga-ko')}
      columns={columns}
      empty="Incolla le righe o carica un file: qui compare l'anteprima."
      loadingLabel="Verifica delle righe…"
      errorTitle="Impossibile verificare le righe"
      actions={(r) => (
        <span className="or-azioni">
          {inModifica(r) ? (
            <button
              type="button" className="btn btn-sm btn-primary" aria-label={`Verifica riga ${r.riga}`}
              disabled={inCorso === r.riga} onClick={() => risolvi(r, bozzaDi(r))}
            >
              {inCorso === r.riga ? 'Verifica…' : 'Verifica'}
            </button>
          ) : (
            <button type="button" className="btn btn-sm icon-btn" aria-label={`Correggi riga ${r.riga}`} title="Correggi" onClick={() => cambia(r, {})}>
              <PencilIcon />
            </button>
          )}
          <PulsanteCestino label={`Togli riga ${r.riga}`} onClick={() => onTogli(r)} />
        </span>
      )}
    />
  );
}

/** The product found, or the candidates of an ambiguous code to pick from. */
function CellaProdotto({ riga, scegli }: { riga: RigaRisolta; scegli: (codiceProdotto: string) => void }) {
  if (riga.esito === 'ambiguo') {
    return (
      <select className="select" aria-label={`Scegli il prodotto della riga ${riga.riga}`} value="" onChange={(e) => scegli(e.target.value)}>
        <option value="" disabled>Scegli tra {riga.candidati.length} prodotti…</option>
        {riga.candidati.map((c) => (
          <option key={c.codice_prodotto} value={c.codice_prodotto}>
            {c.codice_prodotto} · {c.titolo} · {formatPrezzo(c.prezzo_reale)}
          </option>
        ))}
      </select>
    );
  }
  if (!riga.prodotto) return VUOTO;
  return (
    <span className="or-prodotto-testo">
      <span className="codice">{riga.prodotto.codice_prodotto}</span>
      <span>{riga.prodotto.titolo}</span>
    </span>
  );
}
