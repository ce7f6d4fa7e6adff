import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { TokenApiItem } from '../../../shared/token.js';
import { LIMITI_TOKEN } from '../../../shared/token-costanti.js';
import { type Column, DataTable } from '../../components/DataTable';
import { InputField } from '../../components/form/InputField';
import { useModulo } from '../../components/form/useModulo';
import { useToast } from '../../components/Toast';
import { Scheda } from '../../components/Scheda';
import { useConfirmAction } from '../../hooks/useConfirmAction';
import { errorMessage } from '../../lib/api';
import { formatDataOra } from '../../lib/formato';
import { tokenQuery, useCreaToken, useRevocaToken } from './api';

/**
 * The ERP's API tokens for importazioni/push: create one (shown once, here, with a copy button),
 * see when each was last used, revoke it.
 */
export function TokenApi() {
  const query = useQuery({ ...tokenQuery(), select: (d) => d.token });
  const crea = useCreaToken();
  const revoca = useRevocaToken();
  const confermaEFai = useConfirmAction();
  const toast = useToast();
  const modulo = useModulo(() => import('../../../shared/token.js').then((m) => m.tokenCreaRequest), { nome: '' });
  const [nuovo, setNuovo] = useState<{ nome: string; token: string } | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (crea.isPending) return;
    const esito = await modulo.valida(modulo.valori);
    if (!esito.ok) return;
    try {
      const r = await crea.mutateAsync(esito.dati.nome);
      setNuovo({ nome: esito.dati.nome, token: r.token });
      modulo.setValori({ nome: '' });
    } catch (err) {
      if (!modulo.mostraDalServer(err)) toast.error(errorMessage(err));
    }
  }

  const columns: Column<TokenApiItem>[] = [
    { key: 'nome', header: 'Nome', className: 'strong', cell: (t) => t.nome },
    { key: 'prefisso', header: 'Token', className: 'codice nowrap', cell: (t) => `${t.prefisso}…` },
    { key: 'creato', header: 'Creato', className: 'nowrap', cell: (t) => <>{formatDataOra(t.created_at)}{t.creato_da ? <span className="muted"> · {t.creato_da}</span> : null}</> },
    { key: 'uso', header: 'Ultimo uso', className: 'nowrap', cell: (t) => (t.ultimo_uso_at ? formatDataOra(t.ultimo_uso_at) : <span className="muted">mai</span>) },
    {
      key: 'stato', header: 'Stato', className: 'nowrap',
      cell: (t) => (t.revocato_at
        ? <span className="status-pill">Revocato il {formatDataOra(t.revocato_at)}</span>
        : <span className="status-pill is-ok">Attivo</span>),
    },
  ];

  return (
    <Scheda titolo="Token API del gestionale">
      <div className="card-body">
        <p className="muted">
          Il gestionale invia i file a <code>POST /api/importazioni/push</code> con l'intestazione <code>Authorization: Bearer &lt;token&gt;</code> e ne legge l'esito con <code>GET /api/importazioni/esito?id=…</code>.
        </p>
        <form className="imp-token-form" onSubmit={(e) => void onSubmit(e)} noValidate>
          <InputField layout="inline" label="Nome" placeholder="Es. Gestionale magazzino" maxLength={LIMITI_TOKEN.nome} {...modulo.campo('nome')} />
          <button type="submit" className="btn btn-primary" disabled={!modulo.valido(modulo.valori) || crea.isPending}>Crea token</button>
        </form>
        {nuovo && (
          <div className="imp-token-nuovo" role="status">
            <p><strong>Token «{nuovo.nome}» creato.</strong> Copialo ora: non sarà più mostrato.</p>
            <div className="imp-token-valore">
              <code>{nuovo.token}</code>
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => void navigator.clipboard.writeText(nuovo.token).then(() => toast.success('Token copiato.'), () => toast.error('Copia non riuscita: selezionalo e copialo a mano.'))}
              >
                Copia
              </button>
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => setNuovo(null)}>Fatto</button>
            </div>
          </div>
        )}
      </div>
      <DataTable
        label="Token API"
        query={query}
        columns={columns}
        empty="Nessun token creato."
        loadingLabel="Caricamento token…"
        actions={(t) => (t.revocato_at ? null : (
          <button
            type="button"
            className="btn btn-sm btn-danger-outline"
            onClick={() => void confermaEFai({
              question: `Revocare il token «${t.nome}»? Il gestionale che lo usa non potrà più inviare file.`,
              confirm: { danger: true, confirmLabel: 'Revoca' },
              run: () => revoca.mutateAsync(t.id),
              failure: 'Errore durante la revoca del token',
            })}
          >
            Revoca
          </button>
        ))}
      />
    </Scheda>
  );
}
