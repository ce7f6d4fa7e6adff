/** Page sizes offered in the shop and the admin lists. */
export const PAGE_SIZES = [25, 50, 100] as const;

export const DEFAULT_PAGE_SIZE = 50;

export const MAX_PAGE_SIZE = 100;

function intOf(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
}

/**
 * The first row and page size a URL's query asks (docs/regole/generale.md#pagination): the SPA's
 * lists read them so (web/hooks/usePaging.ts), and the server so names a list page's first call in
 * its preload header (server/catalogo/precarica-negozio.ts).
 */
export function pagingDi(params: { get: (nome: string) => string | null }): { start: number; limit: number } {
  const rawLimit = intOf(params.get('limit'));
  const limit = rawLimit !== null && rawLimit >= 1 && rawLimit <= MAX_PAGE_SIZE ? rawLimit : DEFAULT_PAGE_SIZE;
  return { start: intOf(params.get('start')) ?? 0, limit };
}
