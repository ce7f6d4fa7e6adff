import { useState } from 'react';
import './thumb.css';

/**
 * A small product picture for dense rows: the main photo, then codart/{code}/{code}.jpg, then a
 * neutral placeholder (docs/regole/catalogo.md#product-media). Decorative: code and title sit beside it.
 */
export function Thumb({ codice, foto, size = 36 }: { codice: string; foto?: string | null; size?: number }) {
  const sources = [foto ? `/media/${foto}` : null, `/media/codart/${encodeURIComponent(codice)}/${encodeURIComponent(codice)}.jpg`]
    .filter((s): s is string => !!s);
  const [i, setI] = useState(0);
  const style = { width: size, height: size };
  if (i >= sources.length) {
    return (
      <span className="thumb thumb-empty" style={style} aria-hidden="true">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z" />
          <path d="M3 7.5 12 12l9-4.5M12 12v9" />
        </svg>
      </span>
    );
  }
  return (
    <img className="thumb" style={style} src={sources[i]} alt="" width={size} height={size} loading="lazy" decoding="async" onError={() => setI(i + 1)} />
  );
}
