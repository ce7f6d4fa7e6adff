import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { PoliticaResi as Politica } from '../../../shared/resi-costanti.js';
import { CheckboxField } from '../../components/form/CheckboxField';
import { InputField } from '../../components/form/InputField';
import { useModulo } from '../../components/form/useModulo';
import { useDialogs } from '../../components/Modal';
import { QueryView } from '../../components/QueryView';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import { politicaQuery, useSalvaPolitica } from './api';

/** Up to three steps on the page (the contract takes up to ten): a step left empty is dropped. */
const SCAGLIONI = [0, 1, 2] as const;
const CAMPI = ['g0', 'p0', 'g1', 'p1', 'g2', 'p2'] as const;

/**
 * The returns' policy in Impostazioni (docs/regole/resi.md#policy): the credit for surplus by days
 * since the DDT, the credit for the other reasons, whether a return DDT is needed. Applies to the
 * requests from then on.
 */
export function PoliticaResi() {
  const query = useQuery(politicaQuery());
  return <QueryView query={query} loadingLabel="Caricamento della politica dei resi…">{(p) => <Modulo politica={p} />}</QueryView>;
}

function Modulo({ politica: p }: { politica: Politica }) {
  const toast = useToast();
  const { alert } = useDialogs();
  const salva = useSalvaPolitica();
  const iniziali = {
    ...Object.fromEntries(SCAGLIONI.flatMap((i) => [[`g${i}`, String(p.scaglioni[i]?.giorni ?? '')], [`p${i}`, String(p.scaglioni[i]?.percentuale ?? '')]])) as Record<(typeof CAMPI)[number], string>,
    difetti: String(p.percentuale_difetti), ddt: p.ddt_reso_richiesto,
  };
  const modulo = useModulo(() => import('../../../shared/resi.js').then((m) => m.politicaResi), iniziali, {
    // 'scaglioni.1.percentuale' is the field p1; the steps' order, the field g of the step after.
    campoDi: (percorso) => {
      if (percorso[0] === 'scaglioni' && typeof percorso[1] === 'number') return `${percorso[2] === 'percentuale' ? 'p' : 'g'}${percorso[1]}` as (typeof CAMPI)[number];
      if (percorso[0] === 'scaglioni') return 'g0';
      if (percorso[0] === 'percentuale_difetti') return 'difetti';
      return percorso[0] === 'ddt_reso_richiesto' ? 'ddt' : undefined;
    },
  });
  const v = modulo.valori;
  const numero = (s: string) => Number(s.replace(',', '.'));
  const invia = async (e: FormEvent) => {
    e.preventDefault();
    const scaglioni = SCAGLIONI.filter((i) => v[`g${i}`].trim() !== '' || v[`p${i}`].trim() !== '')
      .map((i) => ({ giorni: v[`g${i}`].trim(), percentuale: numero(v[`p${i}`]) }));
    const esito = await modulo.valida({ scaglioni, percentuale_difetti: numero(v.difetti), ddt_reso_richiesto: v.ddt });
    if (!esito.ok) return;
    try {
      await salva.mutateAsync(esito.dati);
      toast.success('Politica dei resi salvata.');
    } catch (err) {
      if (!modulo.mostraDalServer(err)) await alert(errorMessage(err));
    }
  };
  return (
    <form className="politica-resi" onSubmit={(e) => void invia(e)} noValidate aria-label="Politica dei resi">
      <p className="muted">Accredito per la merce in eccedenza, per giorni dal DDT; oltre l&apos;ultimo scaglione non si accetta. Lascia vuoto uno scaglione per toglierlo.</p>
      {SCAGLIONI.map((i) => (
        <div key={i} className="politica-resi-scaglione">
          <InputField label={`Fino a giorni (${i + 1})`} inputMode="numeric" {...modulo.campo(`g${i}`)} />
          <InputField label="Accredito %" inputMode="decimal" {...modulo.campo(`p${i}`)} />
        </div>
      ))}
      <InputField label="Accredito % per difetti, errori, danni e non conformità (sempre accettati per la verifica)" inputMode="decimal" {...modulo.campo('difetti')} />
      <CheckboxField label="Serve il DDT di reso del cliente" {...modulo.casella('ddt')} />
      <button type="submit" className="btn btn-primary" disabled={salva.isPending} aria-busy={salva.isPending}>Salva</button>
    </form>
  );
}
