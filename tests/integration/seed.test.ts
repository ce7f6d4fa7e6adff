import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.js';
import { leggiFatturaPa } from '../../server/documenti/fatturapa.js';
import { ArchivioLocale } from '../../server/lib/archivio/archivio-locale.js';
import { DEMO_PRODUCTS, generateProduct, isValidEan13 } from '../../seed/catalog-generator.js';
import { isDatabaseEmpty, seedDemo } from '../../seed/demo.js';
import { seedLargeCatalogue } from '../../seed/large.js';
import { testoPdf } from '../support/pdf.js';
import { createTestDatabase } from '../support/test-db.js';

const NOW = new Date('2025-03-14T09:30:00Z');

let database: Database;
let drop: () => Promise<void>;
let mediaDir: string;
let wasEmpty: boolean;

beforeAll(async () => {
  const tdb = await createTestDatabase();
  database = tdb.database;
  drop = tdb.drop;
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-seed-media-'));
  wasEmpty = await isDatabaseEmpty(database.sql);
  await seedDemo(database.db, database.sql, { archivio: new ArchivioLocale(mediaDir), now: NOW });
});

afterAll(async () => {
  await drop?.();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** Definitions of the indexes, foreign keys and enabled triggers of the product tables. */
const schemaShape = () => database.sql<{ what: string }[]>`
  select 'index ' || indexname || ' ' || indexdef as what from pg_indexes
  where tablename in ('prodotti', 'prodotti_prezzi', 'prodotti_codici', 'prezzi_speciali', 'prodotti_categorie')
  union all
  select 'fk ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
  where contype = 'f' and conrelid::regclass::text in ('prodotti', 'prodotti_prezzi', 'prodotti_codici', 'prezzi_speciali', 'prodotti_categorie')
  union all
  select 'trigger ' || tgname || ' ' || tgenabled::text from pg_trigger where tgrelid = 'prodotti'::regclass and not tgisinternal
  order by 1`;

describe('demo seed', () => {
  it('starts from an empty database and leaves it non-empty', async () => {
    expect(wasEmpty).toBe(true);
    expect(await isDatabaseEmpty(database.sql)).toBe(false);
  });

  it('creates the admin accounts with argon2id hashes that verify', async () => {
    const rows = await database.sql<{ username: string; tipologia: string; password_hash: string }[]>`
      select username, tipologia, password_hash from admin_utenti order by username`;
    expect(rows.map((r) => [r.username, r.tipologia])).toEqual([['admin', 'amministratore'], ['tecnico', 'tecnico']]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(rows[0].password_hash, 'Admin2024!')).toBe(true);
    expect(await argon2.verify(rows[1].password_hash, 'Tecnico2024!')).toBe(true);
    expect(await argon2.verify(rows[1].password_hash, 'Admin2024!')).toBe(false);
  });

  it('gives Mario one client and Giulia two clients in two companies', async () => {
    const clientsOf = (username: string) => database.sql<{ azienda_codice: string; codice: string; lis_maga: number; sconto: string; fatturato_metrica: number; password_hash: string }[]>`
      select c.azienda_codice, c.codice, c.lis_maga, c.sconto, u.fatturato_metrica, u.password_hash
      from utenti u join utenti_clienti uc on uc.utente_id = u.id join clienti c on c.id = uc.cliente_id
      where u.username = ${username} order by c.azienda_codice`;
    const mario = await clientsOf('mario.rossi@ferramentarossi.it');
    expect(mario).toHaveLength(1);
    expect(mario[0]).toMatchObject({ azienda_codice: '0001', codice: '001001', lis_maga: 1, fatturato_metrica: 1 });
    expect(await argon2.verify(mario[0].password_hash, 'Demo2024!')).toBe(true);

    const giulia = await clientsOf('giulia.bianchi@edilbianchi.it');
    expect(giulia.map((c) => c.azienda_codice)).toEqual(['0001', '0002']);
    expect(giulia.some((c) => c.lis_maga === 2 && Number(c.sconto) > 0)).toBe(true);
    expect(await argon2.verify(giulia[0].password_hash, 'Demo2024!')).toBe(true);

    const [others] = await database.sql<{ disabled: number; orphans: number }[]>`
      select count(*) filter (where status_login = 1)::int as disabled,
             count(*) filter (where not exists (select 1 from utenti_clienti uc where uc.utente_id = u.id))::int as orphans
      from utenti u`;
    expect(others.disabled).toBeGreaterThanOrEqual(1);
    expect(others.orphans).toBeGreaterThanOrEqual(1);
    const settings = await database.sql<{ chiave: string; valore: string }[]>`select chiave, valore from impostazioni order by chiave`;
    expect(settings).toEqual([{ chiave: 'approvazione_dispositivi', valore: '0' }, { chiave: 'manutenzione', valore: '0' }]);
  });

  it("gives Mario's client its people: Mario Titolare, Luca Operatore with limits, Anna Consultazione on list prices", async () => {
    const persone = await database.sql<{ username: string; ruolo: string; stato: string; limite_ordine: string | null;
      budget_mensile: string | null; vede_prezzi: boolean; vede_documenti: boolean; password_hash: string }[]>`
      select u.username, uc.ruolo, uc.stato, uc.limite_ordine::text, uc.budget_mensile::text, uc.vede_prezzi, uc.vede_documenti, u.password_hash
      from utenti u join utenti_clienti uc on uc.utente_id = u.id join clienti c on c.id = uc.cliente_id
      where c.azienda_codice = '0001' and c.codice = '001001' order by u.id`;
    expect(persone.map(({ password_hash: _, ...p }) => p)).toEqual([
      { username: 'mario.rossi@ferramentarossi.it', ruolo: 'titolare', stato: 'attivo', limite_ordine: null, budget_mensile: null, vede_prezzi: true, vede_documenti: true },
      { username: 'luca.verdi@ferramentarossi.it', ruolo: 'operatore', stato: 'attivo', limite_ordine: '500.00', budget_mensile: '2000.00', vede_prezzi: true, vede_documenti: true },
      { username: 'anna.neri@ferramentarossi.it', ruolo: 'consultazione', stato: 'attivo', limite_ordine: null, budget_mensile: null, vede_prezzi: false, vede_documenti: true },
    ]);
    for (const p of persone.slice(1)) expect(await argon2.verify(p.password_hash, 'Demo2024!')).toBe(true);
    // Every other link stays its client's Titolare, as existing users became.
    const [altri] = await database.sql<{ n: number }[]>`select count(*)::int as n from utenti_clienti where ruolo <> 'titolare'`;
    expect(altri!.n).toBe(2);
  });

  it("has one order of Luca's waiting for approval, over his 500 € limit, stored as a held order", async () => {
    const held = await database.sql<{ id: number; utente_codice: string; response_code: string; response_status: string; erp_stato: string;
      totale: string; righe: string; superamento: { limite: string; valore: number; superato_di: number }[]; giorni: number; ultimo: boolean }[]>`
      select o.id, o.utente_codice, o.response_code, o.response_status, o.erp_stato, o.totale::text,
        (select sum(r.qt * r.prezzo_reale) from ordini_righe r where r.ordine_id = o.id)::text as righe,
        o.approvazione_superamento as superamento,
        round(extract(epoch from o.approvazione_scade_at - ${NOW.toISOString()}::timestamptz) / 86400)::int as giorni,
        o.id = (select max(id) from ordini) as ultimo
      from ordini o where o.approvazione = 'in_attesa'`;
    expect(held).toHaveLength(1);
    const o = held[0]!;
    expect(o).toMatchObject({ utente_codice: 'U0009', response_code: '202', response_status: 'In attesa di approvazione', erp_stato: 'in_approvazione', giorni: 7, ultimo: true });
    expect(Number(o.totale)).toBeGreaterThan(500);
    expect(Number(o.totale)).toBeLessThan(2000);
    expect(Number(o.righe)).toBeCloseTo(Number(o.totale), 3);
    expect(o.superamento).toEqual([{ limite: 'ordine', valore: 500, superato_di: Number((Number(o.totale) - 500).toFixed(3)) }]);
  });

  it("has three quotes of Mario's: one answered and waiting for him, one expired, one ordered at its quoted prices (issue 37)", async () => {
    const q = await database.sql<{ numero: string; stato: string; valida: boolean; righe: number; ordine_id: number | null; uguali: boolean | null }[]>`
      select q.numero, q.stato, q.scade_at > ${NOW.toISOString()}::timestamptz as valida,
        (select count(*)::int from preventivi_righe r where r.preventivo_id = q.id and r.versione = 1) as righe, q.ordine_id,
        (select bool_and(r.prezzo = o.prezzo_reale and r.quantita = o.qt) from preventivi_righe r
          join ordini_righe o on o.ordine_id = q.ordine_id and o.codice_prodotto = r.codice_prodotto
          where r.preventivo_id = q.id and r.versione = 1) as uguali
      from preventivi q where q.utente_id = 1 order by q.id`;
    expect(q.map((x) => x.stato)).toEqual(['scaduta', 'ordinata', 'offerta']);
    expect(q[0]!.valida).toBe(false);
    expect(q[2]!.valida).toBe(true);
    for (const x of q) expect(x.righe).toBeGreaterThan(0);
    expect(q[1]!.ordine_id).not.toBeNull();
    expect(q[1]!.uguali).toBe(true);
    expect(q[2]!.numero).toMatch(/^P\d{4}\/000003$/);
  });

  it('loads the deterministic catalogue: the first codes are the generator\'s', async () => {
    const rows = await database.sql<{ codice_prodotto: string }[]>`select codice_prodotto from prodotti order by id limit 20`;
    const expected = Array.from({ length: 20 }, (_, i) => generateProduct(i, NOW).codice);
    expect(rows.map((r) => r.codice_prodotto)).toEqual(expected);
    // The generator itself does not depend on the reference time for codes.
    expect(generateProduct(7, new Date()).codice).toBe(expected[7]);
    const [{ n, nuovi }] = await database.sql<{ n: number; nuovi: number }[]>`
      select count(*)::int as n,
             count(*) filter (where created_at > ${NOW.toISOString()}::timestamptz - interval '30 days')::int as nuovi
      from prodotti`;
    expect(n).toBe(DEMO_PRODUCTS);
    expect(nuovi).toBeGreaterThan(n * 0.02);
    expect(nuovi).toBeLessThan(n * 0.1);
  });

  it('gives every product a default photo whose file exists, and every media file exists', async () => {
    const defaults = await database.sql<{ codice_prodotto: string; n: number }[]>`
      select p.codice_prodotto, count(m.id)::int as n from prodotti p
      left join prodotti_media m on m.codice_prodotto = p.codice_prodotto and m.tipologia = 'foto' and m.nome = 'default'
      group by 1 having count(m.id) <> 1`;
    expect(defaults).toEqual([]);
    const media = await database.sql<{ dir: string; file: string; tipologia: string }[]>`select dir, file, tipologia from prodotti_media`;
    expect(media.length).toBeGreaterThan(DEMO_PRODUCTS);
    expect(media.some((m) => m.tipologia === 'allegato')).toBe(true);
    const missing = media.filter((m) => !fs.existsSync(path.join(mediaDir, m.dir, m.file)));
    expect(missing).toEqual([]);
    const pdf = media.find((m) => m.tipologia === 'allegato')!;
    expect(fs.readFileSync(path.join(mediaDir, pdf.dir, pdf.file), 'latin1')).toMatch(/^%PDF-1\.4[\s\S]*%%EOF\n$/);
  });

  it('puts every product of a visible category in prodotti_categorie for each ancestor of its category', async () => {
    const [r] = await database.sql<{ missing: number; expected: number; actual: number }[]>`
      select
        (select count(*)::int from prodotti p join categorie c on c.id = p.categoria_id
           cross join unnest(c.path_ids) a(cat)
           where categoria_visibile(c.path_ids)
             and not exists (select 1 from prodotti_categorie pc where pc.prodotto_id = p.id and pc.categoria_id = a.cat)) as missing,
        (select sum(cardinality(c.path_ids))::int from prodotti p join categorie c on c.id = p.categoria_id
           where categoria_visibile(c.path_ids)) as expected,
        (select count(*)::int from prodotti_categorie) as actual`;
    expect(r.missing).toBe(0);
    expect(r.actual).toBe(r.expected);
  });

  it('gives every product valid unique EANs, a supplier code, article codes and list prices', async () => {
    const eans = await database.sql<{ codice: string }[]>`select codice from prodotti_codici where tipo = 'ean'`;
    expect(eans).toHaveLength(DEMO_PRODUCTS);
    expect(new Set(eans.map((e) => e.codice)).size).toBe(DEMO_PRODUCTS);
    expect(eans.filter((e) => !isValidEan13(e.codice) || !e.codice.startsWith('80'))).toEqual([]);
    const [c] = await database.sql<{ senza_forn: number; senza_art: number; senza_l1: number; senza_l2: number; l2_non_inferiore: number }[]>`
      select
        count(*) filter (where not exists (select 1 from prodotti_codici pc where pc.prodotto_id = p.id and pc.tipo = 'fornitore'))::int as senza_forn,
        count(*) filter (where not exists (select 1 from prodotti_codici pc where pc.prodotto_id = p.id and pc.tipo = 'articolo'))::int as senza_art,
        count(*) filter (where l1.prezzo is null)::int as senza_l1,
        count(*) filter (where l2.prezzo is null)::int as senza_l2,
        count(*) filter (where l2.prezzo > l1.prezzo)::int as l2_non_inferiore
      from prodotti p
      left join prodotti_prezzi l1 on l1.prodotto_id = p.id and l1.listino = 1
      left join prodotti_prezzi l2 on l2.prodotto_id = p.id and l2.listino = 2`;
    expect(c).toMatchObject({ senza_forn: 0, senza_art: 0, senza_l1: 0, l2_non_inferiore: 0 });
    expect(c.senza_l2).toBeGreaterThan(0);
    const [s] = await database.sql<{ n: number; not_below: number }[]>`
      select count(*)::int as n, count(*) filter (where ps.prezzo >= pp.prezzo)::int as not_below
      from prezzi_speciali ps join clienti c on c.id = ps.cliente_id
      join prodotti_prezzi pp on pp.prodotto_id = ps.prodotto_id and pp.listino = c.lis_maga`;
    expect(s.n).toBeGreaterThan(50);
    expect(s.not_below).toBe(0);
  });

  it('has past orders whose totals are the sum of their lines', async () => {
    const [o] = await database.sql<{ mario: number; giulia_clienti: number; mesi: number; errori: number; sbagliati: number }[]>`
      select
        count(*) filter (where utente_codice = 'U0001')::int as mario,
        count(distinct cliente_id) filter (where utente_codice = 'U0002')::int as giulia_clienti,
        count(distinct date_trunc('month', created_at))::int as mesi,
        count(*) filter (where response_code <> '201')::int as errori,
        count(*) filter (where totale <> (select sum(r.prezzo_reale * r.qt) from ordini_righe r where r.ordine_id = o.id))::int as sbagliati
      from ordini o`;
    expect(o.mario).toBeGreaterThanOrEqual(20);
    expect(o.giulia_clienti).toBe(2);
    expect(o.mesi).toBeGreaterThanOrEqual(12);
    expect(o.errori).toBeGreaterThan(0);
    expect(o.sbagliati).toBe(0);
  });

  it('has flyers, every media type with existing files, lists, devices and budgets', async () => {
    const flyers = await database.sql<{ n: number; cover_dir: string; cover_file: string }[]>`
      select count(vp.prodotto_id)::int as n, v.cover_dir, v.cover_file from volantini v
      join volantini_prodotti vp on vp.volantino_id = v.id group by v.id order by v.id`;
    expect(flyers).toHaveLength(4);
    for (const f of flyers) {
      expect(f.n).toBeGreaterThanOrEqual(20);
      expect(f.n).toBeLessThanOrEqual(60);
      expect(fs.existsSync(path.join(mediaDir, f.cover_dir, f.cover_file))).toBe(true);
    }
    const mm = await database.sql<{ tipologia: string; cover_dir: string; cover_file: string; link_folder: string; link_file: string; link: string }[]>`
      select tipologia, cover_dir, cover_file, link_folder, link_file, link from multimedia`;
    const tipi = new Set(mm.map((m) => m.tipologia));
    for (const t of ['banner laterale', 'novita', 'volantino', 'catalogo', 'tabelle conversione', 'comparativi chiavi', 'nuovi inserimenti']) {
      expect(tipi.has(t)).toBe(true);
    }
    expect(mm.filter((m) => m.tipologia === 'banner laterale').every((m) => m.link.startsWith('/'))).toBe(true);
    for (const m of mm) {
      expect(fs.existsSync(path.join(mediaDir, m.cover_dir, m.cover_file))).toBe(true);
      if (m.link_file) expect(fs.existsSync(path.join(mediaDir, m.link_folder, m.link_file))).toBe(true);
    }
    const brands = await database.sql<{ cover_dir: string; cover_file: string }[]>`select cover_dir, cover_file from brand`;
    expect(brands.length).toBeGreaterThanOrEqual(20);
    for (const b of brands) expect(fs.existsSync(path.join(mediaDir, b.cover_dir, b.cover_file))).toBe(true);
    const [x] = await database.sql<{ liste: number; pending: number; budget: number }[]>`
      select (select count(*)::int from liste l join utenti u on u.id = l.utente_id where u.codice = 'U0001'
                and exists (select 1 from liste_prodotti lp where lp.lista_id = l.id)) as liste,
             (select count(*)::int from dispositivi where authorized = 0) as pending,
             (select count(*)::int from budget where anno = ${NOW.getFullYear()}) as budget`;
    expect(x.liste).toBeGreaterThanOrEqual(2);
    expect(x.pending).toBe(1);
    expect(x.budget).toBeGreaterThanOrEqual(12);
  });

  it('gives Mario\'s client a credit line and a schedule with an overdue and an unpaid item', async () => {
    const [c] = await database.sql<{ fido: string; n: number; scaduta: number; insoluta: number }[]>`
      select c.fido::text as fido, count(s.*)::int as n,
             count(*) filter (where s.stato = 'aperta' and s.data_scadenza < ${NOW.toISOString().slice(0, 10)}::date)::int as scaduta,
             count(*) filter (where s.stato = 'insoluta' and s.modalita = 'MP12')::int as insoluta
      from clienti c join scadenze s on s.cliente_id = c.id where c.azienda_codice = '0001' and c.codice = '001001' group by c.fido`;
    expect(c).toEqual({ fido: '20000.00', n: 6, scaduta: 1, insoluta: 1 });
  });

  it("gives Mario's client DDT, invoices with their FatturaPA and a credit note, linked to its latest orders, files present", async () => {
    const docs = await database.sql<{ tipo: string; pdf: string; xml: string | null; ddt: string[]; ordini: number }[]>`
      select d.tipo, d.pdf, d.xml, d.ddt, (select count(*)::int from documenti_ordini o where o.documento_id = d.id) as ordini
      from documenti d join clienti c on c.id = d.cliente_id where c.codice = '001001' order by d.id`;
    expect(docs.map((d) => d.tipo).sort()).toEqual(['DDT', 'DDT', 'DDT', 'FATTURA', 'FATTURA', 'NOTA_CREDITO']);
    for (const d of docs) {
      expect(d.ordini).toBe(1);
      expect(fs.readFileSync(path.join(mediaDir, d.pdf)).subarray(0, 5).toString()).toBe('%PDF-');
      if (d.tipo === 'DDT') continue;
      const f = leggiFatturaPa(fs.readFileSync(path.join(mediaDir, d.xml!), 'utf8'));
      expect(f.documenti[0]!.righe.length).toBeGreaterThan(0);
      expect(f.documenti[0]!.ddt.map((x) => x.numero)).toEqual(d.ddt);
    }
  });

  it("gives Mario's DDT their lines, one return authorised and one closed with its credit note (docs/regole/resi.md)", async () => {
    const righe = await database.sql<{ numero: string; n: number; lotti: number }[]>`
      select d.numero, count(r.id)::int as n, count(r.lotto)::int as lotti from documenti d join clienti c on c.id = d.cliente_id
      join documenti_righe r on r.documento_id = d.id where c.codice = '001001' and d.tipo = 'DDT' and not r.da_ordine group by d.numero`;
    expect(righe).toHaveLength(3);
    for (const r of righe) expect([r.n > 0, r.lotti]).toEqual([true, 1]);
    const resi = await database.sql<{ numero: string; stato: string; nota: string | null; righe: number }[]>`
      select s.numero, s.stato, n.tipo as nota, (select count(*)::int from resi_righe x where x.reso_id = s.id) as righe
      from resi s join clienti c on c.id = s.cliente_id left join documenti n on n.id = s.nota_credito_id
      where c.codice = '001001' order by s.id`;
    expect(resi.map((r) => [r.stato, r.nota, r.righe])).toEqual([['chiuso', 'NOTA_CREDITO', 1], ['autorizzato', null, 1]]);
    const [n] = await database.sql<{ ultimo: number }[]>`select sum(ultimo)::int as ultimo from resi_numeratori where azienda_codice = '0001'`;
    expect(n!.ultimo).toBe(2);
  });

  it("gives each of Giulia's clients DDT and invoices of its own orders, numbered within each company", async () => {
    const docs = await database.sql<{ codice: string; azienda_codice: string; tipo: string; numero: string }[]>`
      select c.codice, d.azienda_codice, d.tipo, d.numero from documenti d join clienti c on c.id = d.cliente_id
      join utenti_clienti uc on uc.cliente_id = c.id join utenti u on u.id = uc.utente_id
      where u.username = 'giulia.bianchi@edilbianchi.it' order by c.codice, d.data, d.id`;
    for (const codice of ['001002', '000215']) {
      expect(docs.filter((d) => d.codice === codice).map((d) => d.tipo).sort(), codice).toEqual(['DDT', 'DDT', 'DDT', 'FATTURA', 'FATTURA']);
    }
    const [doppi] = await database.sql<{ n: number }[]>`
      select count(*)::int as n from (select 1 from documenti group by azienda_codice, tipo, numero having count(*) > 1) x`;
    expect(doppi!.n).toBe(0);
  });

  it('bills the orders at the client\'s net prices: invoice lines, FatturaPA and totals agree with the order lines', async () => {
    // Mario's client has the chain 40+10+5 on family SC0301: its order lines carry it, as the catalogue prices them.
    const [catena] = await database.sql<{ n: number; sbagliate: number }[]>`
      select count(*)::int as n,
        count(*) filter (where r.prezzo_reale <> round(r.prezzo * 0.513, 3) and not exists (
          select 1 from prezzi_speciali ps where ps.cliente_id = 1 and ps.prodotto_id = r.prodotto_id)
          and not exists (select 1 from sconti_clienti sc where sc.cliente_id = 1 and sc.prodotto_id = r.prodotto_id))::int as sbagliate
      from ordini_righe r join ordini o on o.id = r.ordine_id join prodotti p on p.id = r.prodotto_id
      where o.cliente_id = 1 and p.famiglia_sconto = 'SC0301'`;
    expect(catena!.n).toBeGreaterThan(0);
    expect(catena!.sbagliate).toBe(0);
    expect(await database.sql`select distinct r.sconti from ordini_righe r join ordini o on o.id = r.ordine_id join prodotti p on p.id = r.prodotto_id
      where o.cliente_id = 1 and p.famiglia_sconto = 'SC0301' and r.sconti <> ''`).toEqual([{ sconti: '40+10+5' }]);
    const fatture = await database.sql<{ numero: string; xml: string; imponibile: string; ordine: number }[]>`
      select d.numero, d.xml, d.imponibile::text, o.ordine_id as ordine from documenti d join documenti_ordini o on o.documento_id = d.id
      where d.tipo = 'FATTURA'`;
    expect(fatture.length).toBe(6);
    for (const f of fatture) {
      const righe = await database.sql<{ codice_prodotto: string; qt: number; prezzo_reale: string; importo: string }[]>`
        select codice_prodotto, qt, prezzo_reale::text, round(qt * prezzo_reale, 2)::text as importo from ordini_righe where ordine_id = ${f.ordine} order by id`;
      const letta = leggiFatturaPa(fs.readFileSync(path.join(mediaDir, f.xml), 'utf8')).documenti[0]!;
      expect(letta.righe.map((r) => [r.codice, Number(r.quantita), r.prezzo_unitario, r.prezzo_totale]), f.numero)
        .toEqual(righe.map((r) => [r.codice_prodotto, r.qt, r.prezzo_reale, r.importo]));
      const somma = righe.reduce((s, r) => s + Math.round(Number(r.importo) * 100), 0) / 100;
      expect(Number(f.imponibile), f.numero).toBeCloseTo(somma, 2);
      expect(letta.riepilogo.map((r) => r.imponibile), f.numero).toEqual([f.imponibile]);
    }
  });

  it('draws the DDT as a delivery note: its wholesaler, client, lines, transport and signatures', async () => {
    const [d] = await database.sql<{ numero: string; pdf: string; ordine: number }[]>`
      select d.numero, d.pdf, o.ordine_id as ordine from documenti d join documenti_ordini o on o.documento_id = d.id
      join clienti c on c.id = d.cliente_id where c.codice = '001001' and d.tipo = 'DDT' order by d.data desc limit 1`;
    const testo = (await testoPdf(fs.readFileSync(path.join(mediaDir, d!.pdf)))).join('\n');
    const [riga] = await database.sql<{ codice_prodotto: string }[]>`select codice_prodotto from ordini_righe where ordine_id = ${d!.ordine} order by id limit 1`;
    for (const atteso of ['Documento di trasporto', `N. ${d!.numero}`, 'Ferramenta Distribuzione S.p.A.', 'Ferramenta Rossi S.n.c.', 'Causale del trasporto'.toUpperCase(),
      'Vendita', 'Trasporto a cura del'.toUpperCase(), 'Numero colli'.toUpperCase(), riga!.codice_prodotto, `Ordine portale n. ${d!.ordine}`,
      'Firma del conducente'.toUpperCase(), 'Firma del destinatario'.toUpperCase()]) {
      expect(testo).toContain(atteso);
    }
  });

  it('builds the search vocabulary', async () => {
    const [v] = await database.sql<{ n: number }[]>`select count(*)::int as n from search_vocab where word in ('trapano', 'cacciavite', 'makita')`;
    expect(v.n).toBe(3);
  });

  it('writes the same code and category rows for a new product as the update triggers do', async () => {
    // Make the triggers redo one product's rows, then compare with what the seed wrote.
    const [p] = await database.sql<{ id: number; codice_prodotto: string; categoria_id: number }[]>`
      select id, codice_prodotto, categoria_id from prodotti where id = 42`;
    const rowsOf = async () => ({
      codici: await database.sql`select tipo, codice, codice_n from prodotti_codici where prodotto_id = ${p.id} and tipo in ('codice', 'codice_cifre') order by tipo`,
      categorie: await database.sql`select categoria_id from prodotti_categorie where prodotto_id = ${p.id} order by 1`,
    });
    const seeded = await rowsOf();
    expect(seeded.codici.length).toBeGreaterThan(0);
    await database.sql.begin(async (tx) => {
      await tx`update prodotti set codice_prodotto = codice_prodotto || '-T', categoria_id = (select min(id) from categorie) where id = ${p.id}`;
      await tx`update prodotti set codice_prodotto = ${p.codice_prodotto}, categoria_id = ${p.categoria_id} where id = ${p.id}`;
    });
    expect(await rowsOf()).toEqual(seeded);
  });
});

describe('large catalogue', () => {
  it('adds products up to the requested total, with prices, codes and categories', async () => {
    const before = await schemaShape();
    const res = await seedLargeCatalogue(database.sql, { products: 5000, now: NOW });
    expect(res).toMatchObject({ added: 5000 - DEMO_PRODUCTS, total: 5000 });
    const [c] = await database.sql<{ n: number; senza_prezzo: number; senza_ean: number; senza_cat: number; dup: number }[]>`
      select count(*)::int as n,
        count(*) filter (where not exists (select 1 from prodotti_prezzi pp where pp.prodotto_id = p.id and pp.listino = 1))::int as senza_prezzo,
        count(*) filter (where not exists (select 1 from prodotti_codici pc where pc.prodotto_id = p.id and pc.tipo = 'ean'))::int as senza_ean,
        count(*) filter (where not exists (select 1 from prodotti_categorie pc where pc.prodotto_id = p.id and pc.categoria_id = p.categoria_id))::int as senza_cat,
        (select count(*)::int from (select codice from prodotti_codici where tipo = 'ean' group by 1 having count(*) > 1) d) as dup
      from prodotti p`;
    expect(c).toEqual({ n: 5000, senza_prezzo: 0, senza_ean: 0, senza_cat: 0, dup: 0 });
    const [last] = await database.sql<{ codice_prodotto: string }[]>`select codice_prodotto from prodotti order by id desc limit 1`;
    expect(last.codice_prodotto).toBe(generateProduct(4999, NOW).codice);
    // Bulk mode put back every index, foreign key and trigger it suspended.
    expect(await schemaShape()).toEqual(before);
    const [sp] = await database.sql<{ n: number }[]>`select count(*)::int as n from prezzi_speciali where prodotto_id > ${DEMO_PRODUCTS}`;
    expect(sp.n).toBeGreaterThan(0);
    // The serial sequence continues after the loaded ids.
    const [{ id }] = await database.sql<{ id: number }[]>`
      insert into prodotti (codice_prodotto, descrizione1) values ('TEST-1', 'Prodotto di prova') returning id`;
    expect(id).toBe(5001);
  });

  it('adds nothing when the catalogue is already that large', async () => {
    const res = await seedLargeCatalogue(database.sql, { products: 3000, now: NOW });
    expect(res).toMatchObject({ added: 0 });
  });
});
