export const MSG_CONTABILITA = {
  clienteNonTrovato: 'Cliente non trovato.',
  bloccoSalvato: 'Impostazione del fido salvata.',
  /** The checkout's warning (docs/regole/contabilita.md#checkout-warning). */
  avvisoOltreFido: (totale: string, disponibile: string) =>
    `Attenzione: questo ordine (${totale}) supera il fido disponibile (${disponibile}). L'ordine potrà essere confermato, ma l'amministrazione potrebbe sospenderlo.`,
  /** The same, for a client the admin set to 'blocca oltre fido': ordini/create will refuse it. */
  bloccoOltreFido: (totale: string, disponibile: string) =>
    `Questo ordine (${totale}) supera il fido disponibile (${disponibile}) e non può essere confermato: riduci il carrello o contatta l'amministrazione.`,
  /** What the customer can do instead, in the confirmation's place (docs/regole/contabilita.md#block). */
  bloccoCosaFare: (amministrazione: string) =>
    `Puoi togliere righe dal carrello finché il totale rientra nel fido disponibile, oppure contattare l'amministrazione (${amministrazione}) per un pagamento o un aumento del fido.`,
  /** ordini/create's refusal for a client set to 'blocca oltre fido'. */
  rifiutoOltreFido: (totale: string, disponibile: string) =>
    `Ordine non confermato: il totale (${totale}) supera il fido disponibile (${disponibile}). Contatta l'amministrazione per un pagamento o un aumento del fido.`,
} as const;
