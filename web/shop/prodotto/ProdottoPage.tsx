import { haConfezione, regolaConfezione } from '../../../shared/confezioni.js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { Collegamento } from '../../components/Collegamento';
import type { Prodotto } from '../../../shared/catalogo.js';
import { usePriceMode } from '../../cart/priceMode';
import { Availability } from '../../components/Availability';
import { BackButton } from '../../components/BackButton';
import { Barcode } from '../../components/Barcode';
import { BrandLogo } from '../../components/BrandLogo';
import { EmptyState } from '../../components/EmptyState';
import { PageSpinner } from '../../components/Spinner';
import { errorMessage } from '../../lib/api';
import { Price, ProductTags } from '../../components/Price';
import { CartIcon } from '../../components/Icone';
import { ProductImage } from '../../components/ProductImage';
import { useAddToCart } from '../../components/useAddToCart';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { fileName, mediaPath, mediaUrl } from '../../lib/media';
import { paths } from '../../paths';
import { dettaglioQuery, scopeOf } from '../api';
import { useShopSession } from '../../session/shopSession';
import { CodiceCliente } from './CodiceCliente';
import { galleria, prodottoFromState } from './galleria';
import '../../components/product.css';
import './prodotto.css';


/**
 * Product detail /prodotto (docs/regole/catalogo.md#product-page): the product travels in navigation
 * state (shown at once) and its code in the address (?codice=), so that a reload, a bookmark or a
 * shared link finds it; either way it is read again from prodotti/details for current prices and
 * stock. Neither: 'Prodotto non definito'.
 */
export function ProdottoPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const fromState = prodottoFromState(location.state);
  const codice = params.get('codice') ?? fromState?.codice_prodotto ?? '';
  const { session } = useShopSession();
  const details = useQuery({
    ...dettaglioQuery(scopeOf(session), codice),
    enabled: codice !== '',
    placeholderData: fromState?.codice_prodotto === codice ? fromState : undefined,
  });
  const prodotto = details.data;
  useDocumentTitle(prodotto?.titolo ?? 'Prodotto');

  if (prodotto) return <Scheda key={prodotto.codice_prodotto} prodotto={prodotto} />;
  if (codice !== '' && details.isPending) return <PageSpinner label="Caricamento del prodotto…" />;
  return (
    <EmptyState
      title={codice === '' ? 'Prodotto non definito' : 'Prodotto non disponibile'}
      action={
        <Collegamento className="btn" to={paths.home2.path}>
          Torna alla home
        </Collegamento>
      }
    >
      {codice === '' ? 'Apri un prodotto da una lista o dalla ricerca.' : errorMessage(details.error)}
    </EmptyState>
  );
}

