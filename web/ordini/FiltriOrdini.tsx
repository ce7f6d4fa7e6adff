import { type FormEvent, useState } from 'react';
import { ETICHETTE_STATO_ORDINE, STATI_ORDINE } from '../../shared/ordini-costanti.js';
import type { FORMATI_ESPORTAZIONE } from '../../shared/ordini.js';
import { LIMITI_FILTRI_ORDINI } from '../../shared/ordini-costanti.js';
import { InputField } from '../components/form/InputField';
import { SelectField } from '../components/form/SelectField';
import { useModulo } from '../components/form/useModulo';
import { useDialogs } from '../components/Modal';
import { pieni } from '../hooks/useFiltriUrl';
import { errorMessage } from '../lib/api';
import { useShopSession } from '../session/shopSession';
import { esportaOrdini, type FiltriOrdini as Filtri } from './api';

const STATI = STATI_ORDINE.map((value) => ({ value, label: ETICHETTE_STATO_ORDINE[value] }));

/**
 * The history's filters (docs/regole/ordini.md#order-history): days from/to, a part of the name, a
 * product code, the state; applied together with 'Filtra' (the URL keeps them) once ordini/elenco's
 * schema accepts them (a 'from' after the 'to' shows under 'Al'), and the exports of every page of
 * what they select.
 */
export function FiltriOrdini({ filtri, applica }: { filtri: Filtri; applica: (f: Filtri) => void }) {
  const { session } = useShopSession();
  const { alert } = useDialogs();
  const vuoti = { dal: '', al: '', nome: '', codice_prodotto: '', stato: '' };
  const modulo = useModulo(() => import('../../shared/ordini.js').then((m) => m.ordiniElencoQuery), { ...vuoti, ...filtri });
  const [esportando, setEsportando] = useState<string | null>(null);
  const invia = async (e: FormEvent) => {
    e.preventDefault();
    // An empty box is no filter.
    const scelti = pieni(modulo.valori);
    const codici = { azienda_codice: session.azienda_codice, cliente_codice: session.cliente_codice, utente_codice: session.utente_codice };
    if ((await modulo.valida({ ...codici, ...scelti })).ok) applica(scelti as Filtri);
  };
  const azzera = () => {
    modulo.setValori(vuoti);
    modulo.mostra({});
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
    <form className="ordini-filtri" onSubmit={(e) => void invia(e)} aria-label="Filtri ordini" noValidate>
      <InputField label="Dal" type="date" {...modulo.campo('dal')} />
      <InputField label="Al" type="date" {...modulo.campo('al')} />
      <InputField label="Nome ordine" type="search" maxLength={LIMITI_FILTRI_ORDINI.nome} autoComplete="off" {...modulo.campo('nome')} />
      <InputField label="Codice prodotto" type="search" maxLength={LIMITI_FILTRI_ORDINI.codice_prodotto} autoComplete="off" {...modulo.campo('codice_prodotto')} />
      <SelectField label="Stato" options={STATI} placeholder="Tutti" {...modulo.campo('stato')} />
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
