import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Collegamento } from '../components/Collegamento';
import type { Prodotto } from '../../shared/catalogo.js';
import { lista as listaSchema, type Lista } from '../../shared/liste.js';
import { addToCart } from '../cart/cart';
import { msgQuantitaArrotondata, quantitaConfezione } from '../../shared/confezioni.js';
import { formatPrezzo, VUOTO } from '../lib/formato';
import { displayPrice, usePriceMode } from '../cart/priceMode';
import { BackButton } from '../components/BackButton';
import { Thumb } from '../components/Thumb';
import { EmptyState } from '../components/EmptyState';
import { PageSpinner } from '../components/Spinner';
import { type Column, DataTable, type TableQuery } from '../components/DataTable';
import { useDialogs } from '../components/Modal';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { paths } from '../paths';
import { useListe, useListeMutations } from './api';
import { MSG } from './azioni';
import { PulsanteCestino } from '../components/PulsanteCestino';
import { scopeOf } from '../shop/api';
import { CodiceClienteEditor } from '../shop/components/CodiceClienteEditor';
import { useShopSession } from '../session/shopSession';
import { usePermessi } from '../session/permessi';
import { CreaPreventivo } from '../preventivi-cliente/CreaPreventivo';
import { RichiediPreventivo } from '../preventivi/RichiediPreventivo';
import './liste.css';

/**
 * /liste/dettaglio (docs/regole/liste.md#list-screens): the list travels in navigation state (shown at
 * once) and its id in the address (?id=), so that a reload or a bookmark finds it; its products are
 * then read from the cached lists, so removals show at once.
 */
export function ListaDettaglioPage() {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const parsed = listaSchema.safeParse((state as { lista?: unknown } | null)?.lista);
  const id = Number(params.get('id')) || (parsed.success ? parsed.data.id : 0);
  const fromState = parsed.success && parsed.data.id === id ? parsed.data : null;
  const query = useListe();
  const live = query.data?.liste.find((l) => l.id === id);
  useDocumentTitle(live ?? fromState ? `Lista ${(live ?? fromState)!.nome}` : 'Dettaglio lista');

  const vaiAlleListe = <Collegamento className="btn btn-primary" to={paths.liste.path}>Vai alle liste</Collegamento>;
  if (!id) {
    return (
      <div className="card">
        <EmptyState title="Nessuna lista selezionata" action={vaiAlleListe}>
          Il dettaglio si apre dall'elenco delle liste.
        </EmptyState>
      </div>
    );
  }
  if (!fromState && query.isPending) return <PageSpinner label="Caricamento della lista…" />;
  if (query.isError && !fromState) {
    return (
      <div className="card">
        <EmptyState title="Impossibile caricare la lista" action={vaiAlleListe}>{errorMessage(query.error)}</EmptyState>
      </div>
    );
  }
  if (!live && (query.isSuccess || !fromState)) {
    return (
      <div className="card">
        <EmptyState title={`La Lista #${id} non esiste più.`} action={vaiAlleListe} />
      </div>
    );
  }
  const lista = (live ?? fromState)!;
  // The products of the list in navigation state show at once; the cached lists keep them current.
  const prodotti: TableQuery<ProdottoLista> = {
    ...query, data: lista.prodotti, isPending: query.isPending && lista.prodotti.length === 0, isPlaceholderData: false,
  };
  return <Dettaglio lista={lista} prodotti={prodotti} />;
}

type ProdottoLista = Lista['prodotti'][number];

