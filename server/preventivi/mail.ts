import type { Mail } from '../lib/mailer.js';

/**
 * The mails of a quote's steps (issue 37), each to the other side: the customer hears of an offer,
 * a question, an expiry; the staff member in charge hears of a revision, an acceptance, a refusal.
 * Only usernames that are addresses get one (the callers check).
 */

export function offertaPronta(a: { a: string; nome: string; numero: string; versione: number; scade: string; messaggio: string; link: string }): Mail {
  return {
    to: a.a,
    subject: `Preventivo ${a.numero}: offerta pronta (versione ${a.versione})`,
    text: [`Gentile ${a.nome},`, `il suo preventivo ${a.numero} ha una nuova offerta, valida fino al ${a.scade}.`,
      ...(a.messaggio ? ['', a.messaggio] : []), '', 'La trova qui, per accettarla, chiedere una revisione o rifiutarla:', a.link].join('\n'),
  };
}

export function domandaCliente(a: { a: string; nome: string; numero: string; messaggio: string; link: string }): Mail {
  return {
    to: a.a,
    subject: `Preventivo ${a.numero}: serve una sua risposta`,
    text: [`Gentile ${a.nome},`, `per preparare il preventivo ${a.numero} ci serve un'informazione:`, '', a.messaggio, '', 'Risponda qui:', a.link].join('\n'),
  };
}

export function passoCliente(a: { a: string; numero: string; cliente: string; cosa: string; testo: string; link: string }): Mail {
  return {
    to: a.a,
    subject: `Preventivo ${a.numero}: ${a.cosa}`,
    text: [`${a.cliente}: ${a.cosa} sul preventivo ${a.numero}.`, ...(a.testo ? ['', a.testo] : []), '', a.link].join('\n'),
  };
}

export function inScadenza(a: { a: string; nome: string; numero: string; scade: string; link: string }): Mail {
  return {
    to: a.a,
    subject: `Preventivo ${a.numero} in scadenza il ${a.scade}`,
    text: [`Gentile ${a.nome},`, `il preventivo ${a.numero} scade il ${a.scade}.`, '', a.link].join('\n'),
  };
}
