import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { modificheAdmin, multimedia } from '../../../server/db/schema/index.js';
import { MSG_ARCHIVIO_NON_RAGGIUNGIBILE } from '../../../server/lib/archivio/archivio.js';
import type { MultimediaItem } from '../../../shared/media.js';
import { MSG_MULTIMEDIA, MULTIMEDIA_TIPOLOGIE, TIPOLOGIA_BANNER } from '../../../shared/media-costanti.js';
import { MB, MSG_UPLOAD } from '../../../shared/upload.js';
import { ARCHIVI, fileDi, usaArchivio } from '../../support/archivi.js';
import { createAdmin, createAzienda, createCliente, createUtente } from '../../support/factories.js';
import { loginAdmin, loginCliente, useTestApp } from '../../support/harness.js';

/**
 * The admin's multimedia calls (docs/regole/multimedia.md#multimedia-admin) over real HTTP, real files and a real Postgres: what
 * they store, what they refuse, and that rows and files stay together.
 */
// Real images (sharp), made before the test tables that name them.
const jpg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#c33' } }).jpeg().toBuffer();
const png = await sharp({ create: { width: 300, height: 600, channels: 3, background: '#36c' } }).png().toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DOCUMENTI = MULTIMEDIA_TIPOLOGIE.filter((x) => x !== TIPOLOGIA_BANNER);

