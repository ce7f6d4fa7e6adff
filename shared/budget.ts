import { z } from 'zod';
import { esito, intParam } from './common.js';
import { contract } from './contract.js';
import { BUDGET_MAX, BUDGET_RIGHE_MAX } from './budget-costanti.js';

/** A positive id; a missing one says so. */
const id = (name: string) => z.union([z.number(), z.string()], {
  error: (iss) => (iss.input === undefined ? `${name} obbligatorio` : `${name} non valido`),
}).pipe(intParam(`${name} non valido`)).pipe(z.number().min(1, `${name} non valido`));

export const budgetRiga = z.object({
  id: z.number().int(),
  anno: z.number().int(),
  mese: z.number().int(),
  budget: z.number(),
});
export type BudgetRiga = z.infer<typeof budgetRiga>;

export const budgetListQuery = z.object({
  /** The client's id (the spec's name for it). */
  azienda_id: id('azienda_id'),
  anno: intParam('anno non valido').pipe(z.number().min(2000, 'anno non valido').max(2100, 'anno non valido')).optional(),
});
export const budgetListResponse = z.object({ status: z.number().int(), data: z.array(budgetRiga) });

/** A figure as the form sends it: a number, or its text with a point or a comma. */
const importo = z.union([
  z.number(),
  z.string().trim().regex(/^\d+([.,]\d+)?$/, 'Budget non valido').transform((s) => Number(s.replace(',', '.'))),
], { error: (iss) => (iss.input === undefined ? 'Budget obbligatorio' : 'Budget non valido') })
  .pipe(z.number().min(0, 'Il budget non può essere negativo').max(BUDGET_MAX, 'Budget troppo alto'))
  .transform((n) => Math.round(n * 1000) / 1000);

export const budgetUpsertRequest = z.object({
  cliente_id: id('cliente_id'),
  budgets: z.array(z.object({
    id: id('id').optional().nullable(),
    anno: z.union([z.number(), z.string()], { error: 'anno obbligatorio' })
      .pipe(intParam('anno non valido')).pipe(z.number().min(2000, 'anno non valido').max(2100, 'anno non valido')),
    mese: z.union([z.number(), z.string()], { error: 'mese obbligatorio' }).pipe(intParam('mese non valido')).pipe(z.number().min(1, 'Il mese deve essere tra 1 e 12').max(12, 'Il mese deve essere tra 1 e 12')),
    budget: importo,
  }), { error: (iss) => (iss.input === undefined ? 'budgets obbligatorio' : 'budgets deve essere un elenco di mesi') })
    .min(1, 'Nessun budget da inserire')
    .max(BUDGET_RIGHE_MAX, `Al massimo ${BUDGET_RIGHE_MAX} budget per richiesta`)
    .superRefine((rows, ctx) => {
      const visti = new Set<string>();
      for (const r of rows) {
        const k = `${r.anno}-${r.mese}`;
        if (visti.has(k)) ctx.addIssue({ code: 'custom', message: `Mese ${r.mese}/${r.anno} ripetuto` });
        visti.add(k);
      }
    }),
});
export type BudgetUpsertRequest = z.output<typeof budgetUpsertRequest>;

const T = 'Budget';

/** Monthly budgets of a client (docs/regole/admin.md#budgets). */
export const budgetApi = {
  leggi: contract({
    path: 'budget/list', methods: ['GET'], access: 'admin', tag: T,
    summary: 'Budget mensili di un cliente (azienda_id = id del cliente), per anno e mese',
    input: budgetListQuery, response: budgetListResponse,
  }),
  salva: contract({
    path: 'budget/upsert', methods: ['POST'], access: 'admin', tag: T,
    summary: 'Inserisce o aggiorna i budget mensili di un cliente (uno per anno e mese), tutti o nessuno',
    input: budgetUpsertRequest, response: esito,
  }),
};
