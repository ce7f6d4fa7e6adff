import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ResiRendibili, RigaRendibile } from '../../shared/resi.js';
import {
  ETICHETTE_MOTIVO_RESO, MAX_FOTO_RESO, MAX_LOTTO, MAX_NOTA_RESO, MOTIVI_RESO, type MotivoReso,
} from '../../shared/resi-costanti.js';
import { ACCEPT_IMMAGINI, MAX_FOTO_BYTES, nomeFileSicuro, primoControlloFile } from '../../shared/upload.js';
import { BackButton } from '../components/BackButton';
import { Collegamento } from '../components/Collegamento';
import { EmptyState } from '../components/EmptyState';
import { Field } from '../components/form/Field';
import { RigaSceltaFile } from '../components/form/RigaSceltaFile';
import { TextareaField } from '../components/form/TextareaField';
import { useModulo } from '../components/form/useModulo';
import { useDialogs } from '../components/Modal';
import { QueryView } from '../components/QueryView';
import { Scheda } from '../components/Scheda';
import { useToast } from '../components/Toast';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { errorMessage } from '../lib/api';
import { formatData, formatDimensione, formatIntero } from '../lib/formato';
import { paths } from '../paths';
import { SoloConDocumenti } from '../session/SoloConDocumenti';
import { useShopSession } from '../session/shopSession';
import { rendibiliQuery, type RigaScelta, useAzioniResi } from './api';
import './resi.css';

/**
 * /resi/nuovo?documento_id= (docs/regole/resi.md#asking): "Richiedi reso" from a DDT. The customer
 * picks lines, quantities, a reason per line, lot and note, a description and up to 5 photos; the
 * policy that applies (days since the DDT, the credit foreseen per reason, whether a return DDT is
 * needed) shows before sending.
 */
export function RichiediResoPage() {
  return <SoloConDocumenti titolo="Richiedi reso"><RichiediResoConsentita /></SoloConDocumenti>;
}

function RichiediResoConsentita() {
  useDocumentTitle('Richiedi reso');
  const [params] = useSearchParams();
  const id = Number(params.get('documento_id'));
  const valido = Number.isInteger(id) && id > 0;
  const { session } = useShopSession();
  const query = useQuery({ ...rendibiliQuery(session, id), enabled: valido });
  return (
    <>
      <div className="page-head">
        <h1>Richiedi reso</h1>
        <BackButton to={paths.documenti.path} storia />
      </div>
      {!valido ? (
        <div className="card">
          <EmptyState title="Nessun DDT selezionato" action={<Collegamento className="btn btn-primary" to={paths.documenti.href({ tipo: 'DDT' })}>Scegli un DDT</Collegamento>}>
            Il reso si chiede da un DDT in Documenti o dal dettaglio di un ordine.
          </EmptyState>
        </div>
      ) : (
        <QueryView query={query} loadingLabel="Caricamento delle righe del DDT…" errorTitle="Impossibile leggere il DDT">
          {(d) => <Modulo dati={d} />}
        </QueryView>
      )}
    </>
  );
}

type Scelta = { quantita: string; motivo: MotivoReso | ''; lotto: string; nota: string };

