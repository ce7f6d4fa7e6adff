import { useState, type FormEvent } from 'react';
import type { MultimediaItem, MultimediaUpdateRequest } from '../../../shared/media.js';
import {
  erroreContenuto, LIMITI_MULTIMEDIA, MULTIMEDIA_TIPOLOGIE, TIPOLOGIA_BANNER, TIPOLOGIA_ETICHETTA, type MultimediaTipologia,
} from '../../../shared/media-costanti.js';
import { InputField } from '../../components/form/InputField';
import { SelectField } from '../../components/form/SelectField';
import { TextareaField } from '../../components/form/TextareaField';
import { useModulo } from '../../components/form/useModulo';
import { useToast } from '../../components/Toast';
import { Scheda } from '../../components/Scheda';
import { errorMessage } from '../../lib/api';
import { useAggiornaMultimedia, useCreaMultimedia } from './api';
import { Avanzamento, eAnnullato, useCaricamento } from './Avanzamento';
import { erroreFile, HINT_COVER, HINT_DOCUMENTO, SceltaFile } from './SceltaFile';

export const OPZIONI_TIPOLOGIA = MULTIMEDIA_TIPOLOGIE.map((t) => ({ value: t, label: TIPOLOGIA_ETICHETTA[t] }));

/** The link field's hint. */
const HINT_LINK = 'Un percorso del portale (es. /volantini) o un indirizzo https://…';

type Campi = { nome: string; tipologia: string; descrizione: string; link: string };
const daItem = (item: MultimediaItem): Campi => ({ nome: item.nome, tipologia: item.tipologia, descrizione: item.descrizione, link: item.link });

/** The fields of an edit that differ from the item (trimmed as the server stores them); the link only for a banner. */
function cambiDi(item: MultimediaItem, campi: Campi): Partial<Omit<MultimediaUpdateRequest, 'multimedia_id'>> {
  const cambi: Partial<Omit<MultimediaUpdateRequest, 'multimedia_id'>> = {};
  if (campi.nome.trim() !== item.nome) cambi.nome = campi.nome;
  if (campi.descrizione.trim() !== item.descrizione) cambi.descrizione = campi.descrizione;
  if (campi.tipologia !== item.tipologia) cambi.tipologia = campi.tipologia as MultimediaTipologia;
  if (item.tipologia === TIPOLOGIA_BANNER && campi.link.trim() !== item.link) cambi.link = campi.link.trim();
  return cambi;
}

/**
 * An item's form (docs/regole/multimedia.md#multimedia-admin), one for both ways. Without `item` it
 * creates (nome and tipologia required, submit disabled until valid): a document to download with
 * its optional cover, or, for a side banner, a cover and a link; the upload shows its progress and
 * can be stopped. With `item` it edits the item's texts (the detail page replaces its files in a
 * card of their own): only the fields changed are sent, and a banner stays a banner. The call's
 * schema checks the fields (each as it is typed once changed), the content's rule the files and
 * the link (shared/media-costanti.ts), and the server's refusal of a field shows under it. With
 * `tipologia` the type of a new item is fixed (the banner page).
 */
