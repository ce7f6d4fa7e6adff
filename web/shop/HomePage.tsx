import { useQuery } from '@tanstack/react-query';
import { Collegamento } from '../components/Collegamento';
import type { Prodotto } from '../../shared/catalogo.js';
import { nomeUtente } from '../session/sessione';
import { ProductGrid } from '../components/ProductGrid';
import { QueryView } from '../components/QueryView';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { paths } from '../paths';
import { ultimiOrdinatiQuery } from './api';
import { FlyerCarousel } from './home/FlyerCarousel';
import { SideBanners } from './home/SideBanners';
import { useShopSession } from '../session/shopSession';
import '../components/product.css';
import './prodotti/prodotti.css';

/**
 * Home (/home, /home2): welcome text, side banners, the rotating flyer banner and 'Ultimi
 * Ordinati' (the user's last ordered products, or random products when there are none).
 */
export function HomePage() {
  useDocumentTitle('Home');
  const { session, utente } = useShopSession();
  const nome = nomeUtente(utente);
  return (
    <div className="home">
      <div className="with-aside">
        <div className="with-aside-side">
          <SideBanners />
        </div>
        <div className="with-aside-main">
          <section className="home-welcome" aria-labelledby="home-title">
            <h1 id="home-title">Benvenuto{nome ? `, ${nome}` : ''}</h1>
            <p>
              Stai ordinando per <strong>{session.cliente_ragionesociale}</strong>{' '}
              <span className="codice muted">({session.cliente_codice})</span>. Cerca per descrizione, codice o EAN, sfoglia le{' '}
              <Collegamento to={paths.prodotti.path}>categorie</Collegamento> e i <Collegamento to={paths.volantiniList.path}>volantini in corso</Collegamento>, oppure
              riordina i tuoi articoli abituali qui sotto.
            </p>
          </section>
          <FlyerCarousel />
          <UltimiOrdinati />
        </div>
      </div>
    </div>
  );
}

function UltimiOrdinati() {
  const { session } = useShopSession();
  const query = useQuery({ ...ultimiOrdinatiQuery(session), enabled: !!session.azienda_codice && !!session.cliente_codice });
  return (
    <section className="home-section" aria-labelledby="ultimi-title">
      <div className="home-section-head">
        <h2 id="ultimi-title">Ultimi Ordinati</h2>
        {query.data?.casuali && <span className="muted home-section-note">Non hai ancora ordinato: ecco alcuni articoli dal catalogo.</span>}
      </div>
      <QueryView query={query} loadingLabel="Caricamento prodotti…" isEmpty={(d) => d.prodotti.length === 0} empty="Nessun prodotto da mostrare.">
        {(d) => <ProductGrid prodotti={d.prodotti as Prodotto[]} label="Ultimi Ordinati" />}
      </QueryView>
    </section>
  );
}
