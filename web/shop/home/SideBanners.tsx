import { useQuery } from '@tanstack/react-query';
import { Collegamento } from '../../components/Collegamento';
import type { MultimediaItem } from '../../../shared/media.js';
import { linkValido } from '../../../shared/link.js';
import { FallbackImage } from '../../components/ProductImage';
import { QueryView } from '../../components/QueryView';
import { Spinner } from '../../components/Spinner';
import { mediaUrl } from '../../lib/media';
import { multimediaQuery } from '../api';
import './home.css';

/** The side banners' format: the column keeps its height while their pictures load (CLS). */
const FORMATO = { width: 300, height: 600 };

/**
 * While the list loads, a box of one banner's size in the list's place: on a phone the banners are one
 * row between the flyers and 'Ultimi Ordinati', which a shorter spinner moved down as they arrived (CLS).
 */
const caricamento = (
  <div className="side-banners">
    <div className="side-banner side-banner-attesa" style={{ aspectRatio: `${FORMATO.width} / ${FORMATO.height}` }}>
      <Spinner label="Caricamento banner…" />
    </div>
  </div>
);

/** The side banner column (multimedia 'banner laterale'): each an image linking to its `link`. */
export function SideBanners() {
  const query = useQuery(multimediaQuery('banner laterale'));
  // A banner failure is only logged; the column simply stays empty.
  return (
    <QueryView query={query} loading={caricamento} seErrore="niente" isEmpty={(d) => d.length === 0} empty={null}>
      {(banner) => (
        <ul className="side-banners" aria-label="Banner">
          {banner.map((b) => (
            <li key={b.id}>
              <BannerLink banner={b} />
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function BannerLink({ banner }: { banner: MultimediaItem }) {
  const img = (
    <FallbackImage
      sources={[mediaUrl(banner.cover_dir, banner.cover_file), '/placeholder-volantino.svg'].filter(Boolean)}
      alt={banner.nome}
      width={FORMATO.width}
      height={FORMATO.height}
      loading="lazy"
    />
  );
  // The server checks links as they are saved; a row written some other way never becomes a script link.
  if (!banner.link || !linkValido(banner.link)) return <div className="side-banner">{img}</div>;
  if (banner.link.startsWith('/')) {
    return (
      <Collegamento to={banner.link} className="side-banner" title={banner.descrizione || banner.nome}>
        {img}
      </Collegamento>
    );
  }
  return (
    <a href={banner.link} className="side-banner" target="_blank" rel="noopener noreferrer" title={banner.descrizione || banner.nome}>
      {img}
    </a>
  );
}
