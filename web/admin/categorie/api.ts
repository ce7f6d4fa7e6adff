import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Categoria } from '../../../shared/catalogo.js';
import { catalogoRotte } from '../../../shared/rotte/catalogo.js';
import { callApi } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { prodottiKeys } from '../prodotti/api';

/** Calls of 'Gestione Categorie' and of the category picker of the product screens. */
export const categorieKeys = {
  albero: ['admin', 'categorie'] as const,
};

/** GET categorie/list with the admin session: every category, enabled or not, with its status. */
export const alberoCategorieQuery = () =>
  queryOptions({
    queryKey: categorieKeys.albero,
    queryFn: async ({ signal }) => (await callApi(catalogoRotte.categorie, {}, { signal })).categorie,
    staleTime: 60_000,
  });

/** The tree with one category's status set. */
export function conStatus(albero: Categoria[], codCat: string, status: number): Categoria[] {
  return albero.map((c) => (c.cod_cat === codCat ? { ...c, status } : { ...c, figli: conStatus(c.figli, codCat, status) }));
}

/**
 * POST categorie/toggle. The icon switches as soon as the admin confirms and goes back if the call
 * fails; the answer's status is the one kept. Product lists are read again afterwards (a category
 * switched off has no page any more).
 */
export function useCambiaStatoCategoria() {
  const chiave = alberoCategorieQuery().queryKey;
  return useMutation({
    mutationFn: (c: Categoria) => callApi(catalogoRotte.cambiaStatoCategoria, { cod_cat: c.cod_cat }),
    onMutate: async (c) => {
      await queryClient.cancelQueries({ queryKey: chiave });
      const prima = queryClient.getQueryData(chiave);
      queryClient.setQueryData(chiave, (a) => a && conStatus(a, c.cod_cat, c.status === 0 ? 1 : 0));
      return { prima };
    },
    onError: (_err, _c, ctx) => {
      if (ctx?.prima) queryClient.setQueryData(chiave, ctx.prima);
    },
    onSuccess: (r, c) => {
      queryClient.setQueryData(chiave, (a) => a && conStatus(a, c.cod_cat, r.new_value));
    },
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: chiave }),
      queryClient.invalidateQueries({ queryKey: prodottiKeys.all }),
    ]),
  });
}

/** A category with its place in the tree, for lists and pickers. */
export interface CategoriaPiana {
  categoria: Categoria;
  /** Disabled itself or under a disabled one: customers do not see it. */
  nascosta: boolean;
}

/** The tree depth first, parents before their children. */
export function categoriePiane(albero: Categoria[], sottoNascosta = false): CategoriaPiana[] {
  return albero.flatMap((c) => {
    const nascosta = sottoNascosta || c.status !== 0;
    return [{ categoria: c, nascosta }, ...categoriePiane(c.figli, nascosta)];
  });
}
