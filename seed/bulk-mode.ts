/**
 * Bulk-load mode for the product tables (PostgreSQL manual, "Populating a Database"): the
 * secondary indexes and foreign keys are dropped and rebuilt once at the end, which is far
 * cheaper than maintaining them row by row. (What a new product gets with it comes from a
 * statement trigger, set-based already: prodotti_nuovi.) Everything happens inside the caller's
 * transaction, so a failed load leaves the schema exactly as it was.
 */
import type postgres from 'postgres';

type Tx = postgres.TransactionSql;

interface Suspended {
  indexes: { name: string; def: string }[];
  foreignKeys: { tabella: string; name: string; def: string }[];
}

const ident = (s: string): string => `"${s.replace(/"/g, '""')}"`;

/**
 * Drops every index of `tables` that no constraint uses (primary keys and indexes referenced by
 * foreign keys stay) and every foreign key declared on `tables`, to be put back by
 * resumeAfterBulkLoad.
 */
export async function suspendForBulkLoad(tx: Tx, tables: string[]): Promise<Suspended> {
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
  return { indexes, foreignKeys };
}

/** Rebuilds the indexes and foreign keys that suspendForBulkLoad dropped. */
export async function resumeAfterBulkLoad(
  tx: Tx,
  s: Suspended,
  time: <T>(phase: string, fn: () => Promise<T>) => Promise<T>,
): Promise<void> {
  for (const ix of s.indexes) await time('indici', () => tx.unsafe(ix.def));
  for (const fk of s.foreignKeys) {
    await time('chiavi esterne', () => tx.unsafe(`alter table ${ident(fk.tabella)} add constraint ${ident(fk.name)} ${fk.def}`));
  }
}
