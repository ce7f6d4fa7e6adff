import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '../../../shared/contract.js';
import { MB, MSG_UPLOAD, nomeFileSicuro } from '../../../shared/upload.js';
import { inTransazione } from '../../../server/db/client.js';
import type { Deps } from '../../../server/deps.js';
import { registerErrorHandler } from '../../../server/lib/error-handler.js';
import { defineRoute } from '../../../server/lib/route.js';
import { type ArchivioMedia, chiaveMedia } from '../../../server/lib/archivio/archivio.js';
import { creaArchivio } from '../../../server/lib/archivio/crea-archivio.js';
import { conFileMedia, inTransazioneConFile } from '../../../server/lib/upload/file-media.js';
import { cartellaTemporanea } from '../../../server/lib/upload/ricevi-file.js';
import { riconosciTipo } from '../../../server/lib/upload/tipo-file.js';
import { ARCHIVI, fileDi, type FileInArchivio, usaArchivio } from '../../support/archivi.js';
import { createTestDatabase } from '../../support/test-db.js';

/** Real files of each kind, made here (a real JPEG and PNG by sharp, the others by their magic bytes). */
async function campioni(dir: string) {
  const jpg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c33' } }).jpeg().toBuffer();
  const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#0000' } }).png().toBuffer();
  const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#3c3' } }).webp().toBuffer();
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const files: Record<string, Buffer> = {
    'foto.jpg': jpg, 'trasparente.png': png, 'pixel.gif': gif, 'foto.webp': webp, 'scheda.pdf': pdf,
    'note.txt': Buffer.from('Consegna al mattino.\nGrazie!\n'),
    'listino.csv': Buffer.from('codice;prezzo\nA1;1,50\n', 'latin1'),
    'script.jpg': Buffer.from('<script>alert(1)</script>'),
    'pagina.txt': Buffer.from('  <html><body>ciao</body></html>'),
    'disegno.png': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    'programma.pdf': Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
    'vuoto.txt': Buffer.alloc(0),
  };
  for (const [n, b] of Object.entries(files)) fs.writeFileSync(path.join(dir, n), b);
  return files;
}

describe('upload: kind judged from the bytes', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-upload-kinds-'));
  beforeAll(async () => { await campioni(dir); });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['foto.jpg', 'immagine', 'jpg'], ['trasparente.png', 'immagine', 'png'], ['pixel.gif', 'immagine', 'gif'],
    ['foto.webp', 'immagine', 'webp'], ['scheda.pdf', 'documento', 'pdf'], ['note.txt', 'documento', 'txt'],
    ['listino.csv', 'documento', 'csv'],
  ])('%s is %s/%s', async (nome, famiglia, ext) => {
    expect(await riconosciTipo(path.join(dir, nome), nome)).toMatchObject({ famiglia, ext });
  });

  it.each(['script.jpg', 'pagina.txt', 'disegno.png', 'programma.pdf', 'vuoto.txt'])('%s is refused whatever its name', async (nome) => {
    expect(await riconosciTipo(path.join(dir, nome), nome)).toBeNull();
  });

  it('a file named after an image but holding a PDF is a document', async () => {
    fs.copyFileSync(path.join(dir, 'scheda.pdf'), path.join(dir, 'finta.png'));
    expect(await riconosciTipo(path.join(dir, 'finta.png'), 'finta.png')).toMatchObject({ famiglia: 'documento', ext: 'pdf' });
  });

  it('display names are cleaned: no path, no control or markup characters', () => {
    expect(nomeFileSicuro('../../evil.png')).toBe('evil.png');
    expect(nomeFileSicuro('C:\\Users\\x\\foto <1>.jpg')).toBe('foto 1.jpg');
    expect(nomeFileSicuro('..\u0000.bashrc')).toBe('bashrc');
    expect(nomeFileSicuro('   ')).toBe('');
  });

  it("a media file's key never leaves the store's root", () => {
    for (const [d, f] of [['../', 'x.png'], ['a/', '../../x.png'], ['/etc/', 'passwd'], ['a/', ''], ['', '..'], ['a/', 'x\0.png']]) {
      expect(() => chiaveMedia(d!, f!), `${d}${f}`).toThrow(/Percorso/);
    }
    expect(chiaveMedia('a/', 'x.png')).toBe('a/x.png');
    expect(chiaveMedia('a/b/../', 'x.png')).toBe('a/x.png');
  });
});