function Dettaglio({ lista, prodotti }: { lista: Lista; prodotti: TableQuery<ProdottoLista> }) {
  const mode = usePriceMode();
  const { session } = useShopSession();
  const { alert } = useDialogs();
  const { rimuovi } = useListeMutations();
  const [messaggio, setMessaggio] = useState<{ text: string; error?: boolean } | null>(null);
  const [rimuovendo, setRimuovendo] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const mostra = (text: string, isError = false) => {
    setMessaggio({ text, error: isError });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessaggio(null), 3000);
  };

  const aggiungi = (p: ProdottoLista) => {
    // One pack's worth at least (docs/regole/ordini.md#packs), and said.
    const q = quantitaConfezione(1, p);
    addToCart(p as Prodotto, q);
    mostra(`${p.codice_prodotto}: Prodotto aggiunto al carrello!${q === 1 ? '' : ` ${msgQuantitaArrotondata(p.codice_prodotto, 1, q, p)}`}`);
  };

  const togli = async (p: ProdottoLista) => {
    setRimuovendo(p.prodotto_id);
    try {
      const r = await rimuovi.mutateAsync({ lista_id: lista.id, prodotto_id: p.prodotto_id });
      if (r.status === 0) mostra(`${p.codice_prodotto}: ${r.msg}`);
      else await alert(r.msg);
    } catch (err) {
      await alert(errorMessage(err));
    } finally {
      setRimuovendo(null);
    }
  };

  const { etichettaPrezzo } = usePermessi();
  const colonne: Column<ProdottoLista>[] = [
    {
      key: 'foto', header: <span className="visually-hidden">Foto</span>, className: 'lista-thumb',
      cell: (p) => <Thumb codice={p.codice_prodotto} foto={p.foto_miniatura ?? p.foto_principale} size={36} />,
    },
    {
      key: 'codice', header: 'Codice',
      cell: (p) => (
        <div className="lista-codice">
          <span className="codice strong nowrap">{p.codice_prodotto}</span>
          <CodiceClienteEditor scope={scopeOf(session)} codiceProdotto={p.codice_prodotto} codice={p.codice_cliente ?? ''} etichetta="Il tuo codice: " />
        </div>
      ),
    },
    { key: 'titolo', header: 'Titolo', cell: (p) => p.titolo },
    {
      key: 'disponibilita', header: 'Disponibilità',
      cell: (p) => <span className={`stock stock-${p.disponibilita_colore}`}>Disp. {Math.max(0, p.disponibilita)}</span>,
    },
    ...(mode === 'nascosto' ? [] : [{
      key: 'prezzo', header: etichettaPrezzo, align: 'end' as const, className: 'nowrap',
      cell: (p: ProdottoLista) => {
        const prezzo = displayPrice(p.prezzo_reale, mode);
        return prezzo === null ? VUOTO : formatPrezzo(prezzo);
      },
    }]),
  ];

  return (
    <>
      <div className="page-head">
        <div>
          <h1>{lista.nome} <span className="muted codice liste-id">#{lista.id}</span></h1>
          {lista.descrizione && <p className="liste-sub">{lista.descrizione}</p>}
        </div>
        <div className="page-actions">
          {lista.prodotti.length > 0 && (
            <>
              <RichiediPreventivo righe={lista.prodotti.map((p) => ({ codice_prodotto: p.codice_prodotto, descrizione: p.titolo, quantita: Math.max(1, p.minimo) }))} />
              <CreaPreventivo origine={{ da: 'lista', lista_id: lista.id }} className="btn" />
            </>
          )}
          <BackButton to={paths.liste.path} storia />
        </div>
      </div>
      <section className="card" aria-label={`Prodotti della lista ${lista.nome}`}>
        <div className="card-head">
          <h2>Prodotti</h2>
          <span className="badge">{lista.prodotti.length}</span>
          <span className="spacer" />
          <p className={`inline-status${messaggio?.error ? ' is-error' : ''}`} role="status" aria-live="polite">{messaggio?.text ?? ''}</p>
        </div>
        <DataTable
          label={`Prodotti della lista ${lista.nome}`}
          className="lista-prodotti"
          query={prodotti}
          columns={colonne}
          rowKey={(p) => p.prodotto_id}
          empty={MSG.senzaProdotti}
          loadingLabel="Caricamento prodotti…"
          actions={(p) => (
            <>
              <button type="button" className="btn btn-sm" aria-label={`Aggiungi ${p.codice_prodotto} al carrello`} title="Aggiungi al carrello (quantità 1)" onClick={() => aggiungi(p)}>
                <CartPlusIcon />
                Aggiungi
              </button>
              <PulsanteCestino
                label={`Rimuovi ${p.codice_prodotto} dalla lista`}
                title="Rimuovi dalla lista"
                disabled={rimuovendo === p.prodotto_id}
                onClick={() => void togli(p)}
              />
            </>
          )}
        />
      </section>
    </>
  );
}

function CartPlusIcon() {
  return (
    <svg viewBox="0 0 24 24" width="15" height="15" fill="none" stroke="currentColor" strokeWidth="1.9" aria-hidden="true">
      <path d="M3 4h2.2l2.1 10.2a1.5 1.5 0 0 0 1.5 1.2h8.4a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.2" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="9.5" cy="19.5" r="1.4" />
      <circle cx="17" cy="19.5" r="1.4" />
    </svg>
  );
}
