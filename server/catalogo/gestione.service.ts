import { MSG_CATALOGO, type ProdottoEdit } from '../../shared/catalogo.js';
import type { Esito } from '../../shared/common.js';
import { registraModifica } from '../audit/audit.service.js';
import type { AdminSessione } from '../auth/utente-sessione.js';
import { sqlOf } from '../db/client.js';
import type { Deps } from '../deps.js';
import { notFound } from '../lib/errors.js';

/** A product's texts that prodotto/edit changes, as stored (no portal title yet: null). */
interface TestiProdotto {
  titolo_portale: string | null;
  descrizione_aggiuntiva: string;
  pz_conf: number;
}

/**
 * prodotto/edit: the product's portal title, extra description and pieces per pack, with the
 * audit record of the fields that changed (before and after) and the new words taught to the
 * search vocabulary, in one transaction. Once committed, every process forgets the product's
 * description, the browse lists and the search pages (deps.catalogo.invalidate), so customers
 * see the new texts and find the product by them at once.
 */
export async function modificaProdotto(deps: Deps, admin: AdminSessione, input: ProdottoEdit): Promise<Esito> {
  const id = await deps.db.transaction(async (tx) => {
    const sql = sqlOf(tx);
    const [prima] = await sql<(TestiProdotto & { id: number })[]>`
      SELECT id, titolo_portale, descrizione_aggiuntiva, pz_conf FROM prodotti
      WHERE codice_prodotto = ${input.codice_prodotto} AND deleted_at IS NULL FOR UPDATE`;
    if (!prima) throw notFound(MSG_CATALOGO.prodottoSconosciuto(input.codice_prodotto));
    const campi = ['titolo_portale', 'descrizione_aggiuntiva', 'pz_conf'] as const;
    const cambi = Object.fromEntries(campi.filter((k) => prima[k] !== input[k]).map((k) => [k, { prima: prima[k], dopo: input[k] }]));
    if (Object.keys(cambi).length === 0) return undefined;
    await sql`
      UPDATE prodotti SET titolo_portale = ${input.titolo_portale}, descrizione_aggiuntiva = ${input.descrizione_aggiuntiva},
        pz_conf = ${input.pz_conf}, updated_at = now()
      WHERE id = ${prima.id}`;
    if (cambi.titolo_portale || cambi.descrizione_aggiuntiva) await sql`SELECT impara_parole_vocab(${[input.codice_prodotto]}::text[])`;
    await registraModifica(tx, admin, {
      azione: 'prodotto.modifica', entita: 'prodotto', entitaId: input.codice_prodotto, dettagli: cambi,
    });
    return prima.id;
  });
  if (id !== undefined) await deps.catalogo.invalidate({ prodotti: [id] });
  return { status: 0, msg: MSG_CATALOGO.prodottoAggiornato };
}

/**
 * categorie/toggle: enabled (0) becomes disabled (1), any other status enabled, with its audit
 * record. The trigger categorie_prodotti_sync moves the branch's products out of (or back into)
 * the category pages in the same transaction; once committed every process forgets its category
 * codes and browse lists.
 */
export async function cambiaStatoCategoria(deps: Deps, admin: AdminSessione, codCat: string): Promise<Esito & { new_value: number }> {
  const c = await deps.db.transaction(async (tx) => {
    const sql = sqlOf(tx);
    const [prima] = await sql<{ id: number; nome: string; status: number }[]>`
      SELECT id, nome, status FROM categorie WHERE cod_cat = ${codCat} FOR UPDATE`;
    if (!prima) throw notFound(MSG_CATALOGO.categoriaSconosciuta(codCat));
    const status = prima.status === 0 ? 1 : 0;
    await sql`UPDATE categorie SET status = ${status} WHERE id = ${prima.id}`;
    await registraModifica(tx, admin, {
      azione: status === 0 ? 'categoria.attiva' : 'categoria.disattiva', entita: 'categoria', entitaId: codCat,
      dettagli: { nome: prima.nome, status: { prima: prima.status, dopo: status } },
    });
    return { nome: prima.nome, status };
  });
  await deps.catalogo.invalidate('categorie');
  return {
    status: 0,
    msg: c.status === 0 ? MSG_CATALOGO.categoriaAttivata(c.nome) : MSG_CATALOGO.categoriaDisattivata(c.nome),
    new_value: c.status,
  };
}