describe('upload: multipart through the route machinery (real HTTP)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-upload-http-'));
  const mediaDir = path.join(dir, 'media');
  let app: FastifyInstance;
  let base = '';
  let files: Record<string, Buffer> = {};
  const ricevuti: { campo: string; nome: string; ext: string | null; bytes: number; esiste: boolean }[][] = [];

  const prova = contract({
    path: 'prova/upload', methods: ['POST'], access: 'public', tag: 'Prova', summary: 'prova',
    input: z.object({ nome: z.string().max(20, 'Nome troppo lungo') }),
    response: z.object({ status: z.number(), n: z.number() }),
    upload: { campi: ['allegati[]', 'cover'], maxFile: 3, maxBytes: 1 * MB, maxBytesCampo: { cover: 64 * 1024 } },
  });

  beforeAll(async () => {
    files = await campioni(dir);
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('deps', { config: { mediaDir } } as unknown as Deps);
    app.decorateRequest('sessione', null);
    app.decorateRequest('fileRicevuti', null);
    await app.register(multipart);
    registerErrorHandler(app);
    defineRoute(app, prova, async ({ files: fs2 }) => {
      ricevuti.push(fs2.map((f) => ({ campo: f.campo, nome: f.nome, ext: f.tipo?.ext ?? null, bytes: f.bytes, esiste: fs.existsSync(f.percorso) })));
      return { status: 0, n: fs2.length };
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const invia = (form: FormData) => fetch(`${base}/api/prova/upload`, { method: 'POST', body: form });
  const blob = (n: string) => new Blob([new Uint8Array(files[n]!)]);
  const temporanei = () => fs.existsSync(cartellaTemporanea(mediaDir)) ? fs.readdirSync(cartellaTemporanea(mediaDir)) : [];

  it('streams files and fields; judges each file; removes the temporary files after the answer', async () => {
    const form = new FormData();
    form.append('nome', 'Catalogo');
    form.append('allegati[]', blob('foto.jpg'), 'foto.jpg');
    form.append('allegati[]', blob('script.jpg'), '../../x.jpg');
    form.append('cover', blob('scheda.pdf'), 'cover.png');
    const res = await invia(form);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 0, n: 3 });
    expect(ricevuti.at(-1)).toEqual([
      { campo: 'allegati[]', nome: 'foto.jpg', ext: 'jpg', bytes: files['foto.jpg']!.length, esiste: true },
      { campo: 'allegati[]', nome: 'x.jpg', ext: null, bytes: files['script.jpg']!.length, esiste: true },
      { campo: 'cover', nome: 'cover.png', ext: 'pdf', bytes: files['scheda.pdf']!.length, esiste: true },
    ]);
    await expect.poll(temporanei).toEqual([]);
  });

  it('a file over the limit: 413 in Italian, nothing left behind', async () => {
    const form = new FormData();
    form.append('nome', 'x');
    form.append('allegati[]', new Blob([new Uint8Array(1 * MB + 1)]), 'grande.pdf');
    const n = ricevuti.length;
    const res = await invia(form);
    expect(res.status).toBe(413);
    expect((await res.json()).msg).toMatch(/grande\.pdf.*dimensione massima/);
    expect(ricevuti.length).toBe(n);
    await expect.poll(temporanei).toEqual([]);
  });

  it("a file over its field's smaller limit: 413 with that limit, the other fields' limit unchanged", async () => {
    const form = new FormData();
    form.append('nome', 'x');
    form.append('allegati[]', new Blob([new Uint8Array(200 * 1024)]), 'grande-ma-ammesso.txt');
    form.append('cover', new Blob([new Uint8Array(300 * 1024)]), 'copertina.jpg');
    const n = ricevuti.length;
    const res = await invia(form);
    expect(res.status).toBe(413);
    expect((await res.json()).msg).toBe(MSG_UPLOAD.troppoGrande('copertina.jpg', 64 * 1024));
    expect(ricevuti.length).toBe(n);
    await expect.poll(temporanei).toEqual([]);
  });

  it('files each within their limit but together over the request\'s total: 413 as they stream in, the connection closed, nothing left behind', async () => {
    // The contract names no maxTotale: the total is maxBytes (1 MB), one largest file.
    const form = new FormData();
    form.append('nome', 'x');
    form.append('allegati[]', new Blob([new Uint8Array(600 * 1024)]), 'a.pdf');
    form.append('allegati[]', new Blob([new Uint8Array(600 * 1024)]), 'b.pdf');
    form.append('cover', blob('pixel.gif'), 'c.gif');
    const n = ricevuti.length;
    const res = await invia(form);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'file_troppo_grande', msg: MSG_UPLOAD.richiestaTroppoGrande(1 * MB) });
    // The rest of the body is never read: the connection ends with the answer.
    expect(res.headers.get('connection')).toBe('close');
    expect(ricevuti.length).toBe(n);
    await expect.poll(temporanei).toEqual([]);
    // Within the total, the same files are taken.
    const piccolo = new FormData();
    piccolo.append('nome', 'x');
    piccolo.append('allegati[]', new Blob([new Uint8Array(400 * 1024)]), 'a.pdf');
    piccolo.append('allegati[]', new Blob([new Uint8Array(400 * 1024)]), 'b.pdf');
    expect((await invia(piccolo)).status).toBe(200);
  });

  it('too many files: 413; a file in a text field or an unknown file field: 400', async () => {
    const troppi = new FormData();
    troppi.append('nome', 'x');
    for (let i = 0; i < 4; i++) troppi.append('allegati[]', blob('pixel.gif'), `p${i}.gif`);
    expect((await invia(troppi)).status).toBe(413);

    const ignoto = new FormData();
    ignoto.append('nome', 'x');
    ignoto.append('altro', blob('pixel.gif'), 'p.gif');
    const r = await invia(ignoto);
    expect(r.status).toBe(400);
    expect((await r.json()).msg).toMatch(/Campo file non previsto/);
    await expect.poll(temporanei).toEqual([]);
  });

  it('text fields are validated by the contract (400, Italian)', async () => {
    const form = new FormData();
    form.append('nome', 'x'.repeat(30));
    form.append('allegati[]', blob('pixel.gif'), 'p.gif');
    const res = await invia(form);
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toMatch(/Nome troppo lungo/);
    await expect.poll(temporanei).toEqual([]);
  });
});

