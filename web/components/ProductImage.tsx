import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';
import { productImageChain, type ProdottoImmagine } from '../../shared/indirizzi-media.js';

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
