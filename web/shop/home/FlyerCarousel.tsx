import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FallbackImage } from '../../components/ProductImage';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/Icone';
import { QueryView } from '../../components/QueryView';
import { Spinner } from '../../components/Spinner';
import { mediaUrl } from '../../lib/media';
import { paths } from '../../paths';
import { volantiniQuery } from '../api';

/** The flyer banner rotates every 6000 ms with a 500 ms fade. */
export const ROTATION_MS = 6000;
export const FADE_MS = 500;
const PLACEHOLDER = '/placeholder-volantino.svg';

/**
 * The rotating flyer banner of the home: under the image a bar with the flyer's name, previous/next
 * buttons and dots (44 px targets); a click on a flyer opens
 * its products (/prodotti-volantino/{id}). Rotation pauses while the pointer or focus is inside.
 */
export function FlyerCarousel() {
  const query = useQuery(volantiniQuery());
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const flyers = query.data ?? [];
  const n = flyers.length;

  useEffect(() => {
    if (n < 2 || paused) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % n), ROTATION_MS);
    return () => clearInterval(t);
  }, [n, paused, index]);

  const current = Math.min(index, n - 1);

  // The loaded carousel's size (image and bar under it), so that nothing below it moves (CLS).
  const loading = (
    <div className="carousel carousel-loading">
      <div className="carousel-track">
        <Spinner label="Caricamento volantini…" size="lg" />
      </div>
      <div className="carousel-bar" aria-hidden="true">
        <p className="carousel-caption"><strong>{'\u00a0'}</strong><span>{'\u00a0'}</span></p>
        <span className="carousel-nav" />
      </div>
    </div>
  );
  // A banner failure is only logged; without flyers there is no banner.
  return (
    <QueryView query={query} loading={loading} seErrore="niente" isEmpty={(d) => d.length === 0} empty={null}>
      {() => (
        <section
          className="carousel"
          aria-roledescription="carosello"
          aria-label="Volantini"
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
        >
          <div className="carousel-track">
            {flyers.map((v, i) => (
              <button
                key={v.id}
                type="button"
                className={`carousel-slide${i === current ? ' is-active' : ''}`}
                style={{ transitionDuration: `${FADE_MS}ms` }}
                aria-hidden={i !== current}
                tabIndex={i === current ? 0 : -1}
                aria-label={`Apri il volantino ${v.nome}`}
                onClick={() => void navigate(paths.prodottiVolantino.href(v.id))}
              >
                <FallbackImage
                  sources={[mediaUrl(v.cover_dir, v.cover_file), PLACEHOLDER].filter(Boolean)}
                  alt=""
                  loading={i === 0 ? 'eager' : 'lazy'}
                  // The first flyer is the page's largest paint: ahead of the other images.
                  fetchPriority={i === 0 ? 'high' : 'low'}
                />
              </button>
            ))}
          </div>
          {/* Caption and controls in a bar under the image: over it they hid the flyer's own title. */}
          <div className="carousel-bar">
            <p className="carousel-caption">
              <strong>{flyers[current]!.nome}</strong>
              <span>{flyers[current]!.numero_prodotti} prodotti in offerta</span>
            </p>
            {n > 1 && (
              <>
                <button type="button" className="carousel-nav carousel-prev" aria-label="Volantino precedente" onClick={() => setIndex((current - 1 + n) % n)}>
                  <ChevronLeftIcon />
                </button>
                <div className="carousel-dots">
                  {flyers.map((v, i) => (
                    <button
                      key={v.id}
                      type="button"
                      className={`carousel-dot${i === current ? ' is-active' : ''}`}
                      aria-label={`Volantino ${i + 1} di ${n}: ${v.nome}`}
                      aria-current={i === current ? 'true' : undefined}
                      onClick={() => setIndex(i)}
                    />
                  ))}
                </div>
                <button type="button" className="carousel-nav carousel-next" aria-label="Volantino successivo" onClick={() => setIndex((current + 1) % n)}>
                  <ChevronRightIcon />
                </button>
              </>
            )}
          </div>
        </section>
      )}
    </QueryView>
  );
}
