/**
 * Demo media: a photo for every product (some with a second photo or a PDF data sheet), flyers
 * with their products, and the multimedia rows (side banners and downloadable documents).
 *
 * Folder layout under MEDIA_DIR:
 *   brand/{brand_codice}.svg
 *   prodotti/{codice}/{codice}.svg, {codice}_2.svg, {codice}_scheda-tecnica.pdf
 *   volantini/volantino-{n}.svg
 *   multimedia/{tipologia}/{slug}.svg (cover) and {slug}.pdf (file)
 */
import type postgres from 'postgres';
import type { GeneratedProduct } from './catalog-generator.js';
import { copyObjects } from '../server/db/copy.js';
import { safeName, type MediaWriter } from './media-files.js';
import { simplePdf } from './pdf.js';
import { chance, int, rngFor, sample } from './prng.js';
import { bannerSvg, coverSvg, productSvg } from './svg.js';

const MEDIA_SEED = 55_501;
const DAY_MS = 86_400_000;

export async function seedProductMedia(
  tx: postgres.TransactionSql,
  media: MediaWriter,
  products: GeneratedProduct[],
): Promise<void> {
  const rows: Record<string, string | number | Date>[] = [];
  for (const p of products) {
    const r = rngFor(MEDIA_SEED, p.index);
    const name = safeName(p.codice);
    const dir = `prodotti/${name}/`;
    const etichetta = p.gruppo || p.sottofamiglia;
    const base = { codice_prodotto: p.codice, dir, status: 0, created: p.createdAt, modified: p.createdAt };
    // Vector photos need no smaller copies (file_web, file_thumb stay null): they are shown as they are.
    const file = (nome: string, data: string | Buffer) => {
      media.add(`${dir}${nome}`, data);
      return { file: nome, dimensione: Buffer.byteLength(data) };
    };
    rows.push({ ...base, tipologia: 'foto', nome: 'default', ...file(`${name}.svg`, productSvg({ codice: p.codice, root: p.famigliaId, etichetta })) });
    if (chance(r, 0.1)) {
      rows.push({ ...base, tipologia: 'foto', nome: '', ...file(`${name}_2.svg`, productSvg({ codice: p.codice, root: p.famigliaId, etichetta, vista: 2 })) });
    }
    if (chance(r, 0.05)) {
      rows.push({ ...base, tipologia: 'allegato', nome: 'Scheda tecnica', ...file(`${name}_scheda-tecnica.pdf`, simplePdf(`Scheda tecnica ${p.codice}`, [
        p.titoloPortale ?? p.descrizione1, '', `Marca: ${p.brandNome}`, `Categoria: ${[p.famiglia, p.sottofamiglia, p.gruppo].filter(Boolean).join(' > ')}`,
        `Caratteristiche: ${p.descrizione2}`, `Unità di misura: ${p.um}   Pezzi per confezione: ${p.pzConf}`,
        `EAN: ${p.ean}   Codice fornitore: ${p.codiceFornitore}`, '', 'Documento generato per il portale dimostrativo.',
      ])) });
    }
  }
  await copyObjects(tx, 'prodotti_media', rows);
}

const FLYERS = [
  { nome: 'Speciale Elettroutensili', sottotitolo: 'Trapani, avvitatori e smerigliatrici in promozione', root: '02', start: -12, days: 30 },
  { nome: 'Ferramenta e fissaggio', sottotitolo: 'Viteria, tasselli e serrature a prezzi da ingrosso', root: '03', start: -5, days: 45 },
  { nome: 'Giardino e irrigazione', sottotitolo: 'Tutto per la stagione del verde', root: '05', start: -2, days: 60 },
  { nome: 'Sicurezza sul lavoro', sottotitolo: 'DPI certificati per il cantiere', root: '08', start: -20, days: 40 },
];

