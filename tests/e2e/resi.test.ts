import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import postgres from 'postgres';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { testoPdf } from '../support/pdf.js';
import { hasBrowser, useBrowser } from './browser.js';
import { ADMIN, loginCliente, senzaScorrimentoLaterale, submitLogin, TECNICO, visible } from './helpers.js';
import { portaleDiTest } from './portale.js';

// This file's own database, data folder and server (tests/e2e/portale.ts).
const portale = portaleDiTest();

/**
 * Returns from the DDT (docs/regole/resi.md), at 1366, 768 and 390 px: Mario asks a return of two lines
 * of a DDT with a photo, seeing the policy first; staff authorise one line and refuse the other;
 * Mario sees the return partly authorised and reads its RMA PDF (its text checked). Screenshots to
 * RESI_SCREENSHOTS_DIR (default /tmp/shots-rs), to look at.
 */
const FOTO = process.env.RESI_SCREENSHOTS_DIR ?? '/tmp/shots-rs';

async function foto(page: Page, nome: string, dove?: Locator): Promise<void> {
  fs.mkdirSync(FOTO, { recursive: true });
  await dove?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(FOTO, `${nome}.png`) });
}

/** A DDT of Mario's client with two lines of 5 pieces, one per width (each run returns from its own). */
async function ddt(numero: string): Promise<number> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [d] = await sql<{ id: number }[]>`
      INSERT INTO documenti (tipo, numero, data, azienda_codice, cliente_id, imponibile, iva, totale, pdf)
      SELECT 'DDT', ${numero}, current_date - 5, c.azienda_codice, c.id, 100, 22, 122, '.documenti/e2e.pdf'
      FROM clienti c WHERE c.azienda_codice = '0001' AND c.codice = '001001'
      RETURNING id`;
    await sql`SELECT scrivi_righe_ddt(${d!.id}, ${JSON.stringify([
      { codice_prodotto: 'TRAP-18V', descrizione: 'Trapano avvitatore 18 V', quantita: 5, unita: 'PZ', lotto: 'SN-4471' },
      { codice_prodotto: 'VITI-4X40', descrizione: 'Viti truciolari 4x40', quantita: 5, unita: 'CF' },
    ])}::text::jsonb)`;
    return d!.id;
  } finally {
    await sql.end();
  }
}

