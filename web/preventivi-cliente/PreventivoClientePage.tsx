import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Prodotto } from '../../shared/catalogo.js';
import type { PreventivoCliente } from '../../shared/preventivi-cliente.js';
import {
  ALIQUOTE_PREVENTIVO, aliquotaDi, calcolaPreventivo, type AliquotaPreventivo, type Calcolo, type TipoRigaPreventivo,
} from '../../shared/preventivi-cliente-calcolo.js';
import {
  ETICHETTE_STATO_PREVENTIVO_CLIENTE, ETICHETTE_TIPO_RIGA, LIMITI_PREVENTIVO_CLIENTE as L, numeroPreventivoCliente,
  PASSAGGI_STATO_PREVENTIVO_CLIENTE, type StatoPreventivoCliente,
} from '../../shared/preventivi-cliente-costanti.js';
import { addToCart } from '../cart/cart';
import { RicercaProdotti } from '../checkout/components/RicercaProdotti';
import { RichiediPreventivo } from '../preventivi/RichiediPreventivo';
import type { RichiestaDaCopiare } from '../preventivi/RichiediPreventivoPage';
import { BackButton } from '../components/BackButton';
import { EmptyState } from '../components/EmptyState';
import { InputField } from '../components/form/InputField';
import { SelectField } from '../components/form/SelectField';
import { TextareaField } from '../components/form/TextareaField';
import { useModulo } from '../components/form/useModulo';
import { QueryView } from '../components/QueryView';
import { useToast } from '../components/Toast';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { formatImporto, formatPrezzo } from '../lib/formato';
import { paths } from '../paths';
import { usePermessi } from '../session/permessi';
import { useShopSession } from '../session/shopSession';
import { preventivoQuery, urlPdf, usePreventiviAzioni } from './api';
import './preventivi-cliente.css';

/**
 * /preventivi-cliente/dettaglio?id= (docs/regole/preventivi-cliente.md): a quote to change while a
 * draft (lines, markups, labour, VAT per line, the totals and the VAT split computed as typed by
 * the one shared computation), to send, to mark accepted or lost, to copy, to open as a PDF.
 */
export function PreventivoClientePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  useDocumentTitle('Preventivo al cliente');
  const { session } = useShopSession();
  const puo = usePermessi().puo('preventivi_cliente');
  const query = useQuery({ ...preventivoQuery(session, id), enabled: puo && Number.isInteger(id) && id > 0 });
  if (!puo) return <EmptyState title="Non sei abilitato a vedere i prezzi netti: i preventivi ai tuoi clienti partono dal tuo costo." />;
  if (!Number.isInteger(id) || id <= 0) return <EmptyState title="Preventivo non trovato." />;
  return (
    <QueryView query={query} loadingLabel="Caricamento del preventivo…" errorTitle="Impossibile leggere il preventivo">
      {(d) => <Editor key={`${d.preventivo.id}:${d.preventivo.versione}`} p={d.preventivo} />}
    </QueryView>
  );
}

/** A line as the editor keeps it beside its boxes: `k` names its boxes (`k:quantita`…). */
interface RigaEditor { k: string; tipo: TipoRigaPreventivo; codice_prodotto: string | null; categoria: string }

const CAMPI_RIGA = ['descrizione', 'quantita', 'costo', 'ricarico', 'aliquota', 'beni_significativi'] as const;
const inCasella = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));
/** A box's number as typed ('12,5'); not yet a number: 0 for the totals shown while typing (the save checks it). */
const numero = (s: string | undefined) => {
  const n = Number((s ?? '').trim().replace(',', '.'));
  return Number.isFinite(n) ? n : 0;
};
const famiglie = (righe: readonly RigaEditor[]) => [...new Set(righe.filter((r) => r.tipo === 'catalogo' && r.categoria).map((r) => r.categoria))];

/**
 * The catalogue lines of a quote as a request to the wholesaler asks them: each product once, its
 * quantities summed and rounded up to whole pieces (a request takes pieces, a quote may have decimals).
 */
function daRichiedere(p: PreventivoCliente): RichiestaDaCopiare['righe'] {
  const per = new Map<string, { codice_prodotto: string; descrizione: string; quantita: number }>();
  for (const r of p.righe) {
    if (r.tipo !== 'catalogo' || !r.codice_prodotto) continue;
    const gia = per.get(r.codice_prodotto);
    per.set(r.codice_prodotto, { codice_prodotto: r.codice_prodotto, descrizione: gia?.descrizione ?? r.descrizione, quantita: (gia?.quantita ?? 0) + r.quantita });
  }
  return [...per.values()].map((r) => ({ ...r, quantita: Math.ceil(r.quantita) }));
}