export async function seedVolantini(
  tx: postgres.TransactionSql,
  media: MediaWriter,
  products: GeneratedProduct[],
  productId: (p: GeneratedProduct) => number,
  now: Date,
): Promise<void> {
  const day = (offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  const links: { volantino_id: number; prodotto_id: number; ordine: number }[] = [];
  await copyObjects(tx, 'volantini', FLYERS.map((f, i) => {
    media.add(`volantini/volantino-${i + 1}.svg`, coverSvg({ width: 1200, height: 400, titolo: f.nome, sottotitolo: f.sottotitolo, root: f.root }));
    const r = rngFor(MEDIA_SEED, 9_000 + i);
    const pool = products.filter((p) => p.famigliaId === f.root);
    sample(r, pool, int(r, 20, 60)).forEach((p, k) => links.push({ volantino_id: i + 1, prodotto_id: productId(p), ordine: k + 1 }));
    return {
      id: i + 1, nome: f.nome, cover_dir: 'volantini/', cover_file: `volantino-${i + 1}.svg`,
      data_inizio: day(f.start), data_fine: day(f.start + f.days), ordine: i + 1, created_at: new Date(now.getTime() + f.start * DAY_MS),
    };
  }));
  await tx`select setval(pg_get_serial_sequence('volantini', 'id'), ${FLYERS.length})`;
  await copyObjects(tx, 'volantini_prodotti', links);
}

const MESI = ['Gennaio', 'Febbraio', 'Marzo', 'Aprile', 'Maggio', 'Giugno', 'Luglio', 'Agosto', 'Settembre', 'Ottobre', 'Novembre', 'Dicembre'];

interface MediaDef { tipologia: string; nome: string; descrizione: string; root: string; link?: string; righe?: string[] }

function mediaDefs(now: Date): MediaDef[] {
  const mese = (back: number) => {
    const d = new Date(now.getFullYear(), now.getMonth() - back, 1);
    return `${MESI[d.getMonth()]} ${d.getFullYear()}`;
  };
  return [
    { tipologia: 'banner laterale', nome: 'Novità del mese', descrizione: 'Gli ultimi arrivi a catalogo', root: '02', link: '/novita', righe: ['Gli ultimi arrivi', 'a catalogo,', 'ogni settimana'] },
    { tipologia: 'banner laterale', nome: 'Bosch Professional', descrizione: 'Tutta la gamma Bosch', root: '01', link: '/marchi-prodotti/001/Bosch', righe: ['Elettroutensili', 'e accessori', 'per professionisti'] },
    { tipologia: 'banner laterale', nome: 'Volantini in corso', descrizione: 'Le promozioni del periodo', root: '05', link: '/volantini', righe: ['Sfoglia le offerte', 'del periodo'] },
    { tipologia: 'novita', nome: `Novità elettroutensili ${mese(0)}`, descrizione: 'Nuovi trapani, avvitatori e batterie', root: '02' },
    { tipologia: 'novita', nome: `Novità ferramenta ${mese(1)}`, descrizione: 'Serrature, cilindri e viteria inox', root: '03' },
    { tipologia: 'novita', nome: `Novità giardino ${mese(2)}`, descrizione: 'Irrigazione e attrezzi da giardino', root: '05' },
    { tipologia: 'volantino', nome: `Volantino ${mese(2)}`, descrizione: 'Le offerte del mese', root: '03' },
    { tipologia: 'volantino', nome: `Volantino ${mese(1)}`, descrizione: 'Le offerte del mese', root: '02' },
    { tipologia: 'volantino', nome: `Volantino ${mese(0)}`, descrizione: 'Le offerte del mese', root: '08' },
    { tipologia: 'catalogo', nome: `Catalogo 2 - Utensileria`, descrizione: 'Utensili manuali', root: '01' },
    { tipologia: 'catalogo', nome: `Catalogo 10 - Idraulica`, descrizione: 'Raccorderia, rubinetteria e utensili', root: '04' },
    { tipologia: 'catalogo', nome: `Catalogo 1 - Generale`, descrizione: 'Il catalogo completo', root: '03' },
    { tipologia: 'catalogo', nome: `Catalogo 3 - Elettroutensili`, descrizione: 'Elettroutensili e accessori', root: '02' },
    { tipologia: 'catalogo', nome: `Catalogo 12 - Sicurezza`, descrizione: 'Antinfortunistica e DPI', root: '08' },
    { tipologia: 'tabelle conversione', nome: 'Tabella conversione pollici - millimetri', descrizione: 'Da frazioni di pollice a millimetri', root: '01' },
    { tipologia: 'tabelle conversione', nome: 'Tabella filettature metriche e gas', descrizione: 'Passi e diametri di foratura', root: '04' },
    { tipologia: 'tabelle conversione', nome: 'Tabella coppie di serraggio', descrizione: 'Viti classe 8.8 e 12.9', root: '03' },
    { tipologia: 'comparativi chiavi', nome: 'Comparativo chiavi combinate', descrizione: 'Misure equivalenti tra le marche', root: '01' },
    { tipologia: 'comparativi chiavi', nome: 'Comparativo chiavi a bussola', descrizione: 'Attacchi 1/4", 3/8" e 1/2"', root: '01' },
    { tipologia: 'nuovi inserimenti', nome: `Nuovi inserimenti ${mese(2)}`, descrizione: 'Articoli entrati a catalogo', root: '06' },
    { tipologia: 'nuovi inserimenti', nome: `Nuovi inserimenti ${mese(1)}`, descrizione: 'Articoli entrati a catalogo', root: '07' },
    { tipologia: 'nuovi inserimenti', nome: `Nuovi inserimenti ${mese(0)}`, descrizione: 'Articoli entrati a catalogo', root: '09' },
  ];
}

const slug = (s: string): string =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export async function seedMultimedia(tx: postgres.TransactionSql, media: MediaWriter, now: Date): Promise<void> {
  const perTipo = new Map<string, number>();
  const rows = mediaDefs(now).map((m, i) => {
    const ordine = (perTipo.get(m.tipologia) ?? 0) + 1;
    perTipo.set(m.tipologia, ordine);
    const folder = `multimedia/${slug(m.tipologia)}/`;
    const name = slug(m.nome);
    const created = new Date(now.getTime() - (30 - i) * DAY_MS);
    if (m.tipologia === 'banner laterale') {
      media.add(`${folder}${name}.svg`, bannerSvg({ titolo: m.nome, righe: m.righe ?? [], cta: 'Scopri', root: m.root }));
      return { nome: m.nome, descrizione: m.descrizione, tipologia: m.tipologia, cover_dir: folder, cover_file: `${name}.svg`,
        link_folder: '', link_file: '', link: m.link ?? '', ordine, created_at: created, updated_at: created };
    }
    media.add(`${folder}${name}.svg`, coverSvg({ width: 600, height: 400, titolo: m.nome, sottotitolo: m.descrizione, root: m.root }));
    media.add(`${folder}${name}.pdf`, simplePdf(m.nome, [m.descrizione, '', 'Ferramenta Distribuzione S.p.A.', 'Documento dimostrativo generato automaticamente.']));
    return { nome: m.nome, descrizione: m.descrizione, tipologia: m.tipologia, cover_dir: folder, cover_file: `${name}.svg`,
      link_folder: folder, link_file: `${name}.pdf`, link: '', ordine, created_at: created, updated_at: created };
  });
  await copyObjects(tx, 'multimedia', rows);
}
