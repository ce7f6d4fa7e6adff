/**
 * The wholesaler's own data, one source for the SPA (shop footer, Speed Checkout, /contatti) and
 * the server (the order confirmation PDF, server/pdf/ordine-pdf.ts).
 */
export const AZIENDA = {
  ragioneSociale: 'Ferramenta Distribuzione S.p.A.',
  indirizzo: 'Via dell\u2019Artigianato 18',
  cap: '20090',
  citta: 'Segrate',
  provincia: 'MI',
  telefono: '02 2694 5100',
  fax: '02 2694 5199',
  partitaIva: '01234560159',
  orari: 'Lun\u2013Ven 8:30\u201312:30, 14:00\u201318:00',
  /** The order office's mailbox (also the first of web/lib/azienda.ts's UFFICI). */
  emailOrdini: 'ordini@ferramentadistribuzione.it',
} as const;