export function MultimediaForm({ item, tipologia: fissa, titolo }: { item?: MultimediaItem; tipologia?: MultimediaTipologia; titolo: string }) {
  const toast = useToast();
  const crea = useCreaMultimedia();
  const aggiorna = useAggiornaMultimedia();
  const { avanzamento, avvia, annulla } = useCaricamento();
  const iniziali: Campi = item ? daItem(item) : { nome: '', tipologia: fissa ?? '', descrizione: '', link: '' };
  const modulo = useModulo(
    () => import('../../../shared/media.js').then((m) => (item ? m.multimediaUpdateRequest : m.multimediaCreaRequest)),
    iniziali,
    // The files go beside the fields (the call's upload); the content's rule may refuse either.
    { file: ['file', 'cover'] },
  );
  const campi = modulo.valori;
  const [file, setFile] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [errore, setErrore] = useState('');
  // A new key empties the file pickers (a file input cannot be cleared from outside).
  const [giro, setGiro] = useState(0);

  const banner = campi.tipologia === TIPOLOGIA_BANNER;
  const inCorso = avanzamento !== null || aggiorna.isPending;
  const cambi = item ? cambiDi(item, campi) : {};
  // What is sent: a new item's fields (a document has no link; the schema judges the type), or an edit's changes.
  const nuovo = { nome: campi.nome, descrizione: campi.descrizione, tipologia: campi.tipologia as MultimediaTipologia, link: banner ? campi.link.trim() : '' };
  const input = item ? { multimedia_id: item.id, ...cambi } : nuovo;
  const contenuto = erroreContenuto(item
    ? { tipologia: campi.tipologia, link: cambi.link ?? item.link, haFile: !!item.link_file, haCover: !!item.cover_file }
    : { tipologia: campi.tipologia, link: nuovo.link, haFile: !banner && !!file, haCover: !!cover });
  const fileErrati = !!(file && !banner && erroreFile(file, 'file')) || !!(cover && erroreFile(cover, 'cover'));
  const cambiato = Object.keys(cambi).length > 0;
  const valido = modulo.valido(input) && !contenuto && !fileErrati && (!item || cambiato);

  // A field changed shows what is wrong with it as it is typed; a refusal on sending, until edited.
  const problemi = modulo.problemi(input);
  if (contenuto?.campo === 'link') problemi.link ??= contenuto.msg;
  const erroreDi = (c: keyof Campi) => modulo.errori[c] ?? (campi[c] !== iniziali[c] ? problemi[c] : undefined);

  const ricomincia = () => {
    modulo.setValori(iniziali);
    modulo.mostra({});
  };

  const invia = async (e: FormEvent) => {
    e.preventDefault();
    if (!valido || inCorso) return;
    setErrore('');
    if (!(await modulo.valida(input)).ok) return;
    try {
      if (item) {
        toast.success((await aggiorna.mutateAsync({ multimedia_id: item.id, ...cambi })).msg);
        return;
      }
      const r = await avvia((onProgress, signal) => crea.mutateAsync({
        dati: nuovo,
        files: { file: banner ? null : file, cover },
        onProgress, signal,
      }));
      toast.success(r.msg);
      ricomincia();
      setFile(null);
      setCover(null);
      setGiro((g) => g + 1);
    } catch (err) {
      if (eAnnullato(err)) setErrore('Caricamento annullato.');
      else if (!modulo.mostraDalServer(err)) setErrore(errorMessage(err));
    }
  };

  const nome = (
    <InputField label="Nome" required maxLength={LIMITI_MULTIMEDIA.nome} disabled={inCorso} autoComplete="off"
      {...modulo.campo('nome')} error={erroreDi('nome')} />
  );
  const link = banner && (
    <InputField label="Link" required type="text" inputMode="url" maxLength={LIMITI_MULTIMEDIA.link} hint={HINT_LINK}
      disabled={inCorso} autoComplete="off" {...modulo.campo('link')} error={erroreDi('link')} />
  );
  const erroreInvio = errore && <p className="inline-status is-error" role="alert">{errore}</p>;

  if (item) {
    // A banner stays a banner and a document a document (the server refuses the change).
    const opzioni = OPZIONI_TIPOLOGIA.filter((o) => (o.value === TIPOLOGIA_BANNER) === banner);
    return (
      <Scheda titolo={titolo}>
        <form className="card-body mm-dati" onSubmit={(e) => void invia(e)} noValidate>
          {nome}
          <SelectField label="Tipologia" required options={opzioni} disabled={banner} {...modulo.campo('tipologia')} />
          {link}
          <TextareaField label="Descrizione" rows={4} maxLength={LIMITI_MULTIMEDIA.descrizione} {...modulo.campo('descrizione')} />
          {erroreInvio}
          <div className="mm-azioni">
            <button type="button" className="btn" disabled={!cambiato || inCorso} onClick={ricomincia}>
              Annulla modifiche
            </button>
            <button type="submit" className="btn btn-primary" disabled={!valido || inCorso}>
              Salva modifiche
            </button>
          </div>
        </form>
      </Scheda>
    );
  }

  return (
    <Scheda titolo={titolo} className="mm-form-card">
      <form className="mm-form" onSubmit={(e) => void invia(e)} noValidate aria-busy={inCorso}>
        <div className="mm-form-campi">
          {nome}
          {!fissa && (
            <SelectField label="Tipologia" required placeholder="Seleziona…" options={OPZIONI_TIPOLOGIA} disabled={inCorso}
              {...modulo.campo('tipologia')} />
          )}
          {link}
          <TextareaField label="Descrizione" rows={banner ? 2 : 4} maxLength={LIMITI_MULTIMEDIA.descrizione} disabled={inCorso}
            {...modulo.campo('descrizione')} />
        </div>
        <div className="mm-form-file">
          {!banner && (
            <SceltaFile
              key={`file-${giro}`}
              label="File da scaricare"
              campo="file"
              required
              hint={HINT_DOCUMENTO}
              file={file}
              {...modulo.controllo('file')}
              onChange={(f) => {
                setFile(f);
                modulo.pulisci('file');
              }}
              disabled={inCorso}
            />
          )}
          <SceltaFile
            key={`cover-${giro}`}
            label="Copertina"
            campo="cover"
            required={banner}
            hint={HINT_COVER}
            file={cover}
            {...modulo.controllo('cover')}
            onChange={(f) => {
              setCover(f);
              modulo.pulisci('cover');
            }}
            disabled={inCorso}
          />
        </div>
        <div className="mm-form-azioni">
          {avanzamento && <Avanzamento {...avanzamento} />}
          {erroreInvio}
          {!valido && !inCorso && <p className="hint">Compila i campi obbligatori (*) per caricare.</p>}
          <div className="mm-form-bottoni">
            {inCorso && (
              <button type="button" className="btn" onClick={annulla}>
                Annulla
              </button>
            )}
            <button type="submit" className="btn btn-primary" disabled={!valido || inCorso}>
              {inCorso ? 'Caricamento…' : 'Carica'}
            </button>
          </div>
        </div>
      </form>
    </Scheda>
  );
}
