/**
 * Mario's client's discount chains (docs/regole/catalogo.md#net-price), so that the demo shows
 * "Listino → sconti → Netto": two family chains (screws, cables) and one product chain on the
 * most popular screwdriver. Factors from the portal's one parser.
 */
import type postgres from 'postgres';
import { parseSconti } from '../shared/sconti.js';

const CLIENTE_MARIO = 1;
const FAMIGLIE: [string, string][] = [['SC0301', '40+10+5'], ['SC0701', '30+5']];
const PRODOTTO: [string, string] = ['SC0101', '50+10'];

const catena = (testo: string) => {
  const c = parseSconti(testo);
  if (!c.ok) throw new Error(c.messaggio);
  return c;
};

export async function seedSconti(tx: postgres.TransactionSql): Promise<void> {
  for (const [famiglia, testo] of FAMIGLIE) {
    const c = catena(testo);
    await tx`INSERT INTO sconti_clienti (cliente_id, famiglia_sconto, sconti, fattore) VALUES (${CLIENTE_MARIO}, ${famiglia}, ${c.sconti}, ${c.fattore})`;
  }
  const c = catena(PRODOTTO[1]);
  await tx`
    INSERT INTO sconti_clienti (cliente_id, prodotto_id, sconti, fattore)
    SELECT ${CLIENTE_MARIO}, p.id, ${c.sconti}, ${c.fattore} FROM prodotti p
    WHERE p.famiglia_sconto = ${PRODOTTO[0]} AND NOT EXISTS (SELECT 1 FROM prezzi_speciali ps WHERE ps.prodotto_id = p.id AND ps.cliente_id = ${CLIENTE_MARIO})
    ORDER BY p.popolarita DESC, p.id LIMIT 1`;
}