describe.each(ARCHIVI)('multimedia admin: %s', (tipo) => {
  const archivio = usaArchivio(tipo);
  const t = useTestApp(archivio.config);
  let base = '';
  let admin = '';
  let cliente = '';

  beforeAll(async () => {
    const { db } = t().database;
    const az = await createAzienda(db, { codice: '0001' });
    const c = await createCliente(db, { aziendaCodice: az.codice });
    cliente = await loginCliente(t().app, await createUtente(db, { clienti: [c.id] }));
    admin = await loginAdmin(t().app, await createAdmin(db, { tipologia: 'amministratore' }));
    base = await t().app.listen({ port: 0, host: '127.0.0.1' });
  });

  const mediaDir = () => t().config.mediaDir;
  /** Every file of the media store (read on the side, tests/support/archivi.ts), by key. */
  const fileSuDisco = () => fileDi(t().config).elenca();
  const temporanei = () => (fs.existsSync(path.join(mediaDir(), '.tmp')) ? fs.readdirSync(path.join(mediaDir(), '.tmp')) : []);
  const suDisco = async (dir: string, file: string) => (await fileDi(t().config).leggi(`${dir}${file}`)) !== undefined;

  type Campi = Record<string, string>;
  /** Per field a file (content, name), or several. */
  type Files = Record<string, [Buffer, string] | [Buffer, string][]>;

  async function invia(url: string, campi: Campi, files: Files = {}, cookie = admin) {
    const form = new FormData();
    for (const [k, v] of Object.entries(campi)) form.append(k, v);
    for (const [k, v] of Object.entries(files)) {
      for (const [dati, nome] of Array.isArray(v[0]) ? (v as [Buffer, string][]) : [v as [Buffer, string]]) {
        form.append(k, new Blob([new Uint8Array(dati)]), nome);
      }
    }
    const res = await fetch(`${base}/api/${url}`, { method: 'POST', body: form, headers: { cookie } });
    return { status: res.status, body: await res.json() as { status?: number; msg: string; id?: number } };
  }
  const crea = (campi: Campi, files: Files = {}, cookie = admin) =>
    invia('multimedia/test', { fileType: 'link', coverType: 'cover', ...campi }, files, cookie);
  const sostituisci = (id: number, files: Files) => invia('multimedia/file', { multimedia_id: String(id) }, files);

  async function json(method: 'GET' | 'POST', url: string, payload?: object, cookie = admin) {
    const res = await t().app.inject({ method, url: `/api/${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  }
  async function riga(id: number) {
    const [r] = await t().database.db.select().from(multimedia).where(eq(multimedia.id, id));
    return r;
  }
  async function perCliente(tipologia: string): Promise<MultimediaItem[]> {
    return (await json('GET', `multimedia/loadtipologia?tipologia=${encodeURIComponent(tipologia)}`, undefined, cliente)).body;
  }
  async function scarica(dir: string, file: string): Promise<Buffer> {
    const res = await fetch(`${base}/media/${dir}${file}`);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  describe('multimedia/test: create', () => {
    it.each(DOCUMENTI)('a %s: document and cover kept under MEDIA_DIR, the customer lists and downloads it', async (tipologia) => {
      const res = await crea({ nome: `Documento ${tipologia}`, descrizione: 'Prova', tipologia }, { file: [pdf, 'Listino 2025.pdf'], cover: [jpg, 'copertina.jpg'] });
      expect(res).toEqual({ status: 200, body: { status: 0, msg: MSG_MULTIMEDIA.inserito, id: expect.any(Number) } });
      const r = (await riga(res.body.id!))!;
      const cartella = `multimedia/${tipologia.replace(/ /g, '-')}/`;
      expect(r).toMatchObject({ tipologia, linkFolder: cartella, coverDir: cartella, link: '' });
      expect(r.linkFile).toMatch(/^listino-2025-[0-9a-f]{8}\.pdf$/);
      // The pages show the web copy; the original stays beside it.
      expect(r.coverFile).toMatch(/^copertina-[0-9a-f]{8}\.jpg\.web\.webp$/);
      expect(await suDisco(cartella, r.coverFile.replace('.web.webp', ''))).toBe(true);
      const web = await sharp((await fileDi(t().config).leggi(`${cartella}${r.coverFile}`))!).metadata();
      expect([web.format, web.width, web.height]).toEqual(['webp', 1200, 800]);

      const visto = (await perCliente(tipologia)).find((m) => m.id === r.id);
      expect(visto).toMatchObject({ nome: `Documento ${tipologia}`, link_folder: cartella, link_file: r.linkFile, cover_dir: cartella, cover_file: r.coverFile });
      expect((await scarica(visto!.link_folder, visto!.link_file)).equals(pdf)).toBe(true);
      expect((await fetch(`${base}/media/${visto!.cover_dir}${visto!.cover_file}`)).headers.get('content-type')).toBe('image/webp');
    });

    it('a document without a cover (the pages show a placeholder); an image as the document', async () => {
      const res = await crea({ nome: 'Tabella filetti', tipologia: 'tabelle conversione' }, { file: [png, 'tabella.png'] });
      expect(res.status).toBe(200);
      expect(await riga(res.body.id!)).toMatchObject({ coverFile: '', linkFile: expect.stringMatching(/^tabella-[0-9a-f]{8}\.png$/) });
    });

    it.each(['/volantini', '/ricerca?stringaRicerca=trapano&start=0', 'https://www.bosch-professional.com/it/it/', 'http://esempio.it:8080/a?b=c#d'])(
      "a side banner: cover and link %s, no file", async (link) => {
        const res = await crea({ nome: 'Banner', tipologia: TIPOLOGIA_BANNER, link }, { cover: [png, 'banner.png'] });
        expect(res.status).toBe(200);
        const r = (await riga(res.body.id!))!;
        expect(r).toMatchObject({ link, linkFile: '', linkFolder: '', coverDir: 'multimedia/banner-laterale/' });
        expect((await perCliente(TIPOLOGIA_BANNER)).map((m) => m.id)).toContain(r.id);
      });

    it('puts a new item last among those of its type', async () => {
      const a = await crea({ nome: 'Ordine A', tipologia: 'novita' }, { file: [pdf, 'a.pdf'] });
      const b = await crea({ nome: 'Ordine B', tipologia: 'novita' }, { file: [pdf, 'b.pdf'] });
      const ids = (await perCliente('novita')).map((m) => m.id);
      expect(ids.slice(-2)).toEqual([a.body.id, b.body.id]);
    });

    it("a file named '../../evil.pdf' is stored under MEDIA_DIR with a safe name of its own", async () => {
      const res = await crea({ nome: 'Evil', tipologia: 'catalogo' }, { file: [pdf, '../../evil.pdf'] });
      expect(res.status).toBe(200);
      const r = (await riga(res.body.id!))!;
      expect(r.linkFolder).toBe('multimedia/catalogo/');
      expect(r.linkFile).toMatch(/^evil-[0-9a-f]{8}\.pdf$/);
      expect(fs.existsSync(path.join(mediaDir(), '..', 'evil.pdf'))).toBe(false);
      expect(fs.existsSync(path.join(mediaDir(), '..', '..', 'evil.pdf'))).toBe(false);
      expect((await fileSuDisco()).filter((f) => f.includes('evil'))).toEqual([`multimedia/catalogo/${r.linkFile}`]);
    });

    describe('refusals: 400 (413 for size) in Italian, nothing stored', () => {
      const script = Buffer.from('<script>alert(1)</script>');
      const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
      const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]);
      const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(300)]);
      const doc = { tipologia: 'catalogo', nome: 'Rifiutato' };
      const banner = { tipologia: TIPOLOGIA_BANNER, nome: 'Rifiutato', link: '/home2' };

      it.each<[string, Campi, Files, RegExp | string]>([
        ['no nome', { tipologia: 'catalogo' }, { file: [pdf, 'a.pdf'] }, 'Dati non validi (campo nome): Il campo Nome è obbligatorio.'],
        ['a blank nome', { ...doc, nome: '   ' }, { file: [pdf, 'a.pdf'] }, 'Dati non validi (campo nome): Il campo Nome è obbligatorio.'],
        ['no tipologia', { nome: 'X' }, { file: [pdf, 'a.pdf'] }, 'Dati non validi (campo tipologia): Il campo Tipologia è obbligatorio.'],
        ['an unknown tipologia', { nome: 'X', tipologia: 'poster' }, { file: [pdf, 'a.pdf'] }, /campo tipologia\): tipologia non valida/],
        ['a cover that is a script named x.jpg', doc, { file: [pdf, 'a.pdf'], cover: [script, 'x.jpg'] }, MSG_UPLOAD.soloImmagini],
        ['a cover that is a PDF', doc, { file: [pdf, 'a.pdf'], cover: [pdf, 'x.png'] }, MSG_UPLOAD.soloImmagini],
        ['a document that is a Windows executable', doc, { file: [exe, 'catalogo.pdf'] }, MSG_UPLOAD.nonConsentito],
        ['a document that is an ELF executable', doc, { file: [elf, 'catalogo.zip'] }, MSG_UPLOAD.nonConsentito],
        ['a document that is HTML', doc, { file: [html, 'catalogo.txt'] }, MSG_UPLOAD.nonConsentito],
        ['a document without a file', doc, {}, MSG_MULTIMEDIA.fileObbligatorio],
        ['a document with a link', { ...doc, link: '/home2' }, { file: [pdf, 'a.pdf'] }, MSG_MULTIMEDIA.linkSoloBanner],
        ['two documents', doc, { file: [[pdf, 'a.pdf'], [pdf, 'b.pdf']] }, MSG_MULTIMEDIA.unFilePerCampo],
        ['a banner without a cover', banner, {}, MSG_MULTIMEDIA.coverObbligatoria],
        ['a banner without a link', { ...banner, link: '' }, { cover: [png, 'b.png'] }, MSG_MULTIMEDIA.linkObbligatorio],
        ['a banner with a file', banner, { cover: [png, 'b.png'], file: [pdf, 'a.pdf'] }, MSG_MULTIMEDIA.bannerSenzaFile],
        ['a javascript: link', { ...banner, link: 'javascript:alert(document.cookie)' }, { cover: [png, 'b.png'] }, `Dati non validi (campo link): ${MSG_MULTIMEDIA.linkNonValido}`],
        ['a JaVaScRiPt: link with spaces', { ...banner, link: ' JaVaScRiPt:alert(1)' }, { cover: [png, 'b.png'] }, /campo link/],
        ['a data: link', { ...banner, link: 'data:text/html,<script>alert(1)</script>' }, { cover: [png, 'b.png'] }, /campo link/],
        ['a //host link', { ...banner, link: '//evil.example/x' }, { cover: [png, 'b.png'] }, /campo link/],
        ['a /\\host link', { ...banner, link: '/\\evil.example/x' }, { cover: [png, 'b.png'] }, /campo link/],
        ['a relative link', { ...banner, link: 'volantini' }, { cover: [png, 'b.png'] }, /campo link/],
        ['a link to the API', { ...banner, link: '/api/liste/create?nome=x' }, { cover: [png, 'b.png'] }, `Dati non validi (campo link): ${MSG_MULTIMEDIA.linkNonValido}`],
        ['a link to the API written %61pi', { ...banner, link: '/%61pi/utente/toggle_fatturato_metrica' }, { cover: [png, 'b.png'] }, /campo link/],
        ['a link to the API through ..', { ...banner, link: '/home2/../api/liste/create' }, { cover: [png, 'b.png'] }, /campo link/],
        ['an absolute link to an API path', { ...banner, link: 'https://portale.example/api/liste/create' }, { cover: [png, 'b.png'] }, /campo link/],
        ['fileType other than link', { ...doc, fileType: 'exe' }, { file: [pdf, 'a.pdf'] }, /campo fileType/],
      ])('%s', async (_n, campi, files, msg) => {
        const prima = await fileSuDisco();
        const res = await crea(campi, files);
        expect(res.status).toBe(400);
        if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
        else expect(res.body.msg).toMatch(msg);
        expect(await fileSuDisco()).toEqual(prima);
        await expect.poll(temporanei).toEqual([]);
        expect(await t().database.db.select().from(multimedia).where(eq(multimedia.nome, 'Rifiutato'))).toEqual([]);
      });

      it('a JSON body instead of a multipart form: 400, there is no file', async () => {
        const res = await json('POST', 'multimedia/test', { nome: 'Rifiutato', tipologia: 'catalogo' });
        expect(res).toMatchObject({ status: 400, body: { msg: MSG_MULTIMEDIA.fileObbligatorio } });
      });

      it.each<[string, Files, number]>([
        ['a cover over 10 MB', { file: [pdf, 'a.pdf'], cover: [Buffer.alloc(10 * MB + 1, 0xff), 'grande.jpg'] }, 10 * MB],
        ['a document over 50 MB', { file: [Buffer.alloc(50 * MB + 1, 0x20), 'enorme.pdf'] }, 50 * MB],
      ])('%s: 413 and nothing written', async (_n, files, max) => {
        const prima = await fileSuDisco();
        const res = await crea(doc, files);
        expect(res.status).toBe(413);
        const nome = (Object.values(files).at(-1) as [Buffer, string])[1];
        expect(res.body.msg).toBe(MSG_UPLOAD.troppoGrande(nome, max));
        expect(await fileSuDisco()).toEqual(prima);
        await expect.poll(temporanei).toEqual([]);
      }, 60_000);

      it('a customer session: 403 before anything is read or written', async () => {
        const prima = await fileSuDisco();
        const res = await crea(doc, { file: [pdf, 'a.pdf'] }, cliente);
        expect(res.status).toBe(403);
        expect(await fileSuDisco()).toEqual(prima);
        expect((await crea(doc, { file: [pdf, 'a.pdf'] }, '')).status).toBe(401);
      });
    });

    it('a failure between the files and the row leaves neither (a refused row)', async () => {
      const sql = t().database.db.$client;
      await sql.unsafe(`
        CREATE FUNCTION prova_rifiuta() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'rifiutato dalla prova'; END $$;
        CREATE TRIGGER prova_rifiuta BEFORE INSERT OR UPDATE ON multimedia FOR EACH ROW WHEN (NEW.nome = 'Guasto') EXECUTE FUNCTION prova_rifiuta();`);
      try {
        const prima = await fileSuDisco();
        const res = await crea({ nome: 'Guasto', tipologia: 'catalogo' }, { file: [pdf, 'guasto.pdf'], cover: [jpg, 'guasto.jpg'] });
        expect(res.status).toBe(500);
        expect(res.body.msg).toBe('Si è verificato un errore interno.');
        expect(await fileSuDisco()).toEqual(prima);
        await expect.poll(temporanei).toEqual([]);
        expect(await t().database.db.select().from(multimedia).where(eq(multimedia.nome, 'Guasto'))).toEqual([]);
      } finally {
        await sql.unsafe('DROP TRIGGER prova_rifiuta ON multimedia; DROP FUNCTION prova_rifiuta();');
      }
    });
  });

  describe('multimedia/update', () => {
    let doc = 0;
    let banner = 0;
    beforeAll(async () => {
      doc = (await crea({ nome: 'Catalogo 3', tipologia: 'catalogo' }, { file: [pdf, 'c3.pdf'] })).body.id!;
      banner = (await crea({ nome: 'Banner trapani', tipologia: TIPOLOGIA_BANNER, link: '/home2' }, { cover: [png, 'b.png'] })).body.id!;
    });

    it('changes the fields sent, at once for customers; recorded in the audit trail', async () => {
      const res = await json('POST', 'multimedia/update', { multimedia_id: doc, nome: 'Catalogo 4 - Idraulica', descrizione: 'Raccordi\ne valvole' });
      expect(res).toEqual({ status: 200, body: { status: 0, msg: MSG_MULTIMEDIA.aggiornato } });
      expect((await perCliente('catalogo')).find((m) => m.id === doc)).toMatchObject({ nome: 'Catalogo 4 - Idraulica', descrizione: 'Raccordi\ne valvole' });
      const [audit] = await t().database.db.select().from(modificheAdmin).where(eq(modificheAdmin.azione, 'multimedia.modifica'));
      expect(audit).toMatchObject({ entita: 'multimedia', entitaId: String(doc), dettagli: { nome: 'Catalogo 4 - Idraulica', descrizione: 'Raccordi\ne valvole' } });
    });

    it('the documented GET form works too; a banner gets a new link', async () => {
      const res = await json('GET', `multimedia/update?multimedia_id=${banner}&link=${encodeURIComponent('https://www.esempio.it/promo')}`);
      expect(res.status).toBe(200);
      expect((await riga(banner))!.link).toBe('https://www.esempio.it/promo');
    });

    it('moves a document to another type, last among its items', async () => {
      await crea({ nome: 'Volantino esistente', tipologia: 'volantino' }, { file: [pdf, 'v.pdf'] });
      expect((await json('POST', 'multimedia/update', { multimedia_id: doc, tipologia: 'volantino' })).status).toBe(200);
      expect((await perCliente('volantino')).at(-1)!.id).toBe(doc);
      expect((await perCliente('catalogo')).map((m) => m.id)).not.toContain(doc);
    });

    it.each<[string, () => object, number, RegExp | string]>([
      ['a banner without its link', () => ({ multimedia_id: banner, link: '' }), 400, MSG_MULTIMEDIA.linkObbligatorio],
      ['a javascript: link', () => ({ multimedia_id: banner, link: 'javascript:alert(1)' }), 400, /campo link/],
      ['a link on a document', () => ({ multimedia_id: doc, link: '/home2' }), 400, MSG_MULTIMEDIA.linkSoloBanner],
      ['a banner made a document', () => ({ multimedia_id: banner, tipologia: 'catalogo' }), 400, MSG_MULTIMEDIA.cambioTipologia],
      ['a document made a banner', () => ({ multimedia_id: doc, tipologia: TIPOLOGIA_BANNER }), 400, MSG_MULTIMEDIA.cambioTipologia],
      ['a blank nome', () => ({ multimedia_id: doc, nome: ' ' }), 400, /Il campo Nome è obbligatorio/],
      ['nothing to change', () => ({ multimedia_id: doc }), 400, MSG_MULTIMEDIA.nessunaModifica],
      ['no multimedia_id', () => ({ nome: 'X' }), 400, /multimedia_id/],
      ['an unknown item', () => ({ multimedia_id: 999_999, nome: 'X' }), 404, MSG_MULTIMEDIA.nonTrovato],
    ])('refuses %s', async (_n, payload, status, msg) => {
      const prima = await riga(doc);
      const res = await json('POST', 'multimedia/update', payload());
      expect(res.status).toBe(status);
      if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
      else expect(res.body.msg).toMatch(msg);
      expect(await riga(doc)).toEqual(prima);
    });
  });

  describe('multimedia/file: replace the document or the cover', () => {
    it('keeps the new files and removes the replaced ones once committed', async () => {
      const id = (await crea({ nome: 'Novità giugno', tipologia: 'novita' }, { file: [pdf, 'giugno.pdf'], cover: [jpg, 'giugno.jpg'] })).body.id!;
      const prima = (await riga(id))!;
      const nuovoPdf = Buffer.concat([pdf, Buffer.from('% versione 2\n')]);
      const res = await sostituisci(id, { file: [nuovoPdf, 'giugno-v2.pdf'], cover: [png, 'giugno-v2.png'] });
      expect(res).toEqual({ status: 200, body: { status: 0, msg: MSG_MULTIMEDIA.fileAggiornati } });
      const dopo = (await riga(id))!;
      expect(dopo.linkFile).toMatch(/^giugno-v2-[0-9a-f]{8}\.pdf$/);
      expect(dopo.coverFile).toMatch(/^giugno-v2-[0-9a-f]{8}\.png\.web\.webp$/);
      expect((await scarica(dopo.linkFolder, dopo.linkFile)).equals(nuovoPdf)).toBe(true);
      for (const f of [prima.linkFile, prima.coverFile, prima.coverFile.replace('.web.webp', '')]) expect(await suDisco(prima.coverDir, f)).toBe(false);
      expect(await suDisco(dopo.coverDir, dopo.coverFile.replace('.web.webp', ''))).toBe(true);
    });

    it('replaces only the cover of a banner; refuses a file for it', async () => {
      const id = (await crea({ nome: 'Banner', tipologia: TIPOLOGIA_BANNER, link: '/novita' }, { cover: [png, 'uno.png'] })).body.id!;
      const prima = (await riga(id))!;
      expect((await sostituisci(id, { cover: [jpg, 'due.jpg'] })).status).toBe(200);
      const dopo = (await riga(id))!;
      expect(dopo).toMatchObject({ link: '/novita', linkFile: '', coverFile: expect.stringMatching(/^due-/) });
      expect(await suDisco(prima.coverDir, prima.coverFile)).toBe(false);
      const fileRifiutato = await sostituisci(id, { file: [pdf, 'x.pdf'] });
      expect(fileRifiutato).toMatchObject({ status: 400, body: { msg: MSG_MULTIMEDIA.bannerSenzaFile } });
      expect(await riga(id)).toEqual(dopo);
    });

    it.each<[string, Files, number, string]>([
      ['no file at all', {}, 400, MSG_MULTIMEDIA.nessunFile],
      ['a cover that is not an image', { cover: [pdf, 'x.jpg'] }, 400, MSG_UPLOAD.soloImmagini],
      ['an unknown item', { cover: [png, 'x.png'] }, 404, MSG_MULTIMEDIA.nonTrovato],
    ])('refuses %s, nothing written', async (nomeCaso, files, status, msg) => {
      const id = nomeCaso === 'an unknown item' ? 999_999
        : (await crea({ nome: 'Da sostituire', tipologia: 'catalogo' }, { file: [pdf, 'a.pdf'] })).body.id!;
      const prima = await fileSuDisco();
      const res = await sostituisci(id, files);
      expect(res).toMatchObject({ status, body: { msg } });
      expect(await fileSuDisco()).toEqual(prima);
      await expect.poll(temporanei).toEqual([]);
    });
  });

  describe('multimedia/ordina', () => {
    it('sets the order of every item of a type; the customer sees it', async () => {
      const ids = (await perCliente(TIPOLOGIA_BANNER)).map((m) => m.id);
      expect(ids.length).toBeGreaterThan(2);
      const nuovo = [...ids].reverse();
      expect((await json('POST', 'multimedia/ordina', { ids: nuovo })).body).toEqual({ status: 0, msg: MSG_MULTIMEDIA.ordinati });
      expect((await perCliente(TIPOLOGIA_BANNER)).map((m) => m.id)).toEqual(nuovo);
    });

    it.each<[string, (banner: number[], altri: number[]) => number[]]>([
      ['a subset of a type', (b) => b.slice(1)],
      ['two types', (b, a) => [...b, a[0]!]],
      ['an unknown id', (b) => [...b, 999_999]],
      ['a repeated id', (b) => [...b, b[0]!]],
    ])('refuses %s', async (_n, elenco) => {
      const banner = (await perCliente(TIPOLOGIA_BANNER)).map((m) => m.id);
      const altri = (await perCliente('catalogo')).map((m) => m.id);
      const res = await json('POST', 'multimedia/ordina', { ids: elenco(banner, altri) });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(MSG_MULTIMEDIA.ordineNonValido);
      expect((await perCliente(TIPOLOGIA_BANNER)).map((m) => m.id)).toEqual(banner);
    });
  });

  describe('multimedia/delete', () => {
    it('removes the row and its files; the customer no longer sees it', async () => {
      const id = (await crea({ nome: 'Da cancellare', tipologia: 'comparativi chiavi' }, { file: [pdf, 'chiavi.pdf'], cover: [jpg, 'chiavi.jpg'] })).body.id!;
      const r = (await riga(id))!;
      const files = [[r.linkFolder, r.linkFile], [r.coverDir, r.coverFile], [r.coverDir, r.coverFile.replace('.web.webp', '')]] as const;
      for (const [d, f] of files) expect(await suDisco(d, f)).toBe(true);
      expect((await json('GET', `multimedia/delete?multimedia_id=${id}`)).body).toEqual({ status: 0, msg: MSG_MULTIMEDIA.cancellato });
      for (const [d, f] of files) expect(await suDisco(d, f)).toBe(false);
      expect(await riga(id)).toBeUndefined();
      expect((await perCliente('comparativi chiavi')).map((m) => m.id)).not.toContain(id);
      const [audit] = await t().database.db.select().from(modificheAdmin).where(eq(modificheAdmin.azione, 'multimedia.cancella'));
      expect(audit).toMatchObject({ entitaId: String(id), dettagli: { nome: 'Da cancellare', file: r.linkFile } });
    });

    it('an unknown item: 404; a bad id: 400; a customer: 403', async () => {
      expect((await json('POST', 'multimedia/delete', { multimedia_id: 999_999 })).status).toBe(404);
      expect((await json('POST', 'multimedia/delete', { multimedia_id: 'abc' })).body.msg).toBe('Dati non validi (campo multimedia_id): multimedia_id non valido');
      const qualunque = (await perCliente('novita'))[0]!.id;
      expect((await json('POST', 'multimedia/delete', { multimedia_id: qualunque }, cliente)).status).toBe(403);
      expect(await riga(qualunque)).toBeDefined();
    });
  });

  describe('other processes and a store that is down', () => {
    it('what one process stored is served by another: with S3 on a host of its own', async () => {
      const r = (await riga((await crea({ nome: 'Altrove', tipologia: 'catalogo' }, { file: [pdf, 'altrove.pdf'] })).body.id!))!;
      const host = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-altro-host-'));
      const b = await buildApp({ ...t().config, ...(tipo === 's3' ? { dataDir: host, mediaDir: path.join(host, 'media') } : {}) }, { logger: false });
      try {
        expect((await b.inject({ url: `/media/${r.linkFolder}${r.linkFile}` })).rawPayload.equals(pdf)).toBe(true);
      } finally {
        await b.close();
        fs.rmSync(host, { recursive: true, force: true });
      }
    });

    it.runIf(tipo === 's3')('an upload while the store is down: 503 in Italian, nothing kept; it works again once the store is back', async () => {
      const prima = await fileSuDisco();
      await archivio.server()!.ferma();
      const res = await crea({ nome: 'Giù', tipologia: 'catalogo' }, { file: [pdf, 'giu.pdf'], cover: [jpg, 'giu.jpg'] })
        .finally(() => archivio.server()!.avvia());
      expect(res).toEqual({ status: 503, body: { code: 'archivio_non_raggiungibile', msg: MSG_ARCHIVIO_NON_RAGGIUNGIBILE, requestId: expect.any(String) } });
      expect(await fileSuDisco()).toEqual(prima);
      await expect.poll(temporanei).toEqual([]);
      expect(await t().database.db.select().from(multimedia).where(eq(multimedia.nome, 'Giù'))).toEqual([]);
      expect((await crea({ nome: 'Su', tipologia: 'catalogo' }, { file: [pdf, 'su.pdf'] })).status).toBe(200);
    });
  });
});
