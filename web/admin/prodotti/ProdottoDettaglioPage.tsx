import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useParams } from 'react-router-dom';
import type { Prodotto } from '../../../shared/catalogo.js';
import { SENZA_MARCHIO } from '../../../shared/catalogo-costanti.js';
import { formatData, formatPrezzo, formatNumero } from '../../lib/formato';
import { BackButton } from '../../components/BackButton';
import { PaginaDettaglio } from '../../components/PaginaDettaglio';
import { ProductImage } from '../../components/ProductImage';
import { Scheda } from '../../components/Scheda';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { paths } from '../../paths';
import { StoricoModifiche } from '../storico/StoricoModifiche';
import { dettaglioQuery } from './api';
import { DescrizionePersonalizzata } from './DescrizionePersonalizzata';
import { ProdottoMedia } from './ProdottoMedia';
import './prodotti.css';

/**
 * /admin/prodotti/dettaglio/:codice_prodotto (docs/regole/admin.md#products-admin): the
 * product's data as prodotti/details gives it for the admin codes (codes, descriptions, brand,
 * category, list prices, stock, EAN and supplier codes), the form of its portal texts, and its
 * 'Storico modifiche'. An unknown code shows the server's message.
 */
export function ProdottoDettaglioPage() {
  const { codice_prodotto: codice = '' } = useParams();
  const query = useQuery(dettaglioQuery(codice));
  useDocumentTitle(query.data ? `Prodotto ${query.data.codice_prodotto}` : 'Prodotto');
  // Back to the list it came from (its page and search), else to the products.
  const indietro = <BackButton to={paths.adminProdotti.path} storia />;
  return (
    <PaginaDettaglio query={query} titolo="Prodotto" indietro={indietro}>
      {(prodotto) => (
        <>
          <div className="page-head">
            <h1 className="prodotto-titolo">{prodotto.titolo}</h1>
            {indietro}
          </div>
          <p className="page-sub">
            Codice <span className="codice">{prodotto.codice_prodotto}</span>
            {prodotto.brand_id !== SENZA_MARCHIO && <> · {prodotto.brand_descrizione}</>}
            {categoriaDi(prodotto) && <> · {categoriaDi(prodotto)}</>}
          </p>
          <div className="prodotto-grid">
            <DatiProdotto prodotto={prodotto} />
            <Scheda titolo="Descrizione personalizzata">
              <DescrizionePersonalizzata key={prodotto.codice_prodotto} prodotto={prodotto} />
            </Scheda>
          </div>
          <ProdottoMedia codiceProdotto={prodotto.codice_prodotto} />
          <StoricoModifiche entita="prodotto" entitaId={prodotto.codice_prodotto} />
        </>
      )}
    </PaginaDettaglio>
  );
}

/** 'Ferramenta › Viteria › Viti per legno': the ERP's families of the product. */
const categoriaDi = (p: Prodotto) => [p.famiglia, p.sottofamiglia, p.gruppo, p.sottogruppo].filter(Boolean).join(' › ');

/** The price lists a product has (pz1, pz2, …), in order. */
function listiniDi(p: Prodotto): [number, number][] {
  return Object.entries(p)
    .flatMap(([k, v]): [number, number][] => (/^pz\d+$/.test(k) && typeof v === 'number' ? [[Number(k.slice(2)), v]] : []))
    .sort((a, b) => a[0] - b[0]);
}

const elenco = (xs: string[]) => (xs.length ? xs.join(', ') : <span className="muted">—</span>);

function DatiProdotto({ prodotto: p }: { prodotto: Prodotto }) {
  const um = p.um || 'PZ';
  const creato = p.data_creazione ?? p.created_at;
  return (
    <Scheda titolo="Dati prodotto">
      <div className="card-body prodotto-dati">
        <div className="prodotto-foto">
          <ProductImage prodotto={p} alt={p.titolo} loading="eager" />
        </div>
        <dl className="kv prodotto-kv">
          <dt>Codice prodotto</dt>
          <dd className="codice">{p.codice_prodotto}</dd>
          <dt>Descrizione 1</dt>
          <dd>{p.descrizione1}</dd>
          <dt>Descrizione 2</dt>
          <dd>{p.descrizione2 || <span className="muted">—</span>}</dd>
          <dt>Marca</dt>
          <dd>{p.brand_id === SENZA_MARCHIO ? <span className="muted">—</span> : <>{p.brand_descrizione} <span className="muted codice">({p.brand_id})</span></>}</dd>
          <dt>Categoria</dt>
          <dd>{categoriaDi(p) || <span className="muted">—</span>}</dd>
          <dt>Unità di misura</dt>
          <dd>{um}</dd>
          <dt>Pezzi per confezione</dt>
          <dd>{p.pz_conf}{p.pz_conf2 > 1 && p.pz_conf2 !== p.pz_conf ? ` (seconda confezione: ${p.pz_conf2})` : ''}</dd>
          <dt>IVA</dt>
          <dd>{formatNumero(p.iva_aliquota)} %</dd>
          {listiniDi(p).map(([n, prezzo]) => (
            <Fragment key={n}>
              <dt>Listino {n}</dt>
              <dd>{formatPrezzo(prezzo)}</dd>
            </Fragment>
          ))}
          <dt>Disponibilità</dt>
          <dd><span className={`stock stock-${p.disponibilita_colore}`}>{p.disponibilita} {um}</span></dd>
          <dt>Giacenza</dt>
          <dd>{p.giac_attuale} {um}</dd>
          <dt>In arrivo dal fornitore</dt>
          <dd>{p.ord_forn} {um}</dd>
          <dt>EAN</dt>
          <dd className="codice">{elenco(p.info.ean)}</dd>
          <dt>Codici articolo</dt>
          <dd className="codice">{elenco(p.info.codice_articolo)}</dd>
          <dt>Codici fornitore</dt>
          <dd className="codice">{elenco(p.info.codice_fornitore)}</dd>
          <dt>Data creazione</dt>
          <dd>{formatData(creato)}</dd>
        </dl>
      </div>
    </Scheda>
  );
}
