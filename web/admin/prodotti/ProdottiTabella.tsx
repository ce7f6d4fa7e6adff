import { useNavigate } from 'react-router-dom';
import { Collegamento } from '../../components/Collegamento';
import type { PaginaProdotti, Prodotto } from '../../../shared/catalogo.js';
import { SENZA_MARCHIO } from '../../../shared/catalogo-costanti.js';
import { formatPrezzo } from '../../lib/formato';
import { type Column, DataTable, type TableQuery } from '../../components/DataTable';
import { Thumb } from '../../components/Thumb';
import { paths } from '../../paths';

/** The rows of a page of products, for `select`. */
export const righeDi = (d: PaginaProdotti) => d.prodotti as Prodotto[];
/** The count line's figures of a page of products, for `select`. */
export const contiDi = (d: PaginaProdotti) => ({ totale: d.totaleProdotti, pagine: d.totalePagine });

/** List 1's price of a product (the pz1 figure; the admin codes are priced with list 1 anyway). */
export const prezzoListino1 = (p: Prodotto) => p.pz1 ?? p.prezzo;

const marcaDi = (p: Prodotto) => (p.brand_id === SENZA_MARCHIO ? '' : p.brand_descrizione);

const colonne = (descrizione: boolean): Column<Prodotto>[] => [
  { key: 'foto', header: <span className="visually-hidden">Foto</span>, className: 'prodotti-foto', cell: (p) => <Thumb codice={p.codice_prodotto} foto={p.foto_miniatura ?? p.foto_principale} size={40} /> },
  { key: 'codice', header: 'Codice', className: 'codice nowrap prodotti-codice', cell: (p) => p.codice_prodotto },
  {
    key: 'titolo', header: 'Titolo', className: 'prodotti-titolo',
    // The title is the keyboard's way into the detail; the whole row is the mouse's.
    cell: (p) => (
      <>
        <Collegamento className="strong" to={paths.adminProdottoDettaglio.href(p.codice_prodotto)}>{p.titolo}</Collegamento>
        {p.titolo_portale && p.titolo_portale !== p.descrizione1 && <span className="prodotti-erp">{p.descrizione1}</span>}
        {descrizione && p.descrizione_aggiuntiva && <span className="prodotti-aggiuntiva">{p.descrizione_aggiuntiva}</span>}
        {/* Narrow screens: code and brand under the title, instead of their columns. */}
        <span className="prodotti-meta">
          <span className="codice">{p.codice_prodotto}</span>
          {marcaDi(p) && ` · ${marcaDi(p)}`}
        </span>
      </>
    ),
  },
  { key: 'marca', header: 'Marca', className: 'prodotti-marca', cell: (p) => marcaDi(p) || <span className="muted">—</span> },
  { key: 'listino', header: 'Listino 1', align: 'end', className: 'nowrap', cell: (p) => formatPrezzo(prezzoListino1(p)) },
  {
    key: 'giacenza', header: 'Disponibilità', align: 'end', className: 'nowrap',
    cell: (p) => (
      <span className={`stock stock-${p.disponibilita_colore}`} title={p.ord_forn > 0 ? `In arrivo dal fornitore: ${p.ord_forn}` : undefined}>
        {p.disponibilita} {p.um || 'PZ'}
      </span>
    ),
  },
];

const colonneSemplici = colonne(false);
const colonneConDescrizione = colonne(true);

/**
 * A page of products as the admin screens list them: thumbnail, code, title (the ERP's
 * description under a portal title of its own), brand, list 1's price and stock; a row opens the
 * product's detail.
 */
export function ProdottiTabella({ query, label, descrizione = false }: {
  /** The page's query with `select: righeDi`. */
  query: TableQuery<Prodotto>;
  label: string;
  /** Show the extra description under the title (the custom products' page). */
  descrizione?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <DataTable
      label={label}
      className="prodotti-table"
      query={query}
      columns={descrizione ? colonneConDescrizione : colonneSemplici}
      rowKey={(p) => p.codice_prodotto}
      empty="Nessun risultato presente."
      loadingLabel="Caricamento prodotti…"
      onRowClick={(p) => void navigate(paths.adminProdottoDettaglio.href(p.codice_prodotto))}
    />
  );
}
