import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  conteggiIpotetici, ETICHETTE_TIPO_IMPORT, importInCorso, MAX_ALLEGATI_IMPORT, MAX_IMPORT_BYTES, MSG_IMPORT, SOGLIA_PREDEFINITA,
} from '../../../shared/importazioni-costanti.js';
import { MAX_DOCUMENTO_BYTES, MSG_UPLOAD, nomeFileSicuro } from '../../../shared/upload.js';
import { type OutputOfRapporto, TIPI_IMPORT, type TipoImport } from './tipi';
import { ErrorState } from '../../components/ErrorState';
import { Scheda } from '../../components/Scheda';
import { CheckboxField } from '../../components/form/CheckboxField';
import { InputField } from '../../components/form/InputField';
import { SelectField } from '../../components/form/SelectField';
import { useModulo } from '../../components/form/useModulo';
import { errorMessage } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { Avanzamento, eAnnullato, useCaricamento } from '../multimedia/Avanzamento';
import { SceltaFile } from '../multimedia/SceltaFile';
import { importKeys, inviaImport, rapportoQuery } from './api';
import { AvanzamentoImport } from './AvanzamentoImport';
import { Conteggi } from './Conteggi';
import { RigheScartate } from './RigheScartate';
import { SceltaAllegati } from './SceltaAllegati';

/** What each kind's file field asks for, where it is not the ERP's CSV or XLSX. */
const ETICHETTE_FILE: Partial<Record<TipoImport, string>> = {
  documenti: 'File (ZIP, oppure CSV o XLSX con gli allegati)',
  // Metel's price lists are fixed-width text (docs/import.md#metel), told apart by their first line.
  metel: 'File Metel (testo a larghezza fissa, di solito .txt)',
};
const ACCEPT = '.csv,.txt,.xlsx';
/** documenti: a ZIP of the sheet and its files, or the sheet with the files as attachments. */
const ACCEPT_DOCUMENTI = `${ACCEPT},.zip`;
const eZip = (f: File | null) => Boolean(f && /\.zip$/i.test(f.name));

/** The browser's first check (the server judges the bytes): a name the ERP exports, a size it can take. */
function erroreImport(f: File, tipo: TipoImport): string | undefined {
  if (f.size === 0) return 'Il file è vuoto.';
  if (tipo === 'metel' && !/\.txt$/i.test(f.name)) return MSG_IMPORT.soloMetel;
  if (tipo === 'documenti' ? !/\.(csv|txt|xlsx|zip)$/i.test(f.name) : !/\.(csv|txt|xlsx)$/i.test(f.name)) {
    return tipo === 'documenti' ? MSG_IMPORT.documentiCsvZip : MSG_IMPORT.soloCsvXlsx;
  }
  if (f.size > MAX_IMPORT_BYTES) return MSG_UPLOAD.troppoGrande(f.name, MAX_IMPORT_BYTES);
  return undefined;
}

function erroreAllegati(a: readonly File[]): string | undefined {
  if (a.length > MAX_ALLEGATI_IMPORT) return `${MSG_UPLOAD.troppiFile(MAX_ALLEGATI_IMPORT)} Per di più, usa uno ZIP.`;
  const grande = a.find((f) => f.size > MAX_DOCUMENTO_BYTES);
  return grande ? MSG_UPLOAD.troppoGrande(nomeFileSicuro(grande.name), MAX_DOCUMENTO_BYTES) : undefined;
}

/** The kind from a file's name (giacenze_2026-11.csv → giacenze), as the command does. */
function tipoDalNome(nome: string): TipoImport | undefined {
  const n = nome.toLowerCase().replace(/[-\s]/g, '_');
  return TIPI_IMPORT.find((t) => n.startsWith(t));
}

