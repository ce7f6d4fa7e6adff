/**
 * Demo companies, clients, branches, customer users and admin accounts (docs/regole/generale.md#demo-data).
 * Ids are explicit so that the rest of the demo can refer to them without lookups.
 */
import type postgres from 'postgres';
import { copyObjects, syncSequence } from '../server/db/copy.js';
import type { Ruolo } from '../shared/organizzazione-costanti.js';

export const AZIENDE = [
  { id: 1, codice: '0001', ragione_sociale: 'Ferramenta Distribuzione S.p.A.' },
  { id: 2, codice: '0002', ragione_sociale: 'Utensilmarket Sud S.r.l.' },
];

export interface DemoSede { descrizione: string; indirizzo: string; cap: string; citta: string; provincia: string }
export interface DemoCliente {
  id: number;
  azienda: '0001' | '0002';
  codice: string;
  ragioneSociale: string;
  email: string;
  telefono: string;
  lisMaga: number;
  sconto: number;
  sedi: DemoSede[];
}

const sede = (descrizione: string, indirizzo: string, cap: string, citta: string, provincia: string): DemoSede =>
  ({ descrizione, indirizzo, cap, citta, provincia });

export const CLIENTI: DemoCliente[] = [
  { id: 1, azienda: '0001', codice: '001001', ragioneSociale: 'Ferramenta Rossi S.n.c.', email: 'ordini@ferramentarossi.it', telefono: '02 4598 1123', lisMaga: 1, sconto: 0,
    sedi: [sede('Sede legale', 'Via Giuseppe Garibaldi 24', '20121', 'Milano', 'MI'), sede('Punto vendita', 'Viale Monza 180', '20127', 'Milano', 'MI')] },
  { id: 2, azienda: '0001', codice: '001002', ragioneSociale: 'Edil Bianchi S.r.l.', email: 'amministrazione@edilbianchi.it', telefono: '011 562 7740', lisMaga: 1, sconto: 0,
    sedi: [sede('Sede legale', 'Corso Vittorio Emanuele II 85', '10128', 'Torino', 'TO'), sede('Magazzino', 'Strada del Portone 12', '10137', 'Torino', 'TO'), sede('Cantiere', 'Via Nizza 230', '10126', 'Torino', 'TO')] },
  { id: 3, azienda: '0002', codice: '000215', ragioneSociale: 'Bianchi Costruzioni S.r.l.', email: 'acquisti@bianchicostruzioni.it', telefono: '081 764 2210', lisMaga: 2, sconto: 5,
    sedi: [sede('Sede legale', 'Via Toledo 156', '80134', 'Napoli', 'NA'), sede('Deposito', 'Via Argine 410', '80147', 'Napoli', 'NA')] },
  { id: 4, azienda: '0001', codice: '001003', ragioneSociale: 'Brico Center Ferrari S.r.l.', email: 'info@bricocenterferrari.it', telefono: '059 221 908', lisMaga: 2, sconto: 10,
    sedi: [sede('Sede legale', 'Via Emilia Est 45', '41121', 'Modena', 'MO')] },
  { id: 5, azienda: '0001', codice: '001004', ragioneSociale: 'Idrotermica Esposito S.a.s.', email: 'ufficio@idrotermicaesposito.it', telefono: '091 616 3354', lisMaga: 1, sconto: 5,
    sedi: [sede('Sede legale', 'Via Roma 12', '90133', 'Palermo', 'PA'), sede('Magazzino', 'Via Messina Marine 300', '90123', 'Palermo', 'PA')] },
  { id: 6, azienda: '0001', codice: '001005', ragioneSociale: 'Elettroforniture Russo S.r.l.', email: 'ordini@elettroforniturerusso.it', telefono: '045 803 1177', lisMaga: 1, sconto: 0,
    sedi: [sede('Sede legale', 'Via Mazzini 33', '37122', 'Verona', 'VR')] },
  { id: 7, azienda: '0001', codice: '001006', ragioneSociale: 'Giardini Colombo di Francesca Colombo', email: 'info@giardinicolombo.it', telefono: '031 272 415', lisMaga: 1, sconto: 5,
    sedi: [sede('Sede legale', 'Via Milano 57', '22100', 'Como', 'CO'), sede('Vivaio', 'Via Canturina 140', '22100', 'Como', 'CO')] },
  { id: 8, azienda: '0001', codice: '001007', ragioneSociale: 'Ferramenta Ricci & Figli S.n.c.', email: 'ferramentaricci@pec.it', telefono: '051 634 2081', lisMaga: 2, sconto: 0,
    sedi: [sede('Sede legale', 'Via San Vitale 90', '40125', 'Bologna', 'BO')] },
  { id: 9, azienda: '0002', codice: '000216', ragioneSociale: 'Utensileria Marino S.r.l.', email: 'commerciale@utensileriamarino.it', telefono: '080 521 6630', lisMaga: 2, sconto: 10,
    sedi: [sede('Sede legale', 'Corso Cavour 120', '70121', 'Bari', 'BA')] },
  { id: 10, azienda: '0002', codice: '000217', ragioneSociale: 'Edilcasa Greco S.r.l.', email: 'edilcasagreco@gmail.com', telefono: '095 716 4402', lisMaga: 1, sconto: 0,
    sedi: [sede('Sede legale', 'Via Etnea 210', '95124', 'Catania', 'CT'), sede('Magazzino', 'Zona Industriale Blocco Palma I', '95121', 'Catania', 'CT')] },
  { id: 11, azienda: '0002', codice: '000218', ragioneSociale: 'Termoidraulica Bruno S.n.c.', email: 'info@termoidraulicabruno.it', telefono: '06 7834 1290', lisMaga: 2, sconto: 5,
    sedi: [sede('Sede legale', 'Via Appia Nuova 455', '00181', 'Roma', 'RM'), sede('Magazzino', 'Via Tiburtina 1020', '00156', 'Roma', 'RM')] },
  { id: 12, azienda: '0002', codice: '000219', ragioneSociale: 'Casa & Ferro Gallo S.r.l.', email: '', telefono: '055 490 2231', lisMaga: 1, sconto: 0,
    sedi: [sede('Sede legale', 'Via Cavour 77', '50129', 'Firenze', 'FI')] },
];

