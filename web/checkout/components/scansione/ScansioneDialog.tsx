import { useCallback, useEffect, useRef, useState } from 'react';
import type { Prodotto } from '../../../../shared/catalogo.js';
import type { ProdottoRisolto } from '../../../../shared/ordine-rapido.js';
import { cartQuantita, useCart } from '../../../cart/cart';
import { usePriceMode } from '../../../cart/priceMode';
import { Availability } from '../../../components/Availability';
import { Modal } from '../../../components/Modal';
import { Price } from '../../../components/Price';
import { useAddToCart } from '../../../components/useAddToCart';
import { errorMessage } from '../../../lib/api';
import { formatIntero } from '../../../lib/formato';
import { useShopSession } from '../../../session/shopSession';
import { prodottiOrdineRapido, risolviOrdineRapido } from '../../api';
import { creaLettore } from './lettore';
import type { Lettore } from './tipi';
import { useFotocamera } from './useFotocamera';
import './scansione.css';

type Lettura =
  | { fase: 'cerca'; avviso?: string }
  | { fase: 'verifica'; codice: string }
  | { fase: 'trovato'; codice: string; prodotto: Prodotto }
  | { fase: 'ambiguo'; codice: string; candidati: ProdottoRisolto[] };

/** Between two reads of the camera's frames. */
const PAUSA_MS = 150;
/** A code just answered (added, or not in the catalogue) is not taken again at once from the same label. */
const IGNORA_MS = 2500;

export interface ScansioneDialogProps {
  onClose: () => void;
  /** The quick order: the found product goes to the pasted list as a line «codice quantità». */
  onElenco?: (codiceProdotto: string, quantita: number) => void;
}

/**
 * 'Scansiona codice' (docs/decisions/scansione-codici.md): the camera reads an EAN-13 or CODE128
 * label, the quick order's resolution (ordine-rapido/risolvi) finds the product for the client,
 * and the cart's add (useAddToCart, its availability rules and messages) takes the quantity.
 * After an add the camera reads on: scanning the same label again adds to the same cart line.
 */
