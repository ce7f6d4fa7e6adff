import { type FormEvent, useState } from 'react';
import type { FORMATI_ESPORTAZIONE } from '../../shared/ordini.js';
import { Field } from '../components/form/Field';
import { InputField } from '../components/form/InputField';
import { SelectField } from '../components/form/SelectField';
import { useDialogs } from '../components/Modal';
import { errorMessage } from '../lib/api';
import { useShopSession } from '../session/shopSession';
import { esportaOrdini, type FiltriOrdini as Filtri } from './api';

const STATI = [{ value: 'confermato', label: 'Confermato' }, { value: 'errore', label: 'Errore' }];

/**
 * The history's filters (docs/regole/ordini.md#order-history): days from/to, a part of the name, a
 * product code, the state; applied together with 'Filtra' (the URL keeps them), and the exports of
 * every page of what they select.
 */
export function FiltriOrdini({ filtri, applica }: { filtri: Filtri; applica: (f: Filtri) => void }) {
  const { session } = useShopSession();
  const { alert } = useDialogs();
  const [bozza, setBozza] = useState<Filtri>(filtri);
  const [esportando, setEsportando] = useState<string | null>(null);
  const campo = (k: keyof Filtri) => ({
    value: bozza[k] ?? '',
    onChange: (e: { target: { value: string } }) => setBozza((b) => ({ ...b, [k]: e.target.value })),
  });
  const invia = (e: FormEvent) => {
    e.preventDefault();
    applica(bozza);
  };
  const azzera = () => {
    setBozza({});
    applica({});
  };
  const esporta = async (formato: (typeof FORMATI_ESPORTAZIONE)[number]) => {
    setEsportando(formato);
    try {
      await esportaOrdini(session, filtri, formato);
    } catch (err) {
      await alert(`Esportazione non riuscita.\n${errorMessage(err)}`, { title: 'Esporta ordini' });
    } finally {
      setEsportando(null);
    }
  };
  return (
    <form className="ordini-filtri" onSubmit={invia} aria-label="Filtri ordini">
      <Field label="Dal">{(control) => <input {...control} type="date" className="input" {...campo('dal')} />}</Field>
      <Field label="Al">{(control) => <input {...control} type="date" className="input" {...campo('al')} />}</Field>
      <InputField label="Nome ordine" type="search" maxLength={200} autoComplete="off" {...campo('nome')} />
      <InputField label="Codice prodotto" type="search" maxLength={40} autoComplete="off" {...campo('codice_prodotto')} />
      <SelectField label="Stato" options={STATI} placeholder="Tutti" {...campo('stato')} />
      <div className="ordini-filtri-azioni">
        <button type="submit" className="btn btn-primary">Filtra</button>
        <button type="button" className="btn" onClick={azzera}>Azzera</button>
        <button type="button" className="btn" disabled={esportando !== null} aria-busy={esportando === 'csv'} onClick={() => void esporta('csv')}>
          Esporta CSV
        </button>
        <button type="button" className="btn" disabled={esportando !== null} aria-busy={esportando === 'xlsx'} onClick={() => void esporta('xlsx')}>
          Esporta Excel
        </button>
      </div>
    </form>
  );
}