function valoriIniziali(p: PreventivoCliente, righe: readonly RigaEditor[]): Record<string, string> {
  const v: Record<string, string> = {
    cliente_finale_nome: p.cliente_finale_nome, cliente_finale_indirizzo: p.cliente_finale_indirizzo,
    ricarico_generale: inCasella(p.ricarico_generale), sconto_percentuale: inCasella(p.sconto_percentuale), note: p.note, condizioni: p.condizioni,
  };
  p.righe.forEach((r, i) => {
    const k = righe[i]!.k;
    Object.assign(v, {
      [`${k}:descrizione`]: r.descrizione, [`${k}:quantita`]: inCasella(r.quantita), [`${k}:costo`]: inCasella(r.costo),
      [`${k}:ricarico`]: inCasella(r.ricarico), [`${k}:aliquota`]: String(r.aliquota), [`${k}:beni_significativi`]: r.beni_significativi ? 'si' : '',
    });
  });
  const cat = new Map(p.ricarichi_categoria.map((c) => [c.categoria, c.ricarico]));
  for (const f of famiglie(righe)) v[`cat:${f}`] = inCasella(cat.get(f) ?? null);
  return v;
}

function Editor({ p }: { p: PreventivoCliente }) {
  const toast = useToast();
  const navigate = useNavigate();
  const { session } = useShopSession();
  const azioni = usePreventiviAzioni();
  const prossimo = useRef(p.righe.length);
  const [righe, setRighe] = useState<RigaEditor[]>(() =>
    p.righe.map((r, i) => ({ k: `r${i}`, tipo: r.tipo, codice_prodotto: r.codice_prodotto, categoria: r.categoria })));
  const [iniziali] = useState(() => valoriIniziali(p, righe));
  const [valori, setValori] = useState(iniziali);
  const bozza = p.stato === 'bozza';
  const inviate = useRef<{ righe: RigaEditor[]; categorie: string[] }>({ righe: [], categorie: [] });
  const modulo = useModulo(() => import('../../shared/preventivi-cliente.js').then((m) => m.preventiviClienteModificaRequest), iniziali, {
    stato: { valori, cambia: (patch) => setValori((v) => ({ ...v, ...patch } as Record<string, string>)) },
    // A refusal of `righe.3.costo` is the box of the fourth line sent; `ricarichi_categoria.1.ricarico` of the second family.
    campoDi: ([primo, i, campo]) => {
      if (primo === 'righe' && typeof i === 'number') return `${inviate.current.righe[i]?.k}:${String(campo ?? 'quantita')}`;
      if (primo === 'ricarichi_categoria' && typeof i === 'number') return `cat:${inviate.current.categorie[i]}`;
      return typeof primo === 'string' && primo in iniziali ? primo : undefined;
    },
  });
  const v = modulo.valori;
  const cat = famiglie(righe);
  const modificato = JSON.stringify(v) !== JSON.stringify(iniziali) || righe.length !== p.righe.length;

  const richiesta = () => {
    const categorie = cat.filter((f) => (v[`cat:${f}`] ?? '').trim() !== '');
    inviate.current = { righe, categorie };
    return {
      id: p.id, versione: p.versione,
      cliente_finale_nome: v.cliente_finale_nome, cliente_finale_indirizzo: v.cliente_finale_indirizzo,
      ricarico_generale: v.ricarico_generale || '0', sconto_percentuale: v.sconto_percentuale || '0', note: v.note, condizioni: v.condizioni,
      ricarichi_categoria: categorie.map((f) => ({ categoria: f, ricarico: v[`cat:${f}`] })),
      righe: righe.map((r) => {
        const c = (campo: string) => v[`${r.k}:${campo}`] ?? '';
        return {
          tipo: r.tipo, ...(r.codice_prodotto ? { codice_prodotto: r.codice_prodotto } : {}), descrizione: c('descrizione') || undefined,
          ...(r.categoria ? { categoria: r.categoria } : {}), quantita: c('quantita'),
          ...(c('costo').trim() !== '' ? { costo: c('costo') } : {}), ricarico: c('ricarico').trim() === '' ? null : c('ricarico'),
          aliquota: Number(c('aliquota')) as AliquotaPreventivo, beni_significativi: c('beni_significativi') === 'si',
        };
      }),
    };
  };

  const calcolo: Calcolo = calcolaPreventivo({
    ricarico_generale: numero(v.ricarico_generale), sconto_percentuale: numero(v.sconto_percentuale),
    ricarichi_categoria: Object.fromEntries(cat.filter((f) => (v[`cat:${f}`] ?? '').trim() !== '').map((f) => [f, numero(v[`cat:${f}`])])),
    righe: righe.map((r) => ({
      tipo: r.tipo, categoria: r.categoria, quantita: numero(v[`${r.k}:quantita`]), costo: numero(v[`${r.k}:costo`]),
      ricarico: (v[`${r.k}:ricarico`] ?? '').trim() === '' ? null : numero(v[`${r.k}:ricarico`]),
      aliquota: Number(v[`${r.k}:aliquota`]) as AliquotaPreventivo, beni_significativi: v[`${r.k}:beni_significativi`] === 'si',
    })),
  });

  /** A new line: labour or a free line, empty; or a product found by the search, at the client's price the search gave (its net price). */
  const aggiungi = (tipo: TipoRigaPreventivo, p: Prodotto | null = null) => {
    const k = `r${prossimo.current++}`;
    setRighe((rr) => [...rr, { k, tipo, codice_prodotto: p?.codice_prodotto ?? null, categoria: p?.famiglia ?? '' }]);
    setValori((x) => ({
      ...x, [`${k}:descrizione`]: p?.titolo ?? '', [`${k}:quantita`]: '1', [`${k}:costo`]: p ? inCasella(p.prezzo_reale) : '', [`${k}:ricarico`]: '',
      [`${k}:aliquota`]: p ? String(aliquotaDi(p.iva_aliquota)) : tipo === 'manodopera' ? '10' : '22', [`${k}:beni_significativi`]: '',
    }));
  };
  const togli = (k: string) => setRighe((rr) => rr.filter((r) => r.k !== k));

  const salva = async (e: FormEvent) => {
    e.preventDefault();
    if (azioni.modifica.isPending) return;
    const esito = await modulo.valida({ ...richiesta(), utente_codice: session.utente_codice, azienda_codice: session.azienda_codice, cliente_codice: session.cliente_codice });
    if (!esito.ok) {
      if (Object.keys(esito.errori).length === 0) toast.error(esito.messaggio);
      return;
    }
    try {
      await azioni.modifica.mutateAsync(richiesta());
      toast.success('Preventivo salvato.');
    } catch (err) {
      if (!modulo.mostraDalServer(err)) toast.error(errorMessage(err));
    }
  };

  const passa = async (stato: StatoPreventivoCliente) => {
    try {
      await azioni.stato.mutateAsync({ id: p.id, stato });
      toast.success(`Preventivo ${ETICHETTE_STATO_PREVENTIVO_CLIENTE[stato].toLowerCase()}.`);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const copia = async () => {
    try {
      const r = await azioni.copia.mutateAsync(p.id);
      toast.success(`Copia creata: preventivo n. ${numeroPreventivoCliente(r)}.`);
      void navigate(paths.preventiviClienteDettaglio.href({ id: r.id }));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const nelCarrello = async () => {
    try {
      const r = await azioni.nelCarrello.mutateAsync(p.id);
      // The server's cart has them; this device's copy takes them through the cart's own path, so its next change keeps them.
      for (const x of r.righe) addToCart(x as Prodotto, x.quantita);
      toast.success(r.msg);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const ETICHETTA_PASSAGGIO: Record<StatoPreventivoCliente, string> = {
    inviato: 'Segna come inviato', accettato: 'Accettato dal cliente', perso: 'Perso', bozza: 'Riporta in bozza',
  };
  const occupato = azioni.stato.isPending || azioni.modifica.isPending;

  return (
    <form className="pc-editor" onSubmit={(e) => void salva(e)} noValidate aria-label="Preventivo">
      <div className="page-head pc-head">
        <BackButton to={paths.preventiviCliente.path} />
        <h1>Preventivo n. {numeroPreventivoCliente(p)}</h1>
        <span className={`badge pc-stato pc-stato-${p.stato}`}>{ETICHETTE_STATO_PREVENTIVO_CLIENTE[p.stato]}</span>
      </div>

      <div className="pc-azioni" role="group" aria-label="Azioni del preventivo">
        {bozza && <button type="submit" className="btn btn-primary" disabled={occupato}>Salva</button>}
        <a className="btn" href={urlPdf(session, p.id)} target="_blank" rel="noopener">Apri PDF</a>
        {PASSAGGI_STATO_PREVENTIVO_CLIENTE[p.stato].map((s) => (
          <button key={s} type="button" className="btn" disabled={occupato || (bozza && modificato)} onClick={() => void passa(s)}
            title={bozza && modificato ? 'Salva prima le modifiche' : undefined}>
            {ETICHETTA_PASSAGGIO[s]}
          </button>
        ))}
        {p.stato === 'accettato' && (
          <button type="button" className="btn" disabled={azioni.nelCarrello.isPending} onClick={() => void nelCarrello()}>Metti nel carrello</button>
        )}
        {p.stato === 'accettato' && <RichiediPreventivo righe={daRichiedere(p)} etichetta="Chiedi un preventivo al grossista" />}
        <button type="button" className="btn btn-ghost" disabled={azioni.copia.isPending} onClick={() => void copia()}>Copia</button>
      </div>
      {!bozza && <p className="muted">Solo un preventivo in bozza si modifica: riportalo in bozza o fanne una copia.</p>}
      {bozza && modificato && <p className="muted" role="status">Modifiche non salvate.</p>}

      <fieldset className="card card-body pc-sezione" disabled={!bozza}>
        <legend>Cliente</legend>
        <div className="pc-griglia">
          <InputField label="Nome del cliente" maxLength={L.testo} autoComplete="off" {...modulo.campo('cliente_finale_nome')} />
          <TextareaField label="Indirizzo" rows={2} maxLength={L.note} {...modulo.campo('cliente_finale_indirizzo')} />
        </div>
      </fieldset>

      <fieldset className="card card-body pc-sezione" disabled={!bozza}>
        <legend>Voci</legend>
        {righe.length === 0 && <p className="muted">Nessuna voce: aggiungi articoli, manodopera o voci libere.</p>}
        <ol className="pc-righe">
          {righe.map((r, i) => {
            const c = calcolo.righe[i]!;
            const senzaCosto = r.tipo === 'catalogo' && (v[`${r.k}:costo`] ?? '').trim() === '';
            const campo = (x: (typeof CAMPI_RIGA)[number]) => modulo.campo(`${r.k}:${x}`);
            return (
              <li key={r.k} className="pc-riga" aria-label={`Voce ${i + 1}`}>
                <div className="pc-riga-testa">
                  <span className="strong">{ETICHETTE_TIPO_RIGA[r.tipo]}{r.codice_prodotto ? ` ${r.codice_prodotto}` : ''}</span>
                  {r.categoria && <span className="muted">{r.categoria}</span>}
                  {bozza && <button type="button" className="btn btn-ghost btn-sm" onClick={() => togli(r.k)} aria-label={`Togli la voce ${i + 1}`}>Togli</button>}
                </div>
                <div className="pc-riga-campi">
                  <InputField className="pc-c-descrizione" label="Descrizione" maxLength={L.testo} autoComplete="off"
                    placeholder={r.tipo === 'catalogo' ? 'Descrizione del prodotto' : undefined} {...campo('descrizione')} />
                  <InputField className="pc-c-num" label={r.tipo === 'manodopera' ? 'Ore' : 'Quantità'} inputMode="decimal" {...campo('quantita')} />
                  <InputField className="pc-c-num" label={r.tipo === 'manodopera' ? 'Tariffa oraria €' : r.tipo === 'catalogo' ? 'Costo €' : 'Prezzo €'}
                    inputMode="decimal" placeholder={senzaCosto ? 'netto di oggi' : undefined} {...campo('costo')} />
                  {r.tipo !== 'manodopera' && (
                    <InputField className="pc-c-num" label="Ricarico %" inputMode="decimal" placeholder={String(c.ricarico).replace('.', ',')} {...campo('ricarico')} />
                  )}
                  <SelectField className="pc-c-num" label="IVA" options={ALIQUOTE_PREVENTIVO.map((a) => ({ value: String(a), label: `${a} %` }))} {...campo('aliquota')} />
                  {r.tipo !== 'manodopera' && v[`${r.k}:aliquota`] === '10' && (
                    <label className="pc-beni">
                      <input type="checkbox" checked={v[`${r.k}:beni_significativi`] === 'si'}
                        onChange={(e) => modulo.imposta(`${r.k}:beni_significativi`, e.target.checked ? 'si' : '')} />
                      Bene significativo
                    </label>
                  )}
                </div>
                {modulo.errori[`${r.k}:beni_significativi`] && <p className="field-error">{modulo.errori[`${r.k}:beni_significativi`]}</p>}
                <p className="pc-riga-importo">
                  {senzaCosto ? <span className="muted">Prezzo netto di oggi al salvataggio</span> : (
                    <><span className="muted">Prezzo {formatPrezzo(c.prezzo)}</span> <strong>{formatImporto(c.importo)}</strong></>
                  )}
                </p>
              </li>
            );
          })}
        </ol>
        {bozza && (
          <div className="pc-aggiungi">
            <RicercaProdotti className="pc-cerca" azienda={session.azienda_codice} cliente={session.cliente_codice} label="Cerca un articolo da aggiungere"
              prezzo={(x) => x.prezzo_reale}
              azione={(x) => ({ label: `Aggiungi ${x.codice_prodotto} al preventivo`, title: 'Aggiungi al preventivo al tuo prezzo netto' })}
              onScegli={async (x) => {
                aggiungi('catalogo', x);
                return `${x.codice_prodotto} aggiunto come voce ${righe.length + 1}.`;
              }} />
            <button type="button" className="btn" onClick={() => aggiungi('manodopera')}>Aggiungi manodopera</button>
            <button type="button" className="btn" onClick={() => aggiungi('libera')}>Aggiungi voce libera</button>
          </div>
        )}
      </fieldset>

      <div className="pc-colonne">
        <fieldset className="card card-body pc-sezione" disabled={!bozza}>
          <legend>Ricarico, sconto e note</legend>
          <div className="pc-griglia">
            <InputField label="Ricarico generale %" inputMode="decimal" {...modulo.campo('ricarico_generale')} />
            <InputField label="Sconto %" inputMode="decimal" {...modulo.campo('sconto_percentuale')} />
            {cat.map((f) => (
              <InputField key={f} label={`Ricarico ${f} %`} inputMode="decimal" placeholder="generale" {...modulo.campo(`cat:${f}`)} />
            ))}
          </div>
          <TextareaField label="Note" rows={3} maxLength={L.note} {...modulo.campo('note')} />
          <TextareaField label="Condizioni" rows={3} maxLength={L.note} {...modulo.campo('condizioni')} />
        </fieldset>
        <Totali c={calcolo} />
      </div>
    </form>
  );
}

/** The totals as computed now, with the VAT split by rate and the beni significativi rule; cost and margin for the installer only (never in the PDF). */
function Totali({ c }: { c: Calcolo }) {
  return (
    <section className="card card-body pc-sezione pc-totali" aria-label="Totali">
      <h2>Totali</h2>
      <dl className="pc-dl">
        {c.sconto > 0 && <><dt>Totale voci</dt><dd>{formatImporto(c.totale_righe)}</dd><dt>Sconto</dt><dd>−{formatImporto(c.sconto)}</dd></>}
        <dt>Imponibile</dt><dd>{formatImporto(c.imponibile)}</dd>
        {c.iva.map((q) => (
          <div key={q.aliquota} className="pc-dl-riga">
            <dt>IVA {q.aliquota} % su {formatImporto(q.imponibile)}</dt><dd>{formatImporto(q.imposta)}</dd>
          </div>
        ))}
        <dt className="strong">Totale</dt><dd className="strong pc-totale">{formatImporto(c.totale)}</dd>
      </dl>
      {c.beni_significativi && (
        <p className="pc-beni-nota" aria-label="Beni significativi">
          Beni significativi {formatImporto(c.beni_significativi.valore_beni)} su lavori al 10 % di {formatImporto(c.beni_significativi.valore_lavori)}:
          {' '}al 10 % {formatImporto(c.beni_significativi.al_10)}, al 22 % {formatImporto(c.beni_significativi.al_22)}.
        </p>
      )}
      <p className="muted pc-margine">Il tuo costo {formatImporto(c.costo)} · margine {formatImporto(c.margine)} (non compare nel PDF)</p>
    </section>
  );
}

