import { and, eq, isNull, sql as dsql } from 'drizzle-orm';
import type { ProdottoEdit } from '../../shared/catalogo.js';
import { MSG_CATALOGO } from '../../shared/catalogo-costanti.js';
import type { Esito } from '../../shared/common.js';
import { registraModifica } from '../audit/audit.service.js';
import type { AdminSessione } from '../auth/utente-sessione.js';
import { type Db, inTransazione } from '../db/client.js';
import { categorie, prodotti } from '../db/schema/index.js';
import { notFound } from '../lib/errors.js';
import { type CatalogoCache, notificaCatalogo } from './catalogo.cache.js';

/**
 * prodotto/edit: the product's portal title, extra description and pieces per pack, with the
 * audit record of the fields that changed (before and after) and the new words taught to the
 * search vocabulary, in one transaction, whose commit makes every process forget the product's
 * description, the browse lists and the search pages (notificaCatalogo), so customers see the new
 * texts and find the product by them at once.
 */
export async function modificaProdotto(db: Db, catalogo: CatalogoCache, admin: AdminSessione, input: ProdottoEdit): Promise<Esito> {
  const id = await inTransazione(db, async (tx) => {
    // The texts as stored (no portal title yet: null), named as the input names them.
    const [prima] = await tx.select({
      id: prodotti.id, titolo_portale: prodotti.titoloPortale, descrizione_aggiuntiva: prodotti.descrizioneAggiuntiva, pz_conf: prodotti.pzConf,
    }).from(prodotti).where(and(eq(prodotti.codiceProdotto, input.codice_prodotto), isNull(prodotti.deletedAt))).for('update');
    if (!prima) throw notFound(MSG_CATALOGO.prodottoSconosciuto(input.codice_prodotto));
    const campi = ['titolo_portale', 'descrizione_aggiuntiva', 'pz_conf'] as const;
    const cambi = Object.fromEntries(campi.filter((k) => prima[k] !== input[k]).map((k) => [k, { prima: prima[k], dopo: input[k] }]));
    if (Object.keys(cambi).length === 0) return undefined;
    await tx.update(prodotti).set({
      titoloPortale: input.titolo_portale, descrizioneAggiuntiva: input.descrizione_aggiuntiva, pzConf: input.pz_conf, updatedAt: dsql`now()`,
    }).where(eq(prodotti.id, prima.id));
    if (cambi.titolo_portale || cambi.descrizione_aggiuntiva) await tx.$client`SELECT impara_parole_vocab(${[input.codice_prodotto]}::text[])`;
    await registraModifica(tx, admin, {
      azione: 'prodotto.modifica', entita: 'prodotto', entitaId: input.codice_prodotto, dettagli: cambi,
    });
    await notificaCatalogo(tx.$client, { prodotti: [prima.id] });
    return prima.id;
  });
  if (id !== undefined) catalogo.clear({ prodotti: [id] });
  return { status: 0, msg: MSG_CATALOGO.prodottoAggiornato };
}

/**
 * categorie/toggle: enabled (0) becomes disabled (1), any other status enabled, with its audit
 * record. The trigger categorie_prodotti_sync moves the branch's products out of (or back into)
 * the category pages in the same transaction, whose commit makes every process forget its category
 * codes and browse lists.
 */
export async function cambiaStatoCategoria(
  db: Db, catalogo: CatalogoCache, admin: AdminSessione, codCat: string,
): Promise<Esito & { new_value: number }> {
  const c = await inTransazione(db, async (tx) => {
    const [prima] = await tx.select({ id: categorie.id, nome: categorie.nome, status: categorie.status })
      .from(categorie).where(eq(categorie.codCat, codCat)).for('update');
    if (!prima) throw notFound(MSG_CATALOGO.categoriaSconosciuta(codCat));
    const status = prima.status === 0 ? 1 : 0;
    await tx.update(categorie).set({ status }).where(eq(categorie.id, prima.id));
    await registraModifica(tx, admin, {
      azione: status === 0 ? 'categoria.attiva' : 'categoria.disattiva', entita: 'categoria', entitaId: codCat,
      dettagli: { nome: prima.nome, status: { prima: prima.status, dopo: status } },
    });
    await notificaCatalogo(tx.$client, 'categorie');
    return { nome: prima.nome, status };
  });
  catalogo.clear('categorie');
  return {
    status: 0,
    msg: c.status === 0 ? MSG_CATALOGO.categoriaAttivata(c.nome) : MSG_CATALOGO.categoriaDisattivata(c.nome),
    new_value: c.status,
  };
}
