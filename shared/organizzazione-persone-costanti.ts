/**
 * "La mia azienda" (docs/regole/organizzazione.md#people): the Titolare's calls on the client's
 * people and the invitation's link, their texts and limits, without zod (the SPA's screens read them).
 */

/** The largest limit numeric(12, 2) holds. */
export const LIMITE_MAX = 9_999_999_999.99;
/** The longest name and e-mail the invitation's form takes. */
export const LIMITI_PERSONA = { nominativo: 200, email: 200 } as const;
/** The most further clients one invitation names (altri_clienti). */
export const MAX_ALTRI_CLIENTI_INVITO = 50;
/** A page of the history. */
export const STORICO_ORGANIZZAZIONE_MAX = 100;
export const STORICO_ORGANIZZAZIONE_PREDEFINITO = 20;

export const MSG_ORGANIZZAZIONE = {
  emailObbligatoria: "Inserisci l'e-mail della persona",
  emailNonValida: 'Indirizzo e-mail non valido',
  nominativoObbligatorio: 'Inserisci nome e cognome della persona',
  ruoloNonValido: "Ruolo non valido: titolare, acquisti, operatore o consultazione",
  limiteNonValido: 'Importo non valido: un numero da 0 in su con al massimo 2 decimali (vuoto: nessun limite)',
  nessunaModifica: 'Nessuna modifica indicata.',
  invitata: (email: string) => `Invito inviato a ${email}: il link vale 7 giorni.`,
  collegata: (nome: string) => `${nome} usa già il portale: ora può lavorare anche per questo cliente.`,
  giaCollegata: 'Questa persona è già collegata a questo cliente.',
  giaCollegataA: (cliente: string) => `Questa persona è già collegata a ${cliente}.`,
  collegataA: (nome: string, clienti: string) => `${nome} usa già il portale: ora può lavorare anche per ${clienti}.`,
  nonTitolareDi: (cliente: string) => `Puoi invitare solo nei clienti di cui sei titolare: non in ${cliente}.`,
  troppiClienti: `Al massimo ${MAX_ALTRI_CLIENTI_INVITO} altri clienti per invito.`,
  reinviato: (email: string) => `Nuovo invito inviato a ${email}: il link precedente non vale più.`,
  nonInvitata: "La persona ha già accettato l'invito: non c'è un invito da inviare di nuovo.",
  personaSconosciuta: 'Questa persona non è collegata a questo cliente.',
  ultimoTitolare: 'Il cliente deve avere almeno un titolare attivo: nomina prima un altro titolare.',
  aggiornata: 'Modifiche salvate.',
  rimossa: (nome: string) => `${nome} non ha più accesso a questo cliente.`,
  linkNonValido: "Il link dell'invito non è valido o è già stato usato: chiedi al titolare di inviartene uno nuovo.",
  linkScaduto: "L'invito è scaduto: chiedi al titolare di inviartene uno nuovo.",
  passwordImpostata: 'Password impostata: accedi con la tua e-mail e la nuova password.',
  passwordObbligatoria: 'Scegli una password',
} as const;