function Modulo({ dati }: { dati: ResiRendibili }) {
  const { richiedi } = useAzioniResi();
  const { alert } = useDialogs();
  const toast = useToast();
  const navigate = useNavigate();
  const modulo = useModulo(() => import('../../shared/resi.js').then((m) => m.resiRichiediRequest), { descrizione: '', righe: '' }, { file: ['foto'] });
  const [scelte, setScelte] = useState<Record<number, Scelta>>({});
  const [foto, setFoto] = useState<File[]>([]);
  const rendibili = dati.righe.filter((r) => r.quantita_rendibile > 0);
  const scelteN = Object.keys(scelte).length;

  const scegli = (r: RigaRendibile, si: boolean) => {
    const { [r.riga_id]: _tolta, ...altre } = scelte;
    setScelte(si ? { ...altre, [r.riga_id]: { quantita: String(r.quantita_rendibile), motivo: '', lotto: r.lotto ?? '', nota: '' } } : altre);
  };
  const cambia = (id: number, patch: Partial<Scelta>) => setScelte({ ...scelte, [id]: { ...scelte[id]!, ...patch } });

  const prendiFoto = (files: File[]) => {
    const tutte = [...foto, ...files].slice(0, MAX_FOTO_RESO);
    const errore = files.length + foto.length > MAX_FOTO_RESO ? `Al massimo ${MAX_FOTO_RESO} foto per richiesta.` : primoControlloFile('immagine', tutte, MAX_FOTO_BYTES);
    if (errore) modulo.mostra({ foto: errore });
    else {
      modulo.pulisci('foto');
      setFoto(tutte);
    }
  };

  const invia = async (e: React.FormEvent) => {
    e.preventDefault();
    const righe: RigaScelta[] = Object.entries(scelte).map(([id, s]) => ({
      riga_id: Number(id), quantita: Number(s.quantita), motivo: s.motivo,
      ...(s.nota.trim() ? { nota: s.nota } : {}), ...(s.lotto.trim() ? { lotto: s.lotto } : {}),
    }));
    const senzaMotivo = righe.find((r) => r.motivo === '');
    if (righe.length === 0 || senzaMotivo) {
      const riga = dati.righe.find((r) => r.riga_id === senzaMotivo?.riga_id);
      await alert(riga ? `Scegli il motivo del reso per ${riga.codice_prodotto}.` : 'Scegli almeno una riga da rendere.');
      return;
    }
    const esito = await modulo.valida({ ...modulo.valori, righe: JSON.stringify(righe) });
    if (!esito.ok) {
      await alert(esito.messaggio);
      return;
    }
    try {
      const r = await richiedi.mutateAsync({ documento_id: dati.documento.id, descrizione: modulo.valori.descrizione, righe, foto });
      toast.success(`Richiesta di reso ${r.numero} inviata.`);
      navigate(paths.resiDettaglio.href({ id: r.id }));
    } catch (err) {
      if (!modulo.mostraDalServer(err)) await alert(errorMessage(err));
    }
  };

  return (
    <form className="reso-modulo" onSubmit={(e) => void invia(e)} noValidate>
      <p className="page-sub">DDT n. <strong>{dati.documento.numero}</strong> del {formatData(dati.documento.data)}</p>
      <Politica politica={dati.politica} />
      <Scheda titolo="Righe da rendere" aDestra={<span className="badge">{formatIntero(scelteN)} scelte</span>}>
        <div className="card-body">
        {rendibili.length === 0 ? (
          <EmptyState title="Nessuna riga da rendere.">Tutte le righe di questo DDT sono già in un reso.</EmptyState>
        ) : (
          <ul className="reso-righe" aria-label="Righe del DDT">
            {dati.righe.map((r) => (
              <li key={r.riga_id} className={`reso-riga${scelte[r.riga_id] ? ' is-scelta' : ''}`}>
                <label className="reso-riga-testa">
                  <input type="checkbox" checked={Boolean(scelte[r.riga_id])} disabled={r.quantita_rendibile === 0} onChange={(e) => scegli(r, e.target.checked)} />
                  <span className="reso-riga-prodotto">
                    <span className="reso-codice">{r.codice_prodotto}</span> {r.descrizione}
                    <span className="reso-riga-q muted">
                      Consegnati {formatIntero(r.quantita_consegnata)}{r.unita ? ` ${r.unita}` : ''} · rendibili {formatIntero(r.quantita_rendibile)}
                      {r.lotto ? ` · lotto ${r.lotto}` : ''}
                    </span>
                  </span>
                </label>
                {scelte[r.riga_id] && <DatiRiga riga={r} scelta={scelte[r.riga_id]!} cambia={(p) => cambia(r.riga_id, p)} politica={dati.politica} />}
              </li>
            ))}
          </ul>
        )}
        </div>
      </Scheda>
      <Scheda titolo="Descrizione e foto">
        <div className="card-body">
        <TextareaField label="Descrizione del problema" rows={3} maxLength={MAX_NOTA_RESO} {...modulo.campo('descrizione')} />
        <Field label={`Foto (al massimo ${MAX_FOTO_RESO})`} hint="Immagini JPG, PNG, GIF o WebP fino a 10 MB l'una." error={modulo.errori.foto}>
          {(control) => (
            <RigaSceltaFile
              control={control} accept={ACCEPT_IMMAGINI} multiple onFiles={prendiFoto} controlRef={modulo.controllo('foto').ref}
              scelta={foto.length ? foto.map((f) => `${nomeFileSicuro(f.name)} · ${formatDimensione(f.size)}`).join(', ') : undefined}
            />
          )}
        </Field>
        {foto.length > 0 && <button type="button" className="btn btn-sm btn-ghost" onClick={() => setFoto([])}>Togli le foto</button>}
        </div>
      </Scheda>
      <div className="reso-invia">
        <button type="submit" className="btn btn-primary" disabled={richiedi.isPending || scelteN === 0}>Invia richiesta di reso</button>
      </div>
    </form>
  );
}

