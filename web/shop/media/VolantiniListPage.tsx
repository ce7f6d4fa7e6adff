import { useQuery } from '@tanstack/react-query';
import { Collegamento } from '../../components/Collegamento';
import { FallbackImage } from '../../components/ProductImage';
import { QueryView } from '../../components/QueryView';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { mediaUrl } from '../../lib/media';
import { paths } from '../../paths';
import { volantiniQuery } from '../api';
import './media.css';

/** 800×200 placeholder for a flyer without cover. */
export const PLACEHOLDER_VOLANTINO = '/placeholder-volantino.svg';

/** 'Volantini' (/volantini-list): flyer cards with cover and name, each opening its products. */
export function VolantiniListPage() {
  useDocumentTitle('Volantini');
  const query = useQuery(volantiniQuery());
  return (
    <>
      <div className="page-head">
        <h1>Volantini</h1>
      </div>
      <QueryView query={query} isEmpty={(d) => d.length === 0} empty="Nessun volantino in corso." loadingLabel="Caricamento volantini…">
        {(volantini) => (
          <ul className="flyer-grid" aria-label="Volantini">
            {volantini.map((v) => (
              <li key={v.id}>
                <Collegamento to={paths.prodottiVolantino.href(v.id)} className="flyer-card">
                  <FallbackImage
                    className="flyer-cover"
                    sources={[mediaUrl(v.cover_dir, v.cover_file), PLACEHOLDER_VOLANTINO].filter(Boolean)}
                    alt=""
                    width={800}
                    height={200}
                    loading="lazy"
                  />
                  <span className="flyer-body">
                    <strong className="flyer-name">{v.nome}</strong>
                    <span className="muted">{v.numero_prodotti} prodotti</span>
                  </span>
                </Collegamento>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </>
  );
}
