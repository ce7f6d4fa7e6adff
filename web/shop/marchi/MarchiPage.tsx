import { useQuery } from '@tanstack/react-query';
import { Collegamento } from '../../components/Collegamento';
import { brandLogoSources } from '../../components/BrandLogo';
import { FallbackImage } from '../../components/ProductImage';
import { QueryView } from '../../components/QueryView';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { paths } from '../../paths';
import { brandQuery } from '../api';
import '../media/media.css';

/** 'I Nostri Marchi' (docs/regole/catalogo.md#brands): brand logos in rows of 3; a click opens the brand's products. */
export function MarchiPage() {
  useDocumentTitle('I Nostri Marchi');
  const query = useQuery(brandQuery());
  return (
    <>
      <div className="page-head">
        <h1>I Nostri Marchi</h1>
      </div>
      {/* A failed brand list shows as an empty list. */}
      <QueryView query={query} isEmpty={(d) => d.length === 0} empty="Nessun marchio disponibile." loadingLabel="Caricamento marchi…" seErrore="vuoto">
        {(brands) => (
          <ul className="brand-grid" aria-label="Marchi">
            {brands.map((b) => (
              <li key={b.brand_codice}>
                <Collegamento to={paths.marchiProdotti.href(b.brand_codice, b.nome)} className="brand-tile" aria-label={b.nome}>
                  <span className="brand-tile-logo">
                    <FallbackImage
                      sources={brandLogoSources(b.brand_codice, b.nome, b)}
                      alt=""
                      loading="lazy"
                      onFail={<span className="brand-tile-fallback">{b.nome}</span>}
                    />
                  </span>
                  <span className="brand-tile-name">{b.nome}</span>
                </Collegamento>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </>
  );
}
