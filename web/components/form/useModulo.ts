import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError, MSG_NETWORK } from '../../lib/api';

/** A form's check: the parsed input, or the first message (for an alert) and the fields' errors, shown. */
export type EsitoModulo<T, C extends string = string> =
  | { ok: true; dati: T }
  | { ok: false; messaggio: string; errori: Partial<Record<C, string>> };

/** The values as the form holds them: a checkbox's state, every other field's text. */
export type ValoriModulo<I> = { [K in keyof I]: I[K] extends boolean ? boolean : string };
type Testi<I> = { [K in keyof I]-?: I[K] extends boolean ? never : K }[keyof I] & string;
type Caselle<I> = { [K in keyof I]-?: I[K] extends boolean ? K : never }[keyof I] & string;

export interface OpzioniModulo<V, C extends string, F extends string = never> {
  /**
   * Values kept outside the form (a draft two screens share): what they are now and how a change
   * reaches them (a patch). Without it the form keeps its own, starting from `iniziali`.
   */
  stato?: { valori: V; cambia: (patch: Partial<V>) => void };
  /**
   * The field an issue's path points at (default: its first key, when that is a field), e.g. the
   * month a `budgets.3.budget` refusal concerns. Used for the schema's issues and the server's `campi`.
   */
  campoDi?: (percorso: readonly PropertyKey[]) => C | undefined;
  /**
   * Fields whose values the form does not hold: file pickers, whose files travel beside the call's
   * input (its contract's `upload`), not in it. Each has an error and takes the focus like a held
   * field, after them in this order: the browser's first check through `mostra`, the server's
   * `campi` naming it through `mostraDalServer`. `controllo(f)` gives its error and ref,
   * `pulisci(f)` clears its error when its files change.
   */
  file?: readonly F[];
}

/** A `campi` key of an error answer ('budgets.3.budget') as a path (['budgets', 3, 'budget']). */
const percorsoDi = (chiave: string): PropertyKey[] => chiave.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * A form's fields driven by the call's own zod schema (from shared/): their values, their errors,
 * the check before sending and the server's refusal of a field. The schema comes through a loader,
 * `() => import('…/shared/x.js').then((m) => m.schema)`, started when the form first needs it: as
 * it is drawn when its render asks `valido` or `problemi`, else when a field first takes the focus or
 * changes, or at the first `valida`. So zod and the schema modules stay off the chunk that draws the
 * form and off the load of a page whose form is not used (the shop's first load never has them: the
 * build guards it, docs/decisions/zod-nel-browser.md). Every form of the SPA is on it, one way.
 *
 * `await valida(input)` parses the input with the schema; on failure each field shows the first
 * Italian message the schema gives for it, the first field in error takes the focus, and the
 * first message overall comes back (issues on what is not a field, e.g. a list of clients, count
 * there too). `valido(input)` says, without showing anything, whether the input passes (false
 * until the schema is there): for a submit disabled while the form is incomplete; `problemi(input)`
 * gives each field's message the same way, for a field checked as it is typed.
 * `mostraDalServer(err)` shows a 400's `campi` under their fields and answers them (undefined when
 * none is a field here: the caller alerts the message). A file picker is a field too (`file`): its
 * files stay the screen's, its error and focus are the form's (`controllo`). A field's error goes as it is edited; the
 * first one shown takes the focus once drawn (a form may first show the tab it is on).
 *
 *   const modulo = useModulo(() => import('../../shared/contatti.js').then((m) => m.contattoRequest),
 *     { nome: '', email: '', messaggio: '' });
 *   <InputField label="Nome" {...modulo.campo('nome')} />      // text, select, textarea
 *   <CheckboxField label="…" {...modulo.casella('completo')} /> // a boolean field
 *   const esito = await modulo.valida(modulo.valori);
 *   if (esito.ok) try { await invia.mutateAsync(esito.dati) } catch (err) { if (!modulo.mostraDalServer(err)) alert(…) }
 */
