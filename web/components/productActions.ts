import { createContext, type ReactNode } from 'react';
import type { Prodotto } from '../../shared/catalogo.js';

/**
 * Extra footer controls for every product card under this provider (e.g. the lists dialog button):
 *   <ProductActionsContext.Provider value={(p) => <ListeButton prodotto={p} />}>…</…>
 * A card's own `actions` prop wins.
 */
export const ProductActionsContext = createContext<((prodotto: Prodotto) => ReactNode) | null>(null);
