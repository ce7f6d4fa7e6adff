import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatImporto } from '../../../shared/formato.js';
import { importoRiga, totaleRighe } from '../../../shared/importi.js';
import { ordine as ordineLetto } from '../../../shared/ordini.js';
import { createAdmin, createAzienda, createCliente, createOrdine, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';
import { testoPdf } from '../../support/pdf.js';

/** ordini/pdf: an order's confirmation PDF, read back as a reader would (docs/regole/ordini.md#order-pdf). */

// The drawing module, as this thread (the event loop) would load it, fails: every PDF this file
// reads back was drawn in the PDF thread (server/pdf/pdf-thread.ts), which loads the real one.
vi.mock('../../../server/pdf/ordine-pdf.js', () => ({
  ordinePdfBuffer: () => { throw new Error('PDF disegnato sul ciclo degli eventi'); },
}));

const t = useTestApp();
let cookie = '';
let admin = '';
let scope = { azienda_codice: '0001', cliente_codice: '000100', utente_codice: '' };
let mio = 0;
let grande = 0;
let delCollega = 0;
let dellAltroCliente = 0;
let mezziCentesimi = 0;

type Riga = [codice: string, nome: string, qt: number, listino: string, netto: string];

beforeAll(async () => {
  const { db } = t().database;
  await createAzienda(db, { codice: '0001' });
  const a = await createCliente(db, {
    aziendaCodice: '0001', codice: '000100', ragioneSociale: 'Ferramenta Società Perù S.n.c.', partitaIva: '09876543210',
  });
  const b = await createCliente(db, { aziendaCodice: '0001', codice: '000200' });
  // An Operatore: their own orders only (docs/regole/organizzazione.md).
  const u = await createUtente(db, { clienti: [a.id, b.id], nome: 'Niccolò', cognome: 'Fabbrì', collegamento: { ruolo: 'operatore' } });
  const collega = await createUtente(db, { clienti: [a.id] });
  scope = { ...scope, utente_codice: u.codice };
  cookie = await loginCliente(t().app, u);
  admin = await loginAdmin(t().app, await createAdmin(db));
  const ordine = async (utenteId: number, c: { id: number; codice: string }, righe: Riga[], nome = '', riferimentoCantiere: string | null = null) => {
    const o = await createOrdine(db, {
      utenteId, clienteId: c.id, aziendaCodice: '0001', clienteCodice: c.codice, utenteCodice: 'x', totale: '1',
      nome, riferimentoCantiere, note: 'Consegnare entro venerdì, però non prima delle 9.',
      righe: righe.map(([codice, nomeRiga, qt, prezzo, prezzoReale]) => ({ codiceProdotto: codice, prodottoNome: nomeRiga, qt, prezzo, prezzoReale })),
    });
    return o.id;
  };
  mio = await ordine(u.id, a, [
    ['VITE-8', 'Vite autoperforante è zincata', 1200, '0.125', '0.101'],
    ['TRAP-18', 'Trapano a percussione 800 W – più potente', 1, '149.900', '119.920'],
    ['NASTRO', 'Nastro isolante perché sì', 3, '1.333', '1.333'],
  ], 'Cantiere Città Alta', 'Lotto 2 – Via Colleoni 9, Bergamo');
  grande = await ordine(u.id, a, Array.from({ length: 500 }, (_, i): Riga => [`R${String(i).padStart(3, '0')}`, `Articolo numero ${i}`, 1, '2.000', '1.500']));
  delCollega = await ordine(collega.id, a, [['VITE-8', 'Vite', 1, '0.125', '0.125']]);
  dellAltroCliente = await ordine(u.id, b, [['VITE-8', 'Vite', 1, '0.125', '0.125']]);
  // Lines ending in half a cent and 3-decimal prices the doubles cannot hold (seeded, so a failure repeats).
  let seme = 11;
  const caso = (n: number) => (seme = (seme * 16807) % 2147483647) % n;
  mezziCentesimi = await ordine(u.id, a, [
    ['MEZZO-A', 'Mezzo centesimo', 1, '1.005', '1.005'],
    ['MEZZO-B', 'Mezzo centesimo', 1, '2.675', '2.675'],
    ...Array.from({ length: 60 }, (_, i): Riga => {
      const netto = (caso(2_000_000) / 1000).toFixed(3);
      return [`C${i}`, `Caso ${i}`, 1 + caso(250), netto, netto];
    }),
  ]);
});

const pdf = (q: Record<string, string | number>, c = cookie) =>
  t().app.inject({
    method: 'GET', url: `/api/ordini/pdf?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`,
    headers: c ? { cookie: c } : {},
  });

describe('ordini/pdf', () => {
  it('sends the order as a PDF download whose text holds its lines, the VAT summary and the totals', async () => {
    const res = await pdf({ ...scope, id: mio });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ordine-${mio}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const testo = (await testoPdf(res.rawPayload)).join('\n');
    // The wholesaler's and the client's data, the user, the order's name and notes, accents kept.
    expect(testo).toContain('Ferramenta Distribuzione S.p.A.');
    expect(testo).toContain('P. IVA 01234560159');
    expect(testo).toContain(`Conferma d’ordine`);
    expect(testo).toContain(`N. ${mio} del`);
    expect(testo).toContain('Ferramenta Società Perù S.n.c.');
    expect(testo).toContain('P. IVA 09876543210');
    expect(testo).toContain('Niccolò Fabbrì');
    expect(testo).toContain('Cantiere Città Alta');
    expect(testo).toContain('Riferimento cantiere: Lotto 2 – Via Colleoni 9, Bergamo');
    expect(testo).toContain('Consegnare entro venerdì, però non prima delle 9.');
    // Codice, Descrizione, Q.tà, Listino, Sconti, Netto, Importo: unit prices 3 decimals, amounts 2.
    expect(testo).toMatch(/Codice\s+Descrizione\s+Q\.tà\s+Listino\s+Sconti\s+Netto\s+Importo/);
    expect(testo).toMatch(/VITE-8\s+Vite autoperforante è zincata\s+1\.200\s+0,125 €\s+0,101 €\s+121,20 €/);
    expect(testo).toMatch(/TRAP-18\s+Trapano a percussione 800 W – più potente\s+1\s+149,900 €\s+119,920 €\s+119,92 €/);
    expect(testo).toMatch(/NASTRO\s+Nastro isolante perché sì\s+3\s+1,333 €\s+1,333 €\s+4,00 €/);
    // 121,20 + 119,92 + 4,00 = 245,12 taxable at 22 %: 53,93 VAT (53,9264 rounded), 299,05 in all.
    expect(testo).toMatch(/Aliquota\s+Imponibile\s+Imposta\s+22 %\s+245,12 €\s+53,93 €/);
    expect(testo).toMatch(/Totale imponibile\s+245,12 €/);
    expect(testo).toMatch(/Totale IVA\s+53,93 €/);
    expect(testo).toMatch(/Totale documento\s+299,05 €/);
  });

  it("totals an order as the screens' one rule does (shared/importi.ts): each line and the total to the cent", async () => {
    for (const id of [mio, mezziCentesimi, grande]) {
      const [letto] = await t().database.sql<{ ordine: unknown }[]>`SELECT ordine FROM ordini_letti(ARRAY[${id}::int])`;
      const o = ordineLetto.parse(letto!.ordine);
      const righe = o.prodotti.map((r) => ({ prezzo: r.prezzo_reale, qt: r.qt }));
      for (const r of o.prodotti) expect(formatImporto(importoRiga(r.prezzo_reale, r.qt)), r.codice_prodotto).toBe(formatImporto(r.importo));
      expect(totaleRighe(righe)).toBe(o.totale_imponibile);
    }
    const res = await pdf({ ...scope, id: mezziCentesimi });
    const testo = (await testoPdf(res.rawPayload)).join('\n');
    expect(testo).toMatch(/MEZZO-A\s+Mezzo centesimo\s+1\s+1,005 €\s+1,005 €\s+1,01 €/);
    expect(testo).toMatch(/MEZZO-B\s+Mezzo centesimo\s+1\s+2,675 €\s+2,675 €\s+2,68 €/);
  });

  it('is drawn off the event loop, and is the same PDF as the drawing module makes of the order', async () => {
    const res = await pdf({ ...scope, id: mio });
    expect(res.statusCode, res.body).toBe(200);
    const { ordinePdfBuffer } = await vi.importActual<typeof import('../../../server/pdf/ordine-pdf.js')>('../../../server/pdf/ordine-pdf.js');
    const [letto] = await t().database.sql<{ ordine: unknown }[]>`SELECT ordine FROM ordini_letti(ARRAY[${mio}::int])`;
    const diretto = await ordinePdfBuffer(ordineLetto.parse(letto!.ordine));
    expect(await testoPdf(res.rawPayload)).toEqual(await testoPdf(diretto));
    // On this thread the module is the failing mock: the call's PDF came from the thread.
    const { ordinePdfBuffer: finto } = await import('../../../server/pdf/ordine-pdf.js');
    expect(() => finto(undefined as never)).toThrow(/ciclo degli eventi/);
  });

  it('draws every line of a 500-line order, page after page', async () => {
    const res = await pdf({ ...scope, id: grande });
    expect(res.statusCode, res.body).toBe(200);
    const pagine = await testoPdf(res.rawPayload);
    expect(pagine.length).toBeGreaterThan(5);
    const testo = pagine.join('\n');
    for (let i = 0; i < 500; i++) expect(testo).toMatch(new RegExp(`R${String(i).padStart(3, '0')}\\s+Articolo numero ${i}\\s+1\\s+2,000 €\\s+1,500 €\\s+1,50 €`));
    expect(pagine.at(-1)).toContain(`Pagina ${pagine.length} di ${pagine.length}`);
    // 500 × 1,50 = 750,00 at 22 %: 165,00.
    expect(testo).toMatch(/Totale documento\s+915,00 €/);
    // No job-site reference: no line for it.
    expect(testo).not.toContain('Riferimento cantiere');
  });

  it("answers an order of another client or of a colleague as one that does not exist (404, the same code and msg); codes not the user's 403", async () => {
    const risposta = async (q: Record<string, string | number>) => {
      const r = await pdf(q);
      return [r.statusCode, r.json().code, r.json().msg];
    };
    const nessuno = await risposta({ ...scope, id: 99_999_999 });
    expect(nessuno).toEqual([404, 'non_trovato', 'Ordine non trovato.']);
    expect(await risposta({ ...scope, id: dellAltroCliente })).toEqual(nessuno);
    expect(await risposta({ ...scope, id: delCollega })).toEqual(nessuno);
    expect(await risposta({ ...scope, cliente_codice: '000200', id: delCollega })).toEqual(nessuno);
    expect(await risposta({ ...scope, cliente_codice: '000200', id: 99_999_999 })).toEqual(nessuno);
    expect((await pdf({ ...scope, cliente_codice: '999999', id: mio })).statusCode).toBe(403);
  });

  it('400 for a missing or malformed id, 401 without a session (before the input) or with an admin\'s', async () => {
    for (const id of ['', 'abc', '0', '-3', '1.5']) {
      const res = await pdf({ ...scope, id });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().msg).toMatch(/Ordine non valido/);
    }
    const { id: _, ...senzaId } = { ...scope, id: 1 };
    expect((await pdf(senzaId)).statusCode).toBe(400);
    expect((await pdf({ ...scope, id: mio }, '')).statusCode).toBe(401);
    expect((await pdf({ id: 'abc' }, '')).statusCode).toBe(401);
    expect((await pdf({ ...scope, id: mio }, admin)).statusCode).toBe(401);
  });
});
