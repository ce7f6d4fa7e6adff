import { sql, type SQL } from 'drizzle-orm';
import type { MultimediaItem } from '../../shared/media.js';
import type { DbOrTx } from '../db/client.js';

function select(db: DbOrTx, where: SQL): Promise<MultimediaItem[]> {
  return db.execute<MultimediaItem>(sql`
    SELECT id, nome, descrizione, tipologia, cover_dir, cover_file, link_folder, link_file, link,
      to_json(created_at)#>>'{}' AS created_at
    FROM multimedia WHERE ${where} ORDER BY ordine, id`);
}

export const multimediaAll = (db: DbOrTx) => select(db, sql`true`);
export const multimediaById = (db: DbOrTx, id: number) => select(db, sql`id = ${id}`);
export const multimediaByTipologia = (db: DbOrTx, tipologia: string) => select(db, sql`tipologia = ${tipologia}`);