function Scheda({ prodotto }: { prodotto: Prodotto }) {
  const { session } = useShopSession();
  const mode = usePriceMode();
  const { add, message, overlay } = useAddToCart();
  const foto = galleria(prodotto);
  const [selezionata, setSelezionata] = useState(0);
  const corrente = foto[selezionata] ?? foto[0]!;

  return (
    <article className="scheda" aria-labelledby="scheda-title">
      <div className="scheda-top">
        <BackButton to={paths.home2.path} storia />
        <span className="muted scheda-path">
          {[prodotto.famiglia, prodotto.sottofamiglia, prodotto.gruppo].filter(Boolean).join(' › ')}
        </span>
      </div>

      <div className="scheda-grid">
        <div className="scheda-gallery">
          <div className="scheda-main-img">
            <ProductImage prodotto={prodotto} src={corrente.vista} alt={prodotto.titolo} loading="eager" />
            <ProductTags prodotto={prodotto} />
          </div>
          {corrente.originale && (
            <a className="scheda-originale" href={corrente.originale} target="_blank" rel="noopener noreferrer">
              Apri la foto originale
            </a>
          )}
          {foto.length > 1 && (
            <ul className="scheda-thumbs" aria-label="Foto del prodotto">
              {foto.map((f, i) => (
                <li key={f.key}>
                  <button
                    type="button"
                    className={`scheda-thumb${i === selezionata ? ' is-active' : ''}`}
                    aria-label={`Foto ${i + 1} di ${foto.length}`}
                    aria-pressed={i === selezionata}
                    onClick={() => setSelezionata(i)}
                  >
                    <ProductImage prodotto={prodotto} src={f.miniatura} alt="" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="scheda-info">
          <BrandLogo brandId={prodotto.brand_id} descrizione={prodotto.brand_descrizione} className="scheda-brand" />
          <h1 id="scheda-title" className="scheda-title">{prodotto.titolo}</h1>
          {prodotto.descrizione_aggiuntiva && <p className="scheda-desc">{prodotto.descrizione_aggiuntiva}</p>}
          {prodotto.descrizione2 && <p className="scheda-desc2">{prodotto.descrizione2}</p>}

          <dl className="scheda-kv">
            <dt>Codice prodotto</dt>
            <dd className="codice">{prodotto.codice_prodotto}</dd>
            <dt>Il tuo codice</dt>
            <dd><CodiceCliente scope={scopeOf(session)} codiceProdotto={prodotto.codice_prodotto} /></dd>
            <dt>Famiglia</dt>
            <dd>{prodotto.famiglia || '—'}</dd>
            {prodotto.sottofamiglia && (
              <>
                <dt>Sottofamiglia</dt>
                <dd>{prodotto.sottofamiglia}</dd>
              </>
            )}
            {prodotto.brand_id !== '000' && (
              <>
                <dt>Marca</dt>
                <dd>
                  <Collegamento to={paths.marchiProdotti.href(prodotto.brand_id, prodotto.brand_descrizione)}>{prodotto.brand_descrizione}</Collegamento>
                </dd>
              </>
            )}
            <dt>Unità di misura</dt>
            <dd>
              {prodotto.um}
              {prodotto.pz_conf > 1 ? ` · confezione da ${prodotto.pz_conf} pz` : ''}
              {haConfezione(prodotto) ? ` · ${regolaConfezione(prodotto).toLowerCase()}` : ''}
            </dd>
          </dl>

          <div className="scheda-buy">
            <Availability prodotto={prodotto} />
            <Price prodotto={prodotto} mode={mode} size="lg" />
            <div className="scheda-buy-actions">
              <button type="button" className="btn btn-primary btn-lg" onClick={() => add(prodotto, 1)}>
                <CartIcon size={18} />
                Aggiungi al carrello
              </button>
            </div>
            <p className={`pcard-msg scheda-msg${message ? ` is-${message.tone}` : ''}`} role="status">
              {message?.text}
            </p>
          </div>

          <Barcode value={prodotto.codice_prodotto} />
        </div>
      </div>

      <InfoList prodotto={prodotto} />
      {overlay}
    </article>
  );
}

/** A picture of the gallery: its web copy shown large, its thumbnail in the strip, its original to open. */
/** The Info list: article codes, supplier codes, EAN, photo and attachment links. */
function InfoList({ prodotto }: { prodotto: Prodotto }) {
  const info = prodotto.info;
  const allegati = prodotto.media_allegati.length
    ? prodotto.media_allegati.map((m) => ({ href: mediaUrl(m.dir, m.file), nome: m.nome || m.file }))
    : info.allegato.map((a) => ({ href: mediaPath(a), nome: fileName(a) }));
  const list = (items: string[]) => (items.length ? items.join(', ') : '—');
  return (
    <section className="scheda-infolist card" aria-labelledby="info-title">
      <h2 id="info-title" className="panel-title">Info</h2>
      <dl className="scheda-kv scheda-kv-wide">
        <dt>Codici articolo</dt>
        <dd className="codice">{list(info.codice_articolo)}</dd>
        <dt>Codici fornitore</dt>
        <dd className="codice">{list(info.codice_fornitore)}</dd>
        <dt>EAN</dt>
        <dd className="codice">{list(info.ean)}</dd>
        <dt>Foto</dt>
        <dd>
          {info.foto.length === 0 ? (
            '—'
          ) : (
            <ul className="scheda-links">
              {info.foto.map((f, i) => (
                <li key={f}>
                  <a href={mediaPath(f)} target="_blank" rel="noopener noreferrer">
                    Visualizza foto{info.foto.length > 1 ? ` ${i + 1}` : ''}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Allegati</dt>
        <dd>
          {allegati.length === 0 ? (
            '—'
          ) : (
            <ul className="scheda-links">
              {allegati.map((a) => (
                <li key={a.href}>
                  <a href={a.href} target="_blank" rel="noopener noreferrer">
                    Visualizza allegato
                  </a>{' '}
                  <span className="muted">({a.nome})</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
    </section>
  );
}
