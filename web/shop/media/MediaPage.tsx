import { useQueries } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Collegamento } from '../../components/Collegamento';
import type { MultimediaItem } from '../../../shared/media.js';
import type { MultimediaTipologia } from '../../../shared/media-costanti.js';
import { useDialogs } from '../../components/Modal';
import { FallbackImage } from '../../components/ProductImage';
import { QueryView } from '../../components/QueryView';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { downloadBlob, errorMessage } from '../../lib/api';
import { fileName, mediaUrl, saveBlob } from '../../lib/media';
import { paths } from '../../paths';
import { multimediaQuery } from '../api';
import { PLACEHOLDER_VOLANTINO } from './VolantiniListPage';
import './media.css';

interface Sezione {
  tipologia: MultimediaTipologia;
  /** Heading of the section when a page has more than one. */
  titolo?: string;
  sort?: (a: MultimediaItem, b: MultimediaItem) => number;
}

/** The first number in a name (catalogues are sorted by it: 'Catalogo 2' before 'Catalogo 10'). */
export function primoNumero(nome: string): number {
  const m = /\d+/.exec(nome);
  return m ? Number(m[0]) : Number.POSITIVE_INFINITY;
}

/** Where an item's file is: /media/{link_folder}{link_file}, else its link. */
function fileOf(item: MultimediaItem): string {
  return item.link_file ? mediaUrl(item.link_folder, item.link_file) : item.link;
}

/**
 * A media page (docs/regole/multimedia.md#media-pages): cards with cover, name, 'Scarica' (downloads the file as a
 * blob, saved under its file name) and 'Apri' (new tab).
 */
function MediaPage({ titolo, sezioni, intro }: { titolo: string; sezioni: Sezione[]; intro?: ReactNode }) {
  useDocumentTitle(titolo);
  const queries = useQueries({ queries: sezioni.map((s) => multimediaQuery(s.tipologia)) });
  return (
    <>
      <div className="page-head">
        <h1>{titolo}</h1>
      </div>
      {intro}
      {sezioni.map((s, i) => {
        const q = queries[i]!;
        return (
          <section key={s.tipologia} className="media-section" aria-label={s.titolo ?? titolo}>
            {s.titolo && <h2 className="media-section-title">{s.titolo}</h2>}
            <QueryView query={q} isEmpty={(d) => d.length === 0} empty="Nessun documento disponibile.">
              {(d) => (
                <ul className="media-grid">
                  {[...d].sort(s.sort ?? (() => 0)).map((item) => (
                    <li key={item.id}>
                      <MediaCard item={item} />
                    </li>
                  ))}
                </ul>
              )}
            </QueryView>
          </section>
        );
      })}
    </>
  );
}

function MediaCard({ item }: { item: MultimediaItem }) {
  const titleId = useId();
  const { alert } = useDialogs();
  const [busy, setBusy] = useState(false);
  const file = fileOf(item);

  const scarica = async () => {
    setBusy(true);
    try {
      saveBlob(await downloadBlob(file), fileName(item.link_file || file));
    } catch (err) {
      await alert(`Impossibile scaricare il file: ${errorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="media-card" aria-labelledby={titleId}>
      <div className="media-cover">
        <FallbackImage sources={[mediaUrl(item.cover_dir, item.cover_file), PLACEHOLDER_VOLANTINO].filter(Boolean)} alt="" loading="lazy" />
      </div>
      <div className="media-body">
        <h3 id={titleId} className="media-title">{item.nome}</h3>
        {item.descrizione && <p className="media-desc">{item.descrizione}</p>}
      </div>
      {file && (
        <div className="media-actions">
          <button type="button" className="btn btn-primary btn-sm" aria-describedby={titleId} disabled={busy} onClick={() => void scarica()}>
            {busy ? <Spinner label="Download in corso…" /> : <DownloadIcon />}
            Scarica
          </button>
          <a className="btn btn-sm" href={file} target="_blank" rel="noopener noreferrer" aria-describedby={titleId}>
            Apri
          </a>
        </div>
      )}
    </article>
  );
}

function DownloadIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 3v12M7 10l5 5 5-5M4 20h16" />
    </svg>
  );
}

export function NovitaPage() {
  return <MediaPage titolo="Novità e Promozioni" sezioni={[{ tipologia: 'novita' }]} />;
}

export function VolantiniPage() {
  return (
    <MediaPage
      titolo="Volantini"
      sezioni={[{ tipologia: 'volantino' }]}
      intro={
        <p className="media-intro">
          Vuoi ordinare subito gli articoli in offerta? <Collegamento to={paths.volantiniList.path}>Sfoglia i prodotti dei volantini in corso →</Collegamento>
        </p>
      }
    />
  );
}

export function CatalogoPage() {
  return <MediaPage titolo="Catalogo" sezioni={[{ tipologia: 'catalogo', sort: (a, b) => primoNumero(a.nome) - primoNumero(b.nome) }]} />;
}

export function TabelleComparativePage() {
  return (
    <MediaPage
      titolo="Tabelle Comparative"
      sezioni={[
        { tipologia: 'tabelle conversione', titolo: 'Tabelle di conversione' },
        { tipologia: 'comparativi chiavi', titolo: 'Comparativi chiavi' },
      ]}
    />
  );
}

export function NuoviInserimentiPage() {
  return <MediaPage titolo="Novità" sezioni={[{ tipologia: 'nuovi inserimenti' }]} />;
}
