import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Categoria } from '../../shared/catalogo.js';
import type { FormatoListino } from '../../shared/listino.js';
import { SelectField, type SelectOption } from '../components/form/SelectField';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { formatDimensione } from '../lib/formato';
import { listeQuery } from '../liste/api';
import { useShopSession } from '../session/shopSession';
import { brandQuery, categorieAttive, categorieQuery } from '../shop/api';
import { type AmbitoListino, scaricaListino } from './api';
import './listino.css';

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
 * to stop it.
 */
export function ListinoPage() {
  useDocumentTitle('Listino personalizzato');
  const { session } = useShopSession();
  const [formato, setFormato] = useState<FormatoListino>('xlsx');
  const [ambito, setAmbito] = useState<Ambito>('tutti');
  const [scelta, setScelta] = useState('');
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
    if (ambito !== 'tutti' && !scelta) {
      setStato({ tipo: 'errore', msg: `Scegli ${ambito === 'categoria' ? 'una categoria' : ambito === 'marchio' ? 'un marchio' : 'una lista'}.` });
      return;
    }
    const filtro: AmbitoListino = ambito === 'categoria' ? { categoria_cod: scelta }
      : ambito === 'marchio' ? { brand_id: scelta } : ambito === 'lista' ? { lista_id: Number(scelta) } : {};
    const ctrl = new AbortController();
    annulla.current = ctrl;
    setStato({ tipo: 'scaricando', ricevuti: 0 });
    try {
      const byte = await scaricaListino(session, formato, filtro, {
        signal: ctrl.signal, onProgress: (ricevuti) => setStato({ tipo: 'scaricando', ricevuti }),
      });
      setStato({ tipo: 'fatto', byte });
    } catch (err) {
      setStato(ctrl.signal.aborted ? { tipo: 'pronto' } : { tipo: 'errore', msg: `Download non riuscito. ${errorMessage(err)}` });
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
      <form className="card card-body listino-form" onSubmit={(e) => void invia(e)} aria-label="Scarica listino">
        <fieldset className="listino-scelta" disabled={scaricando}>
          <legend>Formato</legend>
          {FORMATI.map((f) => (
            <label key={f.value} className="listino-opzione">
              <input type="radio" name="formato" value={f.value} checked={formato === f.value} onChange={() => setFormato(f.value)} />
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
                onChange={() => { setAmbito(a.value); setScelta(''); }}
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
                error={opzioni[ambito].isError ? errorMessage(opzioni[ambito].error) : undefined}
                value={scelta}
                onChange={(e) => setScelta(e.target.value)}
              />
            </div>
          )}
        </fieldset>
        <p className="muted listino-colonne">
          Colonne: codice, EAN, descrizione, unità di misura, pezzi per confezione, multiplo, prezzo di listino, sconti, prezzo
          netto, aliquota IVA, disponibilità.
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
