/**
 * The wholesaler's static contact data (footer, contacts): SPEC §2 "The footer shows static company
 * address, phone, fax and department contact addresses".
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
} as const;

/** Department mailboxes. */
export const UFFICI = [
  { nome: 'Ufficio ordini', email: 'ordini@ferramentadistribuzione.it' },
  { nome: 'Ufficio commerciale', email: 'commerciale@ferramentadistribuzione.it' },
  { nome: 'Amministrazione', email: 'amministrazione@ferramentadistribuzione.it' },
  { nome: 'Assistenza tecnica', email: 'assistenza@ferramentadistribuzione.it' },
  { nome: 'Logistica e spedizioni', email: 'logistica@ferramentadistribuzione.it' },
] as const;
