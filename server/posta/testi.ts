import { ORE_PASSWORD_TEMPORANEA } from '../auth/passwords.js';
import { MINUTI_LINK_PASSWORD } from '../../shared/accesso-costanti.js';
import { GIORNI_INVITO } from '../../shared/organizzazione-costanti.js';
import { formatImporto, formatPrezzo } from '../../shared/formato.js';
import type { Ordine } from '../../shared/ordini.js';
import type { Mail } from '../lib/mailer.js';
import { MSG_AGENTI } from '../../shared/agenti-costanti.js';
import { testoSuperamento } from '../../shared/approvazioni-costanti.js';
import type { Superamento } from '../../shared/ordini.js';

/** A day as Rome reads it, for the mails' deadlines. */
const dataRoma = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: 'numeric', month: 'long', year: 'numeric' });

/** How a line ships: 'in consegna' from stock, 'in arrivo dal fornitore' for what is backordered. */
export function consegnaRiga(l: { qt_in_consegna: number; qt_in_arrivo: number }): string {
  const parti = [
    ...(l.qt_in_consegna > 0 ? [`${l.qt_in_consegna} in consegna`] : []),
    ...(l.qt_in_arrivo > 0 ? [`${l.qt_in_arrivo} in arrivo dal fornitore`] : []),
  ];
  return parti.join(', ');
}

/**
 * The confirmation of an order (its read model, shared/ordini.ts), to the user who placed it; an
 * order a sales agent placed in the client's name goes to the client and names the agent
 * (docs/regole/agenti.md#attribution), to the agent when the client has no address.
 */
export function confermaOrdine(o: Ordine): Mail {
  const agente = o.inserito_da_agente;
  return {
    // A user deleted since the order has no address left.
    to: (agente ? o.cliente.email || o.ordinato_da.username : o.ordinato_da.username) ?? '',
    subject: `Conferma ordine #${o.id}`,
    text: [
      `Gentile ${agente ? o.cliente.ragione_sociale : o.ordinato_da.nome},`,
      `abbiamo ricevuto il suo ordine #${o.id} per ${o.cliente_nome} (${o.cliente_codice}).`,
      ...(agente ? [`${MSG_AGENTI.inseritoDa(agente)}.`] : []),
      ...(o.approvazione === 'approvato' ? [`L'ordine è stato approvato da ${o.approvatore_nome ?? ''}.`] : []),
      ...(o.nome ? [`Nome ordine: ${o.nome}`] : []),
      ...(o.riferimento_cantiere ? [`Riferimento cantiere: ${o.riferimento_cantiere}`] : []),
      '',
      ...o.prodotti.map((l) => `${l.codice_prodotto}  ${l.prodotto_nome}  x${l.qt} (${consegnaRiga(l)})  ${formatPrezzo(l.prezzo_reale)}`),
      ...(o.prodotti.some((l) => l.qt_in_arrivo > 0)
        ? ['', "Le quantità in arrivo dal fornitore verranno spedite all'arrivo della merce nel nostro magazzino."]
        : []),
      '',
      // The invoice's total (each line to the cent), as the attached PDF's 'Totale imponibile'.
      `Totale: ${formatImporto(o.totale_imponibile)}`,
      ...(o.note ? [`Note: ${o.note}`] : []),
    ].join('\n'),
  };
}

/**
 * New credentials sent by an admin (utenti/mandacredenziali). The password is temporary: the
 * portal asks for a new one at the first access, and refuses it after ORE_PASSWORD_TEMPORANEA hours.
 */
export function credenziali(u: { username: string; nome: string; cognome: string; password: string }): Mail {
  return {
    to: u.username,
    subject: 'Credenziali di accesso al portale',
    text: [
      `Gentile ${u.nome} ${u.cognome},`,
      'ecco le sue nuove credenziali di accesso al portale ordini.',
      '',
      `Username: ${u.username}`,
      `Password temporanea: ${u.password}`,
      '',
      'Al primo accesso le verrà chiesto di scegliere una nuova password personale (almeno 12 caratteri).',
      `La password temporanea vale ${ORE_PASSWORD_TEMPORANEA} ore: dopo, chieda nuove credenziali all'amministratore.`,
      'La password precedente non è più valida.',
      '',
      'Se non ha richiesto nuove credenziali, contatti il nostro ufficio.',
    ].join('\n'),
  };
}