export function useModulo<S extends z.ZodType, I extends Record<string, string | boolean>, F extends string = never>(
  carica: () => Promise<S>,
  iniziali: I,
  opzioni: OpzioniModulo<ValoriModulo<I>, (keyof I & string) | F, F> = {},
) {
  type V = ValoriModulo<I>;
  type C = (keyof I & string) | F;
  const { stato, campoDi: campoDelPercorso, file = [] } = opzioni;
  const [propri, setPropri] = useState<V>(iniziali as V);
  const [errori, setErrori] = useState<Partial<Record<C, string>>>({});
  // The schema once needed (for `valido` and `problemi`); `valida` asks the loader again, which
  // answers from the module cache and so always follows the loader of the current render.
  const [primoCarica] = useState(() => carica);
  const [schema, setSchema] = useState<S | null>(null);
  const [serve, setServe] = useState(false);
  // Set while drawing by `valido`/`problemi`: their answer waits for the schema, so it is loaded at once.
  const serveAlDisegno = useRef(false);
  const richiedi = () => setServe(true);
  const elementi = useRef<Partial<Record<C, HTMLElement | null>>>({});
  // The field to focus after the next render (a new object each time, so that the same field is focused again).
  const [fuoco, setFuoco] = useState<{ campo: C } | null>(null);
  // The fields in the order of `iniziali`, then the file pickers: the order their errors take the focus.
  const ordine = [...Object.keys(iniziali), ...file] as C[];
  const valori = stato?.valori ?? propri;

  useEffect(() => {
    if (!serve && !serveAlDisegno.current) return;
    let vivo = true;
    // A failed load is told by `valida`, which tries again.
    primoCarica().then((s) => { if (vivo) setSchema(s); }, () => undefined);
    return () => { vivo = false; };
  }, [serve, primoCarica]);

  useEffect(() => {
    if (fuoco) elementi.current[fuoco.campo]?.focus();
  }, [fuoco]);

  const campoDi = (percorso: readonly PropertyKey[]): C | undefined => {
    if (campoDelPercorso) return campoDelPercorso(percorso);
    const primo = percorso[0];
    return typeof primo === 'string' && (ordine as string[]).includes(primo) ? (primo as C) : undefined;
  };

  const setValori = (nuovi: V | ((v: V) => V)) => {
    if (stato) stato.cambia(typeof nuovi === 'function' ? nuovi(stato.valori) : nuovi);
    else setPropri(nuovi);
  };

  /** Clears a field's error (its value changed). */
  const pulisci = (campo: C) => setErrori((e) => (e[campo] === undefined ? e : { ...e, [campo]: undefined }));

  const imposta = <K extends keyof V & string>(campo: K, valore: V[K]) => {
    if (stato) stato.cambia({ [campo]: valore } as unknown as Partial<V>);
    else setPropri((v) => ({ ...v, [campo]: valore }));
    pulisci(campo);
  };

  /** Shows these errors under their fields (a check's, or a server's refusal) and focuses the first; `{}` clears them. */
  const mostra = (trovati: Partial<Record<C, string>>) => {
    setErrori(trovati);
    const primo = ordine.find((c) => trovati[c] !== undefined);
    if (primo !== undefined) setFuoco({ campo: primo });
  };

  // The input is what the form holds (its values, and what it adds): the schema is its type check.
  const valida = async (input: unknown): Promise<EsitoModulo<z.output<S>, C>> => {
    richiedi();
    let s: S;
    try {
      s = await carica();
    } catch {
      return { ok: false, messaggio: MSG_NETWORK, errori: {} };
    }
    const parsed = s.safeParse(input);
    if (parsed.success) {
      setErrori({});
      return { ok: true, dati: parsed.data };
    }
    const trovati: Partial<Record<C, string>> = {};
    for (const issue of parsed.error.issues) {
      const campo = campoDi(issue.path);
      if (campo !== undefined) trovati[campo] ??= issue.message;
    }
    mostra(trovati);
    return { ok: false, messaggio: parsed.error.issues[0]?.message ?? 'Dati non validi.', errori: trovati };
  };

  /** Whether the input passes the schema, nothing shown; false until the schema has loaded. */
  const valido = (input: unknown): boolean => {
    serveAlDisegno.current = true;
    return schema?.safeParse(input).success ?? false;
  };

  /** The schema's message for each field of this input, nothing shown (a field checked as it is typed); {} until the schema has loaded. */
  const problemi = (input: unknown): Partial<Record<C, string>> => {
    serveAlDisegno.current = true;
    const parsed = schema?.safeParse(input);
    const trovati: Partial<Record<C, string>> = {};
    for (const issue of parsed?.error?.issues ?? []) {
      const campo = campoDi(issue.path);
      if (campo !== undefined) trovati[campo] ??= issue.message;
    }
    return trovati;
  };

  /** A 400's `campi` (shared/errori.ts) under the fields they name; undefined when none is a field of this form. */
  const mostraDalServer = (err: unknown): Partial<Record<C, string>> | undefined => {
    const campi = err instanceof ApiError ? err.campi : undefined;
    const trovati: Partial<Record<C, string>> = {};
    for (const [chiave, msg] of Object.entries(campi ?? {})) {
      const campo = campoDi(percorsoDi(chiave));
      if (campo !== undefined) trovati[campo] ??= msg;
    }
    if (Object.keys(trovati).length === 0) return undefined;
    mostra(trovati);
    return trovati;
  };

  // Each control hands its element over as it mounts (a ref callback with its cleanup), for the focus.
  const ref = (c: C) => (el: HTMLElement | null) => {
    elementi.current[c] = el;
    return () => {
      if (elementi.current[c] === el) elementi.current[c] = null;
    };
  };

  /** What a text field of the kit takes (InputField, SelectField, TextareaField): value, error, onChange, onFocus, ref. */
  const campo = (c: Testi<I>) => ({
    value: valori[c] as string,
    error: errori[c],
    onChange: (e: { target: { value: string } }) => { richiedi(); imposta(c, e.target.value as V[typeof c]); },
    onFocus: richiedi,
    ref: ref(c),
  });

  /** What a CheckboxField takes: checked, error, onChange, onFocus, ref. */
  const casella = (c: Caselle<I>) => ({
    checked: valori[c] as boolean,
    error: errori[c],
    onChange: (e: { target: { checked: boolean } }) => { richiedi(); imposta(c, e.target.checked as V[typeof c]); },
    onFocus: richiedi,
    ref: ref(c),
  });

  /** What a control whose value the form does not hold takes (a file picker, `file`): its error, onFocus and ref. */
  const controllo = (c: F) => ({ error: errori[c], onFocus: richiedi, ref: ref(c) });

  /** A field's control, once drawn (to focus or select it from an effect; the same function every render). */
  const elemento = useCallback((c: C): HTMLElement | null => elementi.current[c] ?? null, []);

  return { valori, setValori, errori, imposta, pulisci, campo, casella, controllo, valida, valido, problemi, mostra, mostraDalServer, elemento };
}
