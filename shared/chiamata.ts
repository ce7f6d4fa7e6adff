/** An HTTP method of the API: the documented one first in a contract's `methods`. */
export type Method = 'GET' | 'POST';

/**
 * A call as the browser makes it: its path and methods, with the contract's types riding along and
 * none of its schemas. The contracts (shared/<area>.ts) are zod schemas built when their module
 * loads, a third of a shop page's first script task on a phone; the SPA imports these instead
 * (shared/rotte/<area>.ts, generated from them), so that its first load builds no schema and downloads no zod
 * (docs/decisions/zod-nel-browser.md). The server validates every input and every answer.
 */
export interface Chiamata<C = unknown> {
  readonly path: string;
  readonly methods: readonly Method[];
  /** Never set: it carries the contract's input and output types to the caller. */
  readonly contratto?: C;
}

/**
 * The route of every contract (shared/contract.ts) of an area (`xxxApi`): called by the files
 * scripts/genera-rotte.ts writes from the contracts; the type asks for exactly the group's keys.
 */
export function rotteDi<T extends Record<string, unknown>>(
  rotte: { readonly [K in keyof T]: { readonly path: string; readonly methods: readonly Method[] } },
): { readonly [K in keyof T]: Chiamata<T[K]> } {
  return rotte;
}
