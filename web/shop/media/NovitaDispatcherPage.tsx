import { Collegamento } from '../../components/Collegamento';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { paths } from '../../paths';
import './media.css';

/** The novelties entry (docs/regole/multimedia.md#novelties-entry): one banner to /novita (promotions), one to /nuovi-inserimenti. */
export function NovitaDispatcherPage() {
  useDocumentTitle('Novità');
  return (
    <>
      <div className="page-head">
        <h1>Novità</h1>
      </div>
      <div className="novita-banners">
        <Collegamento to={paths.novita.path} className="novita-banner">
          <img src="/banner-novita.svg" alt="Novità e promozioni" width={1200} height={360} />
        </Collegamento>
        <Collegamento to={paths.nuoviInserimenti.path} className="novita-banner">
          <img src="/banner-nuovi-inserimenti.svg" alt="Nuovi inserimenti" width={1200} height={360} />
        </Collegamento>
      </div>
      <p className="novita-more">
        Cerchi gli articoli appena entrati a catalogo? <Collegamento to={paths.novitaProdotti.path}>Vedi i prodotti inseriti negli ultimi 30 giorni →</Collegamento>
      </p>
    </>
  );
}