/** The policy as it applies to this DDT today, shown before sending. */
function Politica({ politica: p }: { politica: ResiRendibili['politica'] }) {
  return (
    <section className="card reso-politica" aria-label="Politica di reso">
      <h2 className="reso-politica-titolo">Cosa aspettarti</h2>
      <p>Il DDT è di <strong>{p.giorni_ddt === 1 ? '1 giorno' : `${formatIntero(p.giorni_ddt)} giorni`}</strong> fa. Accredito previsto:</p>
      <ul className="reso-politica-voci">
        {MOTIVI_RESO.map((m) => (
          <li key={m}>
            {ETICHETTE_MOTIVO_RESO[m]}: <strong>{p.percentuali[m] === null ? 'reso non accettato' : `${p.percentuali[m]} %`}</strong>
          </li>
        ))}
      </ul>
      <p className="muted">
        I difetti sono sempre accettati per la verifica. {p.ddt_reso_richiesto ? 'Serve un tuo DDT di reso con il numero RMA.' : 'Non serve un DDT di reso.'}
      </p>
    </section>
  );
}

function DatiRiga({ riga: r, scelta: s, cambia, politica }: {
  riga: RigaRendibile; scelta: Scelta; cambia: (p: Partial<Scelta>) => void; politica: ResiRendibili['politica'];
}) {
  const previsto = s.motivo ? politica.percentuali[s.motivo] : undefined;
  return (
    <div className="reso-riga-dati">
      <Field label="Quantità">
        {(control) => (
          <input {...control} type="number" className="input reso-qt" inputMode="numeric" min={1} max={r.quantita_rendibile}
            value={s.quantita} onChange={(e) => cambia({ quantita: e.target.value })} />
        )}
      </Field>
      <Field label="Motivo" hint={previsto === undefined ? undefined : previsto === null ? 'Non accettato a questa data' : `Accredito previsto ${previsto} %`}>
        {(control) => (
          <select {...control} className="select" value={s.motivo} onChange={(e) => cambia({ motivo: e.target.value as MotivoReso })}>
            <option value="">Scegli…</option>
            {MOTIVI_RESO.map((m) => <option key={m} value={m} disabled={politica.percentuali[m] === null}>{ETICHETTE_MOTIVO_RESO[m]}</option>)}
          </select>
        )}
      </Field>
      <Field label="Lotto o matricola">
        {(control) => <input {...control} className="input" maxLength={MAX_LOTTO} value={s.lotto} onChange={(e) => cambia({ lotto: e.target.value })} />}
      </Field>
      <Field label="Nota" className="reso-nota">
        {(control) => <input {...control} className="input" maxLength={MAX_NOTA_RESO} value={s.nota} onChange={(e) => cambia({ nota: e.target.value })} />}
      </Field>
    </div>
  );
}
