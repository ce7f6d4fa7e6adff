import { useQuery } from '@tanstack/react-query';
import type { MediaProdotto } from '../../../shared/catalogo.js';
import { MSG_MEDIA } from '../../../shared/prodotti-media-costanti.js';
import { type Column, DataTable } from '../../components/DataTable';
import { FallbackImage } from '../../components/ProductImage';
import { PLACEHOLDER_PRODOTTO } from '../../../shared/indirizzi-media.js';
import { PulsanteCestino } from '../../components/PulsanteCestino';
import { QueryView } from '../../components/QueryView';
import { useToast } from '../../components/Toast';
import { Scheda } from '../../components/Scheda';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { errorMessage } from '../../lib/api';
import { formatDimensione, VUOTO } from '../../lib/formato';
import { mediaUrl } from '../../lib/media';
import { CaricaMedia } from './CaricaMedia';
import { mediaQuery, useCancellaMedia, usePrincipale } from './api';
import './prodottoMedia.css';

/**
 * The photos and attachments of a product on its admin page (docs/regole/admin.md#product-photos):
 * the photos' grid with the main one marked, set or reset, delete and the originals; the
 * attachments' list with their downloads; an upload form for each.
 */
export function ProdottoMedia({ codiceProdotto }: { codiceProdotto: string }) {
  return (
    <div className="pmedia">
      <FotoProdotto codice={codiceProdotto} />
      <AllegatiProdotto codice={codiceProdotto} />
    </div>
  );
}

/** Asks, deletes and tells, for a photo or an attachment. */
function useCancella(codice: string) {
  const cancella = useCancellaMedia(codice);
  const confermaEFai = useConfirmAction();
  const chiedi = (m: MediaProdotto) => confermaEFai({
    question: m.tipologia === 'foto' ? 'Sei sicuro di voler cancellare questa foto?' : `Sei sicuro di voler cancellare l'allegato "${m.nome || m.file}"?`,
    confirm: { danger: true, confirmLabel: 'Cancella' },
    run: () => cancella.mutateAsync(m.id),
    failure: 'Errore durante la cancellazione',
  });
  return { chiedi, occupato: cancella.isPending };
}

function FotoProdotto({ codice }: { codice: string }) {
  const query = useQuery(mediaQuery(codice, 'foto'));
  const principale = usePrincipale(codice);
  const { chiedi, occupato } = useCancella(codice);
  const toast = useToast();

  const imposta = async (m: MediaProdotto | null) => {
    try {
      toast.success((await principale.mutateAsync(m?.id ?? null)).msg);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const bloccato = principale.isPending || occupato;

  return (
    <Scheda titolo="Foto" className="pmedia-card" aDestra={query.data && <span className="badge">{query.data.length}</span>}>
      <div className="pmedia-body">
        <QueryView query={query} isEmpty={(d) => d.length === 0} empty={MSG_MEDIA.nessunaFoto} loadingLabel="Caricamento foto...">
          {(foto) => (
            <ul className="pmedia-griglia" aria-label="Foto del prodotto">
              {foto.map((m) => {
                const isPrincipale = m.nome === 'default';
                const originale = mediaUrl(m.dir, m.file);
                return (
                  <li key={m.id} className={`pmedia-foto${isPrincipale ? ' is-principale' : ''}`} aria-label={isPrincipale ? `${m.file} (principale)` : m.file}>
                    <a className="pmedia-foto-img" href={originale} target="_blank" rel="noopener noreferrer" tabIndex={-1} aria-hidden="true">
                      <FallbackImage sources={[mediaUrl(m.dir, m.file_thumb ?? m.file), originale, PLACEHOLDER_PRODOTTO]} alt="" loading="lazy" />
                    </a>
                    {isPrincipale && <span className="pmedia-badge">Principale</span>}
                    <div className="pmedia-foto-meta">
                      <span className="pmedia-foto-nome" title={m.file}>{m.file}</span>
                      <span className="muted">{formatDimensione(m.dimensione)}</span>
                    </div>
                    <div className="pmedia-foto-azioni">
                      {isPrincipale ? (
                        <button type="button" className="btn btn-sm pmedia-principale-btn" disabled={bloccato} onClick={() => void imposta(null)}>
                          Togli principale
                        </button>
                      ) : (
                        <button type="button" className="btn btn-sm pmedia-principale-btn" disabled={bloccato} onClick={() => void imposta(m)}
                          aria-label={`Imposta ${m.file} come foto principale`}>
                          Imposta principale
                        </button>
                      )}
                      <a className="btn btn-sm btn-ghost" href={originale} target="_blank" rel="noopener noreferrer" aria-label={`Apri l'originale di ${m.file}`}>
                        Originale ↗
                      </a>
                      <PulsanteCestino label={`Cancella ${m.file}`} disabled={bloccato} onClick={() => void chiedi(m)} />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </QueryView>
      </div>
      <CaricaMedia codice={codice} tipologia="foto" />
    </Scheda>
  );
}

/** The kind of a stored file, as its judged extension says it. */
const tipoDi = (file: string) => (file.includes('.') ? file.split('.').pop()!.toUpperCase() : VUOTO);

const colonneAllegati: Column<MediaProdotto>[] = [
  {
    key: 'nome', header: 'Nome', className: 'pmedia-allegato-nome',
    cell: (m) => (
      <>
        <span className="strong">{m.nome || m.file}</span>
        <span className="muted pmedia-allegato-file">{m.file}</span>
      </>
    ),
  },
  { key: 'tipo', header: 'Tipo', className: 'codice', cell: (m) => tipoDi(m.file) },
  { key: 'dimensione', header: 'Dimensione', align: 'end', className: 'nowrap', cell: (m) => formatDimensione(m.dimensione) || VUOTO },
];

function AllegatiProdotto({ codice }: { codice: string }) {
  const query = useQuery(mediaQuery(codice, 'allegato'));
  const { chiedi, occupato } = useCancella(codice);

  return (
    <Scheda titolo="Allegati" className="pmedia-card" aDestra={query.data && <span className="badge">{query.data.length}</span>}>
      <div className="pmedia-body">
        <DataTable label="Allegati del prodotto" scrollClassName="pmedia-tabella" query={query} columns={colonneAllegati}
          empty={MSG_MEDIA.nessunAllegato} loadingLabel="Caricamento allegati..."
          actions={(m) => (
            <span className="pmedia-allegato-azioni">
              <a className="btn btn-sm" href={mediaUrl(m.dir, m.file)} download aria-label={`Scarica ${m.nome || m.file}`}>
                Scarica
              </a>
              <PulsanteCestino label={`Cancella ${m.nome || m.file}`} disabled={occupato} onClick={() => void chiedi(m)} />
            </span>
          )}
        />
      </div>
      <CaricaMedia codice={codice} tipologia="allegato" />
    </Scheda>
  );
}