/** The link of 'Password dimenticata?' (docs/regole/accesso.md#password-reset). */
export function linkNuovaPassword(u: { username: string; nome: string; cognome: string; link: string }): Mail {
  return {
    to: u.username,
    subject: 'Nuova password per il portale',
    text: [
      `Gentile ${u.nome} ${u.cognome},`,
      'abbiamo ricevuto una richiesta di nuova password per il suo account del portale ordini.',
      '',
      'Per sceglierne una nuova apra questo link:',
      u.link,
      '',
      `Il link vale ${MINUTI_LINK_PASSWORD} minuti e si può usare una sola volta. Impostata la nuova password, gli accessi aperti con la precedente vengono chiusi.`,
      '',
      'Se non ha chiesto lei una nuova password, ignori questo messaggio: la password attuale resta valida.',
    ].join('\n'),
  };
}

/**
 * An invitation to the portal (organizzazione/invita, docs/regole/organizzazione.md#invites): the
 * Titolare who sent it, the client(s), the link to choose a password, valid GIORNI_INVITO days, once.
 */
export function invito(u: { username: string; nome: string; cognome: string; invitante: string; clienti: string[]; link: string }): Mail {
  return {
    to: u.username,
    subject: 'Invito al portale ordini',
    text: [
      `Gentile ${`${u.nome} ${u.cognome}`.trim()},`,
      `${u.invitante || 'Il titolare'} la invita a lavorare nel portale ordini per ${u.clienti.join(', ')}.`,
      '',
      'Per scegliere la sua password e attivare l\'accesso apra questo link:',
      u.link,
      '',
      `Il link vale ${GIORNI_INVITO} giorni e si può usare una sola volta. Poi acceda al portale con questo indirizzo e-mail (${u.username}) e la password scelta.`,
      '',
      'Se non si aspettava questo invito, ignori questo messaggio.',
    ].join('\n'),
  };
}

/** An order held over its user's limits, to each approver of the client (docs/regole/organizzazione.md#limits-and-approvals). */
export function ordineDaApprovare(a: {
  a: string; approvatore: string; richiedente: string; ordineId: number; cliente: string; totale: number;
  superamento: Superamento[]; scadeAt: Date; link: string;
}): Mail {
  return {
    to: a.a,
    subject: `Ordine #${a.ordineId} da approvare`,
    text: [
      `Gentile ${a.approvatore},`,
      `${a.richiedente} ha fatto l'ordine #${a.ordineId} per ${a.cliente}, di ${formatImporto(a.totale)} (IVA esclusa), che aspetta la sua approvazione:`,
      ...a.superamento.map((s) => `- ${testoSuperamento(s)}`),
      '',
      `Può approvarlo, anche riducendo le quantità, o rifiutarlo entro il ${dataRoma.format(a.scadeAt)}:`,
      a.link,
      '',
      'Dopo quella data la richiesta scade e il richiedente viene avvisato.',
    ].join('\n'),
  };
}

/** A portal user given access to one more client (organizzazione/invita with an e-mail already in use). */
export function collegamento(u: { username: string; nome: string; cognome: string; invitante: string; cliente: string; ruolo: string }): Mail {
  return {
    to: u.username,
    subject: 'Nuovo cliente nel portale ordini',
    text: [
      `Gentile ${`${u.nome} ${u.cognome}`.trim()},`,
      `${u.invitante || 'Il titolare'} le ha dato accesso a ${u.cliente} nel portale ordini, con il ruolo ${u.ruolo}.`,
      'Lo trova con le credenziali di sempre: dopo il login scelga il cliente per cui lavorare.',
    ].join('\n'),
  };
}

/** A held order rejected by an approver, to the person who placed it. */
export function ordineRifiutato(a: { a: string; richiedente: string; ordineId: number; approvatore: string; motivo: string; link: string }): Mail {
  return {
    to: a.a,
    subject: `Ordine #${a.ordineId} non approvato`,
    text: [
      `Gentile ${a.richiedente},`,
      `${a.approvatore} non ha approvato il suo ordine #${a.ordineId}.`,
      '',
      `Motivo: ${a.motivo}`,
      '',
      "Dalla pagina dell'ordine può rimettere le righe nel carrello con un clic:",
      a.link,
    ].join('\n'),
  };
}

/** A held order nobody decided in time, to the person who placed it. */
export function ordineScaduto(a: { a: string; richiedente: string; ordineId: number; link: string }): Mail {
  return {
    to: a.a,
    subject: `Ordine #${a.ordineId}: approvazione scaduta`,
    text: [
      `Gentile ${a.richiedente},`,
      `il suo ordine #${a.ordineId} non è stato approvato in tempo e la richiesta è scaduta: l'ordine non verrà evaso.`,
      '',
      "Dalla pagina dell'ordine può rimettere le righe nel carrello e inviarlo di nuovo:",
      a.link,
    ].join('\n'),
  };
}
