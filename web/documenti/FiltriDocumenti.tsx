import type { FormEvent } from 'react';
import { ETICHETTE_TIPO_DOCUMENTO, LIMITI_FILTRI_DOCUMENTI, TIPI_DOCUMENTO_ERP } from '../../shared/documenti-costanti.js';
import { InputField } from '../components/form/InputField';
import { SelectField } from '../components/form/SelectField';
import { useModulo } from '../components/form/useModulo';
import { pieni } from '../hooks/useFiltriUrl';
import type { FiltriDocumenti as Filtri } from './api';

const TIPI = TIPI_DOCUMENTO_ERP.map((t) => ({ value: t, label: ETICHETTE_TIPO_DOCUMENTO[t] }));

/**
 * The documents' filters (docs/regole/documenti.md#page): type, days from/to, a part of the number;
 * applied with 'Filtra' once documenti/read's schema accepts them (a 'from' after the 'to' shows under 'Al').
 */
export function FiltriDocumenti({ filtri, applica }: { filtri: Filtri; applica: (f: Filtri) => void }) {
  const modulo = useModulo(() => import('../../shared/documenti.js').then((m) => m.documentiReadQuery), {
    tipo: filtri.tipo ?? '', dal: filtri.dal ?? '', al: filtri.al ?? '', numero: filtri.numero ?? '',
  });
  const invia = async (e: FormEvent) => {
    e.preventDefault();
    // An empty box is no filter.
    const scelti = pieni(modulo.valori);
    if ((await modulo.valida(scelti)).ok) applica(scelti as Filtri);
  };
  const azzera = () => {
    modulo.setValori({ tipo: '', dal: '', al: '', numero: '' });
    modulo.mostra({});
    applica({});
  };
  return (
    <form className="ordini-filtri" onSubmit={(e) => void invia(e)} aria-label="Filtri documenti" noValidate>
      <SelectField label="Tipo" options={TIPI} placeholder="Tutti" {...modulo.campo('tipo')} />
      <InputField label="Dal" type="date" {...modulo.campo('dal')} />
      <InputField label="Al" type="date" {...modulo.campo('al')} />
      <InputField label="Numero" type="search" maxLength={LIMITI_FILTRI_DOCUMENTI.numero} autoComplete="off" {...modulo.campo('numero')} />
      <div className="ordini-filtri-azioni">
        <button type="submit" className="btn btn-primary">Filtra</button>
        <button type="button" className="btn" onClick={azzera}>Azzera</button>
      </div>
    </form>
  );
}