export interface DemoUtente {
  id: number;
  codice: string;
  username: string;
  nome: string;
  cognome: string;
  tipologiaAccount: string;
  statusLogin: number;
  fatturatoMetrica: number;
  clienti: number[];
  /** Role, limits (euro, net) and switches on each of its clients (docs/regole/organizzazione.md); left out: Titolare, no limits, sees all. */
  collegamento?: { ruolo: Ruolo; limiteOrdine?: number; budgetMensile?: number; vedePrezzi?: boolean; vedeDocumenti?: boolean };
}

/**
 * The demo passwords with their argon2id hashes, made once with the server's HASH_OPTIONS
 * (server/auth/passwords.ts; tests/integration/auth/password-hash.test.ts keeps them verifying with
 * those parameters): seeding needs no server code and hashes nothing. Public like the passwords (README).
 */
export const DEMO_PASSWORD = 'Demo2024!';
export const DEMO_PASSWORD_HASH = '$argon2id$v=19$m=65536,p=4,t=3$/qVzPz+5yLNBzMBXnJt2Vw$gFUGQBUTRWxCy8Tc3gjL1Eb6PGj2NbXM5F5lWCi3TL0';

export const UTENTI: DemoUtente[] = [
  { id: 1, codice: 'U0001', username: 'mario.rossi@ferramentarossi.it', nome: 'Mario', cognome: 'Rossi', tipologiaAccount: 'cliente', statusLogin: 0, fatturatoMetrica: 1, clienti: [1] },
  { id: 2, codice: 'U0002', username: 'giulia.bianchi@edilbianchi.it', nome: 'Giulia', cognome: 'Bianchi', tipologiaAccount: 'cliente', statusLogin: 0, fatturatoMetrica: 1, clienti: [2, 3] },
  { id: 3, codice: 'U0003', username: 'luca.ferrari@bricocenterferrari.it', nome: 'Luca', cognome: 'Ferrari', tipologiaAccount: 'cliente', statusLogin: 0, fatturatoMetrica: 0, clienti: [4] },
  { id: 4, codice: 'U0004', username: 'anna.esposito@idrotermicaesposito.it', nome: 'Anna', cognome: 'Esposito', tipologiaAccount: 'cliente', statusLogin: 1, fatturatoMetrica: 0, clienti: [5] },
  { id: 5, codice: 'U0005', username: 'paolo.russo@elettroforniturerusso.it', nome: 'Paolo', cognome: 'Russo', tipologiaAccount: 'user', statusLogin: 0, fatturatoMetrica: 0, clienti: [] },
  { id: 6, codice: 'U0006', username: 'francesca.colombo@giardinicolombo.it', nome: 'Francesca', cognome: 'Colombo', tipologiaAccount: 'cliente', statusLogin: 0, fatturatoMetrica: 1, clienti: [7] },
  { id: 7, codice: 'U0007', username: 'marco.ricci@ferramentaricci.it', nome: 'Marco', cognome: 'Ricci', tipologiaAccount: 'cliente', statusLogin: 0, fatturatoMetrica: 0, clienti: [8] },
  { id: 8, codice: 'U0008', username: 'sara.greco@edilcasagreco.it', nome: 'Sara', cognome: 'Greco', tipologiaAccount: 'user', statusLogin: 0, fatturatoMetrica: 0, clienti: [10, 9] },
  // Mario's people (issue 36): an Operatore with limits, whose order over them waits for Mario
  // (seed/demo-activity.ts), and a Consultazione who sees list prices only and no documents.
  {
    id: 9, codice: 'U0009', username: 'luca.verdi@ferramentarossi.it', nome: 'Luca', cognome: 'Verdi', tipologiaAccount: 'cliente', statusLogin: 0,
    fatturatoMetrica: 0, clienti: [1], collegamento: { ruolo: 'operatore', limiteOrdine: 500, budgetMensile: 2000 },
  },
  {
    id: 10, codice: 'U0010', username: 'anna.neri@ferramentarossi.it', nome: 'Anna', cognome: 'Neri', tipologiaAccount: 'cliente', statusLogin: 0,
    fatturatoMetrica: 0, clienti: [1], collegamento: { ruolo: 'consultazione', vedePrezzi: false },
  },
];

