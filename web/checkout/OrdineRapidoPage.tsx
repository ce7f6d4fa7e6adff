import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OrdineRapidoRisolviResponse, RigaRisolta } from '../../shared/ordine-rapido.js';
import { MSG_ORDINE_RAPIDO, ORDINE_RAPIDO } from '../../shared/ordine-rapido-costanti.js';
import { MSG_UPLOAD, nomeFileSicuro } from '../../shared/upload.js';
import { addToCart } from '../cart/cart';
import { BackButton } from '../components/BackButton';
import { Field } from '../components/form/Field';
import { RigaSceltaFile } from '../components/form/RigaSceltaFile';
import { TextareaField } from '../components/form/TextareaField';
import { useModulo } from '../components/form/useModulo';
import { Scheda } from '../components/Scheda';
import { RichiediPreventivo } from '../preventivi/RichiediPreventivo';
import { PulsanteScansione } from './components/PulsanteScansione';
import { useToast } from '../components/Toast';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { formatDimensione, formatImporto, formatIntero } from '../lib/formato';
import { paths } from '../paths';
import { useShopSession } from '../session/shopSession';
import { AnteprimaOrdineRapido, type Bozza } from './AnteprimaOrdineRapido';
import { prodottiOrdineRapido, risolviFileOrdineRapido, risolviOrdineRapido } from './api';
import './ordineRapido.css';

type Origine = { testo: string } | { file: File };

/** 'n righe' with its adjective agreeing ('1 riga pronta', '3 righe pronte'). */
const righeN = (n: number, singolare = '', plurale = '') =>
  n === 1 ? `1 riga${singolare && ` ${singolare}`}` : `${formatIntero(n)} righe${plurale && ` ${plurale}`}`;

/** A product's found lines as one cart line with their total quantity, in the order first met. */
function perProdotto(righe: RigaRisolta[]): Map<string, number> {
  const somme = new Map<string, number>();
  for (const r of righe) {
    if (r.esito === 'trovato' && r.codice_prodotto && r.quantita !== null) {
      somme.set(r.codice_prodotto, (somme.get(r.codice_prodotto) ?? 0) + r.quantita);
    }
  }
  return somme;
}

/** The kinds ordine-rapido/file reads: the picker's first filter. */
const ACCEPT_FILE = '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The browser's first check of a chosen file (the server judges its bytes): a kind it reads, a size it takes. */
function erroreFile(f: File): string | undefined {
  if (!/\.(csv|txt|xlsx)$/i.test(f.name)) return MSG_ORDINE_RAPIDO.soloCsvXlsx;
  if (f.size > ORDINE_RAPIDO.maxFileBytes) return MSG_UPLOAD.troppoGrande(nomeFileSicuro(f.name), ORDINE_RAPIDO.maxFileBytes);
  return undefined;
}

/** The text with one more line «codice quantità» at its end (a scanned label). */
const conRiga = (testo: string, codice: string, quantita: number) =>
  `${testo.replace(/\s+$/, '')}${testo.trim() === '' ? '' : '\n'}${codice}\t${quantita}`;

/**
 * 'Ordine rapido' (docs/regole/ordine-rapido.md#page): paste 'code quantity' lines or upload a
 * CSV/XLSX, fix the preview's lines in place, then add every ready line to the cart at once.
 * The pasted text is checked with ordine-rapido/risolvi's schema, a file first by its name and
 * size; the server's refusal of either (no line, too many lines, a file it cannot read) shows
 * under it, any other failure in the preview.
 */