/**
 * Upload a file, see the report of a dry run (counts and refused rows), then apply it: the same
 * file is sent again without 'prova'. A new file or other options ask for a new check first.
 * The server queues each file and answers at once: the run is followed until it has ended.
 * importazioni/carica's schema checks the options (a blank threshold is the server's default);
 * its refusal of an option or of a file (by its part: file, allegati) shows at it.
 */
export function CaricaImport() {
  const modulo = useModulo(
    () => import('../../../shared/importazioni.js').then((m) => m.importRequest),
    { tipo: 'giacenze', soglia: String(SOGLIA_PREDEFINITA), completo: false },
    { file: ['file', 'allegati'] },
  );
  const tipo = modulo.valori.tipo as TipoImport;
  const { soglia, completo } = modulo.valori;
  const [file, setFile] = useState<File | null>(null);
  const [allegati, setAllegati] = useState<File[]>([]);
  const [corsa, setCorsa] = useState<number | null>(null);
  const [errore, setErrore] = useState<string>();
  const { avanzamento, avvia, annulla } = useCaricamento();
  const seguita = useQuery({ ...rapportoQuery(corsa ?? 0), enabled: corsa !== null });
  const rapporto = corsa === null ? undefined : seguita.data;
  const inCoda = corsa !== null && (!rapporto || importInCorso(rapporto.importazione)) && !seguita.isError;
  const inCorso = avanzamento !== null || inCoda;
  const verificato = rapporto?.importazione.stato === 'verificata';
  // The documents' files beside a sheet; a ZIP holds them already.
  const conAllegati = tipo === 'documenti' && file !== null && !eZip(file);
  const inviati = conAllegati ? allegati : [];
  // The sheet and its files in one request: together within the import's bound (Upload.maxTotale).
  const oltreTotale = file && inviati.reduce((n, f) => n + f.size, file.size) > MAX_IMPORT_BYTES
    ? MSG_UPLOAD.richiestaTroppoGrande(MAX_IMPORT_BYTES) : undefined;
  const erroreFile = file ? erroreImport(file, tipo) ?? erroreAllegati(inviati) ?? oltreTotale : undefined;
  // The call's options as the schema takes them: the threshold with a decimal point, none when blank.
  const opzioni = (prova: boolean) => ({
    tipo, completo: tipo === 'articoli' && completo, prova,
    soglia: soglia.trim() === '' ? undefined : soglia.trim().replace(',', '.'),
  });
  // The threshold is judged as it is typed; a refusal on sending stays until it is edited.
  const erroreSoglia = modulo.errori.soglia ?? modulo.problemi(opzioni(true)).soglia;

  /** Another choice: the last check no longer holds. */
  const nuovaScelta = () => {
    setCorsa(null);
    setErrore(undefined);
  };
  const cambiaFile = <T,>(campo: 'file' | 'allegati', set: (v: T) => void) => (v: T) => {
    set(v);
    modulo.pulisci(campo);
    nuovaScelta();
  };

  async function invia(prova: boolean) {
    if (!file) return;
    setErrore(undefined);
    const esito = await modulo.valida(opzioni(prova));
    if (!esito.ok) return;
    try {
      const r = await avvia((onProgress, signal) => inviaImport({ ...esito.dati, file, allegati: inviati }, onProgress, signal));
      queryClient.setQueryData(importKeys.rapporto(r.importazione.id), r);
      setCorsa(r.importazione.id);
    } catch (err) {
      if (!eAnnullato(err) && !modulo.mostraDalServer(err)) setErrore(errorMessage(err));
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void invia(true);
  };

  return (
    <Scheda titolo="Carica un file">
      <form className="card-body imp-form" onSubmit={onSubmit} noValidate>
        <div className="imp-campi">
          <SelectField
            label="Tipo"
            disabled={inCorso}
            options={TIPI_IMPORT.map((t) => ({ value: t, label: ETICHETTE_TIPO_IMPORT[t] }))}
            {...modulo.campo('tipo')}
            onChange={(e) => {
              modulo.imposta('tipo', e.target.value);
              nuovaScelta();
            }}
          />
          <SceltaFile
            label={ETICHETTE_FILE[tipo] ?? 'File (CSV o XLSX)'}
            campo="file"
            required
            file={file}
            disabled={inCorso}
            accept={tipo === 'documenti' ? ACCEPT_DOCUMENTI : tipo === 'metel' ? '.txt' : ACCEPT}
            controllo={(f) => erroreImport(f, tipo)}
            {...modulo.controllo('file')}
            onChange={(f) => {
              cambiaFile('file', setFile)(f);
              const t = f && tipoDalNome(f.name);
              if (t) modulo.imposta('tipo', t);
            }}
          />
          {conAllegati && (
            <SceltaAllegati
              file={allegati} disabled={inCorso} ref={modulo.controllo('allegati').ref}
              errore={erroreAllegati(allegati) ?? oltreTotale ?? modulo.errori.allegati} onChange={cambiaFile('allegati', setAllegati)}
            />
          )}
          <InputField
            label="Soglia righe scartate (%)"
            inputMode="decimal"
            hint={`Vuota: ${SOGLIA_PREDEFINITA} %.`}
            disabled={inCorso}
            {...modulo.campo('soglia')}
            error={erroreSoglia}
            onChange={(e) => {
              modulo.imposta('soglia', e.target.value);
              nuovaScelta();
            }}
          />
          {tipo === 'articoli' && (
            <CheckboxField
              label="Completo: ritira gli articoli assenti dal file"
              disabled={inCorso}
              {...modulo.casella('completo')}
              onChange={(e) => {
                modulo.imposta('completo', e.target.checked);
                nuovaScelta();
              }}
            />
          )}
        </div>
        <div className="imp-azioni">
          <button type="submit" className="btn" disabled={!file || Boolean(erroreFile) || Boolean(erroreSoglia) || inCorso}>Verifica</button>
          <button type="button" className="btn btn-primary" disabled={!verificato || inCorso} onClick={() => void invia(false)}>
            Applica
          </button>
          {avanzamento && <button type="button" className="btn btn-ghost" onClick={annulla}>Annulla</button>}
        </div>
        {avanzamento && <Avanzamento inviati={avanzamento.inviati} totale={avanzamento.totale} />}
        {rapporto && importInCorso(rapporto.importazione) && <AvanzamentoImport i={rapporto.importazione} />}
        {errore && <p className="form-error" role="alert">{errore}</p>}
        {seguita.isError && <ErrorState riga error={seguita.error} message={errorMessage(seguita.error)} onRetry={() => void seguita.refetch()} />}
      </form>
      {rapporto && !importInCorso(rapporto.importazione) && <Rapporto r={rapporto} />}
    </Scheda>
  );
}

function Rapporto({ r }: { r: OutputOfRapporto }) {
  const i = r.importazione;
  const tono = r.status !== 0 ? 'imp-esito is-ko' : i.prova ? 'imp-esito is-prova' : 'imp-esito is-ok';
  return (
    <div className="card-body imp-rapporto" aria-live="polite">
      <p className={tono} role="status">
        <strong>{r.msg}</strong>
        {i.prova && r.status === 0 && ' Controlla i numeri e premi «Applica» per importare.'}
      </p>
      {conteggiIpotetici(i) && (
        <p className="imp-sub">
          Nulla è stato scritto. Nuove, modificate, invariate e ritirate dicono cosa avrebbero fatto le righe valide: correggi le
          righe scartate e verifica di nuovo il file.
        </p>
      )}
      <Conteggi i={i} />
      {i.colonne_ignorate.length > 0 && <p className="muted">Colonne ignorate: {i.colonne_ignorate.join(', ')}</p>}
      {i.scartate > 0 && <RigheScartate key={i.id} id={i.id} file={i.file} scartate={i.scartate} />}
    </div>
  );
}
