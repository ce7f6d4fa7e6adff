import { formatPrezzo } from '../../shared/formato.js';

/** The texts of the offline queue of an agent's orders (docs/regole/agenti.md#offline). */
export const MSG_CODA = {
  accoda:
    "Sei offline: l'ordine resta su questo dispositivo e parte appena torna la connessione, dopo un nuovo controllo di prezzi e disponibilità. Vuoi metterlo in coda?",
  accodato: "Ordine messo in coda: verrà inviato quando torna la connessione. L'intestazione mostra gli ordini in attesa.",
  erroreCoda: "Non è stato possibile salvare l'ordine su questo dispositivo: il carrello resta com'è.",
  contatore: (n: number) => (n === 1 ? '1 ordine da inviare' : `${n} ordini da inviare`),
  titoloCambi: (cliente: string) => `Ordine in coda per ${cliente}: qualcosa è cambiato`,
  cambi: (righe: string[]) => `Prima dell'invio prezzi e disponibilità sono stati controllati di nuovo:\n\n${righe.map((r) => `• ${r}`).join('\n')}\n\nInviare l'ordine così?`,
  prezzo: (codice: string, prima: number, ora: number) => `${codice}: prezzo ${formatPrezzo(prima)} → ${formatPrezzo(ora)}`,
  ridotto: (codice: string, chiesti: number, ora: number) => `${codice}: disponibili ${ora} su ${chiesti}, quantità portata a ${ora}`,
  tolto: (codice: string) => `${codice}: non più disponibile, tolto dall'ordine`,
  vuoto: (cliente: string) => `L'ordine in coda per ${cliente} non ha più prodotti disponibili: resta in coda, eliminalo o rifallo.`,
  inviato: (cliente: string, msg: string) => `Ordine in coda per ${cliente} inviato. ${msg}`,
  elimina: "Eliminare l'ordine in coda? Non verrà inviato.",
  aggiornato: (quando: string) => `Senza connessione: contenuto aggiornato alle ${quando}`,
  attesaConnessione: 'In attesa della connessione',
  attesaCliente: 'Parte quando entri come questo cliente',
  pronto: 'Pronto per l\'invio',
} as const;
