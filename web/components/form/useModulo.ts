import { useRef, useState } from 'react';
import type { z } from 'zod';

/** A form's check: the parsed input, or the first message (for an alert) with the fields' errors shown. */
export type EsitoModulo<T> = { ok: true; dati: T } | { ok: false; messaggio: string };

/**
 * A form's text fields driven by the call's own zod schema (from shared/): their values, their
 * errors and the check before sending. `valida(input)` parses the input with the schema; on
 * failure each field shows the first Italian message the schema gives for it, the first field in
 * error takes the focus, and the first message overall comes back (issues on what is not a text
 * field, e.g. a list of clients, count there too). A field's error goes as it is edited.
 *
 *   const modulo = useModulo(contattoRequest, { nome: '', email: '', messaggio: '' });
 *   <InputField label="Nome" {...modulo.campo('nome')} />
 *   const esito = modulo.valida(modulo.valori);
 *   if (esito.ok) await invia.mutateAsync(esito.dati);
 */
export function useModulo<S extends z.ZodType, C extends string>(schema: S, iniziali: Record<C, string>) {
  const [valori, setValori] = useState(iniziali);
  const [errori, setErrori] = useState<Partial<Record<C, string>>>({});
  const controlli = useRef<Partial<Record<C, HTMLElement | null>>>({});
  const refs = useRef<Partial<Record<C, (el: HTMLElement | null) => void>>>({});
  // The fields in the order of `iniziali`: the order their errors take the focus.
  const ordine = Object.keys(iniziali) as C[];

  const imposta = (campo: C, valore: string) => {
    setValori((v) => ({ ...v, [campo]: valore }));
    setErrori((e) => (e[campo] === undefined ? e : { ...e, [campo]: undefined }));
  };

  /** Shows these errors under their fields (a check's, or a server's refusal of one field) and focuses the first. */
  const mostra = (trovati: Partial<Record<C, string>>) => {
    setErrori(trovati);
    const primo = ordine.find((c) => trovati[c] !== undefined);
    if (primo) controlli.current[primo]?.focus();
  };

  // The input is what the form holds (texts, and what it adds): the schema is its type check.
  const valida = (input: unknown): EsitoModulo<z.output<S>> => {
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      setErrori({});
      return { ok: true, dati: parsed.data };
    }
    const trovati: Partial<Record<C, string>> = {};
    for (const issue of parsed.error.issues) {
      const campo = issue.path[0];
      if (typeof campo === 'string' && (ordine as string[]).includes(campo)) trovati[campo as C] ??= issue.message;
    }
    mostra(trovati);
    return { ok: false, messaggio: parsed.error.issues[0]?.message ?? 'Dati non validi.' };
  };

  /** What a field of the kit takes: value, error, onChange and the ref that lets an error focus it. */
  const campo = (c: C) => ({
    value: valori[c],
    error: errori[c],
    onChange: (e: { target: { value: string } }) => imposta(c, e.target.value),
    ref: (refs.current[c] ??= (el: HTMLElement | null) => {
      controlli.current[c] = el;
    }),
  });

  return { valori, setValori, errori, imposta, campo, valida, mostra };
}
