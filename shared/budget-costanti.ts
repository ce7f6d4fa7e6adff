/** Budget texts (docs/regole/admin.md#budgets): the first is the server's; the others are the SPA's on failure. */
export const MSG_BUDGET = {
  inseriti: 'Budget inseriti con successo',
  errore: "Errore nell'inserimento dei budget",
  erroreRichiesta: 'Errore nella richiesta',
} as const;

/** The budget column is numeric(14,3): eleven digits before the point. */
export const BUDGET_MAX = 99_999_999_999;
/** One request carries at most the form's three years of twelve months, with room to spare. */
export const BUDGET_RIGHE_MAX = 120;
