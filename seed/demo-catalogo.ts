/** Demo category tree and brands (with their generated logos). */
import type postgres from 'postgres';
import { BRANDS, flattenCategorie } from './catalog-data.js';
import { copyObjects, syncSequence } from '../server/db/copy.js';
import type { MediaWriter } from './media-files.js';
import { brandLogoSvg } from './svg.js';

/** Inserts the category tree with explicit ids (tree order) and returns cod_cat -> id. */
export async function seedCategorie(tx: postgres.TransactionSql): Promise<Map<string, number>> {
  const flat = flattenCategorie();
  const ids = new Map(flat.map((c, i) => [c.cod, i + 1]));
  await copyObjects(tx, 'categorie', flat.map((c) => ({
    id: ids.get(c.cod)!,
    cod_cat: c.cod,
    nome: c.nome,
    livello: c.livello,
    parent_id: c.parentCod ? ids.get(c.parentCod)! : null,
    path_ids: c.pathCods.map((cod) => ids.get(cod)!),
    status: c.status,
    ordine: c.ordine,
  })));
  await syncSequence(tx, 'categorie');
  return ids;
}

export async function seedBrand(tx: postgres.TransactionSql, media: MediaWriter): Promise<void> {
  for (const b of BRANDS) media.add(`brand/${b.codice}.svg`, brandLogoSvg(b));
  await copyObjects(tx, 'brand', BRANDS.map((b, i) => ({
    id: i + 1, brand_codice: b.codice, nome: b.nome, url: b.url, cover_dir: 'brand/', cover_file: `${b.codice}.svg`,
  })));
  await syncSequence(tx, 'brand');
}
