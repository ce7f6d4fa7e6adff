import type { FormEvent } from 'react';
import { MAX_FILTRO_CLIENTE, MAX_FILTRO_NUMERO } from '../../shared/preventivi-costanti.js';
import { CheckboxField } from '../components/form/CheckboxField';
import { InputField } from '../components/form/InputField';
import { SelectField } from '../components/form/SelectField';
import { useModulo } from '../components/form/useModulo';
import { pieni } from '../hooks/useFiltriUrl';
import '../ordini/ordini.css';

/** The filters of a list of quotes as the URL keeps them: the customer's four, and the staff's two more. */
export type FiltriElenco = Partial<Record<'stato' | 'numero' | 'dal' | 'al' | 'cliente' | 'miei', string>>;

/**
 * The filters of the customer's quotes (/preventivi) and of the staff's queue (/admin/preventivi):
 * the label of the state (the customer's or the staff's), the number, the period of the request;
 * the staff's queue adds the client's code and 'only mine'. Applied together with 'Filtra' once
 * the list call's own schema accepts them (preventivi/elenco or preventivi/coda: a bad date or
 * number shows under its box), cleared with 'Azzera'.
 */
export function FiltriPreventivi({ filtri, applica, stati, staff = false, codici = {} }: {
  filtri: FiltriElenco;
  applica: (f: FiltriElenco) => void;
  /** The labels of the state this side reads (STATI_CLIENTE or STATI_STAFF). */
  stati: readonly string[];
  /** The staff's queue: its own filters and its call's schema. */
  staff?: boolean;
  /** The customer's scope, which preventivi/elenco's schema asks beside the filters. */
  codici?: Record<string, string>;
}) {
  const vuoti = { stato: '', numero: '', dal: '', al: '', cliente: '', miei: false };
  const modulo = useModulo(
    () => import('../../shared/preventivi.js').then((m) => (staff ? m.preventiviCodaQuery : m.preventiviElencoQuery)),
    { ...vuoti, ...filtri, miei: filtri.miei === '1' },
  );
  const invia = async (e: FormEvent) => {
    e.preventDefault();
    // An empty box is no filter.
    const { miei, ...testi } = modulo.valori;
    const scelti: FiltriElenco = { ...pieni(testi), ...(miei ? { miei: '1' } : {}) };
    if ((await modulo.valida({ ...codici, ...scelti })).ok) applica(scelti);
  };
  const azzera = () => {
    modulo.setValori(vuoti);
    modulo.mostra({});
    applica({});
  };
  return (
    <form className="ordini-filtri" onSubmit={(e) => void invia(e)} aria-label={staff ? 'Filtri richieste' : 'Filtri preventivi'} noValidate>
      <SelectField label="Stato" options={stati.map((s) => ({ value: s, label: s }))} placeholder="Tutti" {...modulo.campo('stato')} />
      <InputField label="Numero" type="search" placeholder="P2026/000123" maxLength={MAX_FILTRO_NUMERO} autoComplete="off" {...modulo.campo('numero')} />
      <InputField label="Dal" type="date" {...modulo.campo('dal')} />
      <InputField label="Al" type="date" {...modulo.campo('al')} />
      {staff && (
        <>
          <InputField label="Codice cliente" type="search" maxLength={MAX_FILTRO_CLIENTE} autoComplete="off" {...modulo.campo('cliente')} />
          <CheckboxField label="Solo quelli in carico a me" {...modulo.casella('miei')} />
        </>
      )}
      <div className="ordini-filtri-azioni">
        <button type="submit" className="btn btn-primary">Filtra</button>
        <button type="button" className="btn" onClick={azzera}>Azzera</button>
      </div>
    </form>
  );
}
