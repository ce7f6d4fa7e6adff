import { useQuery } from '@tanstack/react-query';
import type { Ordine, RigaAnteprimaRiordino } from '../../shared/ordini.js';
import { Availability } from '../components/Availability';
import { type Column, DataTable } from '../components/DataTable';
import { Modal } from '../components/Modal';
import { formatPrezzo } from '../lib/formato';
import { usePermessi } from '../session/permessi';
import { useShopSession } from '../session/shopSession';
import { anteprimaRiordinoQuery } from './api';
import '../components/product.css';

type Riga = RigaAnteprimaRiordino & { i: number };

/** A line's outcome today; null when the availability's own words already say it all (nothing available). */
function esito(r: RigaAnteprimaRiordino): { testo: string; classe: string } | null {
  if (r.ritirato) return { testo: 'Ritirato: non verrà aggiunto', classe: 'is-ritirato' };
  if (!r.disponibile && r.disponibilita <= 0) return null;
  if (!r.disponibile) return { testo: `Non disponibile nella quantità (massimo ${r.disponibilita})`, classe: 'is-non-disponibile' };
  if (r.prezzo_cambiato) return { testo: 'Prezzo cambiato', classe: 'is-prezzo' };
  return { testo: 'Invariata', classe: '' };
}

const colonne = (etichettaPrezzo: string): Column<Riga>[] => [
  { key: 'codice', header: 'Codice', className: 'codice strong nowrap', cell: (r) => r.codice_prodotto },
  { key: 'nome', header: 'Prodotto', cell: (r) => r.prodotto_nome },
  { key: 'qt', header: 'Qt', align: 'end', cell: (r) => r.qt },
  {
    key: 'prezzo', header: `${etichettaPrezzo} (ordine → oggi)`, align: 'end', className: 'nowrap',
    cell: (r) => (r.prezzo_cambiato && r.prezzo_attuale !== null
      ? <span className="riordino-prezzo"><s>{formatPrezzo(r.prezzo_ordine)}</s> → <strong>{formatPrezzo(r.prezzo_attuale)}</strong></span>
      : formatPrezzo(r.prezzo_attuale ?? r.prezzo_ordine)),
  },
  {
    key: 'oggi', header: 'Oggi',
    cell: (r) => {
      const e = esito(r);
      return (
        <>
          {!r.ritirato && <Availability compact prodotto={{ disponibilita_colore: r.disponibilita_colore, disponibilita: r.disponibilita, ord_forn: 0, um: '' }} />}
          {e && <span className={`riordino-esito ${e.classe}`}>{e.testo}</span>}
        </>
      );
    },
  },
];

/** 'N righe con …' for the summary line. */
const conta = (n: number, uno: string, molti: string) => (n === 1 ? `1 ${uno}` : `${n} ${molti}`);

/**
 * The reorder's preview (docs/regole/ordini.md#reorder): every line of the order against today
 * (net price old → new, availability with the cart's colours, withdrawn), then 'Riordina' runs the
 * reorder's usual steps.
 */
export function AnteprimaRiordino({ ordine, aperta, chiudi, conferma, occupato }: {
  ordine: Ordine;
  aperta: boolean;
  chiudi: () => void;
  conferma: () => void;
  occupato: boolean;
}) {
  const { session } = useShopSession();
  const { etichettaPrezzo } = usePermessi();
  const query = useQuery({ ...anteprimaRiordinoQuery(session, ordine.id), enabled: aperta, select: (d) => d.righe.map((r, i) => ({ ...r, i })) });
  const righe = query.data ?? [];
  const cambiati = righe.filter((r) => r.prezzo_cambiato && !r.ritirato).length;
  const nonDisponibili = righe.filter((r) => !r.ritirato && !r.disponibile).length;
  const ritirati = righe.filter((r) => r.ritirato).length;
  const aggiungibili = righe.length - ritirati;
  return (
    <Modal
      open={aperta}
      onClose={chiudi}
      size="wide"
      title={`Riordina l'ordine #${ordine.id}`}
      footer={(
        <>
          <button type="button" className="btn" onClick={chiudi}>Annulla</button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!query.isSuccess || aggiungibili === 0 || occupato}
            aria-busy={occupato}
            onClick={conferma}
          >
            {occupato ? 'Riordino in corso…' : 'Riordina'}
          </button>
        </>
      )}
    >
      {query.isSuccess && (
        <p className="riordino-sintesi" aria-live="polite">
          {cambiati + nonDisponibili + ritirati === 0
            ? "Tutte le righe sono disponibili al prezzo dell'ordine"
            : [
                cambiati > 0 && conta(cambiati, 'riga con prezzo cambiato', 'righe con prezzo cambiato'),
                nonDisponibili > 0 && conta(nonDisponibili, 'riga non disponibile', 'righe non disponibili'),
                ritirati > 0 && conta(ritirati, 'prodotto ritirato', 'prodotti ritirati'),
              ].filter(Boolean).join(' · ')}.
          {' '}Confermando, il carrello verrà sostituito dalle righe dell'ordine ai prezzi di oggi.
        </p>
      )}
      <DataTable
        label={`Anteprima del riordino dell'ordine #${ordine.id}`}
        className="riordino-righe"
        query={query}
        columns={colonne(etichettaPrezzo)}
        rowKey={(r) => `${r.codice_prodotto}-${r.i}`}
        rowClassName={(r) => (r.ritirato ? 'riordino-ritirato' : undefined)}
        empty="Nessuna riga da riordinare."
        loadingLabel="Confronto con prezzi e disponibilità di oggi…"
      />
    </Modal>
  );
}