describe.runIf(hasBrowser())('a return from the DDT, authorised in part by staff', () => {
  const { newPage } = useBrowser();
  let immagine = '';

  beforeAll(async () => {
    immagine = path.join(portale.dataDir, 'trapano-rotto.jpg');
    fs.writeFileSync(immagine, await sharp({ create: { width: 320, height: 240, channels: 3, background: '#a33' } }).jpeg().toBuffer());
  });

  for (const [vista, viewport] of [['1366', { width: 1366, height: 800 }], ['768', { width: 768, height: 1024 }], ['390', { width: 390, height: 844 }]] as const) {
    it(`at ${vista} px: Mario asks from Documenti, staff authorise one line and refuse the other, Mario reads the RMA PDF`, async () => {
      const numeroDdt = `DDT-E2E-${vista}`;
      const id = await ddt(numeroDdt);
      const mario = await newPage(viewport);
      await loginCliente(mario);
      await mario.goto(`/documenti?tipo=DDT&numero=${numeroDdt}`);
      const richiedi = mario.getByRole('link', { name: new RegExp(`^Richiedi reso: .*${numeroDdt}`) });
      await visible(richiedi);
      await richiedi.click();
      await mario.waitForURL(`**/resi/nuovo?documento_id=${id}`);
      const politica = mario.getByRole('region', { name: 'Politica di reso' });
      await visible(politica.getByText(/Il DDT è di 5 giorni fa/));
      await visible(politica.getByText(/Eccedenza \/ non più necessario: 100 %/));
      await senzaScorrimentoLaterale(mario, `${vista}: richiesta di reso`);
      await foto(mario, `${vista}-01-politica`);

      const righe = mario.getByRole('list', { name: 'Righe del DDT' }).getByRole('listitem');
      await righe.nth(0).getByRole('checkbox').check();
      await righe.nth(0).getByLabel('Quantità').fill('1');
      await righe.nth(0).getByLabel('Motivo').selectOption({ label: 'Difettoso' });
      await righe.nth(1).getByRole('checkbox').check();
      await righe.nth(1).getByLabel('Quantità').fill('2');
      await righe.nth(1).getByLabel('Motivo').selectOption({ label: 'Eccedenza / non più necessario' });
      await mario.getByLabel('Descrizione del problema').fill('Il trapano non parte; le viti sono in più.');
      await mario.locator('input[type=file]').setInputFiles(immagine);
      await visible(mario.getByText(/trapano-rotto\.jpg/));
      await senzaScorrimentoLaterale(mario, `${vista}: righe scelte`);
      await foto(mario, `${vista}-02-righe`, righe.nth(1));
      await mario.getByRole('button', { name: 'Invia richiesta di reso' }).click();
      await mario.waitForURL('**/resi/dettaglio?id=*');
      const titolo = mario.getByRole('heading', { level: 1, name: /^Reso RMA-\d{4}-\d{5}$/ });
      await visible(titolo);
      const numero = ((await titolo.textContent()) ?? '').replace('Reso ', '');
      const resoId = Number(new URL(mario.url()).searchParams.get('id'));
      await visible(mario.getByText('Richiesto', { exact: true }));
      await foto(mario, `${vista}-03-richiesto`);

      // The admin screens are made for 1366 and 768 px (docs/regole/admin.md): staff decide at 768 when the customer is on a phone.
      const admin = await newPage(vista === '390' ? { width: 768, height: 1024 } : viewport);
      await submitLogin(admin, '/admin', ADMIN);
      await admin.waitForURL('**/adminhome');
      await visible(admin.getByRole('link', { name: /^Resi da gestire: \d+$/ }));
      await admin.goto(`/admin/resi?stato=richiesto`);
      const link = admin.getByRole('link', { name: numero });
      await visible(link);
      await foto(admin, `${vista}-04-coda`);
      await senzaScorrimentoLaterale(admin, `${vista}: coda dei resi`);
      await link.click();
      await admin.waitForURL(`**/admin/resi/dettaglio?id=${resoId}`);
      const decisione = admin.getByRole('form', { name: 'Decisione sul reso' });
      await visible(decisione);
      await decisione.getByRole('listitem').nth(1).getByLabel('Rifiuta').check();
      await decisione.getByLabel('Motivo (per le righe rifiutate)').fill('Eccedenza non rendibile: confezioni aperte.');
      await foto(admin, `${vista}-05-decisione`, decisione.getByRole('button', { name: 'Autorizza in parte' }));
      await senzaScorrimentoLaterale(admin, `${vista}: decisione`);
      await decisione.getByRole('button', { name: 'Autorizza in parte' }).click();
      await admin.getByRole('dialog').getByRole('button', { name: 'Conferma' }).click();
      await visible(admin.getByText(`Reso ${numero}: Parzialmente autorizzato.`));
      // The staff's step in the return's history, on both sides.
      await visible(admin.getByRole('table', { name: `Storico del reso ${numero}` }).getByText('Richiesto → Parzialmente autorizzato'));

      await mario.reload();
      await visible(mario.getByText('Parzialmente autorizzato', { exact: true }));
      await visible(mario.getByText('Eccedenza non rendibile: confezioni aperte.').first());
      const storico = mario.getByRole('table', { name: `Storico del reso ${numero}` });
      await visible(storico.getByText('Richiesto → Parzialmente autorizzato'));
      await visible(storico.getByText(/\(Cliente\)/));
      const pdfLink = mario.getByRole('link', { name: 'Documento RMA (PDF)' });
      await visible(pdfLink);
      await senzaScorrimentoLaterale(mario, `${vista}: reso autorizzato`);
      await foto(mario, `${vista}-06-autorizzato`);
      const risposta = await mario.request.get((await pdfLink.getAttribute('href'))!);
      expect(risposta.status()).toBe(200);
      expect(risposta.headers()['content-type']).toBe('application/pdf');
      const testo = (await testoPdf(await risposta.body())).join(' ').replace(/\s+/g, ' ');
      for (const atteso of [numero, `DDT originale: n. ${numeroDdt}`, 'TRAP-18V', 'Difettoso', 'Non autorizzata',
        'Cosa scrivere sul DDT di reso', `Reso autorizzato ${numero}`]) {
        expect(testo).toContain(atteso);
      }
    }, 120_000);
  }
});

describe.runIf(hasBrowser())("the returns' policy in Impostazioni", () => {
  const { newPage } = useBrowser();

  it('at 1366 px: a tecnico changes the credit of the first step; the customer is shown it before asking', async () => {
    const tecnico = await newPage();
    await submitLogin(tecnico, '/admin', TECNICO);
    await tecnico.waitForURL('**/adminhome');
    await tecnico.goto('/admin/impostazioni');
    const modulo = tecnico.getByRole('form', { name: 'Politica dei resi' });
    await visible(modulo);
    await expect.poll(() => modulo.getByLabel('Fino a giorni (1)').inputValue()).toBe('30');
    await modulo.getByLabel('Accredito %').first().fill('95');
    await modulo.getByRole('button', { name: 'Salva' }).click();
    await visible(tecnico.getByText('Politica dei resi salvata.'));
    await foto(tecnico, '1366-07-politica-impostazioni', modulo);
    await senzaScorrimentoLaterale(tecnico, 'impostazioni');

    const id = await ddt('DDT-E2E-POLITICA');
    const mario = await newPage();
    await loginCliente(mario);
    await mario.goto(`/resi/nuovo?documento_id=${id}`);
    await visible(mario.getByRole('region', { name: 'Politica di reso' }).getByText(/Eccedenza \/ non più necessario: 95 %/));
  }, 120_000);
});

