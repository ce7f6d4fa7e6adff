import { customType } from 'drizzle-orm/pg-core';

/** Postgres tsvector, only ever written by generated columns. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});
