/** A client's price list number (docs/regole/catalogo.md#list-price); 0 or missing means list 1. The one place of that rule. */
export function listinoEffettivo(lisMaga: number | null | undefined): number {
  return lisMaga !== null && lisMaga !== undefined && lisMaga > 0 ? lisMaga : 1;
}

/** 'Listino 2': a client's price list as the screens name it. */
export const nomeListino = (lisMaga: number | null | undefined): string => `Listino ${listinoEffettivo(lisMaga)}`;