describe.each(ARCHIVI)('upload: rows and files together or not at all (real Postgres, %s)', (tipo) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-upload-tx-'));
  const prova = usaArchivio(tipo);
  let tdb: Awaited<ReturnType<typeof createTestDatabase>>;
  let archivio: ArchivioMedia;
  let file: FileInArchivio;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    await tdb.database.db.$client`create table prova_file (id serial primary key, file text not null check (file not like '%rifiuta%'))`;
    const config = { mediaDir: path.join(dir, 'media'), ...prova.config() };
    archivio = await creaArchivio(config);
    file = fileDi(config);
  });
  afterAll(async () => {
    await archivio.chiudi();
    await tdb.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function ricevuto(nome: string) {
    const p = path.join(dir, `${nome}.tmp`);
    await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#36c' } }).jpeg().toFile(p);
    return { campo: 'f', nome, bytes: fs.statSync(p).size, percorso: p, tipo: (await riconosciTipo(p, nome))! };
  }
  const metadati = async (chiave: string) => sharp((await file.leggi(chiave))!).metadata();
  /** Nothing is left on this host's disk beside the received files: the images' local copies went. */
  const locali = () => fs.readdirSync(dir).filter((n) => n !== 'media' && !n.endsWith('.tmp'));

  it('a committed change keeps the file and its smaller copies', async () => {
    const f = await ricevuto('Foto Prodotto.jpg');
    const salvato = await inTransazioneConFile(tdb.database.db, archivio, async (tx, media) => {
      const c = await media.conserva(f, 'prodotti/ABC/');
      const v = await media.varianti(c, [{ suffisso: 'web', lato: 800 }, { suffisso: 'thumb', lato: 200 }]);
      await tx.$client`insert into prova_file (file) values (${c.file})`;
      return { c, v };
    });
    expect(salvato.c.file).toMatch(/^foto-prodotto-[0-9a-f]{8}\.jpg$/);
    expect(fs.existsSync(f.percorso)).toBe(false);
    expect(locali()).toEqual([]);
    expect(await file.elenca('prodotti/ABC/')).toEqual([salvato.c.file, salvato.v.thumb!, salvato.v.web!].map((n) => `prodotti/ABC/${n}`).sort());
    const meta = await metadati(`prodotti/ABC/${salvato.v.web!}`);
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 400]);
    expect((await metadati(`prodotti/ABC/${salvato.v.thumb!}`)).width).toBe(200);
    expect((await metadati(`prodotti/ABC/${salvato.c.file}`)).format).toBe('jpeg');
  });

  it('a refused row (a crash between file and row) leaves no file and no row', async () => {
    const f = await ricevuto('rifiuta.jpg');
    const prima = await file.elenca('prodotti/ABC/');
    await expect(inTransazioneConFile(tdb.database.db, archivio, async (tx, media) => {
      const c = await media.conserva(f, 'prodotti/ABC/');
      await media.varianti(c, [{ suffisso: 'thumb', lato: 200 }]);
      await tx.$client`insert into prova_file (file) values (${c.file})`;
    })).rejects.toThrow();
    expect(await file.elenca('prodotti/ABC/')).toEqual(prima);
    expect(locali()).toEqual([]);
    expect((await tdb.database.db.$client`select count(*)::int as n from prova_file where file like 'rifiuta%'`)[0]!.n).toBe(0);
  });

  it('files written before their transaction (conFileMedia) go when it does not commit', async () => {
    const f = await ricevuto('prima.jpg');
    const g = await ricevuto('rifiuta-dopo.jpg');
    await expect(conFileMedia(archivio, async (media) => {
      const c = await media.conserva(f, 'prodotti/PRE/');
      const d = await media.conserva(g, 'prodotti/PRE/');
      await media.varianti(c, [{ suffisso: 'thumb', lato: 200 }]);
      expect(await file.elenca('prodotti/PRE/')).toHaveLength(3);
      await inTransazione(tdb.database.db, async (tx) => {
        await tx.$client`insert into prova_file (file) values (${c.file})`;
        await tx.$client`insert into prova_file (file) values (${d.file})`;
      });
    })).rejects.toThrow();
    expect(await file.elenca('prodotti/PRE/')).toEqual([]);
    expect(locali()).toEqual([]);
    expect((await tdb.database.db.$client`select count(*)::int as n from prova_file where file like 'prima%'`)[0]!.n).toBe(0);
  });

  it('an image whose bytes lie (a truncated JPEG) is refused with an Italian message', async () => {
    const p = path.join(dir, 'rotta.tmp');
    const buono = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#999' } }).jpeg().toBuffer();
    fs.writeFileSync(p, buono.subarray(0, 200));
    const f = { campo: 'f', nome: 'rotta.jpg', bytes: 200, percorso: p, tipo: (await riconosciTipo(p, 'rotta.jpg'))! };
    expect(f.tipo.ext).toBe('jpg');
    await expect(inTransazioneConFile(tdb.database.db, archivio, async (_tx, media) => {
      const c = await media.conserva(f, 'prodotti/XYZ/');
      await media.varianti(c, [{ suffisso: 'thumb', lato: 200 }]);
    })).rejects.toThrow(/non è leggibile/);
    expect(await file.elenca('prodotti/XYZ/')).toEqual([]);
  });

  it('a 12 MB document is stored whole (with S3, in parts of 5 MB)', async () => {
    const p = path.join(dir, 'grande.tmp');
    const dati = crypto.randomBytes(12 * MB);
    fs.writeFileSync(p, dati);
    const f = { campo: 'f', nome: 'grande.zip', bytes: dati.length, percorso: p, tipo: { famiglia: 'documento', ext: 'zip', mime: 'application/zip' } as const };
    const c = await conFileMedia(archivio, (media) => media.conserva(f, 'documenti/'));
    expect((await file.leggi(`documenti/${c.file}`))!.equals(dati)).toBe(true);
    expect(fs.existsSync(p)).toBe(false);
  });

  it.runIf(tipo === 's3')('a store that is down: 503 in Italian, no file kept, the local copies removed', async () => {
    const f = await ricevuto('giu.jpg');
    await prova.server()!.ferma();
    try {
      await expect(conFileMedia(archivio, (media) => media.conserva(f, 'prodotti/GIU/')))
        .rejects.toMatchObject({ statusCode: 503, code: 'archivio_non_raggiungibile', message: 'Archivio dei file non raggiungibile: riprova tra qualche minuto.' });
    } finally {
      await prova.server()!.avvia();
    }
    expect(await file.elenca('prodotti/GIU/')).toEqual([]);
    expect(locali()).toEqual([]);
  });
});