/** Mario's confirmed orders with their DDT, newest first, and one without any (docs/regole/documenti.md#chain). */
async function ordiniDiMario(): Promise<{ conDdt: { id: number; ddt: number }[]; senzaDdt: number }> {
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const conDdt = await sql<{ id: number; ddt: number }[]>`
      SELECT o.id, min(d.id)::int AS ddt FROM ordini o JOIN documenti_ordini x ON x.ordine_id = o.id JOIN documenti d ON d.id = x.documento_id AND d.tipo = 'DDT'
      JOIN clienti c ON c.id = o.cliente_id WHERE c.codice = '001001' GROUP BY o.id ORDER BY o.id DESC`;
    const [senza] = await sql<{ id: number }[]>`
      SELECT o.id FROM ordini o JOIN clienti c ON c.id = o.cliente_id
      WHERE c.codice = '001001' AND o.response_code = '201' AND NOT EXISTS (SELECT 1 FROM documenti_ordini x WHERE x.ordine_id = o.id)
      ORDER BY o.id DESC LIMIT 1`;
    return { conDdt, senzaDdt: senza!.id };
  } finally {
    await sql.end();
  }
}

/** A second DDT for an order (a delivery in two parts), with its lines. */
async function secondoDdt(ordineId: number, numero: string): Promise<number> {
  const id = await ddt(numero);
  const sql = postgres(portale.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`INSERT INTO documenti_ordini (documento_id, ordine_id) VALUES (${id}, ${ordineId})`;
  } finally {
    await sql.end();
  }
  return id;
}

describe.runIf(hasBrowser())("a return from an order's detail", () => {
  const { newPage } = useBrowser();

  it('one DDT opens its request; several ask which first; an order without a DDT says why no return yet (1366, 768, 390 px)', async () => {
    const { conDdt, senzaDdt } = await ordiniDiMario();
    expect(conDdt.length).toBeGreaterThanOrEqual(2);
    const [due, uno] = conDdt as [{ id: number; ddt: number }, { id: number; ddt: number }];
    const secondo = await secondoDdt(due.id, 'DDT-E2E-ORDINE-2');
    const mario = await newPage({ width: 1366, height: 800 });
    await loginCliente(mario);
    for (const [vista, viewport] of [['1366', { width: 1366, height: 800 }], ['768', { width: 768, height: 1024 }], ['390', { width: 390, height: 844 }]] as const) {
      await mario.setViewportSize(viewport);
      // One DDT: 'Richiedi reso' opens the request from it.
      await mario.goto(`/ordini/dettaglio?id=${uno.id}`);
      const catena = mario.getByRole('region', { name: "Documenti dell'ordine" });
      await catena.getByRole('link', { name: 'Richiedi reso' }).click();
      await mario.waitForURL(`**/resi/nuovo?documento_id=${uno.ddt}`);
      await visible(mario.getByRole('list', { name: 'Righe del DDT' }));

      // Two DDT: which one, first.
      await mario.goto(`/ordini/dettaglio?id=${due.id}`);
      await catena.getByRole('button', { name: 'Richiedi reso' }).click();
      const scelta = mario.getByRole('dialog', { name: 'Richiedi reso: da quale DDT?' });
      await visible(scelta);
      expect(await scelta.getByRole('link').count()).toBe(2);
      // The dialog's opening animation, finished before the picture.
      await scelta.evaluate((el) => Promise.all(el.ownerDocument.getAnimations().map((x) => x.finished)));
      await senzaScorrimentoLaterale(mario, `${vista}: scelta del DDT`);
      await foto(mario, `${vista}-08-ordine-scelta-ddt`);
      await scelta.getByRole('link', { name: /DDT-E2E-ORDINE-2/ }).click();
      await mario.waitForURL(`**/resi/nuovo?documento_id=${secondo}`);

      // No DDT: nothing delivered yet, said.
      await mario.goto(`/ordini/dettaglio?id=${senzaDdt}`);
      await visible(mario.getByText(/Reso non ancora possibile: per questo ordine non c'è un documento di trasporto/));
      expect(await mario.getByRole('region', { name: "Documenti dell'ordine" }).getByRole('link', { name: 'Richiedi reso' }).count()).toBe(0);
      await senzaScorrimentoLaterale(mario, `${vista}: ordine senza DDT`);
      await foto(mario, `${vista}-09-ordine-senza-ddt`, mario.getByRole('region', { name: "Documenti dell'ordine" }));
    }
  }, 120_000);
});
