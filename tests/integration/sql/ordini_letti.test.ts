import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { clienti, ordini, utenti } from '../../../server/db/schema/index.js';
import { ALIQUOTA_IVA_ORDINARIA } from '../../../shared/iva.js';
import { ordine, rigaOrdine } from '../../../shared/ordini.js';
import { createAzienda, createCliente, createOrdine, createProdotto, createUtente, type NuovoOrdine } from '../../support/factories.js';
import { createTestDatabase } from '../../support/test-db.js';

// ordini_letti (server/ordini/sql/ordini_letti.sql): the one read of whole orders, which every
// reader parses with the schema `ordine` (shared/ordini.ts; docs/decisions/ordine-un-modello.md).
let database: Database;
let drop: () => Promise<void>;
let ordineId = 0;
let vuoto = 0;
let utenteId = 0;
let clienteId = 0;

type Riga = [codice: string, prodottoId: number | null, qt: number, netto: string];

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  const { db } = database;
  await createAzienda(db, { codice: '0001' });
  const c = await createCliente(db, {
    aziendaCodice: '0001', codice: '000100', ragioneSociale: 'Ferramenta Oggi S.r.l.', partitaIva: '01234567890', telefono: '02 1234567',
  });
  const u = await createUtente(db, { clienti: [c.id], nome: 'Maria', cognome: 'Bianchi', username: 'maria@test.local' });
  utenteId = u.id;
  clienteId = c.id;
  const a22 = await createProdotto(db, { codiceProdotto: 'A22', multiplo: 6, minimo: 12 });
  const b22 = await createProdotto(db, { codiceProdotto: 'B22' });
  const c10 = await createProdotto(db, { codiceProdotto: 'C10', ivaAliquota: '10' });
  const inserisci = async (righe: Riga[], extra: NuovoOrdine = {}) => (await createOrdine(db, {
    utenteId: u.id, clienteId: c.id, aziendaCodice: '0001', clienteCodice: '000100', utenteCodice: u.codice,
    clienteNome: 'Ferramenta di Ieri S.r.l.', aziendaNome: 'Azienda Uno', utenteNome: 'Maria Bianchi', totale: '28.786', ...extra,
    righe: righe.map(([codice, prodottoId, qt, netto]) => ({
      prodottoId, codiceProdotto: codice, prodottoNome: `Nome ${codice}`, qt, prezzo: netto, sconti: codice === 'A22' ? '10+5' : '',
    })),
  })).id;
  // 3 × 0,335 = 1,005 → 1,01 (half up); 7 × 1,111 = 7,777 → 7,78; 2 × 10,000 at 10 %; 1 × 0,004 → 0,00,
  // its product gone (the standard rate).
  ordineId = await inserisci([['A22', a22.id, 3, '0.335'], ['B22', b22.id, 7, '1.111'], ['C10', c10.id, 2, '10.000'], ['SPARITO', null, 1, '0.004']], {
    nome: 'Scorta', note: 'Mattina', riferimentoCantiere: 'Cantiere Via Po 1', createdAt: new Date('2025-03-01T10:15:30.250Z'),
  });
  vuoto = await inserisci([], { totale: '0', responseCode: '500', responseStatus: 'Rifiutato' });
});
afterAll(async () => drop?.());

const letti = async (ids: number[]) => (await database.sql<{ ordine: unknown }[]>`SELECT ordine FROM ordini_letti(${ids}::int[])`).map((r) => r.ordine);
const leggi = async (id: number) => (await letti([id]))[0];

