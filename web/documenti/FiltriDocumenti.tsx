import { type FormEvent, useState } from 'react';
import { ETICHETTE_TIPO_DOCUMENTO, TIPI_DOCUMENTO_ERP } from '../../shared/documenti-costanti.js';
import { Field } from '../components/form/Field';
import { InputField } from '../components/form/InputField';
import { SelectField } from '../components/form/SelectField';
import type { FiltriDocumenti as Filtri } from './api';

const TIPI = TIPI_DOCUMENTO_ERP.map((t) => ({ value: t, label: ETICHETTE_TIPO_DOCUMENTO[t] }));

/** The documents' filters (docs/regole/documenti.md#page): type, days from/to, a part of the number; applied with 'Filtra'. */
export function FiltriDocumenti({ filtri, applica }: { filtri: Filtri; applica: (f: Filtri) => void }) {
  const [bozza, setBozza] = useState<Filtri>(filtri);
  const campo = (k: keyof Filtri) => ({
    value: bozza[k] ?? '',
    onChange: (e: { target: { value: string } }) => setBozza((b) => ({ ...b, [k]: e.target.value || undefined })),
  });
  const invia = (e: FormEvent) => {
    e.preventDefault();
    applica(bozza);
  };
  return (
    <form className="ordini-filtri" onSubmit={invia} aria-label="Filtri documenti">
      <SelectField label="Tipo" options={TIPI} placeholder="Tutti" {...campo('tipo')} />
      <Field label="Dal">{(control) => <input {...control} type="date" className="input" {...campo('dal')} />}</Field>
      <Field label="Al">{(control) => <input {...control} type="date" className="input" {...campo('al')} />}</Field>
      <InputField label="Numero" type="search" maxLength={40} autoComplete="off" {...campo('numero')} />
      <div className="ordini-filtri-azioni">
        <button type="submit" className="btn btn-primary">Filtra</button>
        <button type="button" className="btn" onClick={() => { setBozza({}); applica({}); }}>Azzera</button>
      </div>
    </form>
  );
}