export default function ScansioneDialog({ onClose, onElenco }: ScansioneDialogProps) {
  const { session } = useShopSession();
  const videoRef = useRef<HTMLVideoElement>(null);
  const quantitaRef = useRef<HTMLInputElement>(null);
  const statoRef = useRef<HTMLDivElement>(null);
  const [tentativo, setTentativo] = useState(0);
  const fotocamera = useFotocamera(videoRef, tentativo);
  const [lettore, setLettore] = useState<Lettore | 'errore' | null>(null);
  const [lettura, setLettura] = useState<Lettura>({ fase: 'cerca' });
  const [quantita, setQuantita] = useState('1');
  const [fatto, setFatto] = useState<string | null>(null);
  const ignora = useRef<{ codice: string; fino: number } | null>(null);
  const { add, message, overlay } = useAddToCart();
  const mode = usePriceMode();
  useCart(); // re-render when the cart changes, for 'Nel carrello'

  useEffect(() => {
    let attivo = true;
    creaLettore().then((l) => attivo && setLettore(l), () => attivo && setLettore('errore'));
    return () => {
      attivo = false;
    };
  }, [tentativo]);

  const { azienda_codice, cliente_codice } = session;
  const trova = useCallback(async (codice: string) => {
    const scope = { azienda_codice, cliente_codice };
    setLettura({ fase: 'verifica', codice });
    setFatto(null);
    try {
      const riga = (await risolviOrdineRapido(scope, `${codice}\t1`)).righe[0];
      if (riga?.esito === 'ambiguo') return setLettura({ fase: 'ambiguo', codice, candidati: riga.candidati });
      const [prodotto] = riga?.codice_prodotto ? await prodottiOrdineRapido(scope, [riga.codice_prodotto]) : [];
      if (!prodotto) {
        ignora.current = { codice, fino: Date.now() + IGNORA_MS };
        return setLettura({ fase: 'cerca', avviso: `Codice ${codice} non trovato nel catalogo.` });
      }
      setQuantita('1');
      setLettura({ fase: 'trovato', codice, prodotto });
    } catch (e) {
      ignora.current = { codice, fino: Date.now() + IGNORA_MS };
      setLettura({ fase: 'cerca', avviso: `Codice ${codice} non verificato: ${errorMessage(e)}` });
    }
  }, [azienda_codice, cliente_codice]);

  // The frames are read only while looking for a code, one read at a time.
  const cerca = fotocamera.fase === 'attiva' && lettura.fase === 'cerca' && lettore !== null && lettore !== 'errore';
  useEffect(() => {
    if (!cerca) return;
    let attivo = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giro = async () => {
      const video = videoRef.current;
      const codice = video && video.readyState >= 2 ? await lettore.leggi(video).catch(() => null) : null;
      if (!attivo) return;
      const ignorato = ignora.current && ignora.current.codice === codice && Date.now() < ignora.current.fino;
      if (codice && !ignorato) void trova(codice);
      else timer = setTimeout(() => void giro(), PAUSA_MS);
    };
    void giro();
    return () => {
      attivo = false;
      clearTimeout(timer);
    };
  }, [cerca, lettore, trova]);

  useEffect(() => {
    if (lettura.fase === 'trovato') quantitaRef.current?.select();
  }, [lettura]);

  const q = Number(quantita);
  const valida = Number.isInteger(q) && q > 0;
  // addToCart sets a product's quantity (web/cart/cart.ts): a scan adds to what is there, and the
  // availability rules judge the line's new total.
  const aggiungi = (p: Prodotto) => {
    if (!valida) return void add(p, NaN);
    const esito = add(p, cartQuantita(p.codice_prodotto) + q);
    if (esito.esito === 'aggiunto' || esito.esito === 'parziale') riprendi(`${formatIntero(q)} × ${p.codice_prodotto} aggiunto al carrello.`);
  };
  /** Back to reading, the code just answered left aside for a moment; focus stays in the dialog as the form goes. */
  const riprendi = (testo: string | null) => {
    if (lettura.fase === 'trovato') ignora.current = { codice: lettura.codice, fino: Date.now() + IGNORA_MS };
    setFatto(testo);
    setLettura({ fase: 'cerca' });
    statoRef.current?.focus();
  };
  const annuncio = lettura.fase === 'verifica' ? `Codice ${lettura.codice} letto: ricerca nel catalogo…`
    : lettura.fase === 'trovato' ? `Trovato: ${lettura.prodotto.titolo}.`
      : lettura.fase === 'ambiguo' ? `Il codice ${lettura.codice} corrisponde a ${lettura.candidati.length} prodotti.`
        : lettura.avviso ?? fatto ?? '';

  return (
    <Modal open onClose={onClose} title="Scansiona codice a barre" size="wide" className="scansione-dialog">
      <div className="scan-corpo">
        <div className="scan-video" data-fase={fotocamera.fase}>
          <video ref={videoRef} muted playsInline aria-label="Immagine della fotocamera" />
          {fotocamera.fase === 'attiva' && lettura.fase === 'cerca' && <span className="scan-mirino" aria-hidden="true" />}
        </div>
        {/* One live region, always there, with a short line per change (the panels below come and go). */}
        <p className="visually-hidden" aria-live="polite">{annuncio}</p>
        <div className="scan-stato" ref={statoRef} tabIndex={-1}>
          <StatoFotocamera stato={fotocamera} lettore={lettore} onRiprova={() => setTentativo((t) => t + 1)} />
          {fotocamera.fase === 'attiva' && lettore !== 'errore' && (
            <>
              {fatto && <p className="scan-fatto">{fatto}</p>}
              {lettura.fase === 'cerca' && (
                <>
                  {lettura.avviso && <p className="scan-avviso">{lettura.avviso}</p>}
                  <p className="scan-guida">
                    {lettore === null ? 'Preparazione del lettore…'
                      : lettura.avviso || fatto ? 'Inquadra il prossimo codice a barre.'
                        : 'Inquadra il codice a barre (EAN-13 o CODE128): nessun codice letto finora.'}
                  </p>
                </>
              )}
              {lettura.fase === 'verifica' && <p className="scan-guida">Codice {lettura.codice} letto: ricerca nel catalogo…</p>}
              {lettura.fase === 'ambiguo' && (
                <div className="scan-ambiguo">
                  <p>Il codice {lettura.codice} corrisponde a {lettura.candidati.length} prodotti: scegli quello giusto.</p>
                  <ul>
                    {lettura.candidati.map((c) => (
                      <li key={c.codice_prodotto}>
                        <button type="button" className="btn btn-block" onClick={() => void trova(c.codice_prodotto)}>
                          <span className="strong">{c.codice_prodotto}</span> {c.titolo}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {lettura.fase === 'trovato' && (
                <div className="scan-trovato">
                  <p className="scan-titolo">
                    <span className="strong">{lettura.prodotto.titolo}</span>
                    <span className="muted"> · {lettura.prodotto.codice_prodotto} · letto {lettura.codice}</span>
                  </p>
                  <Price prodotto={lettura.prodotto} mode={mode} />
                  <Availability prodotto={lettura.prodotto} />
                  {cartQuantita(lettura.prodotto.codice_prodotto) > 0 && (
                    <p className="scan-nel-carrello">Nel carrello: {formatIntero(cartQuantita(lettura.prodotto.codice_prodotto))}</p>
                  )}
                  <form
                    className="scan-azioni"
                    onSubmit={(e) => {
                      // React bubbles the submit through the portal to the form the button sits in (the search bar's).
                      e.preventDefault();
                      e.stopPropagation();
                      aggiungi(lettura.prodotto);
                    }}
                  >
                    <label className="scan-quantita">
                      Quantità
                      <input
                        ref={quantitaRef} className="input" type="number" inputMode="numeric" min={1} step={1}
                        value={quantita} onChange={(e) => setQuantita(e.target.value)}
                      />
                    </label>
                    <button type="submit" className="btn btn-primary">Aggiungi al carrello</button>
                    {onElenco && (
                      <button
                        type="button" className="btn"
                        onClick={() => {
                          if (!valida) return void add(lettura.prodotto, NaN);
                          onElenco(lettura.prodotto.codice_prodotto, q);
                          riprendi(`${formatIntero(q)} × ${lettura.prodotto.codice_prodotto} aggiunto all'elenco.`);
                        }}
                      >
                        Aggiungi all'elenco
                      </button>
                    )}
                    <button type="button" className="btn btn-ghost" onClick={() => riprendi(null)}>
                      Scansiona un altro
                    </button>
                  </form>
                  {message && <p className={`scan-messaggio is-${message.tone}`} role="status">{message.text}</p>}
                </div>
              )}
            </>
          )}
        </div>
      </div>
      {overlay}
    </Modal>
  );
}

function StatoFotocamera({ stato, lettore, onRiprova }: {
  stato: ReturnType<typeof useFotocamera>;
  lettore: Lettore | 'errore' | null;
  onRiprova: () => void;
}) {
  if (stato.fase === 'permesso') return <p className="scan-guida">Consenti l'accesso alla fotocamera quando il browser lo chiede.</p>;
  const problema = stato.fase === 'negato'
    ? "Accesso alla fotocamera negato. Per scansionare, consenti l'uso della fotocamera a questo sito nelle impostazioni del browser, poi riprova."
    : stato.fase === 'errore' ? stato.messaggio
      : lettore === 'errore' ? 'Lettore di codici a barre non caricato: controlla la connessione e riprova.' : null;
  if (!problema) return null;
  return (
    <div className="scan-problema" role="alert">
      <p>{problema}</p>
      <button type="button" className="btn" onClick={onRiprova}>Riprova</button>
    </div>
  );
}
