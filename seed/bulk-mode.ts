/**
 * Bulk-load mode for the product tables (PostgreSQL manual, "Populating a Database"): row
 * triggers are switched off and replayed as one set-based statement each, and optionally the
 * secondary indexes and foreign keys are dropped and rebuilt once at the end, which is far
 * cheaper than maintaining them row by row. Everything happens inside the caller's
 * transaction, so a failed load leaves the schema exactly as it was.
 */
import type postgres from 'postgres';

type Tx = postgres.TransactionSql;

/**
 * Set-based equivalents of the row triggers on prodotti (server/catalogo/sql/*_sync.sql), for the
 * product ids [first, last]. Only these triggers are switched off; any other trigger stays on,
 * so a trigger added later is never silently skipped. tests/integration/seed.test.ts checks that
 * the replays give the same rows as the triggers.
 */
const TRIGGER_REPLAYS: Record<string, (tx: Tx, first: number, last: number) => Promise<unknown>> = {
  prodotti_categorie_sync_trg: (tx, first, last) => tx`
    insert into prodotti_categorie (categoria_id, prodotto_id)
    select unnest(c.path_ids), p.id from prodotti p join categorie c on c.id = p.categoria_id
    where p.id between ${first} and ${last} and p.status = 0 and p.deleted_at is null and categoria_visibile(c.path_ids)
    on conflict do nothing`,
  prodotti_codice_sync_trg: (tx, first, last) => tx`
    insert into prodotti_codici (prodotto_id, tipo, codice)
    select id, tipo, codice from (
      select id, 1 as k, 'codice' as tipo, codice_prodotto as codice from prodotti
      where id between ${first} and ${last}
      union all
      select id, 2, 'codice_cifre', substring(codice_prodotto from '([0-9]{4,})$') from prodotti
      where id between ${first} and ${last} and codice_prodotto ~ '^[A-Za-z0-9]{1,4}[-/. ][0-9]{4,}$'
    ) x order by id, k`,
};

interface Suspended {
  triggers: string[];
  indexes: { name: string; def: string }[];
  foreignKeys: { tabella: string; name: string; def: string }[];
}

const ident = (s: string): string => `"${s.replace(/"/g, '""')}"`;

/**
 * Switches the loaded tables to bulk mode. With `dropIndexes`, drops every index of `tables`
 * that no constraint uses (primary keys and indexes referenced by foreign keys stay) and every
 * foreign key declared on `tables`.
 */
export async function suspendForBulkLoad(tx: Tx, tables: string[], dropIndexes: boolean): Promise<Suspended> {
  const triggers = (await tx<{ name: string }[]>`
    select tgname as name from pg_trigger
    where tgrelid = 'prodotti'::regclass and not tgisinternal and tgenabled <> 'D'
      and tgname = any(${Object.keys(TRIGGER_REPLAYS)})
    order by tgname`).map((t) => t.name);
  for (const t of triggers) await tx`alter table prodotti disable trigger ${tx(t)}`;
  if (!dropIndexes) return { triggers, indexes: [], foreignKeys: [] };

  const foreignKeys = await tx<{ tabella: string; name: string; def: string }[]>`
    select cl.relname as tabella, c.conname as name, pg_get_constraintdef(c.oid) as def
    from pg_constraint c join pg_class cl on cl.oid = c.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    where c.contype = 'f' and n.nspname = current_schema() and cl.relname = any(${tables})
    order by cl.relname, c.conname`;
  for (const fk of foreignKeys) await tx.unsafe(`alter table ${ident(fk.tabella)} drop constraint ${ident(fk.name)}`);

  const indexes = await tx<{ name: string; def: string }[]>`
    select ic.relname as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class ic on ic.oid = i.indexrelid
    join pg_class tc on tc.oid = i.indrelid join pg_namespace n on n.oid = tc.relnamespace
    where n.nspname = current_schema() and tc.relname = any(${tables})
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by ic.relname`;
  for (const ix of indexes) await tx.unsafe(`drop index ${ident(ix.name)}`);
  return { triggers, indexes, foreignKeys };
}

/** Replays the suspended triggers for the new products, then rebuilds indexes and foreign keys. */
export async function resumeAfterBulkLoad(
  tx: Tx,
  s: Suspended,
  ids: { first: number; last: number },
  time: <T>(phase: string, fn: () => Promise<T>) => Promise<T>,
): Promise<void> {
  for (const t of s.triggers) {
    await time(`trigger ${t}`, () => TRIGGER_REPLAYS[t](tx, ids.first, ids.last));
    await tx`alter table prodotti enable trigger ${tx(t)}`;
  }
  for (const ix of s.indexes) await time('indici', () => tx.unsafe(ix.def));
  for (const fk of s.foreignKeys) {
    await time('chiavi esterne', () => tx.unsafe(`alter table ${ident(fk.tabella)} add constraint ${ident(fk.name)} ${fk.def}`));
  }
}
