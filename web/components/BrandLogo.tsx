import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SENZA_MARCHIO } from '../../shared/catalogo-costanti.js';
import { mediaUrl } from '../lib/media';
import { brandInfoQuery } from '../shop/api';
import { FallbackImage } from './ProductImage';

/**
 * The local logo path for a brand whose logo failed (docs/regole/catalogo.md#brands):
 * /media/brand/{id without leading zeros}_{description lowercase, spaces → _}_logo.jpg
 */
export function brandFallbackLogo(brandId: string, descrizione: string): string {
  const id = brandId.replace(/^0+/, '');
  const nome = descrizione.trim().toLowerCase().replace(/\s+/g, '_');
  return `/media/brand/${encodeURIComponent(id)}_${encodeURIComponent(nome)}_logo.jpg`;
}

/** A brand's logo images, best first. */
export function brandLogoSources(brandId: string, descrizione: string, cover?: { cover_dir: string; cover_file: string } | null): string[] {
  const list = [cover ? mediaUrl(cover.cover_dir, cover.cover_file) : '', brandFallbackLogo(brandId, descrizione)];
  return list.filter((s, i) => !!s && list.indexOf(s) === i);
}

/**
 * A brand logo from brand/info (cover_dir + cover_file), then the local fallback, then nothing
 * (or `onFail`). Hidden for brand '000' (no brand).
 */
export function BrandLogo({ brandId, descrizione, className, onFail = null }: {
  brandId: string;
  descrizione: string;
  className?: string;
  onFail?: ReactNode;
}) {
  const noBrand = !brandId || brandId === SENZA_MARCHIO;
  const info = useQuery({ ...brandInfoQuery(brandId), enabled: !noBrand });
  if (noBrand) return null;
  if (info.isPending) return null;
  return (
    <FallbackImage
      className={className}
      sources={brandLogoSources(brandId, descrizione, info.data)}
      alt={`Logo ${descrizione}`}
      onFail={onFail}
    />
  );
}
