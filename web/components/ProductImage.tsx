import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';
import type { Prodotto } from '../../shared/catalogo.js';
import { mediaPath } from '../lib/media';

/** Shown when a product has no loadable picture (web/public). */
export const PLACEHOLDER_PRODOTTO = '/placeholder-prodotto.svg';

/** What a product picture needs: its code and its main photo, whole and small. */
type ProdottoImmagine = Pick<Prodotto, 'codice_prodotto' | 'foto_principale' | 'foto_miniatura'>;

/**
 * The image chain of a product (docs/regole/catalogo.md#product-media): its main photo (the small copy, then the
 * original), else codart/{codice}/{codice}.jpg, else the placeholder. Never a broken image.
 * `src` shows another picture instead of the main photo (the product page's gallery).
 */
export function productImageChain(p: ProdottoImmagine, src?: string | null): string[] {
  const codice = encodeURIComponent(p.codice_prodotto);
  const foto = src ? [src] : [p.foto_miniatura, p.foto_principale];
  const chain = [
    ...foto.map((f) => (f ? mediaPath(f) : null)),
    `/media/codart/${codice}/${codice}.jpg`,
    PLACEHOLDER_PRODOTTO,
  ];
  return chain.filter((s, i): s is string => !!s && chain.indexOf(s) === i);
}

/**
 * An <img> that walks through `sources` on load errors. When the last one fails too it stays on it,
 * or shows `onFail` instead when given (null hides the image).
 */
export function FallbackImage({ sources, alt, onFail, ...rest }: {
  sources: string[];
  alt: string;
  onFail?: ReactNode;
} & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'>) {
  const key = sources.join('|');
  const [failed, setFailed] = useState({ key, index: 0 });
  const index = failed.key === key ? failed.index : 0;
  if (onFail !== undefined && (sources.length === 0 || index >= sources.length)) return <>{onFail}</>;
  const src = sources[Math.min(index, sources.length - 1)];
  return (
    <img
      {...rest}
      src={src}
      alt={alt}
      onError={() => setFailed({ key, index: onFail !== undefined ? index + 1 : Math.min(index + 1, sources.length - 1) })}
    />
  );
}

/** A product picture with the fallback chain; `src` overrides the main photo (the gallery). */
export function ProductImage({ prodotto, src, alt, className, loading = 'lazy', fetchPriority }: {
  prodotto: ProdottoImmagine;
  src?: string | null;
  alt: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low';
}) {
  return (
    <FallbackImage
      sources={productImageChain(prodotto, src)}
      alt={alt}
      className={className}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding="async"
    />
  );
}
