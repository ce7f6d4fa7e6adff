import type { ReactNode } from 'react';
import { InputField } from '../components/form/InputField';
import { PagineElenco, PerPagina } from '../components/Pagination';
import type { Paging } from '../hooks/usePaging';
import { formatIntero } from '../lib/formato';
import type { useRicercaNellUrl } from './ricercaUrl';

/** The search box of a list: useRicercaNellUrl's term and text, with the box's hint and length. */
export type RicercaElenco = ReturnType<typeof useRicercaNellUrl> & { placeholder: string; maxLength: number };

/**
 * The frame of a paged admin list (Clienti, Utenti, Ordini ERP): the count above it ('1 cliente',
 * '1.234 clienti per “rossi”', blank while loading), a card with the toolbar (the search box when
 * `ricerca` is given, the `filtri`, the page size of `paging`) over the table (children), and the
 * pages below when more than one.
 */
export function ElencoPaginato({ voce: [uno, molti], paging, pagina, ricerca, filtri, etichetta = `Elenco ${molti}`, children }: {
  /** Singular and plural of what is listed: ['cliente', 'clienti']. */
  voce: [string, string];
  paging: Paging;
  /** The page (usePaginaElenco with totaleDi): the rows' query, whose loads the pages wait for, and the total. */
  pagina: { righe: { isFetching: boolean }; conti: number | undefined };
  ricerca?: RicercaElenco;
  /** Controls of the toolbar before the page size (a filter). */
  filtri?: ReactNode;
  /** The card's accessible name. */
  etichetta?: string;
  children: ReactNode;
}) {
  const totale = pagina.conti;
  const conteggio = totale === undefined
    ? '\u00a0'
    : `${totale === 1 ? `1 ${uno}` : `${formatIntero(totale)} ${molti}`}${ricerca?.stringa ? ` per “${ricerca.stringa}”` : ''}`;
  return (
    <>
      <p className="page-sub" aria-live="polite">{conteggio}</p>
      <section className="card" aria-label={etichetta}>
        <div className="list-toolbar">
          {ricerca && (
            <InputField
              layout="inline"
              className="list-toolbar-search"
              type="search"
              label="Cerca"
              placeholder={ricerca.placeholder}
              maxLength={ricerca.maxLength}
              autoComplete="off"
              value={ricerca.testo}
              onChange={(e) => ricerca.setTesto(e.target.value)}
            />
          )}
          {filtri}
          <PerPagina paging={paging} label={`${molti.charAt(0).toUpperCase()}${molti.slice(1)} per pagina`} />
        </div>
        {children}
      </section>
      <PagineElenco
        paging={paging}
        pagine={totale === undefined ? 0 : Math.ceil(totale / paging.limit)}
        caricando={pagina.righe.isFetching}
        label={`Pagine ${molti}`}
      />
    </>
  );
}