describe('ordini_letti', () => {
  it('reads the header, the client as it is now, who placed it, the lines, the VAT summary and the totals', async () => {
    const grezzo = await leggi(ordineId) as Record<string, unknown>;
    // The function and the schema name the same fields: none is dropped by the parse, none missing.
    expect(Object.keys(grezzo).sort()).toEqual(Object.keys(ordine.shape).sort());
    expect(Object.keys((grezzo.prodotti as object[])[0]!).sort()).toEqual(Object.keys(rigaOrdine.shape).sort());
    const o = ordine.parse(grezzo);
    expect(o).toMatchObject({
      id: ordineId, created_at: '2025-03-01T10:15:30.250Z', nome: 'Scorta', note: 'Mattina', riferimento_cantiere: 'Cantiere Via Po 1',
      response_code: '201', response_status: 'Confermato', totale: 28.786,
      azienda_codice: '0001', azienda_nome: 'Azienda Uno', cliente_codice: '000100', cliente_nome: 'Ferramenta di Ieri S.r.l.',
      utente_nome: 'Maria Bianchi',
      cliente: { ragione_sociale: 'Ferramenta Oggi S.r.l.', partita_iva: '01234567890', telefono: '02 1234567' },
      ordinato_da: { nome: 'Maria Bianchi', username: 'maria@test.local' },
    });
    expect(o.prodotti).toEqual([
      {
        codice_prodotto: 'A22', prodotto_nome: 'Nome A22', qt: 3, qt_in_consegna: 3, qt_in_arrivo: 0, prezzo: 0.335, prezzo_reale: 0.335,
        sconti: '10+5', importo: 1.005, aliquota_iva: 22, multiplo: 6, minimo: 12,
      },
      expect.objectContaining({ codice_prodotto: 'B22', importo: 7.777, aliquota_iva: 22, multiplo: 1, minimo: 1 }),
      expect.objectContaining({ codice_prodotto: 'C10', importo: 20, aliquota_iva: 10 }),
      expect.objectContaining({ codice_prodotto: 'SPARITO', importo: 0.004, aliquota_iva: ALIQUOTA_IVA_ORDINARIA, multiplo: 1, minimo: 1 }),
    ]);
    // Each line to the cent, a rate's lines summed, its VAT rounded once: 8,79 at 22 % = 1,9338 → 1,93; 20,00 at 10 % = 2,00.
    expect(o.riepilogo_iva).toEqual([
      { aliquota: 10, imponibile: 20, imposta: 2 },
      { aliquota: 22, imponibile: 8.79, imposta: 1.93 },
    ]);
    expect(o).toMatchObject({ totale_imponibile: 28.79, totale_iva: 3.93, totale_documento: 32.72 });
  });

  it('reads an order without lines; answers the ids in their order, none for an id that does not exist', async () => {
    expect(ordine.parse(await leggi(vuoto))).toMatchObject({
      riferimento_cantiere: null, response_code: '500', prodotti: [], riepilogo_iva: [], totale_imponibile: 0, totale_iva: 0, totale_documento: 0,
    });
    const tutti = (await letti([vuoto, 99_999_999, ordineId])).map((o) => ordine.parse(o));
    expect(tutti.map((o) => [o.id, o.prodotti.length])).toEqual([[vuoto, 0], [ordineId, 4]]);
    expect(await letti([])).toEqual([]);
  });

  it('keeps the names as placed once the client is renamed to nothing and the user is deleted', async () => {
    const { db } = database;
    const altro = await createOrdine(db, {
      utenteId, clienteId, aziendaCodice: '0001', clienteCodice: '000100', utenteCodice: 'U-VIA', clienteNome: 'Nome di allora',
      utenteNome: 'Utente di allora', righe: [],
    });
    const via = await createUtente(db, { clienti: [clienteId] });
    await db.update(ordini).set({ utenteId: via.id }).where(eq(ordini.id, altro!.id));
    await db.delete(utenti).where(eq(utenti.id, via.id));
    const [c] = await db.select({ rs: clienti.ragioneSociale }).from(clienti).where(eq(clienti.id, clienteId));
    await db.update(clienti).set({ ragioneSociale: '' }).where(eq(clienti.id, clienteId));
    try {
      expect(ordine.parse(await leggi(altro!.id))).toMatchObject({
        utente_codice: 'U-VIA', utente_nome: 'Utente di allora',
        cliente: { ragione_sociale: 'Nome di allora' }, ordinato_da: { nome: 'Utente di allora', username: null },
      });
    } finally {
      await db.update(clienti).set({ ragioneSociale: c!.rs }).where(eq(clienti.id, clienteId));
    }
  });
});
