import type { PendingQuery, Row } from 'postgres';
import type { MultimediaItem } from '../../shared/media.js';
import type { Db } from '../db/client.js';

function select(db: Db, where: PendingQuery<Row[]>): Promise<MultimediaItem[]> {
  return db.$client<MultimediaItem[]>`
    SELECT id, nome, descrizione, tipologia, cover_dir, cover_file, link_folder, link_file, link,
      to_json(created_at)#>>'{}' AS created_at
    FROM multimedia WHERE ${where} ORDER BY ordine, id`;
}

export const multimediaAll = (db: Db) => select(db, db.$client`true`);
export const multimediaById = (db: Db, id: number) => select(db, db.$client`id = ${id}`);
export const multimediaByTipologia = (db: Db, tipologia: string) => select(db, db.$client`tipologia = ${tipologia}`);
