import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { Prodotto } from '../../shared/catalogo.js';
import { lista as listaSchema, type Lista } from '../../shared/liste.js';
import { addToCart } from '../cart/cart';
import { formatEuro3 } from '../lib/formato';
import { displayPrice, usePriceMode } from '../cart/priceMode';
import { Thumb } from '../components/Thumb';
import { EmptyState } from '../components/EmptyState';
import { ErrorState } from '../components/ErrorState';
import { useDialogs } from '../components/Modal';
import { Spinner } from '../components/Spinner';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { paths } from '../paths';
import { useListe, useListeMutations } from './api';
import { MSG } from './azioni';
import { TrashIcon } from '../components/icons';
import './liste.css';

/**
 * /liste/dettaglio (SPEC §2 Lists): the list travels in navigation state; its products are then
 * read from the cached lists, so removals show at once.
 */
export function ListaDettaglioPage() {
  const { state } = useLocation();
  const parsed = listaSchema.safeParse((state as { lista?: unknown } | null)?.lista);
  const fromState = parsed.success ? parsed.data : null;
  useDocumentTitle(fromState ? `Lista ${fromState.nome}` : 'Dettaglio lista');
  const query = useListe();

  if (!fromState) {
    return (
      <div className="card">
        <EmptyState title="Nessuna lista selezionata" action={<Link className="btn btn-primary" to={paths.liste.path}>Vai alle liste</Link>}>
          Il dettaglio si apre dall'elenco delle liste.
        </EmptyState>
      </div>
    );
  }
  const live = query.data?.liste.find((l) => l.id === fromState.id);
  if (query.isSuccess && !live) {
    return (
      <div className="card">
        <EmptyState title={`La Lista #${fromState.id} non esiste più.`} action={<Link className="btn btn-primary" to={paths.liste.path}>Vai alle liste</Link>} />
      </div>
    );
  }
  return <Dettaglio lista={live ?? fromState} loading={query.isPending} error={query.isError ? query.error : null} onRetry={() => void query.refetch()} />;
}

function Dettaglio({ lista, loading, error, onRetry }: { lista: Lista; loading: boolean; error: unknown; onRetry: () => void }) {
  const navigate = useNavigate();
  const mode = usePriceMode();
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

  const aggiungi = (p: Lista['prodotti'][number]) => {
    addToCart(p as Prodotto, 1);
    mostra(`${p.codice_prodotto}: Prodotto aggiunto al carrello!`);
  };

  const togli = async (p: Lista['prodotti'][number]) => {
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

  return (
    <>
      <div className="page-head">
        <div>
          <h1>{lista.nome} <span className="muted mono liste-id">#{lista.id}</span></h1>
          {lista.descrizione && <p className="liste-sub">{lista.descrizione}</p>}
        </div>
        <button type="button" className="btn" onClick={() => void navigate(paths.liste.path)}>Indietro</button>
      </div>
      <section className="card" aria-label={`Prodotti della lista ${lista.nome}`}>
        <div className="card-head">
          <h2>Prodotti</h2>
          <span className="badge">{lista.prodotti.length}</span>
          <span className="spacer" />
          <p className={`inline-status${messaggio?.error ? ' is-error' : ''}`} role="status" aria-live="polite">{messaggio?.text ?? ''}</p>
        </div>
        {error ? (
          <ErrorState error={error} onRetry={onRetry} />
        ) : loading && lista.prodotti.length === 0 ? (
          <Spinner label="Caricamento prodotti…" showLabel block />
        ) : lista.prodotti.length === 0 ? (
          <EmptyState title={MSG.senzaProdotti} />
        ) : (
          <div className="table-scroll">
            <table className="table lista-prodotti">
              <thead>
                <tr>
                  <th scope="col" colSpan={2}>Codice</th>
                  <th scope="col">Titolo</th>
                  <th scope="col">Disponibilità</th>
                  {mode !== 'nascosto' && <th scope="col" className="num">Prezzo netto</th>}
                  <th scope="col"><span className="visually-hidden">Azioni</span></th>
                </tr>
              </thead>
              <tbody>
                {lista.prodotti.map((p) => {
                  const prezzo = displayPrice(p.prezzo_reale, mode);
                  return (
                    <tr key={p.prodotto_id}>
                      <td className="lista-thumb"><Thumb codice={p.codice_prodotto} foto={p.foto_miniatura ?? p.foto_principale} size={36} /></td>
                      <td className="mono strong nowrap">{p.codice_prodotto}</td>
                      <td>{p.titolo}</td>
                      <td><span className={`stock stock-${p.disponibilita_colore}`}>Disp. {Math.max(0, p.disponibilita)}</span></td>
                      {mode !== 'nascosto' && <td className="num nowrap">{prezzo === null ? '—' : formatEuro3(prezzo)}</td>}
                      <td className="liste-actions">
                        <button type="button" className="btn btn-sm" aria-label={`Aggiungi ${p.codice_prodotto} al carrello`} title="Aggiungi al carrello (quantità 1)" onClick={() => aggiungi(p)}>
                          <CartPlusIcon />
                          Aggiungi
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost icon-btn icon-btn-danger"
                          aria-label={`Rimuovi ${p.codice_prodotto} dalla lista`}
                          title="Rimuovi dalla lista"
                          disabled={rimuovendo === p.prodotto_id}
                          onClick={() => void togli(p)}
                        >
                          <TrashIcon />
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
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
