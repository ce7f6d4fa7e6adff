import { z } from 'zod';
import { intParam } from './common.js';
import { contract } from './contract.js';

/** Rows of each ranking in ordini/stats (most bought products, most active clients). */
export const TOP_STATISTICHE = 10;
export const ANNO_MIN = 2000;
export const ANNO_MAX = 2100;

export const statsQuery = z.object({
  /** Without it: every month of every year, and rankings over all years. */
  anno: intParam('anno deve essere un numero intero')
    .pipe(z.number().min(ANNO_MIN, `anno deve essere compreso tra ${ANNO_MIN} e ${ANNO_MAX}`)
      .max(ANNO_MAX, `anno deve essere compreso tra ${ANNO_MIN} e ${ANNO_MAX}`))
    .optional(),
});

/** An amount as a numeric string with 2 decimals (docs/regole/admin.md#statistics), e.g. "1234.50". */
const importo = z.string().regex(/^-?\d+\.\d{2}$/);

export const statsResponse = z.object({
  /** Accepted orders and their amount per month, oldest first. */
  ordiniEImportiPerMeseAnno: z.array(z.object({
    anno: z.number().int(), mese: z.number().int(), numero_ordini: z.number().int(), importo_totale: importo,
  })),
  /** Most bought products by quantity (then amount), at most TOP_STATISTICHE. */
  prodottiPiuComprati: z.array(z.object({
    codice_prodotto: z.string(), prodotto_nome: z.string(), quantita_totale: z.number().int(), importo_totale: importo,
  })),
  /** Clients with most accepted orders (then amount), at most TOP_STATISTICHE. */
  clientiPiuAttiviEImportoSpeso: z.array(z.object({
    cliente_codice: z.string(), cliente_nome: z.string(), numero_ordini: z.number().int(), importo_totale: importo,
  })),
});
export type StatsResponse = z.infer<typeof statsResponse>;

/** Admin statistics of accepted orders (docs/regole/admin.md#statistics): every admin, for the home chart too. */
export const statisticheApi = {
  leggi: contract({
    path: 'ordini/stats', methods: ['GET'], access: 'admin', tag: 'Amministrazione',
    summary: "Statistiche degli ordini accettati: per mese, prodotti più comprati, clienti più attivi (dell'anno, o di sempre)",
    input: statsQuery, response: statsResponse,
  }),
};
