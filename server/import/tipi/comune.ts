/** Pieces of SQL the kinds share. */
import type { Sql } from '../../db/client.js';
import type { DefinizioneTipo, ErroreRiga, Lavoro } from '../definizione.js';
import { ident, scarta } from '../staging.js';

/** Staging columns for the kind's fields present in the file, with their SQL types, in that order. */
export function campiPresenti(def: DefinizioneTipo, presenti: string[]) {
  const campi = def.campi.filter((c) => presenti.includes(c.nome));
  return {
    colonne: campi.map((c) => ({ nome: c.nome, sql: c.sql })),
    valori: (r: Record<string, unknown>) => campi.map((c) => r[c.nome] as string | number | null),
  };
}

/** `(t.a, t.b) IS DISTINCT FROM (x, y)`: whether writing the new values would change the row. */
export const diverso = (alias: string, valori: [string, string][]): string =>
  `(${valori.map(([col]) => `${alias}.${ident(col)}`).join(', ')}) IS DISTINCT FROM (${valori.map(([, e]) => e).join(', ')})`;

/**
 * Locks the products an import is about to update, in id order: updating them in whatever order
 * the join yields could deadlock with another writer holding one of them and waiting for another.
 * FOR NO KEY UPDATE (what the UPDATE itself takes: codes are never changed) leaves orders alone:
 * their lines' foreign key check only shares the key, and their stock is in giacenze.
 * `prodotti` is the subquery or condition naming them (alias p).
 */
export async function bloccaProdotti(tx: Sql, prodotti: string): Promise<void> {
  await tx.unsafe(`SELECT count(*) FROM (SELECT p.id FROM prodotti p WHERE ${prodotti} ORDER BY p.id FOR NO KEY UPDATE OF p) x`);
}

/**
 * For the kinds keyed by client and product (company, client, product code): each row's client
 * and product ids, every row's (a refused row still names its pair), and the rows naming an
 * unknown one refused. The staging has `cliente_id` and `prodotto_id` columns.
 */
export async function risolviClienteProdotto(l: Lavoro): Promise<ErroreRiga[]> {
  const clienti = await risolviCliente(l);
  await l.tx`UPDATE imp_righe s SET prodotto_id = p.id FROM prodotti p WHERE p.codice_prodotto = s.codice_prodotto`;
  return [...clienti, ...(await scarta(l, 's.prodotto_id IS NULL', 'codice_prodotto', 'prodotto sconosciuto'))];
}

/**
 * For the kinds keyed by client (company and client code): each row's client id, and the rows
 * naming an unknown client refused. The staging has a `cliente_id` column.
 */
export async function risolviCliente(l: Lavoro): Promise<ErroreRiga[]> {
  await l.tx`
    UPDATE imp_righe s SET cliente_id = c.id FROM clienti c
    WHERE c.azienda_codice = s.azienda_codice AND c.codice = s.cliente_codice`;
  return scarta(l, 's.cliente_id IS NULL', 'cliente_codice', 'cliente sconosciuto in questa azienda');
}

/**
 * Each valid row's outcome against a value kept per client and product (`tabella.colonna`, the
 * file's `campo`; an empty one removes it): invariato, nuovo, ritirato or cambiato. Returns how
 * many rows remove one.
 */
export async function classificaPerClienteProdotto(l: Lavoro, tabella: string, colonna: string, campo: string): Promise<number> {
  const [t, f] = [`t.${ident(colonna)}`, `s.${ident(campo)}`];
  await l.tx.unsafe(`
    UPDATE imp_righe s SET esito = CASE
        WHEN ${t} IS NOT DISTINCT FROM ${f} THEN 'invariato'
        WHEN ${t} IS NULL THEN 'nuovo'
        WHEN ${f} IS NULL THEN 'ritirato'
        ELSE 'cambiato' END
    FROM imp_righe x LEFT JOIN ${ident(tabella)} t ON t.cliente_id = x.cliente_id AND t.prodotto_id = x.prodotto_id
    WHERE s.ok AND x.riga = s.riga`);
  const [r] = await l.tx<{ n: number }[]>`SELECT count(*)::int AS n FROM imp_righe WHERE ok AND esito = 'ritirato'`;
  return r!.n;
}

/**
 * For the kinds keyed by client and sales agent (agenti, provvigioni): the staging columns of the
 * fields present plus `cliente_id` and `agente_id`, which risolviClienteAgente fills.
 */
export function stagingClienteAgente(def: DefinizioneTipo, presenti: string[]) {
  const p = campiPresenti(def, presenti);
  return {
    colonne: [...p.colonne, { nome: 'cliente_id', sql: 'int' }, { nome: 'agente_id', sql: 'int' }],
    valori: (r: Record<string, unknown>) => [...p.valori(r), null, null],
  };
}

/**
 * Each row's client and agent ids (the agent by code, utenti_agente_codice_uq: an agent is created
 * in the admin first), every row's, and the rows naming an unknown one refused.
 */
export async function risolviClienteAgente(l: Lavoro): Promise<ErroreRiga[]> {
  const clienti = await risolviCliente(l);
  await l.tx`UPDATE imp_righe s SET agente_id = u.id FROM utenti u WHERE u.agente_codice = s.agente_codice`;
  return [...clienti, ...(await scarta(l, 's.agente_id IS NULL', 'agente_codice', 'agente sconosciuto: crealo prima in Agenti'))];
}