export const ADMIN_UTENTI = [
  {
    username: 'admin', password: 'Admin2024!', nome: 'Laura', cognome: 'Conti', tipologia: 'amministratore',
    passwordHash: '$argon2id$v=19$m=65536,p=4,t=3$6xfM/qG5buLwV3G6gCx44w$xRyJG4dikz1qsj6UICl66RgZUQ8csqOjS1ZVbwakvV8',
  },
  {
    username: 'tecnico', password: 'Tecnico2024!', nome: 'Davide', cognome: 'Marchetti', tipologia: 'tecnico',
    passwordHash: '$argon2id$v=19$m=65536,p=4,t=3$cTe2BqL4d5fSTi0DaiPsFg$+zbboZvW8onlFgmWFToVofe+8aV5sTQ2ajCfTqV4tQs',
  },
];

/** A well-formed Italian VAT number: 7-digit serial, 3-digit office, Luhn-style check digit. */
export function partitaIva(serial: number, ufficio: number): string {
  const first10 = String(serial).padStart(7, '0') + String(ufficio).padStart(3, '0');
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const n = Number(first10[i]);
    if (i % 2 === 0) sum += n;
    else sum += n * 2 > 9 ? n * 2 - 9 : n * 2;
  }
  return first10 + ((10 - (sum % 10)) % 10);
}

/** A demo client's VAT number (also on its documents, seed/demo-documenti.ts). */
export const partitaIvaCliente = (c: DemoCliente): string =>
  partitaIva(3_456_780 + c.id * 1_117, [96, 11, 63, 36, 82, 23, 13, 37, 72, 87, 58, 48][c.id - 1]!);

export async function seedAnagrafica(tx: postgres.TransactionSql, now: Date): Promise<void> {
  await copyObjects(tx, 'admin_utenti', ADMIN_UTENTI.map((a, i) => ({
    id: i + 1, username: a.username, password_hash: a.passwordHash, nome: a.nome, cognome: a.cognome,
    tipologia: a.tipologia, created_at: now, updated_at: now,
  })));
  await copyObjects(tx, 'aziende', AZIENDE);
  await copyObjects(tx, 'clienti', CLIENTI.map((c) => ({
    id: c.id, azienda_codice: c.azienda, codice: c.codice, ragione_sociale: c.ragioneSociale, email: c.email,
    telefono: c.telefono, partita_iva: partitaIvaCliente(c),
    lis_maga: c.lisMaga, sconto: String(c.sconto), created_at: now,
  })));
  await copyObjects(tx, 'sedi', CLIENTI.flatMap((c) => c.sedi.map((s) => ({ cliente_id: c.id, ...s }))));
  await copyObjects(tx, 'utenti', UTENTI.map((u) => ({
    id: u.id, codice: u.codice, username: u.username, password_hash: DEMO_PASSWORD_HASH, nome: u.nome,
    cognome: u.cognome, nominativo: `${u.nome} ${u.cognome}`, tipologia_account: u.tipologiaAccount,
    status_login: u.statusLogin, fatturato_metrica: u.fatturatoMetrica, created_at: now, updated_at: now,
  })));
  await copyObjects(tx, 'utenti_clienti', UTENTI.flatMap((u) => u.clienti.map((c) => ({
    utente_id: u.id, cliente_id: c, ruolo: u.collegamento?.ruolo ?? 'titolare',
    limite_ordine: u.collegamento?.limiteOrdine ?? null, budget_mensile: u.collegamento?.budgetMensile ?? null,
    vede_prezzi: u.collegamento?.vedePrezzi ?? true, vede_documenti: u.collegamento?.vedeDocumenti ?? true, stato: 'attivo', created_at: now,
  }))));
  await copyObjects(tx, 'impostazioni', [
    { chiave: 'manutenzione', valore: '0', updated_at: now },
    { chiave: 'approvazione_dispositivi', valore: '0', updated_at: now },
  ]);
  for (const t of ['admin_utenti', 'aziende', 'clienti', 'utenti']) await syncSequence(tx, t);
}
