import { useRef, useState, type FormEvent } from 'react';
import { MSG_CATALOGO, prodottoEditRequest, type Prodotto, DESCRIZIONE_AGGIUNTIVA_MAX, PZ_CONF_MAX, TITOLO_PORTALE_MAX } from '../../../shared/catalogo.js';
import { InputField } from '../../components/form/InputField';
import { TextareaField } from '../../components/form/TextareaField';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { useModificaProdotto } from './api';

type Campo = 'titolo_portale' | 'descrizione_aggiuntiva' | 'pz_conf';

/**
 * The product's portal texts (docs/regole/admin.md#product-edit): titolo_portale, descrizione_aggiuntiva and
 * pz_conf, all required, checked by the call's own schema before asking 'Sei sicuro di voler
 * inviare la descrizione personalizzata?'; then a toast with the outcome (a refusal shows the
 * server's message). Without a portal title yet, the title starts from the ERP's description.
 */
export function DescrizionePersonalizzata({ prodotto: p }: { prodotto: Prodotto }) {
  const [valori, setValori] = useState<Record<Campo, string>>({
    titolo_portale: p.titolo_portale || p.descrizione1,
    descrizione_aggiuntiva: p.descrizione_aggiuntiva,
    pz_conf: String(p.pz_conf),
  });
  const [errori, setErrori] = useState<Partial<Record<Campo, string>>>({});
  const refs = {
    titolo_portale: useRef<HTMLInputElement>(null),
    descrizione_aggiuntiva: useRef<HTMLTextAreaElement>(null),
    pz_conf: useRef<HTMLInputElement>(null),
  };
  const modifica = useModificaProdotto();
  const confermaEFai = useConfirmAction();

  const cambia = (campo: Campo) => (e: { target: { value: string } }) => {
    setValori((v) => ({ ...v, [campo]: e.target.value }));
    setErrori((x) => ({ ...x, [campo]: undefined }));
  };

  const invia = async (e: FormEvent) => {
    e.preventDefault();
    const input = { codice_prodotto: p.codice_prodotto, ...valori };
    const parsed = prodottoEditRequest.safeParse(input);
    if (!parsed.success) {
      const trovati: Partial<Record<Campo, string>> = {};
      for (const issue of parsed.error.issues) {
        const campo = issue.path[0] as Campo;
        trovati[campo] ??= issue.message;
      }
      setErrori(trovati);
      const primo = (['titolo_portale', 'descrizione_aggiuntiva', 'pz_conf'] as const).find((c) => trovati[c]);
      if (primo) refs[primo].current?.focus();
      return;
    }
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
        ref={refs.titolo_portale}
        label="Titolo portale"
        required
        maxLength={TITOLO_PORTALE_MAX}
        value={valori.titolo_portale}
        error={errori.titolo_portale}
        hint={p.titolo_portale && p.titolo_portale !== p.descrizione1 ? `Descrizione del gestionale: ${p.descrizione1}` : undefined}
        onChange={cambia('titolo_portale')}
      />
      <TextareaField
        ref={refs.descrizione_aggiuntiva}
        label="Descrizione aggiuntiva"
        required
        rows={5}
        maxLength={DESCRIZIONE_AGGIUNTIVA_MAX}
        value={valori.descrizione_aggiuntiva}
        error={errori.descrizione_aggiuntiva}
        onChange={cambia('descrizione_aggiuntiva')}
      />
      <InputField
        ref={refs.pz_conf}
        className="prodotto-pzconf"
        label="Pezzi per confezione"
        type="number"
        required
        min={1}
        max={PZ_CONF_MAX}
        step={1}
        inputMode="numeric"
        value={valori.pz_conf}
        error={errori.pz_conf}
        onChange={cambia('pz_conf')}
      />
      <div className="prodotto-form-azioni">
        <button type="submit" className="btn btn-primary" disabled={modifica.isPending}>
          Invia
        </button>
      </div>
    </form>
  );
}
