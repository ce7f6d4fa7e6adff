import type { Mail } from '../lib/mailer.js';

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 3 });

export interface OrdinePerMail {
  ordine_id: number;
  username: string;
  utente_nome: string;
  utente_cognome: string;
  cliente_nome: string;
  cliente_codice: string;
  nome: string;
  note: string;
  totale: string;
  righe: { codice_prodotto: string; prodotto_nome: string; qt: number; prezzo_reale: string }[];
}

/** The confirmation of an order, to the user who placed it. */
export function confermaOrdine(o: OrdinePerMail): Mail {
  return {
    to: o.username,
    subject: `Conferma ordine #${o.ordine_id}`,
    text: [
      `Gentile ${o.utente_nome} ${o.utente_cognome},`,
      `abbiamo ricevuto il suo ordine #${o.ordine_id} per ${o.cliente_nome} (${o.cliente_codice}).`,
      ...(o.nome ? [`Nome ordine: ${o.nome}`] : []),
      '',
      ...o.righe.map((l) => `${l.codice_prodotto}  ${l.prodotto_nome}  x${l.qt}  ${euro.format(Number(l.prezzo_reale))}`),
      '',
      `Totale: ${euro.format(Number(o.totale))}`,
      ...(o.note ? [`Note: ${o.note}`] : []),
    ].join('\n'),
  };
}
