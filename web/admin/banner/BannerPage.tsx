import { useQuery } from '@tanstack/react-query';
import { Collegamento } from '../../components/Collegamento';
import type { MultimediaItem } from '../../../shared/media.js';
import { MSG_MULTIMEDIA, TIPOLOGIA_BANNER } from '../../../shared/media-costanti.js';
import { PencilIcon } from '../../components/Icone';
import { PulsanteCestino } from '../../components/PulsanteCestino';
import { QueryView } from '../../components/QueryView';
import { useToast } from '../../components/Toast';
import { Scheda } from '../../components/Scheda';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { errorMessage } from '../../lib/api';
import { paths } from '../../paths';
import { bannerQuery, useCancellaMultimedia, useOrdinaMultimedia } from '../multimedia/api';
import { Copertina } from '../multimedia/Copertina';
import { MultimediaForm } from '../multimedia/MultimediaForm';
import '../multimedia/multimedia.css';
import './banner.css';

/** Where a detail opened from here goes back to. */
const INDIETRO = { indietro: paths.adminBanner.path };

/**
 * /admin/banner (docs/regole/multimedia.md#side-banners): the side banners of the shop home (multimedia of type
 * 'banner laterale': a cover and a link), in the order the home shows them. New banners come from
 * the form; each can be moved up or down, edited in its detail page, or deleted.
 */
export function BannerPage() {
  useDocumentTitle('Banner');
  const query = useQuery(bannerQuery());
  return (
    <>
      <div className="page-head">
        <h1>Banner</h1>
      </div>
      <p className="page-sub">I banner laterali della home dei clienti, dall'alto in basso: un'immagine e la pagina o il sito a cui porta.</p>
      <div className="banner-layout">
        <Scheda titolo="Banner laterali" className="banner-lista" aDestra={query.data && <span className="badge">{query.data.length}</span>}>
          <QueryView query={query} loadingLabel="Caricamento banner…" isEmpty={(d) => d.length === 0} empty={MSG_MULTIMEDIA.vuoto}>
            {(banner) => <ElencoBanner banner={banner} />}
          </QueryView>
        </Scheda>
        <MultimediaForm tipologia={TIPOLOGIA_BANNER} titolo="Nuovo banner" />
      </div>
    </>
  );
}

function ElencoBanner({ banner }: { banner: MultimediaItem[] }) {
  const toast = useToast();
  const ordina = useOrdinaMultimedia();
  const cancella = useCancellaMultimedia();
  const confermaEFai = useConfirmAction();

  const sposta = async (da: number, a: number) => {
    const ids = banner.map((b) => b.id);
    [ids[da], ids[a]] = [ids[a]!, ids[da]!];
    try {
      await ordina.mutateAsync(ids);
    } catch (err) {
      toast.error(`Errore nel cambio di ordine\n${errorMessage(err)}`);
    }
  };
  const elimina = (b: MultimediaItem) => confermaEFai({
    question: MSG_MULTIMEDIA.conferma(b.nome),
    confirm: { danger: true, confirmLabel: 'Cancella', title: 'Cancella banner' },
    run: () => cancella.mutateAsync(b.id),
    failure: 'Errore nella cancellazione del banner',
  });
  const occupato = ordina.isPending || cancella.isPending;

  return (
    <ol className="banner-items" aria-busy={occupato}>
      {banner.map((b, i) => (
        <li key={b.id} className="banner-item">
          <span className="banner-posto" aria-hidden="true">{i + 1}</span>
          <Copertina item={b} piccola />
          <div className="banner-testo">
            <Collegamento to={paths.adminMultimediaDettaglio.href(b.id)} state={INDIETRO} className="strong">{b.nome}</Collegamento>
            <span className="codice banner-link" title={b.link}>{b.link || '—'}</span>
          </div>
          <div className="banner-azioni">
            <button type="button" className="btn btn-ghost icon-btn" aria-label={`Sposta su ${b.nome}`} disabled={i === 0 || occupato} onClick={() => void sposta(i, i - 1)}>
              <Freccia su />
            </button>
            <button type="button" className="btn btn-ghost icon-btn" aria-label={`Sposta giù ${b.nome}`} disabled={i === banner.length - 1 || occupato} onClick={() => void sposta(i, i + 1)}>
              <Freccia />
            </button>
            <Collegamento to={paths.adminMultimediaDettaglio.href(b.id)} state={INDIETRO} className="btn btn-ghost icon-btn" aria-label={`Modifica ${b.nome}`}>
              <PencilIcon />
            </Collegamento>
            <PulsanteCestino label={`Cancella ${b.nome}`} disabled={occupato} onClick={() => void elimina(b)} />
          </div>
        </li>
      ))}
    </ol>
  );
}

function Freccia({ su = false }: { su?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={su ? 'M12 19V5M6 11l6-6 6 6' : 'M12 5v14M6 13l6 6 6-6'} />
    </svg>
  );
}
