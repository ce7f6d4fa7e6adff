import type { ReactNode } from 'react';
import { InputField } from '../components/form/InputField';
import { SelectField } from '../components/form/SelectField';
import { Pagination } from '../components/Pagination';
import { formatIntero } from '../lib/formato';

/**
 * The frame of a paged admin list with a search (Clienti, Utenti): the count above it ('1 cliente',
 * '1.234 clienti per “rossi”', blank while loading), the search box and page size on the card
 * (useRicercaNellUrl, usePaging), the table as children, and the pages below when more than one.
 */
export function ElencoCercabile(p: {
  /** Singular and plural of what is listed: ['cliente', 'clienti']. */
  voce: [string, string];
  totale: number | undefined;
  stringa: string;
  testo: string;
  onTesto: (testo: string) => void;
  placeholder: string;
  maxLength: number;
  limit: number;
  sizes: number[];
  onLimit: (limit: number) => void;
  page: number;
  onPage: (page: number) => void;
  /** While the next page loads, the pages wait. */
  caricando: boolean;
  children: ReactNode;
}) {
  const [uno, molti] = p.voce;
  const totalPages = p.totale === undefined ? 0 : Math.ceil(p.totale / p.limit);
  const conteggio = p.totale === undefined
    ? '\u00a0'
    : `${p.totale === 1 ? `1 ${uno}` : `${formatIntero(p.totale)} ${molti}`}${p.stringa ? ` per “${p.stringa}”` : ''}`;
  const Molti = molti.charAt(0).toUpperCase() + molti.slice(1);
  return (
    <>
      <p className="page-sub" aria-live="polite">{conteggio}</p>
      <section className="card" aria-label={`Elenco ${molti}`}>
        <div className="list-toolbar">
          <InputField
            layout="inline"
            className="list-toolbar-search"
            type="search"
            label="Cerca"
            placeholder={p.placeholder}
            maxLength={p.maxLength}
            autoComplete="off"
            value={p.testo}
            onChange={(e) => p.onTesto(e.target.value)}
          />
          <SelectField
            layout="inline"
            label={`${Molti} per pagina`}
            value={p.limit}
            options={p.sizes.map((n) => ({ value: n, label: String(n) }))}
            onChange={(e) => p.onLimit(Number(e.target.value))}
          />
        </div>
        {p.children}
      </section>
      {totalPages > 1 && (
        <div className="list-paging">
          <Pagination currentPage={p.page} totalPages={totalPages} onPageChange={p.onPage} disabled={p.caricando} label={`Pagine ${molti}`} />
        </div>
      )}
    </>
  );
}
