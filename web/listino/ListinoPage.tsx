import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Categoria } from '../../shared/catalogo.js';
import type { FormatoListino } from '../../shared/listino.js';
import { COLONNE_LISTINO, colonneDelListino } from '../../shared/listino-costanti.js';
import { SelectField, type SelectOption } from '../components/form/SelectField';
import { useModulo } from '../components/form/useModulo';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { formatDimensione } from '../lib/formato';
import { listeQuery } from '../liste/api';
import { useShopSession } from '../session/shopSession';
import { brandQuery, categorieAttive, categorieQuery } from '../shop/api';
import { type AmbitoListino, scaricaListino } from './api';
import './listino.css';
import { usePermessi } from '../session/permessi';

const FORMATI: { value: FormatoListino; label: string; nota: string }[] = [
  { value: 'xlsx', label: 'Excel (XLSX)', nota: 'per fogli di calcolo' },
  { value: 'csv', label: 'CSV', nota: 'separato da punto e virgola, per gestionali e fogli di calcolo' },
  { value: 'metel', label: 'Metel', nota: 'tracciato a larghezza fissa del settore (netto come prezzo grossista)' },
];
const AMBITI = [
  { value: 'tutti', label: 'Tutti i prodotti' },
  { value: 'categoria', label: 'Una categoria' },
  { value: 'marchio', label: 'Un marchio' },
  { value: 'lista', label: 'Una delle mie liste' },
] as const;
type Ambito = (typeof AMBITI)[number]['value'];
/** What the choice of each scope is called in its prompt. */
const SCEGLI: Record<Exclude<Ambito, 'tutti'>, string> = { categoria: 'una categoria', marchio: 'un marchio', lista: 'una lista' };
/** The call's scope fields, each the form's `scelta`. */
const CAMPI_AMBITO: readonly PropertyKey[] = ['categoria_cod', 'brand_id', 'lista_id'];

/** The category tree as options, each indented by its depth. */
const opzioniCategorie = (tree: Categoria[], livello = 0): SelectOption[] =>
  tree.flatMap((c) => [{ value: c.cod_cat, label: `${'\u00a0\u00a0'.repeat(livello)}${c.nome}` }, ...opzioniCategorie(c.figli, livello + 1)]);

type Stato =
  | { tipo: 'pronto' }
  | { tipo: 'scaricando'; ricevuti: number }
  | { tipo: 'fatto'; byte: number }
  | { tipo: 'errore'; msg: string };

/**
 * /listino (docs/regole/listino.md#page): the customer's own prices as a file, for all products, a
 * category, a brand or one of their lists, with the bytes received while it downloads and a way
 * to stop it. listino/export's schema checks the choice (its scope fields are the form's `scelta`),
 * and the server's refusal of a field shows under it.
 */
