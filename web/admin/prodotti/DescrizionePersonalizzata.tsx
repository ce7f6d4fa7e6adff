import type { FormEvent } from 'react';
import type { Prodotto } from '../../../shared/catalogo.js';
import { DESCRIZIONE_AGGIUNTIVA_MAX, MSG_CATALOGO, PZ_CONF_MAX, TITOLO_PORTALE_MAX } from '../../../shared/catalogo-costanti.js';
import { InputField } from '../../components/form/InputField';
import { TextareaField } from '../../components/form/TextareaField';
import { useModulo } from '../../components/form/useModulo';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { useModificaProdotto } from './api';

/**
 * The product's portal texts (docs/regole/admin.md#product-edit): titolo_portale, descrizione_aggiuntiva and
 * pz_conf, all required, checked by the call's own schema before asking 'Sei sicuro di voler
 * inviare la descrizione personalizzata?'; then a toast with the outcome (a refusal shows the
 * server's message). Without a portal title yet, the title starts from the ERP's description.
 */
export function DescrizionePersonalizzata({ prodotto: p }: { prodotto: Prodotto }) {
  const modulo = useModulo(() => import('../../../shared/catalogo.js').then((m) => m.prodottoEditRequest), {
    titolo_portale: p.titolo_portale || p.descrizione1,
    descrizione_aggiuntiva: p.descrizione_aggiuntiva,
    pz_conf: String(p.pz_conf),
  });
  const modifica = useModificaProdotto();
  const confermaEFai = useConfirmAction();

  const invia = async (e: FormEvent) => {
    e.preventDefault();
    const input = { codice_prodotto: p.codice_prodotto, ...modulo.valori };
    if (!(await modulo.valida(input)).ok) return;
    await confermaEFai({
      question: MSG_CATALOGO.confermaModifica,
      confirm: { title: 'Descrizione personalizzata', confirmLabel: 'Invia' },
      run: () => modifica.mutateAsync(input),
      failure: 'Errore nel salvataggio della descrizione personalizzata.',
    });
  };

  return (
    <form className="card-body prodotto-form" noValidate onSubmit={(e) => void invia(e)}>
      <InputField
        {...modulo.campo('titolo_portale')}
        label="Titolo portale"
        required
        maxLength={TITOLO_PORTALE_MAX}
        hint={p.titolo_portale && p.titolo_portale !== p.descrizione1 ? `Descrizione del gestionale: ${p.descrizione1}` : undefined}
      />
      <TextareaField
        {...modulo.campo('descrizione_aggiuntiva')}
        label="Descrizione aggiuntiva"
        required
        rows={5}
        maxLength={DESCRIZIONE_AGGIUNTIVA_MAX}
      />
      <InputField
        {...modulo.campo('pz_conf')}
        className="prodotto-pzconf"
        label="Pezzi per confezione"
        type="number"
        required
        min={1}
        max={PZ_CONF_MAX}
        step={1}
        inputMode="numeric"
      />
      <div className="prodotto-form-azioni">
        <button type="submit" className="btn btn-primary" disabled={modifica.isPending}>
          Invia
        </button>
      </div>
    </form>
  );
}
