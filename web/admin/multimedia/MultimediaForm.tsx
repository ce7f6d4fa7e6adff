import { useState, type FormEvent } from 'react';
import { DESCRIZIONE_MAX, MSG_MULTIMEDIA, MULTIMEDIA_TIPOLOGIE, NOME_MAX, TIPOLOGIA_BANNER, TIPOLOGIA_ETICHETTA, type MultimediaTipologia } from '../../../shared/media.js';
import { LINK_MAX, linkValido } from '../../../shared/link.js';
import { InputField } from '../../components/form/InputField';
import { SelectField } from '../../components/form/SelectField';
import { TextareaField } from '../../components/form/TextareaField';
import { useToast } from '../../components/Toast';
import { Scheda } from '../../components/Scheda';
import { errorMessage } from '../../lib/api';
import { useCreaMultimedia } from './api';
import { Avanzamento, eAnnullato, useCaricamento } from './Avanzamento';
import { erroreFile, SceltaFile } from './SceltaFile';

export const OPZIONI_TIPOLOGIA = MULTIMEDIA_TIPOLOGIE.map((t) => ({ value: t, label: TIPOLOGIA_ETICHETTA[t] }));

/** The link field's hint, here and in the edit form. */
export const HINT_LINK = 'Un percorso del portale (es. /volantini) o un indirizzo https://…';

const VUOTO = { nome: '', tipologia: '' as MultimediaTipologia | '', descrizione: '', link: '' };

/**
 * The create form (docs/regole/multimedia.md#multimedia-admin: nome and tipologia required,
 * submit disabled until valid): a document to download with its optional cover, or, for a side
 * banner, a cover and a link. The upload shows its progress and can be stopped; the server's
 * refusal is shown in the form. With `tipologia` the type is fixed (the banner page).
 */
export function MultimediaForm({ tipologia: fissa, titolo }: { tipologia?: MultimediaTipologia; titolo: string }) {
  const toast = useToast();
  const crea = useCreaMultimedia();
  const { avanzamento, avvia, annulla } = useCaricamento();
  const [campi, setCampi] = useState({ ...VUOTO, tipologia: fissa ?? VUOTO.tipologia });
  const [file, setFile] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [errore, setErrore] = useState('');
  // A new key empties the file pickers (a file input cannot be cleared from outside).
  const [giro, setGiro] = useState(0);

  const tipologia = campi.tipologia;
  const banner = tipologia === TIPOLOGIA_BANNER;
  const linkErrato = banner && campi.link.trim() !== '' && !linkValido(campi.link.trim());
  const valido = campi.nome.trim() !== '' && tipologia !== ''
    && (banner ? !!cover && campi.link.trim() !== '' && !linkErrato : !!file)
    && !(file && !banner && erroreFile(file, 'file')) && !(cover && erroreFile(cover, 'cover'));
  const inCorso = avanzamento !== null;

  const set = (k: keyof typeof VUOTO) => (e: { target: { value: string } }) => setCampi((c) => ({ ...c, [k]: e.target.value }));

  const invia = async (e: FormEvent) => {
    e.preventDefault();
    if (!valido || inCorso) return;
    setErrore('');
    try {
      const r = await avvia((onProgress, signal) => crea.mutateAsync({
        dati: { nome: campi.nome, descrizione: campi.descrizione, tipologia, link: banner ? campi.link.trim() : '' },
        files: { file: banner ? null : file, cover },
        onProgress, signal,
      }));
      toast.success(r.msg);
      setCampi({ ...VUOTO, tipologia: fissa ?? VUOTO.tipologia });
      setFile(null);
      setCover(null);
      setGiro((g) => g + 1);
    } catch (err) {
      setErrore(eAnnullato(err) ? 'Caricamento annullato.' : errorMessage(err));
    }
  };

  return (
    <Scheda titolo={titolo} className="mm-form-card">
      <form className="mm-form" onSubmit={(e) => void invia(e)} noValidate aria-busy={inCorso}>
        <div className="mm-form-campi">
          <InputField label="Nome" required maxLength={NOME_MAX} value={campi.nome} onChange={set('nome')} disabled={inCorso} autoComplete="off" />
          {!fissa && (
            <SelectField
              label="Tipologia"
              required
              placeholder="Seleziona…"
              options={OPZIONI_TIPOLOGIA}
              value={tipologia}
              onChange={set('tipologia')}
              disabled={inCorso}
            />
          )}
          {banner && (
            <InputField
              label="Link"
              required
              type="text"
              inputMode="url"
              maxLength={LINK_MAX}
              hint={HINT_LINK}
              error={linkErrato ? MSG_MULTIMEDIA.linkNonValido : undefined}
              value={campi.link}
              onChange={set('link')}
              disabled={inCorso}
              autoComplete="off"
            />
          )}
          <TextareaField label="Descrizione" rows={banner ? 2 : 4} maxLength={DESCRIZIONE_MAX} value={campi.descrizione} onChange={set('descrizione')} disabled={inCorso} />
        </div>
        <div className="mm-form-file">
          {!banner && (
            <SceltaFile
              key={`file-${giro}`}
              label="File da scaricare"
              campo="file"
              required
              hint="PDF, documenti Office, zip, testo o immagini, fino a 50 MB."
              file={file}
              onChange={setFile}
              disabled={inCorso}
            />
          )}
          <SceltaFile
            key={`cover-${giro}`}
            label="Copertina"
            campo="cover"
            required={banner}
            hint="JPG, PNG, GIF o WebP, fino a 10 MB."
            file={cover}
            onChange={setCover}
            disabled={inCorso}
          />
        </div>
        <div className="mm-form-azioni">
          {avanzamento && <Avanzamento {...avanzamento} />}
          {errore && <p className="inline-status is-error" role="alert">{errore}</p>}
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