export function ListinoPage() {
  useDocumentTitle('Listino personalizzato');
  const { session } = useShopSession();
  const { vedePrezzi } = usePermessi();
  const modulo = useModulo(
    () => import('../../shared/listino.js').then((m) => m.listinoEsportaQuery),
    { formato: 'xlsx', ambito: 'tutti', scelta: '' },
    { campoDi: ([primo]) => (primo === 'formato' ? 'formato' : CAMPI_AMBITO.includes(primo!) ? 'scelta' : undefined) },
  );
  const formato = modulo.valori.formato as FormatoListino;
  const ambito = modulo.valori.ambito as Ambito;
  const { scelta } = modulo.valori;
  const [stato, setStato] = useState<Stato>({ tipo: 'pronto' });
  const annulla = useRef<AbortController | null>(null);
  useEffect(() => () => annulla.current?.abort(), []);
  const categorie = useQuery({ ...categorieQuery(), enabled: ambito === 'categoria', select: (d) => opzioniCategorie(categorieAttive(d)) });
  const marchi = useQuery({ ...brandQuery(), enabled: ambito === 'marchio', select: (d) => d.map((m) => ({ value: m.brand_codice, label: m.nome })) });
  const liste = useQuery({ ...listeQuery(session), enabled: ambito === 'lista', select: (d) => d.liste.map((l) => ({ value: l.id, label: l.nome })) });
  const opzioni = { categoria: categorie, marchio: marchi, lista: liste } as const;
  const scaricando = stato.tipo === 'scaricando';

  const invia = async (e: FormEvent) => {
    e.preventDefault();
    setStato({ tipo: 'pronto' });
    // A scope picked without its choice: the call would take it as every product.
    if (ambito !== 'tutti' && !scelta) {
      modulo.mostra({ scelta: `Scegli ${SCEGLI[ambito]}.` });
      return;
    }
    const filtro: AmbitoListino = ambito === 'categoria' ? { categoria_cod: scelta }
      : ambito === 'marchio' ? { brand_id: scelta } : ambito === 'lista' ? { lista_id: Number(scelta) } : {};
    const codici = { utente_codice: session.utente_codice, azienda_codice: session.azienda_codice, cliente_codice: session.cliente_codice };
    if (!(await modulo.valida({ ...codici, formato, ...filtro })).ok) return;
    const ctrl = new AbortController();
    annulla.current = ctrl;
    setStato({ tipo: 'scaricando', ricevuti: 0 });
    try {
      const byte = await scaricaListino(session, formato, filtro, {
        signal: ctrl.signal, onProgress: (ricevuti) => setStato({ tipo: 'scaricando', ricevuti }),
      });
      setStato({ tipo: 'fatto', byte });
    } catch (err) {
      if (ctrl.signal.aborted || modulo.mostraDalServer(err)) setStato({ tipo: 'pronto' });
      else setStato({ tipo: 'errore', msg: `Download non riuscito. ${errorMessage(err)}` });
    } finally {
      annulla.current = null;
    }
  };

  return (
    <>
      <div className="page-head">
        <h1>Listino personalizzato</h1>
      </div>
      <p className="page-sub">
        {session.cliente_ragionesociale} <span className="codice">({session.cliente_codice})</span> · i tuoi prezzi netti, come li vedi nel portale
      </p>
      <form className="card card-body listino-form" onSubmit={(e) => void invia(e)} aria-label="Scarica listino" noValidate>
        <fieldset className="listino-scelta" disabled={scaricando}>
          <legend>Formato</legend>
          {FORMATI.map((f, i) => (
            <label key={f.value} className="listino-opzione">
              <input
                type="radio" name="formato" value={f.value} checked={formato === f.value} onChange={() => modulo.imposta('formato', f.value)}
                ref={i === 0 ? modulo.campo('formato').ref : undefined}
              />
              <span><strong>{f.label}</strong> <span className="muted">{f.nota}</span></span>
            </label>
          ))}
        </fieldset>
        <fieldset className="listino-scelta" disabled={scaricando}>
          <legend>Prodotti</legend>
          {AMBITI.map((a) => (
            <label key={a.value} className="listino-opzione">
              <input
                type="radio" name="ambito" value={a.value} checked={ambito === a.value}
                onChange={() => {
                  modulo.imposta('ambito', a.value);
                  modulo.imposta('scelta', '');
                }}
              />
              <span>{a.label}</span>
            </label>
          ))}
          {ambito !== 'tutti' && (
            <div className="listino-dettaglio">
              <SelectField
                label={ambito === 'categoria' ? 'Categoria' : ambito === 'marchio' ? 'Marchio' : 'Lista'}
                options={opzioni[ambito].data ?? []}
                placeholder={opzioni[ambito].isPending ? 'Caricamento…' : opzioni[ambito].data?.length === 0 ? 'Nessuna voce' : 'Seleziona…'}
                {...modulo.campo('scelta')}
                error={modulo.errori.scelta ?? (opzioni[ambito].isError ? errorMessage(opzioni[ambito].error) : undefined)}
              />
            </div>
          )}
        </fieldset>
        <p className="muted listino-colonne">
          Colonne: {colonneDelListino(COLONNE_LISTINO, vedePrezzi).join(', ')}.
        </p>
        <div className="listino-azioni">
          <button type="submit" className="btn btn-primary" disabled={scaricando} aria-busy={scaricando}>Scarica listino</button>
          {scaricando && <button type="button" className="btn" onClick={() => annulla.current?.abort()}>Annulla</button>}
        </div>
        <Avanzamento stato={stato} />
      </form>
    </>
  );
}

function Avanzamento({ stato }: { stato: Stato }) {
  if (stato.tipo === 'errore') return <p className="listino-esito is-error" role="alert">{stato.msg}</p>;
  return (
    <div className="listino-esito" aria-live="polite">
      {stato.tipo === 'scaricando' && (
        <>
          <progress className="listino-progress" aria-label="Download del listino" />
          <span>{stato.ricevuti === 0 ? 'Preparazione del listino…' : `Ricevuti ${formatDimensione(stato.ricevuti)}…`}</span>
        </>
      )}
      {stato.tipo === 'fatto' && <span className="listino-ok">Listino scaricato ({formatDimensione(stato.byte)}).</span>}
    </div>
  );
}
