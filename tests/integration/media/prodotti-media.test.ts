import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { modificheAdmin } from '../../../server/db/schema/index.js';
import { cartellaTemporanea } from '../../../server/lib/upload/ricevi-file.js';
import type { MediaProdotto } from '../../../shared/catalogo.js';
import { MB } from '../../../shared/upload.js';
import { ARCHIVI, fileDi, usaArchivio } from '../../support/archivi.js';
import { createAdmin, createAzienda, createCliente, createProdotto, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

describe.each(ARCHIVI)('product media: %s', (tipo) => {
  const archivio = usaArchivio(tipo);
  const t = useTestApp(archivio.config);
  let admin = '';
  let cliente = '';
  const SCOPE = 'cod_azienda=0001&cod_cliente=000100';

  /** Real photos made by sharp (a camera-sized JPEG, a small PNG) and documents by their magic bytes. */
  const campioni = {
    jpg: () => sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c33' } }).jpeg().toBuffer(),
    png: () => sharp({ create: { width: 300, height: 200, channels: 4, background: '#3c38' } }).png().toBuffer(),
    pdf: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    txt: Buffer.from('Istruzioni di montaggio.\n'),
    script: Buffer.from('<script>alert(1)</script>'),
  };

  type Parte = { campo: string; nome: string; dati: Buffer } | { campo: string; valore: string };

  /** A real multipart/form-data body, as a browser's FormData makes it, sent through app.inject. */
  async function multipart(url: string, parti: Parte[], cookie = admin, app: FastifyInstance = t().app) {
    const form = new FormData();
    for (const p of parti) {
      if ('valore' in p) form.append(p.campo, p.valore);
      else form.append(p.campo, new Blob([new Uint8Array(p.dati)]), p.nome);
    }
    const req = new Request('http://portale.test/', { method: 'POST', body: form });
    return app.inject({
      method: 'POST', url, payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type')!, ...(cookie ? { cookie } : {}) },
    });
  }

  const carica = (codice: string, tipologia: string, files: { nome: string; dati: Buffer }[], nome?: string, cookie = admin) =>
    multipart('/api/prodotto/photo-upload', [
      { campo: 'codice_prodotto', valore: codice }, { campo: 'tipologia', valore: tipologia },
      ...(nome === undefined ? [] : [{ campo: 'nome', valore: nome }]),
      ...files.map((f) => ({ campo: 'allegati[]', ...f })),
    ], cookie);

  const chiama = (url: string, cookie = admin) => t().app.inject({ url, headers: { cookie } });
  const post = (url: string, payload: object, cookie = admin) => t().app.inject({ method: 'POST', url, payload, headers: { cookie } });
  const elenco = async (codice: string, tipologia: string): Promise<MediaProdotto[]> => {
    const res = await chiama(`/api/prodotto/photo-get?codice_prodotto=${codice}&tipologia=${tipologia}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const dettaglio = async (codice: string, app: FastifyInstance = t().app) => {
    const res = await app.inject({ url: `/api/prodotti/details?${SCOPE}&codice_prodotto=${codice}`, headers: { cookie: cliente } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().prodotto;
  };
  /** The store's files, read on the side (tests/support/archivi.ts). */
  const file = () => fileDi(t().config);
  const leggi = async (dir: string, nome: string) => (await file().leggi(`${dir}${nome}`))!;
  const metadati = async (dir: string, nome: string) => sharp(await leggi(dir, nome)).metadata();
  const cartella = async (codice: string) => (await file().elenca(`prodotti/${codice}/`)).map((k) => path.posix.basename(k)).sort();
  const temporanei = () => (fs.existsSync(cartellaTemporanea(t().config.mediaDir)) ? fs.readdirSync(cartellaTemporanea(t().config.mediaDir)) : []);
  const righe = async (codice: string) =>
    (await t().database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM prodotti_media WHERE codice_prodotto = ${codice}`)[0]!.n;

  beforeAll(async () => {
    const { db } = t().database;
    const az = await createAzienda(db, { codice: '0001' });
    const c = await createCliente(db, { aziendaCodice: az.codice, codice: '000100' });
    cliente = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
    admin = await loginAdmin(t().app, await createAdmin(db));
  });

  describe('prodotto/photo-upload: photos', () => {
    it('keeps several photos at once with a web copy and a thumbnail each; the original is kept in its format and size', async () => {
      await createProdotto(t().database.db, { codiceProdotto: 'FT-1' });
      const jpg = await campioni.jpg();
      const png = await campioni.png();
      const res = await carica('FT-1', 'foto', [{ nome: 'Trapano fronte.JPG', dati: jpg }, { nome: 'retro.png', dati: png }]);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: 0, msg: '2 foto caricate con successo' });
      expect(body.media).toHaveLength(2);
      const [a, b] = body.media as MediaProdotto[];
      expect(a).toMatchObject({ codice_prodotto: 'FT-1', tipologia: 'foto', nome: '', dir: 'prodotti/FT-1/', status: 0 });
      expect(a!.file).toMatch(/^trapano-fronte-[0-9a-f]{8}\.jpg$/);
      expect(a!.file_web).toBe(`${a!.file}.web.webp`);
      expect(a!.file_thumb).toBe(`${a!.file}.thumb.webp`);
      expect(b!.file).toMatch(/^retro-[0-9a-f]{8}\.png$/);
      // Written again without its metadata (tests/integration/upload/immagini-pulite.test.ts): same format and pixels' size.
      const originale = await metadati(a!.dir, a!.file);
      expect([originale.format, originale.width, originale.height]).toEqual(['jpeg', 3000, 2000]);
      expect(a!.dimensione).toBe((await leggi(a!.dir, a!.file)).length);
      const web = await metadati(a!.dir, a!.file_web!);
      const thumb = await metadati(a!.dir, a!.file_thumb!);
      expect([web.format, web.width, web.height]).toEqual(['webp', 1600, 1067]);
      expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 400, 267]);
      // A photo smaller than a copy's box is never enlarged.
      expect((await metadati(b!.dir, b!.file_web!)).width).toBe(300);
      expect(await cartella('FT-1')).toHaveLength(6);
      // Served inline, cached and revalidated by its ETag.
      const scarico = await t().app.inject({ url: `/media/${a!.dir}${a!.file_web}` });
      expect(scarico.statusCode).toBe(200);
      expect(scarico.rawPayload.equals(await leggi(a!.dir, a!.file_web!))).toBe(true);
      expect(scarico.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' });
      expect(scarico.headers['content-disposition']).toBeUndefined();
      const ancora = await t().app.inject({ url: `/media/${a!.dir}${a!.file_web}`, headers: { 'if-none-match': String(scarico.headers.etag) } });
      expect([ancora.statusCode, ancora.body]).toEqual([304, '']);
      expect(await elenco('FT-1', 'foto')).toEqual(body.media);
      expect(await elenco('FT-1', 'allegato')).toEqual([]);
      await expect.poll(temporanei).toEqual([]);

      const [audit] = await t().database.db.select().from(modificheAdmin).where(eq(modificheAdmin.azione, 'prodotto.media.carica'));
      expect(audit).toMatchObject({ entita: 'prodotto', entitaId: 'FT-1' });
      expect(audit!.dettagli).toEqual({ tipologia: 'foto', media_id: [a!.id, b!.id], file: [a!.file, b!.file] });
    });

    it("refuses a script named x.jpg: 'Per favore seleziona solo immagini.', nothing written", async () => {
      await createProdotto(t().database.db, { codiceProdotto: 'FT-2' });
      const res = await carica('FT-2', 'foto', [{ nome: 'buona.png', dati: await campioni.png() }, { nome: 'x.jpg', dati: campioni.script }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Per favore seleziona solo immagini. Il file "x.jpg" non è un\'immagine.');
      expect(await righe('FT-2')).toBe(0);
      expect(await cartella('FT-2')).toEqual([]);
      await expect.poll(temporanei).toEqual([]);
    });

    it('a file named ../../evil.png is stored under a safe name inside MEDIA_DIR', async () => {
      await createProdotto(t().database.db, { codiceProdotto: 'FT-3' });
      const res = await carica('FT-3', 'foto', [{ nome: '../../evil.png', dati: await campioni.png() }]);
      expect(res.statusCode, res.body).toBe(200);
      const [m] = res.json().media as MediaProdotto[];
      expect(m!.dir).toBe('prodotti/FT-3/');
      expect(m!.file).toMatch(/^evil-[0-9a-f]{8}\.png$/);
      expect((await file().elenca()).filter((k) => k.includes('evil'))).toEqual([m!.file, m!.file_thumb, m!.file_web].map((f) => `prodotti/FT-3/${f}`).sort());
      for (const fuori of [path.dirname(t().config.mediaDir), path.dirname(path.dirname(t().config.mediaDir)), t().config.mediaDir]) {
        expect(fs.readdirSync(fuori).filter((n) => n.includes('evil'))).toEqual([]);
      }
    });

    it('a photo over 10 MB: 413 in Italian, nothing written', async () => {
      await createProdotto(t().database.db, { codiceProdotto: 'FT-4' });
      // A PNG by its bytes, padded past the limit for photos (documents may be larger).
      const grande = Buffer.concat([await campioni.png(), Buffer.alloc(10 * MB)]);
      const res = await carica('FT-4', 'foto', [{ nome: 'piccola.png', dati: await campioni.png() }, { nome: 'enorme.png', dati: grande }]);
      expect(res.statusCode).toBe(413);
      expect(res.json().msg).toBe('Il file "enorme.png" supera la dimensione massima consentita (10 MB).');
      expect(await righe('FT-4')).toBe(0);
      expect(await cartella('FT-4')).toEqual([]);
      await expect.poll(temporanei).toEqual([]);
    });

    it('an unknown product, no files, a bad tipologia: refused in Italian, nothing written', async () => {
      const ignoto = await carica('NON-ESISTE', 'foto', [{ nome: 'a.png', dati: await campioni.png() }]);
      expect(ignoto.statusCode).toBe(404);
      expect(ignoto.json().msg).toBe('Prodotto NON-ESISTE non trovato.');
      expect(await cartella('NON-ESISTE')).toEqual([]);

      await createProdotto(t().database.db, { codiceProdotto: 'FT-5' });
      const vuoto = await carica('FT-5', 'foto', []);
      expect(vuoto.statusCode).toBe(400);
      expect(vuoto.json().msg).toBe('Nessun file ricevuto: seleziona almeno un file.');
      // A JSON body (no files at all) is the same refusal.
      expect((await post('/api/prodotto/photo-upload', { codice_prodotto: 'FT-5', tipologia: 'foto' })).statusCode).toBe(400);

      const tipo = await carica('FT-5', 'video', [{ nome: 'a.png', dati: await campioni.png() }]);
      expect(tipo.statusCode).toBe(400);
      expect(tipo.json().msg).toMatch(/tipologia non valida/);
      expect(await righe('FT-5')).toBe(0);
      await expect.poll(temporanei).toEqual([]);
    });

    it('no session: 401 before the files are read; a customer: 403', async () => {
      await createProdotto(t().database.db, { codiceProdotto: 'FT-6' });
      const senza = await carica('FT-6', 'foto', [{ nome: 'a.png', dati: await campioni.png() }], undefined, '');
      expect(senza.statusCode).toBe(401);
      expect((await carica('FT-6', 'foto', [{ nome: 'a.png', dati: await campioni.png() }], undefined, cliente)).statusCode).toBe(403);
      expect(await righe('FT-6')).toBe(0);
      await expect.poll(temporanei).toEqual([]);
    });

    it('a failure between the files and their rows leaves neither (all files of a request or none)', async () => {
      const { sql } = t().database;
      await createProdotto(t().database.db, { codiceProdotto: 'FT-7' });
      // The second row of the request is refused by the database, after both files were written.
      await sql`ALTER TABLE prodotti_media ADD CONSTRAINT prova_rifiuta CHECK (file NOT LIKE 'rifiuta%')`;
      try {
        const res = await carica('FT-7', 'foto', [{ nome: 'buona.jpg', dati: await campioni.jpg() }, { nome: 'rifiuta.png', dati: await campioni.png() }]);
        expect(res.statusCode).toBe(500);
      } finally {
        await sql`ALTER TABLE prodotti_media DROP CONSTRAINT prova_rifiuta`;
      }
      expect(await righe('FT-7')).toBe(0);
      expect(await cartella('FT-7')).toEqual([]);
      const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM modifiche_admin WHERE entita_id = 'FT-7'`;
      expect(n).toBe(0);
      await expect.poll(temporanei).toEqual([]);
    });
  });

  describe('prodotto/photo-upload: attachments', () => {
    it('keeps documents with their name (numbered when several), no copies, served as downloads', async () => {
      await createProdotto(t().database.db, { codiceProdotto: 'AL-1' });
      const res = await carica('AL-1', 'allegato', [{ nome: 'scheda.pdf', dati: campioni.pdf }, { nome: 'montaggio.txt', dati: campioni.txt }], '  Scheda tecnica ');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().msg).toBe('2 allegati caricati con successo');
      const [pdf, txt] = res.json().media as MediaProdotto[];
      expect(pdf).toMatchObject({ tipologia: 'allegato', nome: 'Scheda tecnica (1)', file_web: null, file_thumb: null, dimensione: campioni.pdf.length });
      expect(txt).toMatchObject({ nome: 'Scheda tecnica (2)' });
      expect(pdf!.file).toMatch(/^scheda-[0-9a-f]{8}\.pdf$/);
      const scarico = await t().app.inject({ url: `/media/${pdf!.dir}${pdf!.file}` });
      expect(scarico.headers['content-disposition']).toMatch(/^attachment/);
      expect((await elenco('AL-1', 'allegato')).map((m) => m.id)).toEqual([pdf!.id, txt!.id]);

      const uno = await carica('AL-1', 'allegato', [{ nome: 'dichiarazione.pdf', dati: campioni.pdf }], 'Dichiarazione CE');
      expect(uno.json()).toMatchObject({ msg: 'Allegato caricato con successo', media: [{ nome: 'Dichiarazione CE' }] });
    });

    it("refuses an image as attachment ('Questo tipo di file non è consentito.') and an attachment without a name", async () => {
      await createProdotto(t().database.db, { codiceProdotto: 'AL-2' });
      const img = await carica('AL-2', 'allegato', [{ nome: 'schema.pdf', dati: await campioni.png() }], 'Schema');
      expect(img.statusCode).toBe(400);
      expect(img.json().msg).toBe('Questo tipo di file non è consentito. (schema.pdf)');
      const script = await carica('AL-2', 'allegato', [{ nome: 'pagina.txt', dati: campioni.script }], 'Pagina');
      expect(script.json().msg).toMatch(/^Questo tipo di file non è consentito\./);

      for (const nome of [undefined, '', '   ']) {
        const senzaNome = await carica('AL-2', 'allegato', [{ nome: 'scheda.pdf', dati: campioni.pdf }], nome);
        expect(senzaNome.statusCode).toBe(400);
        expect(senzaNome.json().msg).toContain('Il campo Nome è obbligatorio per gli allegati.');
      }
      expect(await righe('AL-2')).toBe(0);
      expect(await cartella('AL-2')).toEqual([]);
    });
  });

  describe('main photo', () => {
    let foto: MediaProdotto[] = [];
    beforeAll(async () => {
      await createProdotto(t().database.db, { codiceProdotto: 'PR-1' });
      const res = await carica('PR-1', 'foto', await Promise.all([1, 2, 3, 4].map(async (i) => ({ nome: `vista-${i}.png`, dati: await campioni.png() }))));
      foto = res.json().media;
    });

    it("set-photo-name makes one photo 'default': customers get it (original and thumbnail) at once", async () => {
      // The product page is cached before the change: no main photo yet, so its first photo.
      expect(await dettaglio('PR-1')).toMatchObject({
        foto_principale: `prodotti/PR-1/${foto[0]!.file}`, foto_miniatura: `prodotti/PR-1/${foto[0]!.file_thumb}`,
      });
      const res = await chiama(`/api/prodotto/set-photo-name?codice_prodotto=PR-1&media_id=${foto[2]!.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 0, msg: 'Foto Principale impostata con successo' });
      const p = await dettaglio('PR-1');
      expect(p.foto_principale).toBe(`prodotti/PR-1/${foto[2]!.file}`);
      expect(p.foto_miniatura).toBe(`prodotti/PR-1/${foto[2]!.file_thumb}`);
      expect(p.media_foto[0]).toMatchObject({ id: foto[2]!.id, nome: 'default', file_web: foto[2]!.file_web });
      expect((await elenco('PR-1', 'foto'))[0]!.id).toBe(foto[2]!.id);

      // Another one (POST): the old mark goes.
      expect((await post('/api/prodotto/set-photo-name', { codice_prodotto: 'PR-1', media_id: foto[0]!.id })).statusCode).toBe(200);
      const nomi = (await elenco('PR-1', 'foto')).map((m) => [m.id, m.nome]);
      expect(nomi).toEqual([[foto[0]!.id, 'default'], [foto[1]!.id, ''], [foto[2]!.id, ''], [foto[3]!.id, '']]);
    });

    it("reset-photo-name: no photo is main any more, and customers see the product's first photo (never codart/…)", async () => {
      await chiama(`/api/prodotto/set-photo-name?codice_prodotto=PR-1&media_id=${foto[2]!.id}`);
      expect((await dettaglio('PR-1')).foto_principale).toBe(`prodotti/PR-1/${foto[2]!.file}`);
      const res = await post('/api/prodotto/reset-photo-name', { codice_prodotto: 'PR-1' });
      expect(res.json()).toEqual({ status: 0, msg: 'Nessuna foto ora è impostata come principale' });
      expect((await elenco('PR-1', 'foto')).filter((m) => m.nome === 'default')).toEqual([]);
      // The cached page was emptied: the first photo (by upload order) is what every view reads.
      const p = await dettaglio('PR-1');
      expect(p).toMatchObject({ foto_principale: `prodotti/PR-1/${foto[0]!.file}`, foto_miniatura: `prodotti/PR-1/${foto[0]!.file_thumb}` });
      expect(p.media_foto.map((m: MediaProdotto) => m.id)).toEqual(foto.map((m) => m.id));
      // The category and search pages carry the same field.
      const lista = await t().app.inject({ url: `/api/search/prodotti?${SCOPE}&stringa=PR-1`, headers: { cookie: cliente } });
      expect(lista.json().prodotti[0]).toMatchObject({ codice_prodotto: 'PR-1', foto_miniatura: `prodotti/PR-1/${foto[0]!.file_thumb}` });
      expect((await chiama('/api/prodotto/reset-photo-name?codice_prodotto=NON-ESISTE')).statusCode).toBe(404);
    });

    it('refuses an attachment, another product\'s media and an unknown id; nothing changes', async () => {
      await createProdotto(t().database.db, { codiceProdotto: 'PR-2' });
      const altra = (await carica('PR-2', 'foto', [{ nome: 'altra.png', dati: await campioni.png() }])).json().media[0] as MediaProdotto;
      const allegato = (await carica('PR-1', 'allegato', [{ nome: 'a.pdf', dati: campioni.pdf }], 'Manuale')).json().media[0] as MediaProdotto;
      await chiama(`/api/prodotto/set-photo-name?codice_prodotto=PR-1&media_id=${foto[1]!.id}`);

      const diAltri = await chiama(`/api/prodotto/set-photo-name?codice_prodotto=PR-1&media_id=${altra.id}`);
      expect(diAltri.statusCode).toBe(404);
      expect(diAltri.json().msg).toBe(`Media ${altra.id} non trovata per questo prodotto.`);
      const nonFoto = await chiama(`/api/prodotto/set-photo-name?codice_prodotto=PR-1&media_id=${allegato.id}`);
      expect(nonFoto.statusCode).toBe(400);
      expect(nonFoto.json().msg).toBe('Solo una foto può essere impostata come principale.');
      expect((await chiama('/api/prodotto/set-photo-name?codice_prodotto=PR-1&media_id=abc')).statusCode).toBe(400);
      expect((await chiama('/api/prodotto/set-photo-name?codice_prodotto=PR-1&media_id=999999')).statusCode).toBe(404);

      expect((await elenco('PR-1', 'foto')).filter((m) => m.nome === 'default').map((m) => m.id)).toEqual([foto[1]!.id]);
      expect((await elenco('PR-2', 'foto'))[0]!.nome).toBe('');
    });

    it('at most one main photo per product, enforced by the database, also under concurrent calls', async () => {
      const { sql } = t().database;
      await expect(sql`UPDATE prodotti_media SET nome = 'default' WHERE codice_prodotto = 'PR-1' AND tipologia = 'foto'`)
        .rejects.toMatchObject({ code: '23505', constraint_name: 'prodotti_media_principale_uq' });
      // An attachment named 'default' is no main photo.
      await expect(sql`UPDATE prodotti_media SET nome = 'default' WHERE codice_prodotto = 'PR-1' AND tipologia = 'allegato'`).resolves.toBeDefined();

      const chiamate = Array.from({ length: 24 }, (_, i) =>
        post('/api/prodotto/set-photo-name', { codice_prodotto: 'PR-1', media_id: foto[i % foto.length]!.id }));
      const risposte = await Promise.all(chiamate);
      expect(risposte.map((r) => r.statusCode)).toEqual(risposte.map(() => 200));
      const [{ n }] = await sql<{ n: number }[]>`
        SELECT count(*)::int AS n FROM prodotti_media WHERE codice_prodotto = 'PR-1' AND tipologia = 'foto' AND nome = 'default'`;
      expect(n).toBe(1);
    });

    it('another server process shows the new main photo at once', async () => {
      const b = await buildApp(t().config, { logger: false });
      try {
        await chiama(`/api/prodotto/set-photo-name?codice_prodotto=PR-1&media_id=${foto[3]!.id}`);
        expect((await dettaglio('PR-1', b)).foto_principale).toBe(`prodotti/PR-1/${foto[3]!.file}`);
        // B now holds the product in its cache; A changes the main photo.
        await chiama(`/api/prodotto/set-photo-name?codice_prodotto=PR-1&media_id=${foto[1]!.id}`);
        await vi.waitFor(async () => {
          expect((await dettaglio('PR-1', b)).foto_miniatura).toBe(`prodotti/PR-1/${foto[1]!.file_thumb}`);
        }, { timeout: 3000, interval: 25 });
      } finally {
        await b.close();
      }
    });
  });

  describe('prodotto/photo-delete', () => {
    it('removes the row, the file and its copies; the product page forgets it', async () => {
      await createProdotto(t().database.db, { codiceProdotto: 'DL-1' });
      const [a, b] = (await carica('DL-1', 'foto', [{ nome: 'a.png', dati: await campioni.png() }, { nome: 'b.png', dati: await campioni.png() }])).json().media as MediaProdotto[];
      await chiama(`/api/prodotto/set-photo-name?codice_prodotto=DL-1&media_id=${a!.id}`);
      expect((await dettaglio('DL-1')).media_foto).toHaveLength(2);

      const res = await chiama(`/api/prodotto/photo-delete?codice_prodotto=DL-1&media_id=${a!.id}`);
      expect(res.json()).toEqual({ status: 0, msg: 'Media cancellata con successo' });
      expect(await cartella('DL-1')).toEqual([b!.file, b!.file_thumb, b!.file_web].sort());
      const p = await dettaglio('DL-1');
      expect(p.media_foto.map((m: MediaProdotto) => m.id)).toEqual([b!.id]);
      expect(p.foto_principale).toBe(`prodotti/DL-1/${b!.file}`);
      const [audit] = await t().database.sql<{ dettagli: { media_id: number } }[]>`
        SELECT dettagli FROM modifiche_admin WHERE azione = 'prodotto.media.cancella' AND entita_id = 'DL-1'`;
      expect(audit!.dettagli.media_id).toBe(a!.id);
    });

    it("refuses another product's media id and changes nothing", async () => {
      await createProdotto(t().database.db, { codiceProdotto: 'DL-2' });
      await createProdotto(t().database.db, { codiceProdotto: 'DL-3' });
      const [m] = (await carica('DL-3', 'allegato', [{ nome: 's.pdf', dati: campioni.pdf }], 'Scheda')).json().media as MediaProdotto[];
      const res = await post('/api/prodotto/photo-delete', { codice_prodotto: 'DL-2', media_id: m!.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(`Media ${m!.id} non trovata per questo prodotto.`);
      expect(await righe('DL-3')).toBe(1);
      expect(await cartella('DL-3')).toEqual([m!.file]);
      expect((await chiama('/api/prodotto/photo-delete?codice_prodotto=DL-3&media_id=-1')).statusCode).toBe(400);
    });
  });

  describe('prodotti/media (foto1, foto2, foto3)', () => {
    it('keeps up to three photos in field order, foto1 becoming the main photo', async () => {
      await createProdotto(t().database.db, { codiceProdotto: 'PM-1' });
      await carica('PM-1', 'foto', [{ nome: 'vecchia.png', dati: await campioni.png() }]);
      const vecchia = (await elenco('PM-1', 'foto'))[0]!;
      await chiama(`/api/prodotto/set-photo-name?codice_prodotto=PM-1&media_id=${vecchia.id}`);

      const res = await multipart('/api/prodotti/media', [
        { campo: 'codice_prodotto', valore: 'PM-1' },
        { campo: 'foto3', nome: 'terza.png', dati: await campioni.png() },
        { campo: 'foto1', nome: 'prima.jpg', dati: await campioni.jpg() },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const { media: nuove } = res.json() as { media: MediaProdotto[] };
      expect(nuove.map((m) => [m.file.split('-')[0], m.nome])).toEqual([['prima', 'default'], ['terza', '']]);
      expect((await elenco('PM-1', 'foto')).map((m) => [m.id, m.nome])).toEqual([[nuove[0]!.id, 'default'], [vecchia.id, ''], [nuove[1]!.id, '']]);
      expect((await dettaglio('PM-1')).foto_miniatura).toBe(`prodotti/PM-1/${nuove[0]!.file_thumb}`);
    });

    it('without foto1 the main photo stays; a document, a repeated field or another field: 400, nothing written', async () => {
      await createProdotto(t().database.db, { codiceProdotto: 'PM-2' });
      const senzaPrima = await multipart('/api/prodotti/media', [{ campo: 'codice_prodotto', valore: 'PM-2' }, { campo: 'foto2', nome: 'b.png', dati: await campioni.png() }]);
      expect(senzaPrima.json().media[0].nome).toBe('');
      const prima = await righe('PM-2');
      for (const parti of [
        [{ campo: 'foto1', nome: 'a.png', dati: await campioni.png() }, { campo: 'foto2', nome: 'scheda.pdf', dati: campioni.pdf }],
        [{ campo: 'foto1', nome: 'a.png', dati: await campioni.png() }, { campo: 'foto1', nome: 'b.png', dati: await campioni.png() }],
        [{ campo: 'foto4', nome: 'a.png', dati: await campioni.png() }],
      ]) {
        const res = await multipart('/api/prodotti/media', [{ campo: 'codice_prodotto', valore: 'PM-2' }, ...parti]);
        expect(res.statusCode).toBe(400);
      }
      expect(await righe('PM-2')).toBe(prima);
      await expect.poll(temporanei).toEqual([]);
    });
  });
});
