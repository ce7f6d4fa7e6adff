/**
 * Mario's quote to one of his own customers (docs/regole/preventivi-cliente.md): a boiler (a free
 * line) and a mixer tap as beni significativi at 10 %, a few fittings, labour: the goods pass the
 * rest of the works, so part of them goes at 22 %; a family markup and a general one, so that the
 * editor and the PDF show the VAT split. Costs are Mario's net prices, computed by the portal's own
 * SQL (prezzo_netto) as the calls compute them; the stored total by the one shared computation.
 */
import type postgres from 'postgres';
import { calcolaPreventivo, type RigaDaCalcolare } from '../shared/preventivi-cliente-calcolo.js';

const CLIENTE_MARIO = 1;
const UTENTE_MARIO = 1;

type Riga = RigaDaCalcolare & { prodotto_id: number | null; codice_prodotto: string | null; descrizione: string };

export async function seedPreventiviCliente(tx: postgres.TransactionSql, now: Date): Promise<void> {
  // The most popular tap and two fittings of the plumbing families, at Mario's net price.
  const prodotti = await tx<{ id: number; codice: string; descrizione: string; famiglia: string; costo: string; tipo: string }[]>`
    WITH c AS (SELECT id, CASE WHEN lis_maga > 0 THEN lis_maga ELSE 1 END AS listino, sconto FROM clienti WHERE id = ${CLIENTE_MARIO}),
    scelti AS (
      (SELECT p.id, 'rubinetto' AS tipo FROM prodotti p WHERE p.sottofamiglia = 'Rubinetteria' OR p.famiglia = 'Rubinetteria'
        ORDER BY p.popolarita DESC, p.id LIMIT 1)
      UNION ALL
      (SELECT p.id, 'raccordo' FROM prodotti p WHERE p.sottofamiglia = 'Raccorderia' OR p.famiglia = 'Raccorderia'
        ORDER BY p.popolarita DESC, p.id LIMIT 2))
    SELECT p.id, p.codice_prodotto AS codice, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS descrizione, p.famiglia,
      prezzo_netto(lp.prezzo, ps.prezzo, coalesce(sp.fattore, sf.fattore), c.sconto)::text AS costo, s.tipo
    FROM scelti s JOIN prodotti p ON p.id = s.id CROSS JOIN c
    LEFT JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = c.listino
    LEFT JOIN prezzi_speciali ps ON ps.prodotto_id = p.id AND ps.cliente_id = c.id
    LEFT JOIN sconti_clienti sp ON sp.cliente_id = c.id AND sp.prodotto_id = p.id
    LEFT JOIN sconti_clienti sf ON sf.cliente_id = c.id AND sf.famiglia_sconto = p.famiglia_sconto
    ORDER BY s.tipo DESC, p.id`;
  const righe: Riga[] = prodotti.map((p) => ({
    tipo: 'catalogo', prodotto_id: p.id, codice_prodotto: p.codice, descrizione: p.descrizione, categoria: p.famiglia,
    quantita: p.tipo === 'rubinetto' ? 2 : 6, costo: Number(p.costo), ricarico: null, aliquota: 10, beni_significativi: p.tipo === 'rubinetto',
  }));
  // The catalogue sells no boilers: the installer buys it elsewhere and quotes it as a free line.
  righe.unshift({
    tipo: 'libera', prodotto_id: null, codice_prodotto: null, descrizione: 'Caldaia a condensazione 24 kW con kit scarico fumi', categoria: '',
    quantita: 1, costo: 1150, ricarico: 10, aliquota: 10, beni_significativi: true,
  });
  righe.push({
    tipo: 'manodopera', prodotto_id: null, codice_prodotto: null, descrizione: 'Sostituzione caldaia e rubinetteria bagno', categoria: '',
    quantita: 6, costo: 38, ricarico: null, aliquota: 10, beni_significativi: false,
  });
  const testata = { ricarico_generale: 15, ricarichi_categoria: { Idraulica: 25 }, sconto_percentuale: 0 };
  const { totale } = calcolaPreventivo({ ...testata, righe });
  const [p] = await tx<{ id: number }[]>`
    INSERT INTO preventivi_cliente (cliente_id, utente_id, utente_nome, anno, numero, stato, cliente_finale_nome, cliente_finale_indirizzo,
      ricarico_generale, ricarichi_categoria, sconto_percentuale, note, condizioni, totale, created_at, updated_at)
    VALUES (${CLIENTE_MARIO}, ${UTENTE_MARIO}, 'Mario Rossi', ${now.getFullYear()}, 1, 'inviato', 'Famiglia Esposito',
      ${'Via Garibaldi 12\n20121 Milano (MI)'}, ${testata.ricarico_generale}, ${JSON.stringify(testata.ricarichi_categoria)}::jsonb, 0,
      'Lavori di manutenzione ordinaria: IVA agevolata al 10 %.', 'Validità 30 giorni. Pagamento a fine lavori.', ${totale}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    RETURNING id`;
  for (const [i, r] of righe.entries()) {
    await tx`
      INSERT INTO preventivi_cliente_righe (preventivo_id, posizione, tipo, prodotto_id, codice_prodotto, descrizione, categoria,
        quantita, costo, ricarico, aliquota, beni_significativi)
      VALUES (${p!.id}, ${i + 1}, ${r.tipo}, ${r.prodotto_id}, ${r.codice_prodotto}, ${r.descrizione}, ${r.categoria},
        ${r.quantita}, ${r.costo}, ${r.ricarico}, ${r.aliquota}, ${r.beni_significativi})`;
  }
  await tx`
    INSERT INTO preventivi_cliente_intestazioni (cliente_id, ragione_sociale, indirizzo, partita_iva)
    SELECT id, ragione_sociale, ${'Via Roma 10\n20100 Milano (MI)'}, partita_iva FROM clienti WHERE id = ${CLIENTE_MARIO}`;
}
