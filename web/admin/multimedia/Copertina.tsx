import type { MultimediaItem } from '../../../shared/media.js';
import { FallbackImage } from '../../components/ProductImage';
import { mediaUrl } from '../../lib/media';

/** The placeholder the customer pages show for an item without a cover (800×200). */
const PLACEHOLDER = '/placeholder-volantino.svg';

/** An item's cover as the customer pages show it (its web copy), or their placeholder. */
export function Copertina({ item, piccola = false }: { item: Pick<MultimediaItem, 'cover_dir' | 'cover_file' | 'nome'>; piccola?: boolean }) {
  return (
    <FallbackImage
      className={piccola ? 'mm-thumb' : 'mm-cover'}
      sources={[mediaUrl(item.cover_dir, item.cover_file), PLACEHOLDER].filter(Boolean)}
      alt={piccola ? '' : `Copertina di ${item.nome}`}
      loading="lazy"
      decoding="async"
    />
  );
}