export function OrdineRapidoPage() {
  useDocumentTitle('Ordine rapido');
  const { session } = useShopSession();
  const scope = { azienda_codice: session.azienda_codice, cliente_codice: session.cliente_codice };
  const toast = useToast();
  const navigate = useNavigate();
  const fileRef = useRef<HTMLInputElement | null>(null);
  const modulo = useModulo(
    () => import('../../shared/ordine-rapido.js').then((m) => m.ordineRapidoRisolviRequest), { testo: '' }, { file: ['file'] },
  );
  const { testo } = modulo.valori;
  const [anteprima, setAnteprima] = useState<OrdineRapidoRisolviResponse | null>(null);
  const [scelto, setScelto] = useState<File | null>(null);

  const risolvi = useMutation({
    mutationFn: (o: Origine) => ('testo' in o ? risolviOrdineRapido(scope, o.testo) : risolviFileOrdineRapido(scope, o.file)),
    onMutate: () => setAnteprima(null),
    onSuccess: setAnteprima,
  });

  // One line resolved again on its own: its stock is judged without the other lines of the same product,
  // which the cart adds up anyway (one cart line per product) and the order's confirmation checks again.
  const risolviRiga = useMutation({
    mutationFn: async ({ bozza }: { riga: RigaRisolta; bozza: Bozza }) =>
      (await risolviOrdineRapido(scope, `${bozza.codice.trim()}\t${bozza.quantita.trim()}`)).righe[0],
    onSuccess: (nuova, { riga }) => {
      if (nuova) setAnteprima((a) => a && { ...a, righe: a.righe.map((r) => (r.riga === riga.riga ? { ...nuova, riga: riga.riga } : r)) });
    },
    onError: (err, { riga }) => toast.error(`Riga ${riga.riga}: ${errorMessage(err)}`),
  });

  const aggiungi = useMutation({
    mutationFn: async (righe: RigaRisolta[]) => {
      const somme = perProdotto(righe);
      const prodotti = await prodottiOrdineRapido(scope, [...somme.keys()]);
      for (const p of prodotti) addToCart(p, somme.get(p.codice_prodotto)!);
      return new Set(prodotti.map((p) => p.codice_prodotto));
    },
    onSuccess: async (aggiunti) => {
      const resto = (anteprima?.righe ?? []).filter((r) => !(r.esito === 'trovato' && r.codice_prodotto && aggiunti.has(r.codice_prodotto)));
      const n = (anteprima?.righe.length ?? 0) - resto.length;
      if (resto.length === 0) {
        toast.success(`${righeN(n, 'aggiunta', 'aggiunte')} al carrello.`);
        setAnteprima(null);
        modulo.imposta('testo', '');
        await navigate(paths.checkout.path);
        return;
      }
      toast.success(`${righeN(n, 'aggiunta', 'aggiunte')} al carrello; ${righeN(resto.length, 'da correggere resta', 'da correggere restano')} qui.`);
      setAnteprima((a) => a && { ...a, righe: resto });
    },
    onError: (err) => toast.error(`Righe non aggiunte al carrello: ${errorMessage(err)}`),
  });

  const righe = anteprima?.righe ?? [];
  const pronte = righe.filter((r) => r.esito === 'trovato');
  const totale = pronte.reduce((s, r) => s + (r.totale_riga ?? 0), 0);
  const query = {
    data: righe,
    isPending: risolvi.isPending,
    isError: risolvi.isError,
    error: risolvi.error,
    isFetching: risolvi.isPending || risolviRiga.isPending,
    isPlaceholderData: false,
    refetch: () => { if (risolvi.variables) risolvi.mutate(risolvi.variables); },
  };

  /** Resolves the lines; a refusal of the text or the file shows at it, not as the preview's failure. */
  const verifica = async (o: Origine) => {
    try {
      await risolvi.mutateAsync(o);
    } catch (err) {
      if (modulo.mostraDalServer(err)) risolvi.reset();
    }
  };

  const inviaTesto = async (e: FormEvent) => {
    e.preventDefault();
    if ((await modulo.valida({ ...scope, testo })).ok) await verifica({ testo });
  };

  const carica = (files: File[]) => {
    const file = files[0];
    // The same file can be picked again (after fixing it).
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    setScelto(file);
    const errore = erroreFile(file);
    if (errore) modulo.mostra({ file: errore });
    else {
      modulo.mostra({});
      void verifica({ file });
    }
  };

  return (
    <>
      <div className="page-head">
        <h1>Ordine rapido</h1>
        <BackButton to={paths.home2.path} storia />
      </div>
      <p className="page-sub">
        Incolla le righe «codice quantità» copiate da un foglio di calcolo, da un gestionale o da una e-mail, oppure carica un file CSV o Excel.
        {/* The camera button shows only where there is a camera: a desktop user learns here that scanning exists. */}
        {' '}Con un telefono o un tablet puoi anche leggere il codice a barre di un'etichetta con la fotocamera: il pulsante «Scansiona» compare
        qui e nella ricerca sui dispositivi con fotocamera.
      </p>

      <Scheda titolo="Righe da ordinare" className="or-input">
        <form className="or-form" onSubmit={(e) => void inviaTesto(e)} noValidate>
          <TextareaField
            label="Codice e quantità, una riga per prodotto"
            hint={`Separatori: tabulazione, punto e virgola, virgola o spazio. Al massimo ${formatIntero(ORDINE_RAPIDO.maxRighe)} righe.`}
            rows={8}
            spellCheck={false}
            placeholder={'VITE-10 5\nART-555;12\n8001234567895\t2'}
            {...modulo.campo('testo')}
          />
          <div className="or-comandi">
            <button type="submit" className="btn btn-primary" disabled={risolvi.isPending || testo.trim() === ''}>
              Verifica righe
            </button>
            <PulsanteScansione onElenco={(codice, quantita) => modulo.setValori((v) => ({ ...v, testo: conRiga(v.testo, codice, quantita) }))} />
            <Field label="oppure carica un file CSV o Excel" className="or-file" error={modulo.errori.file} disabled={risolvi.isPending}>
              {(control) => (
                <RigaSceltaFile
                  control={control} accept={ACCEPT_FILE} disabled={risolvi.isPending} onFiles={carica}
                  scelta={scelto ? `${nomeFileSicuro(scelto.name)} · ${formatDimensione(scelto.size)}` : undefined}
                  controlRef={(el) => {
                    fileRef.current = el;
                    return modulo.controllo('file').ref(el);
                  }}
                />
              )}
            </Field>
          </div>
        </form>
      </Scheda>

      <Scheda
        titolo="Anteprima"
        className="or-anteprima"
        aDestra={righe.length > 0 && (
          <span className="or-riepilogo" aria-live="polite">
            {righeN(pronte.length, 'pronta', 'pronte')} su {formatIntero(righe.length)} · {formatImporto(totale)}
          </span>
        )}
      >
        {anteprima?.intestazione && (
          <p className="hint or-intestazione">
            Riga {anteprima.intestazione.riga} letta come intestazione e ignorata: «{anteprima.intestazione.testo}»
          </p>
        )}
        <AnteprimaOrdineRapido
          query={query}
          inCorso={risolviRiga.isPending ? risolviRiga.variables.riga.riga : null}
          onRisolvi={(riga, bozza) => risolviRiga.mutate({ riga, bozza })}
          onTogli={(riga) => setAnteprima((a) => a && { ...a, righe: a.righe.filter((r) => r.riga !== riga.riga) })}
        />
        <div className="or-piede">
          {righe.length > pronte.length && (
            <span className="hint">{righeN(righe.length - pronte.length, 'da correggere non andrà', 'da correggere non andranno')} nel carrello.</span>
          )}
          <RichiediPreventivo righe={pronte.flatMap((r) => (r.prodotto && r.quantita
            ? [{ codice_prodotto: r.prodotto.codice_prodotto, descrizione: r.prodotto.titolo, quantita: r.quantita }] : []))} />
          <button
            type="button" className="btn btn-primary" disabled={pronte.length === 0 || aggiungi.isPending}
            onClick={() => aggiungi.mutate(pronte)}
          >
            {aggiungi.isPending ? 'Aggiunta in corso…' : 'Aggiungi al carrello'}
          </button>
        </div>
      </Scheda>
    </>
  );
}
