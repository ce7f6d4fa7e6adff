import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { EsitoModulo } from '../components/form/useModulo';
import { useToast } from '../components/Toast';
import { ApiError, errorMessage } from '../lib/api';
import { paths } from '../paths';

/** What a link's refusal means: used, replaced, expired or not one of ours; no retry can help. */
const LINK_FINITO: ReadonlySet<string> = new Set(['link_non_valido', 'link_scaduto', 'dati_non_validi']);

interface ModuloDaLink<D> {
  valori: unknown;
  valida: (input: unknown) => Promise<EsitoModulo<D>>;
  mostraDalServer: (err: unknown) => unknown;
}

/**
 * The submit of a form reached from a mail's single-use link (password reset, invitation): check,
 * send once, then the login with the server's words; a refusal of the link itself ends the form.
 */
export function useInvioDaLink<D>(modulo: ModuloDaLink<D>, invia: (dati: D) => Promise<{ msg: string }>) {
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [errore, setErrore] = useState('');
  const [linkFinito, setLinkFinito] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setErrore('');
    const controllo = await modulo.valida(modulo.valori);
    if (!controllo.ok) return;
    setBusy(true);
    try {
      const r = await invia(controllo.dati);
      toast.success(r.msg);
      await navigate(paths.login.path, { replace: true });
    } catch (err) {
      if (modulo.mostraDalServer(err)) return;
      setErrore(errorMessage(err));
      if (err instanceof ApiError && LINK_FINITO.has(err.code ?? '')) setLinkFinito(true);
    } finally {
      setBusy(false);
    }
  };

  return { busy, errore, linkFinito, submit };
}
