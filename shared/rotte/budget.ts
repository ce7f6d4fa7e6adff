import type { budgetApi } from '../budget.js';
import { rotteDi } from '../chiamata.js';

/** The calls of shared/budget.ts as the browser makes them: path and methods, no schema (shared/chiamata.ts). */
export const budgetRotte = rotteDi<typeof budgetApi>({
  leggi: { path: 'budget/list', methods: ['GET'] },
  salva: { path: 'budget/upsert', methods: ['POST'] },
});
