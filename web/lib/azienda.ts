import { AZIENDA } from '../../shared/azienda.js';

/** The wholesaler's data (shared/azienda.ts, also the order PDF's) for the shop footer, the Speed Checkout footer and /contatti. */
export { AZIENDA };

/** Department mailboxes. */
export const UFFICI = [
  { nome: 'Ufficio ordini', email: AZIENDA.emailOrdini },
  { nome: 'Ufficio commerciale', email: 'commerciale@ferramentadistribuzione.it' },
  { nome: 'Amministrazione', email: 'amministrazione@ferramentadistribuzione.it' },
  { nome: 'Assistenza tecnica', email: 'assistenza@ferramentadistribuzione.it' },
  { nome: 'Logistica e spedizioni', email: 'logistica@ferramentadistribuzione.it' },
] as const;

/** Direct lines and agents, shown in the Speed Checkout footer and on /contatti. */
export interface Casella {
  reparto: string;
  email: string;
  telefono?: string;
}

const DIRETTI: Record<string, string> = {
  'Ufficio ordini': '02 2694 5110',
  'Ufficio commerciale': '02 2694 5120',
  Amministrazione: '02 2694 5130',
  'Assistenza tecnica': '02 2694 5140',
  'Logistica e spedizioni': '02 2694 5150',
};

/** Department mailboxes, with their direct lines. */
export const CASELLE: Casella[] = UFFICI.map((u) => ({ reparto: u.nome, email: u.email, telefono: DIRETTI[u.nome] }));

export interface Agente {
  nome: string;
  zona: string;
  province: string;
  cellulare: string;
  email: string;
}

/** The four sales agents, by zone. */
export const AGENTI: Agente[] = [
  { nome: 'Luca Bernasconi', zona: 'Lombardia Ovest', province: 'MI, VA, CO, LC, MB', cellulare: '335 718 2290', email: 'l.bernasconi@ferramentadistribuzione.it' },
  { nome: 'Francesca Moretti', zona: 'Lombardia Est', province: 'BG, BS, CR, MN', cellulare: '338 402 6615', email: 'f.moretti@ferramentadistribuzione.it' },
  { nome: 'Davide Colombo', zona: 'Piemonte e Liguria', province: 'TO, NO, AL, GE, SV', cellulare: '347 905 1138', email: 'd.colombo@ferramentadistribuzione.it' },
  { nome: 'Giorgio Ferrari', zona: 'Emilia-Romagna e Veneto', province: 'PC, PR, MO, BO, VR, PD', cellulare: '340 277 8841', email: 'g.ferrari@ferramentadistribuzione.it' },
];

export const telHref = (n: string) => `tel:+39${n.replace(/\s+/g, '')}`;
