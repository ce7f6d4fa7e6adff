/**
 * Product title templates per leaf category. Each template turns a seeded random source and a
 * brand into a believable Italian product (title, technical line, unit, pack size, list price).
 */
import type { BrandDef } from './catalog-data.js';
import { chance, int, pick, type Rng } from './prng.js';

export interface ProductSpec {
  titolo: string;
  descrizione2: string;
  /** Unit of measure: PZ pieces, CF pack, MT metre, PA pair. */
  um?: string;
  pzConf?: number;
  /** List 1 price in euro (rounded to cents later). */
  prezzo: number;
}

export interface Template {
  /** cod_cat of the leaf category. */
  cat: string;
  /** Relative frequency in the catalogue. */
  weight: number;
  /** Brand codes that make this kind of product ('000' = no brand). */
  brands: string[];
  make(r: Rng, brand: BrandDef): ProductSpec;
}

/** Italian decimal comma: 5.5 -> '5,5'. */
const d = (n: number): string => String(n).replace('.', ',');
/** Brand name in a title, nothing for the no-brand code. */
const bn = (b: BrandDef): string => (b.codice === '000' ? '' : b.nome);
const t = (...parts: (string | number | false | undefined)[]): string =>
  parts.filter((p) => p !== '' && p !== false && p !== undefined).join(' ').replace(/\s+/g, ' ').trim();
const money = (r: Rng, min: number, max: number): number => min + (max - min) * r() * r();

type ToolKind = 'drill' | 'hammer' | 'impact' | 'grinder' | 'jigsaw' | 'circular' | 'sander' | 'battery' | 'garden';

/** Model prefixes by brand and tool kind, so that 'Makita DDF484' and 'Bosch GSR 18V-60' look right. */
const MODELS: Record<string, Partial<Record<ToolKind, string[]>> & { def: string[] }> = {
  '001': { def: ['GSR', 'GSB'], drill: ['GSR', 'GSB'], hammer: ['GBH'], impact: ['GDR', 'GDS'], grinder: ['GWS'], jigsaw: ['GST'], circular: ['GKS'], sander: ['GEX', 'GSS'], battery: ['GBA'], garden: ['AHS', 'ART'] },
  '002': { def: ['DDF', 'DHP'], drill: ['DDF', 'DHP'], hammer: ['HR', 'DHR'], impact: ['DTD', 'DTW'], grinder: ['GA', 'DGA'], jigsaw: ['JV', 'DJV'], circular: ['HS', 'DHS'], sander: ['BO', 'DBO'], battery: ['BL'], garden: ['DUH', 'DUR'] },
  '008': { def: ['DCD'], drill: ['DCD'], hammer: ['D25', 'DCH'], impact: ['DCF'], grinder: ['DWE', 'DCG'], jigsaw: ['DW3', 'DCS'], circular: ['DWE5', 'DCS5'], sander: ['DWE6'], battery: ['DCB'], garden: ['DCM'] },
  '009': { def: ['BS', 'SB'], drill: ['BS', 'SB'], hammer: ['KHE', 'BH'], impact: ['SSW', 'SSD'], grinder: ['W', 'WEV'], jigsaw: ['STEB', 'STA'], circular: ['KS', 'KT'], sander: ['SXE', 'FSR'], battery: ['LiHD'], garden: ['AHS'] },
  '014': { def: ['M18 FDD', 'M12 BDD'], drill: ['M18 FPD', 'M12 BDD'], hammer: ['M18 CHX'], impact: ['M18 FID', 'M12 FIW'], grinder: ['M18 FSAG', 'AGV'], jigsaw: ['M18 FJS'], circular: ['M18 CCS'], sander: ['M18 FROS'], battery: ['M18 B', 'M12 B'], garden: ['M18 FHT'] },
  '013': { def: ['SF', 'SFC'], drill: ['SF', 'SFH'], hammer: ['TE'], impact: ['SIW', 'SID'], grinder: ['AG'], jigsaw: ['SJT'], circular: ['SCW'], sander: ['SOS'], battery: ['B22'], garden: ['SF'] },
  '015': { def: ['TXS', 'C'], drill: ['TXS', 'T', 'C'], hammer: ['BHC'], impact: ['TID'], grinder: ['AGC'], jigsaw: ['PSC', 'PS'], circular: ['HK', 'TS'], sander: ['ETS', 'RTS'], battery: ['BP'], garden: ['TXS'] },
  '016': { def: ['BDCDD', 'BCD'], drill: ['BDCDD', 'BCD'], hammer: ['BEH'], impact: ['BDCIM'], grinder: ['BEG'], jigsaw: ['KS'], circular: ['CS'], sander: ['BEW', 'KA'], battery: ['BL'], garden: ['GT', 'GL'] },
  '017': { def: ['R18DD', 'R18PD'], drill: ['R18DD', 'R18PD'], hammer: ['RSDS', 'R18SDS'], impact: ['R18ID', 'R18IW'], grinder: ['R18AG', 'RAG'], jigsaw: ['R18JS', 'RJS'], circular: ['R18CS', 'RCS'], sander: ['R18ROS', 'ROS'], battery: ['RB18L'], garden: ['RY18HT', 'RY18LT'] },
  '018': { def: ['TE-CD', 'TC-ID'], drill: ['TE-CD', 'TC-CD'], hammer: ['TE-RH', 'TC-RH'], impact: ['TE-CW', 'TE-CI'], grinder: ['TE-AG', 'TC-AG'], jigsaw: ['TE-JS', 'TC-JS'], circular: ['TE-CS', 'TC-CS'], sander: ['TE-RS', 'TC-OS'], battery: ['PXC'], garden: ['GE-CH', 'GC-CT'] },
};

function model(r: Rng, b: BrandDef, kind: ToolKind): string {
  const m = MODELS[b.codice];
  if (!m) return `${b.skuPrefix}${int(r, 100, 999)}`;
  const prefix = pick(r, m[kind] ?? m.def);
  const num = prefix.endsWith(' ') || /\d$/.test(prefix) ? `-${int(r, 10, 99)}` : String(int(r, 100, 999));
  const sep = /^[A-Z]+$/.test(prefix) && ['001', '009', '015'].includes(b.codice) ? ' ' : '';
  return `${prefix}${sep}${num}${chance(r, 0.3) ? pick(r, ['Z', 'N', 'J', 'X']) : ''}`;
}

const HAND = ['004', '005', '003', '011', '012', '006', '000'];
const PLIERS = ['010', '004', '005', '003', '012', '006', '000'];
const POWER = ['001', '002', '008', '009', '014', '013', '015', '016', '017', '018'];
const POWER_ACC = ['001', '002', '008', '009', '006', '013', '000'];
const FIX = ['007', '006', '000', '000'];
const LOCKS = ['019', '020', '000'];
const PLUMB = ['022', '000', '006'];
const GARDEN = ['021', '003', '018', '017', '002', '000'];
const MASON = ['003', '006', '000', '000'];
const ELECTRIC = ['006', '000', '003', '001'];
const SAFETY = ['023', '006', '000'];
const GLUE = ['024', '006', '007', '023', '000'];

const INCH = ['1/4', '3/8', '1/2', '3/4', '1', '1 1/4'];
const TAGLIE = ['7 S', '8 M', '9 L', '10 XL', '11 XXL'];
const COLORI = ['nero', 'bianco', 'grigio', 'rosso', 'blu', 'giallo'];

function volt(r: Rng): number { return pick(r, [10.8, 12, 18, 18, 18, 36]); }
function batteryKit(r: Rng): string {
  return pick(r, ['solo corpo', `con 2 batterie ${d(pick(r, [2, 4, 5]))} Ah e caricabatterie`, 'in valigetta']);
}

export const TEMPLATES: Template[] = [
  // Utensileria manuale
  { cat: '010101', weight: 30, brands: HAND, make: (r, b) => {
    const w = pick(r, [2.5, 3, 3.5, 4, 5.5, 6.5, 8, 10]);
    const vde = chance(r, 0.25);
    return { titolo: t(vde ? 'Cacciavite isolato 1000V a taglio' : 'Cacciavite a taglio', `${d(w)}x${pick(r, [75, 100, 125, 150, 175, 200])} mm`, bn(b)),
      descrizione2: vde ? 'Isolamento VDE testato a 10.000 V, lama in acciaio cromo-vanadio' : 'Lama in acciaio cromo-vanadio, punta brunita, impugnatura bimateriale',
      prezzo: money(r, 3, vde ? 18 : 12) };
  } },
  { cat: '010102', weight: 30, brands: HAND, make: (r, b) => {
    const tipo = pick(r, ['PH', 'PH', 'PZ', 'T']);
    const punta = tipo === 'T' ? `Torx T${pick(r, [10, 15, 20, 25, 27, 30, 40])}` : `${tipo === 'PH' ? 'a croce' : 'Pozidriv'} ${tipo}${int(r, 0, 3)}`;
    return { titolo: t('Cacciavite', punta, `x ${pick(r, [60, 80, 100, 125, 150])} mm`, bn(b)),
      descrizione2: 'Punta temprata a induzione, impugnatura ergonomica antiscivolo', prezzo: money(r, 3, 14) };
  } },
  { cat: '010103', weight: 12, brands: HAND, make: (r, b) => {
    const n = pick(r, [6, 7, 8, 10, 12, 14]);
    return { titolo: t(chance(r, 0.3) ? 'Set cacciaviti isolati 1000V' : 'Set cacciaviti', `${n} pz`, bn(b)),
      descrizione2: `Assortimento di ${n} cacciaviti a taglio e a croce in supporto da banco`, prezzo: money(r, 15, 90) };
  } },
  { cat: '010201', weight: 28, brands: HAND, make: (r, b) => {
    if (chance(r, 0.2)) {
      const k = pick(r, [8, 10, 12, 16, 22]);
      return { titolo: t('Set chiavi combinate', `${k} pz`, `6-${5 + k} mm`, bn(b)), descrizione2: 'Acciaio cromo-vanadio, finitura cromata satinata, in rotolo porta-chiavi', prezzo: money(r, 25, 160) };
    }
    const n = int(r, 6, 32);
    return { titolo: t(pick(r, ['Chiave combinata', 'Chiave combinata', 'Chiave combinata a cricchetto']), `${n} mm`, bn(b)),
      descrizione2: 'Anello poligonale piegato a 15°, forchetta a 15°', prezzo: money(r, 4, 30) };
  } },
  { cat: '010202', weight: 18, brands: HAND, make: (r, b) => {
    const v = pick(r, [0, 0, 1, 2]);
    if (v === 1) return { titolo: t('Cassetta bussole 1/4" e 1/2"', `${pick(r, [25, 46, 94, 108])} pz`, bn(b)), descrizione2: 'Bussole esagonali, cricchetti reversibili, prolunghe e snodo', prezzo: money(r, 40, 260) };
    if (v === 2) return { titolo: t('Chiave a cricchetto', pick(r, ['1/4"', '3/8"', '1/2"']), 'reversibile', pick(r, ['72 denti', '48 denti']), bn(b)), descrizione2: 'Sblocco rapido a pulsante, testa sottile', prezzo: money(r, 15, 70) };
    return { titolo: t('Bussola esagonale', pick(r, ['1/4"', '1/2"']), `${int(r, 8, 32)} mm`, bn(b)), descrizione2: 'Profilo esagonale per dadi danneggiati, finitura cromata', prezzo: money(r, 2.5, 12) };
  } },
  { cat: '010203', weight: 12, brands: HAND, make: (r, b) => chance(r, 0.3)
    ? { titolo: t('Set chiavi maschio esagonale', `${pick(r, [7, 9, 10])} pz`, pick(r, ['testa sferica', 'corte', 'lunghe']), bn(b)), descrizione2: 'Misure da 1,5 a 10 mm su supporto a clip', prezzo: money(r, 8, 45) }
    : { titolo: t('Chiave a brugola esagonale', `${d(pick(r, [1.5, 2, 2.5, 3, 4, 5, 6, 8, 10, 12]))} mm`, bn(b)), descrizione2: 'Acciaio al cromo-vanadio, profilo esagonale a L', prezzo: money(r, 1, 8) } },
  { cat: '0103', weight: 26, brands: PLIERS, make: (r, b) => {
    const tipo = pick(r, ['Pinza universale', 'Pinza a becchi mezzotondi', 'Tronchese diagonale', 'Pinza regolabile a pappagallo', 'Pinza spelafili automatica', 'Tenaglia da carpentiere']);
    return { titolo: t(tipo, `${pick(r, [140, 160, 180, 200, 250])} mm`, bn(b)),
      descrizione2: 'Acciaio speciale forgiato e temprato in olio, impugnature bicomponente', prezzo: money(r, 8, 48) };
  } },
  { cat: '0104', weight: 16, brands: ['003', '004', '005', '012', '006', '000'], make: (r, b) => {
    const tipo = pick(r, ['Martello da carpentiere', 'Martello da muratore', 'Martello da meccanico', 'Mazzetta', 'Martello in gomma']);
    return { titolo: t(tipo, `${pick(r, [200, 300, 500, 800, 1000, 1250])} g`, pick(r, ['manico in fibra', 'manico in legno di frassino', 'manico in acciaio']), bn(b)),
      descrizione2: 'Testa in acciaio forgiato, bocca temprata', prezzo: money(r, 8, 40) };
  } },
  { cat: '0105', weight: 16, brands: ['003', '001', '004', '005', '000'], make: (r, b) => {
    const v = int(r, 0, 3);
    if (v === 0) return { titolo: t('Flessometro', `${pick(r, [3, 5, 8, 10])} m x ${pick(r, [16, 19, 25, 32])} mm`, bn(b)), descrizione2: 'Nastro in acciaio con rivestimento in nylon, gancio magnetico', prezzo: money(r, 4, 25) };
    if (v === 1) return { titolo: t('Livella a bolla', `${pick(r, [40, 60, 80, 100, 120])} cm`, bn(b)), descrizione2: 'Profilo in alluminio, 3 fiale, precisione 0,5 mm/m', prezzo: money(r, 10, 55) };
    if (v === 2) return { titolo: t('Calibro a corsoio digitale 150 mm', bn(b)), descrizione2: 'Risoluzione 0,01 mm, display LCD, custodia rigida', prezzo: money(r, 15, 60) };
    return { titolo: t('Misuratore laser', `${pick(r, [30, 40, 50, 80])} m`, bn(b)), descrizione2: 'Misura di distanze, aree e volumi, classe laser 2', prezzo: money(r, 40, 180) };
  } },
  // Elettroutensili
  { cat: '020101', weight: 16, brands: POWER, make: (r, b) => chance(r, 0.5)
    ? { titolo: t('Trapano a percussione', `${pick(r, [550, 650, 750, 850, 1100])}W`, bn(b), model(r, b, 'drill')), descrizione2: 'Mandrino autoserrante 13 mm, velocità variabile, frizione di sicurezza', prezzo: money(r, 60, 260) }
    : { titolo: t('Trapano tassellatore SDS-Plus', `${pick(r, [650, 800, 900, 1050])}W`, bn(b), model(r, b, 'hammer')), descrizione2: `Energia di impatto ${d(pick(r, [2.2, 2.7, 3.2, 4]))} J, 3 modalità, in valigetta`, prezzo: money(r, 90, 480) } },
  { cat: '020102', weight: 22, brands: POWER, make: (r, b) => {
    const v = volt(r);
    return { titolo: t(chance(r, 0.4) ? 'Trapano avvitatore a percussione' : 'Trapano avvitatore', `${d(v)}V`, bn(b), model(r, b, 'drill')),
      descrizione2: `Motore brushless, coppia massima ${int(r, 30, 135)} Nm, ${batteryKit(r)}`, prezzo: money(r, 70, 420) };
  } },
  { cat: '020103', weight: 10, brands: POWER, make: (r, b) => {
    const v = volt(r);
    return { titolo: t(chance(r, 0.5) ? 'Avvitatore a impulsi' : 'Avvitatore a massa battente 1/2"', `${d(v)}V`, bn(b), model(r, b, 'impact')),
      descrizione2: `Coppia ${int(r, 150, 1000)} Nm, attacco esagonale 1/4", ${batteryKit(r)}`, prezzo: money(r, 90, 450) };
  } },
  { cat: '0202', weight: 16, brands: POWER, make: (r, b) => {
    const diam = pick(r, [115, 125, 125, 150, 230]);
    return { titolo: t('Smerigliatrice angolare', `${diam} mm`, `${diam >= 230 ? pick(r, [2000, 2200, 2400]) : pick(r, [720, 850, 1000, 1400])}W`, bn(b), model(r, b, 'grinder')),
      descrizione2: 'Protezione regolabile senza attrezzi, impugnatura laterale antivibrazioni', prezzo: money(r, 45, 320) };
  } },
  { cat: '0203', weight: 16, brands: [...POWER, '003', '004', '000'], make: (r, b) => {
    const power = POWER.includes(b.codice);
    if (!power) return { titolo: t(pick(r, ['Sega a mano per legno', 'Seghetto per ferro con lama', 'Saracco a costola']), `${pick(r, [300, 400, 450, 500, 550])} mm`, bn(b)), descrizione2: 'Dentatura temprata a induzione, impugnatura bimateriale', prezzo: money(r, 8, 35) };
    return chance(r, 0.5)
      ? { titolo: t('Seghetto alternativo', `${pick(r, [500, 650, 720, 800])}W`, bn(b), model(r, b, 'jigsaw')), descrizione2: 'Movimento pendolare a 4 posizioni, cambio lama rapido', prezzo: money(r, 60, 350) }
      : { titolo: t('Sega circolare', `${pick(r, [165, 190, 210, 235])} mm`, `${pick(r, [1200, 1400, 1600, 2000])}W`, bn(b), model(r, b, 'circular')), descrizione2: 'Profondità di taglio regolabile, inclinazione fino a 45°', prezzo: money(r, 90, 450) };
  } },
  { cat: '0204', weight: 8, brands: POWER, make: (r, b) => ({
    titolo: t(pick(r, ['Levigatrice orbitale', 'Levigatrice roto-orbitale', 'Levigatrice a nastro']), pick(r, ['125 mm', '150 mm', '93x185 mm']), `${pick(r, [200, 300, 400, 750])}W`, bn(b), model(r, b, 'sander')),
    descrizione2: 'Aspirazione polveri integrata, velocità regolabile', prezzo: money(r, 50, 380) }) },
  { cat: '0205', weight: 10, brands: POWER, make: (r, b) => chance(r, 0.7)
    ? { titolo: t('Batteria', `${d(volt(r))}V`, `${d(pick(r, [2, 3, 4, 5, 6, 8]))} Ah`, bn(b), model(r, b, 'battery')), descrizione2: 'Batteria al litio con indicatore di carica', prezzo: money(r, 40, 180) }
    : { titolo: t('Caricabatterie rapido', `${d(volt(r))}V`, bn(b), model(r, b, 'battery')), descrizione2: 'Ricarica rapida con gestione elettronica della temperatura', prezzo: money(r, 30, 110) } },
  { cat: '020601', weight: 26, brands: POWER_ACC, make: (r, b) => {
    const v = int(r, 0, 3);
    const dia = pick(r, [3, 4, 5, 6, 6.5, 8, 10, 12]);
    if (v === 0) return { titolo: t('Punta per metallo HSS', `${d(dia)} mm`, bn(b)), descrizione2: 'Acciaio rapido rettificato, affilatura a 118°', um: 'CF', pzConf: pick(r, [2, 5, 10]), prezzo: money(r, 2, 14) };
    if (v === 1) return { titolo: t('Punta per muro SDS-Plus', `${d(dia)}x${pick(r, [110, 160, 210, 260])} mm`, bn(b)), descrizione2: 'Testa in metallo duro a 4 taglienti', prezzo: money(r, 3, 18) };
    if (v === 2) return { titolo: t('Punta per legno elicoidale', `${d(dia)} mm`, bn(b)), descrizione2: 'Con centratore e taglienti laterali', prezzo: money(r, 2, 12) };
    return { titolo: t('Set punte', `${pick(r, [15, 19, 25, 41])} pz`, 'legno metallo muro', bn(b)), descrizione2: 'In valigetta in plastica con inserti', prezzo: money(r, 15, 75) };
  } },
  { cat: '020602', weight: 20, brands: POWER_ACC, make: (r, b) => {
    const dia = pick(r, [115, 125, 180, 230]);
    const v = int(r, 0, 2);
    if (v === 0) return { titolo: t('Disco da taglio per metallo', `${dia}x${d(pick(r, [1, 1.6, 2.5]))}x22,23 mm`, bn(b)), descrizione2: 'Per acciaio e inox, senza ferro, zolfo e cloro', um: 'CF', pzConf: pick(r, [10, 25]), prezzo: money(r, 8, 45) };
    if (v === 1) return { titolo: t('Disco diamantato', `${dia} mm`, pick(r, ['per edilizia', 'per gres porcellanato', 'turbo']), bn(b)), descrizione2: 'Segmento continuo, taglio a secco', prezzo: money(r, 12, 90) };
    return { titolo: t('Disco lamellare', `${dia} mm`, `grana ${pick(r, [40, 60, 80, 120])}`, bn(b)), descrizione2: 'Lamelle in ossido di zirconio', prezzo: money(r, 3, 12) };
  } },
  { cat: '020603', weight: 12, brands: POWER_ACC, make: (r, b) => chance(r, 0.5)
    ? { titolo: t('Lama per seghetto alternativo', pick(r, ['legno T101D', 'legno T144D', 'metallo T118A', 'laminato T101BR']), bn(b)), descrizione2: 'Attacco a T universale', um: 'CF', pzConf: 5, prezzo: money(r, 4, 16) }
    : { titolo: t('Lama circolare', `${pick(r, [160, 190, 216, 254])} mm`, `${pick(r, [24, 40, 48, 60])} denti`, bn(b)), descrizione2: 'Denti in metallo duro per legno e truciolare', prezzo: money(r, 15, 70) } },
  // Ferramenta
  { cat: '030101', weight: 34, brands: FIX, make: (r) => {
    const dia = pick(r, [3, 3.5, 4, 4.5, 5, 6]);
    const k = pick(r, [100, 200, 500]);
    const inox = chance(r, 0.3);
    return { titolo: t(pick(r, ['Vite truciolare testa svasata', 'Vite per legno testa svasata Torx', 'Vite truciolare testa bombata']), `${d(dia)}x${pick(r, [16, 20, 25, 30, 35, 40, 50, 60, 70, 80])}`, inox ? 'inox A2' : 'zincata', `conf. ${k} pz`),
      descrizione2: 'Filetto parziale, punta autoforante, per legno e truciolare', um: 'CF', pzConf: k, prezzo: money(r, 3, inox ? 35 : 18) };
  } },
  { cat: '030102', weight: 30, brands: FIX, make: (r, b) => {
    const m = pick(r, [4, 5, 6, 8, 8, 10, 12, 14, 16]);
    const k = pick(r, [25, 50, 100, 200]);
    return { titolo: t(pick(r, ['Vite TE', 'Vite TCEI', 'Vite TSPEI', 'Bullone TE']), `M${m}x${pick(r, [10, 16, 20, 25, 30, 40, 50, 60, 80, 100])}`, pick(r, ['zincata classe 8.8', 'inox A2', 'brunita classe 12.9']), `conf. ${k} pz`, bn(b)),
      descrizione2: 'Filettatura metrica ISO passo grosso', um: 'CF', pzConf: k, prezzo: money(r, 3, 40) };
  } },
  { cat: '030103', weight: 20, brands: FIX, make: (r) => {
    const m = pick(r, [4, 5, 6, 8, 10, 12, 14, 16]);
    const k = pick(r, [50, 100, 200, 500]);
    return { titolo: t(pick(r, ['Dado esagonale', 'Dado autobloccante', 'Rondella piana', 'Rondella grower', 'Dado cieco']), `M${m}`, pick(r, ['zincato', 'inox A2']), `conf. ${k} pz`),
      descrizione2: 'Secondo norma UNI EN ISO', um: 'CF', pzConf: k, prezzo: money(r, 2, 20) };
  } },
  { cat: '0302', weight: 28, brands: ['007', '007', '006', '013', '000'], make: (r, b) => {
    const v = int(r, 0, 3);
    const dia = pick(r, [5, 6, 8, 10, 12, 14]);
    const k = pick(r, [25, 50, 100]);
    if (v === 0) return { titolo: t('Tassello nylon', bn(b), `SX ${dia}x${dia * pick(r, [4, 5, 6])}`, `conf. ${k} pz`), descrizione2: 'Tassello ad espansione per calcestruzzo, mattone pieno e forato', um: 'CF', pzConf: k, prezzo: money(r, 3, 20) };
    if (v === 1) return { titolo: t('Tassello per cartongesso', bn(b), pick(r, ['GK', 'DuoTec', 'metallico']), `conf. ${k} pz`), descrizione2: 'Per lastre in cartongesso da 9,5 a 25 mm', um: 'CF', pzConf: k, prezzo: money(r, 5, 28) };
    if (v === 2) return { titolo: t('Ancorante chimico', bn(b), pick(r, ['vinilestere', 'poliestere', 'epossidico']), `${pick(r, [150, 300, 410])} ml`), descrizione2: 'Per carichi pesanti su calcestruzzo e muratura, con miscelatore', prezzo: money(r, 9, 45) };
    return { titolo: t('Tassello in acciaio', `M${pick(r, [6, 8, 10, 12])}x${pick(r, [60, 80, 100, 120])}`, bn(b), `conf. ${pick(r, [10, 20, 50])} pz`), descrizione2: 'Ancorante ad espansione con bullone, zincato', um: 'CF', pzConf: 20, prezzo: money(r, 8, 40) };
  } },
  { cat: '0303', weight: 12, brands: ['006', '000', '000'], make: (r) => {
    const v = int(r, 0, 2);
    if (v === 0) return { titolo: t('Cerniera a libro', `${pick(r, [40, 50, 60, 80, 100])}x${pick(r, [30, 40, 50])} mm`, pick(r, ['ottonata', 'zincata', 'inox'])), descrizione2: 'Con viti di fissaggio', prezzo: money(r, 1, 8) };
    if (v === 1) return { titolo: t('Cerniera per mobili a scomparsa 35 mm', pick(r, ['ammortizzata', 'con chiusura automatica', 'a 165°'])), descrizione2: 'Base a croce con regolazione tridimensionale', prezzo: money(r, 2, 12) };
    return { titolo: t('Cerniera per cancello a saldare', `${pick(r, [14, 16, 20, 25])} mm`), descrizione2: 'Con cuscinetto reggispinta, acciaio grezzo', prezzo: money(r, 2, 15) };
  } },
  { cat: '0304', weight: 12, brands: LOCKS, make: (r, b) => {
    const v = int(r, 0, 2);
    if (v === 0) { const a = pick(r, [30, 35, 40, 45]); return { titolo: t('Cilindro europeo', `${a}/${pick(r, [30, 35, 40, 45, 50])} mm`, bn(b), pick(r, ['con 5 chiavi', 'con 3 chiavi e card', 'antibumping']), ), descrizione2: 'Corpo in ottone nichelato, protezione anti-trapano', prezzo: money(r, 18, 140) }; }
    if (v === 1) return { titolo: t('Serratura da infilare per porte interne', `entrata ${pick(r, [40, 45, 50])} mm`, bn(b)), descrizione2: 'Frontale in acciaio ottonato, scrocco reversibile', prezzo: money(r, 6, 35) };
    return { titolo: t('Serratura elettrica per cancello', bn(b), pick(r, ['entrata 60 mm', 'entrata 70 mm', 'da applicare'])), descrizione2: 'Alimentazione 12 V, scrocco regolabile', prezzo: money(r, 35, 120) };
  } },
  { cat: '0305', weight: 8, brands: LOCKS, make: (r, b) => ({
    titolo: t(pick(r, ['Lucchetto in ottone', 'Lucchetto ad arco lungo', 'Lucchetto a combinazione', 'Lucchetto in acciaio laminato']), `${pick(r, [30, 40, 50, 60, 70])} mm`, bn(b)),
    descrizione2: 'Arco in acciaio cementato, 2 chiavi in dotazione', prezzo: money(r, 5, 45) }) },
  // Idraulica
  { cat: '0401', weight: 22, brands: PLUMB, make: (r) => {
    const inch = pick(r, INCH);
    const v = int(r, 0, 3);
    if (v === 0) return { titolo: t('Raccordo a compressione', `${pick(r, [10, 12, 14, 15, 16, 18, 22])} mm`, 'in ottone'), descrizione2: 'Per tubo rame e multistrato', prezzo: money(r, 2, 12) };
    if (v === 1) return { titolo: t('Manicotto in ottone F-F', `${inch}"`), descrizione2: 'Filettatura gas cilindrica', prezzo: money(r, 1.5, 10) };
    if (v === 2) return { titolo: t('Gomito 90° zincato', `${inch}"`, pick(r, ['M-F', 'F-F'])), descrizione2: 'Ghisa malleabile zincata a caldo', prezzo: money(r, 1, 9) };
    return { titolo: t('Nipplo in ottone', `${inch}"`), descrizione2: 'Ottone CW617N', prezzo: money(r, 1, 7) };
  } },
  { cat: '0402', weight: 14, brands: PLUMB, make: (r) => {
    const v = int(r, 0, 2);
    if (v === 0) return { titolo: t('Rubinetto a sfera', `${pick(r, INCH)}"`, pick(r, ['leva rossa', 'farfalla', 'leva blu'])), descrizione2: 'Passaggio totale, PN 30', prezzo: money(r, 5, 40) };
    if (v === 1) return { titolo: t('Miscelatore monocomando', pick(r, ['lavabo', 'bidet', 'lavello', 'doccia']), 'cromato'), descrizione2: 'Cartuccia ceramica 35 mm, flessibili inclusi', prezzo: money(r, 30, 160) };
    return { titolo: t('Valvola di non ritorno', `${pick(r, INCH)}"`, 'a molla'), descrizione2: 'Otturatore in ottone, guarnizione NBR', prezzo: money(r, 4, 30) };
  } },
  { cat: '0403', weight: 14, brands: PLUMB, make: (r) => {
    const v = int(r, 0, 2);
    if (v === 0) { const m = pick(r, [25, 50, 100]); return { titolo: t('Tubo multistrato', `${pick(r, [16, 20, 26])}x${d(pick(r, [2, 2.25, 3]))} mm`, `rotolo ${m} m`), descrizione2: 'PEX-AL-PEX per acqua sanitaria e riscaldamento', um: 'MT', pzConf: m, prezzo: money(r, 1, 4) }; }
    if (v === 1) return { titolo: t('Guarnizioni in fibra', `${pick(r, INCH)}"`, `conf. ${pick(r, [10, 50, 100])} pz`), descrizione2: 'Per raccordi filettati', um: 'CF', pzConf: 50, prezzo: money(r, 2, 10) };
    return { titolo: t('Nastro in PTFE', `${pick(r, [12, 19])} mm x ${pick(r, [10, 12, 15])} m`), descrizione2: 'Per la sigillatura di filettature', prezzo: money(r, 0.5, 4) };
  } },
  { cat: '0404', weight: 10, brands: ['022', '022', '004', '005', '000'], make: (r, b) => ({
    titolo: t(pick(r, ['Chiave a catena per tubi', 'Tagliatubi per rame', 'Pinza a pappagallo per tubi', 'Piegatubi manuale', 'Chiave stringitubo svedese']), pick(r, ['3-30 mm', '6-35 mm', '1"', '1 1/2"', '2"']), bn(b)),
    descrizione2: 'Utensile professionale per idraulici', prezzo: money(r, 12, 140) }) },
  // Giardinaggio
  { cat: '0501', weight: 12, brands: GARDEN, make: (r, b) => ({
    titolo: t(pick(r, ['Forbice da potatura', 'Troncarami a cricchetto', 'Cesoia per siepi', 'Forbice per erba']), `${pick(r, [200, 210, 230, 600, 750])} mm`, bn(b)),
    descrizione2: 'Lame in acciaio temprato con rivestimento antiaderente', prezzo: money(r, 9, 70) }) },
  { cat: '0502', weight: 14, brands: GARDEN, make: (r, b) => {
    const v = int(r, 0, 2);
    if (v === 0) { const m = pick(r, [15, 20, 25, 50]); return { titolo: t('Tubo da giardino', pick(r, ['1/2"', '5/8"', '3/4"']), `${m} m`, 'antitorsione', bn(b)), descrizione2: 'Magliato a 4 strati, resistente ai raggi UV', prezzo: money(r, 15, 80) }; }
    if (v === 1) return { titolo: t('Lancia a pistola multigetto', bn(b)), descrizione2: 'Getto regolabile a 7 posizioni', prezzo: money(r, 6, 35) };
    return { titolo: t('Raccordo rapido per tubo', pick(r, ['1/2"', '3/4"']), pick(r, ['con stop', 'portagomma']), bn(b)), descrizione2: 'Innesto a scatto universale', prezzo: money(r, 2, 12) };
  } },
  { cat: '0503', weight: 12, brands: GARDEN, make: (r, b) => ({
    titolo: t(pick(r, ['Vanga in acciaio temprato', 'Badile a punta', 'Rastrello', 'Zappa', 'Forca']), pick(r, ['manico in legno 110 cm', 'manico in fibra 120 cm', `${pick(r, [12, 14, 16])} denti`]), bn(b)),
    descrizione2: 'Attrezzo da giardino professionale', prezzo: money(r, 10, 55) }) },
  { cat: '0504', weight: 8, brands: ['002', '017', '018', '021', '016', '001'], make: (r, b) => chance(r, 0.5)
    ? { titolo: t('Tagliasiepi a batteria', `${d(volt(r))}V`, `${pick(r, [45, 50, 55, 60])} cm`, bn(b), model(r, b, 'garden')), descrizione2: 'Lama a doppia azione, taglio fino a 22 mm', prezzo: money(r, 80, 320) }
    : { titolo: t(pick(r, ['Decespugliatore elettrico', 'Tagliabordi']), `${pick(r, [350, 500, 1000, 1200])}W`, bn(b), model(r, b, 'garden')), descrizione2: 'Testina a filo con avanzamento automatico', prezzo: money(r, 45, 260) } },
  // Edilizia
  { cat: '0601', weight: 12, brands: MASON, make: (r, b) => ({
    titolo: t(pick(r, ['Cazzuola a punta tonda', 'Cazzuola a punta quadra', 'Frattazzo in plastica', 'Spatola per stucco inox', 'Frattone dentato']), `${pick(r, [120, 160, 180, 200, 280])} mm`, bn(b)),
    descrizione2: 'Lama in acciaio temprato, manico in legno', prezzo: money(r, 3, 25) }) },
  { cat: '0602', weight: 10, brands: ['003', '001', '000'], make: (r, b) => ({
    titolo: t(pick(r, ['Livella da muratore in alluminio', 'Filo a piombo', 'Tracciatore a polvere 30 m', 'Livella laser a linee incrociate']), pick(r, ['', '60 cm', '100 cm', '200 g']), bn(b)),
    descrizione2: 'Per cantiere e posa', prezzo: money(r, 5, 220) }) },
  { cat: '0603', weight: 8, brands: ['000', '000', '003'], make: (r) => ({
    titolo: t(pick(r, ['Carriola da cantiere', 'Secchio da muratore', 'Mastello in gomma']), `${pick(r, [12, 16, 40, 65, 90, 100])} lt`),
    descrizione2: 'Materiale ad alta resistenza', prezzo: money(r, 3, 120) }) },
  { cat: '0604', weight: 6, brands: ['000', '000'], make: (r) => ({
    titolo: t(pick(r, ['Scala in alluminio', 'Scala doppia in alluminio', 'Scala telescopica']), `${int(r, 3, 12)} gradini`),
    descrizione2: 'Conforme EN 131, portata 150 kg', prezzo: money(r, 40, 260) }) },
  // Elettricità
  { cat: '0701', weight: 12, brands: ELECTRIC, make: (r, b) => {
    const v = int(r, 0, 2);
    if (v === 0) return { titolo: t('Prolunga con avvolgicavo', `${pick(r, [15, 25, 50])} m 3G1,5 mm²`, bn(b)), descrizione2: 'Con protezione termica e 4 prese schuko', prezzo: money(r, 25, 90) };
    if (v === 1) { const m = pick(r, [1, 100]); return { titolo: t('Cavo FG16OR16', `3G${d(pick(r, [1.5, 2.5, 4, 6]))} mm²`, m === 1 ? 'al metro' : 'matassa 100 m'), descrizione2: 'Cavo per energia flessibile, isolamento in gomma HEPR', um: 'MT', pzConf: m, prezzo: money(r, 0.8, 3.5) }; }
    return { titolo: t('Multipresa', `${pick(r, [3, 4, 6, 8])} posti`, 'con interruttore', bn(b)), descrizione2: 'Prese bipasso e schuko, cavo 1,5 m', prezzo: money(r, 6, 30) };
  } },
  { cat: '0702', weight: 10, brands: ['001', '002', '008', '006', '000'], make: (r, b) => ({
    titolo: t(pick(r, ['Torcia LED ricaricabile', 'Faro LED da cantiere', 'Lampada frontale LED', 'Lampada da ispezione LED']), `${pick(r, [150, 300, 500, 1000, 2000])} lm`, bn(b)),
    descrizione2: 'Grado di protezione IP65, batteria al litio', prezzo: money(r, 12, 120) }) },
  { cat: '0703', weight: 12, brands: ['023', '006', '000'], make: (r, b) => {
    const v = int(r, 0, 2);
    if (v === 0) return { titolo: t('Nastro isolante PVC', `${pick(r, [15, 19, 25])} mm x ${pick(r, [10, 20, 25])} m`, pick(r, COLORI), bn(b)), descrizione2: 'Autoestinguente, conforme IMQ', prezzo: money(r, 0.6, 4) };
    if (v === 1) return { titolo: t('Morsetti a leva', `${pick(r, [2, 3, 5])} poli`, `conf. ${pick(r, [10, 50, 100])} pz`, bn(b)), descrizione2: 'Per conduttori rigidi e flessibili fino a 4 mm²', um: 'CF', pzConf: 50, prezzo: money(r, 4, 30) };
    return { titolo: t('Fascette in nylon', `${pick(r, [100, 140, 200, 300])}x${d(pick(r, [2.5, 3.6, 4.8]))} mm`, `conf. 100 pz`, pick(r, ['nere', 'bianche'])), descrizione2: 'Resistenti ai raggi UV', um: 'CF', pzConf: 100, prezzo: money(r, 1.5, 9) };
  } },
  { cat: '0704', weight: 6, brands: ['006', '001', '000'], make: (r, b) => ({
    titolo: t(pick(r, ['Multimetro digitale', 'Cercafase a cacciavite 3x140 mm', 'Pinza amperometrica digitale 600A', 'Rilevatore di tensione senza contatto']), bn(b)),
    descrizione2: 'Categoria di sicurezza CAT III', prezzo: money(r, 3, 95) }) },
  // Sicurezza
  { cat: '0801', weight: 12, brands: SAFETY, make: (r, b) => ({
    titolo: t(pick(r, ['Guanti da lavoro in nitrile', 'Guanti antitaglio livello C', 'Guanti in pelle fiore', 'Guanti da lavoro in poliuretano']), `taglia ${pick(r, TAGLIE)}`, bn(b)),
    descrizione2: 'Conformi EN 388, marcatura CE', um: 'PA', prezzo: money(r, 1.5, 12) }) },
  { cat: '0802', weight: 6, brands: SAFETY, make: (r, b) => ({
    titolo: t(pick(r, ['Occhiali di protezione', 'Occhiali a maschera', 'Visiera di protezione in policarbonato']), pick(r, ['lente trasparente', 'lente fumé', 'antigraffio e antiappannante']), bn(b)),
    descrizione2: 'Conformi EN 166', prezzo: money(r, 3, 30) }) },
  { cat: '0803', weight: 8, brands: ['000', '006'], make: (r, b) => ({
    titolo: t(pick(r, ['Scarpa antinfortunistica S3 bassa', 'Scarpa di sicurezza S1P alta', 'Scarpa antinfortunistica S3 SRC']), `n. ${int(r, 38, 47)}`, bn(b)),
    descrizione2: 'Puntale in composito, lamina antiperforazione', um: 'PA', prezzo: money(r, 35, 110) }) },
  { cat: '0804', weight: 8, brands: SAFETY, make: (r, b) => {
    const v = int(r, 0, 2);
    if (v === 0) return { titolo: t('Mascherina FFP2', pick(r, ['con valvola', 'senza valvola']), `conf. ${pick(r, [10, 20])} pz`, bn(b)), descrizione2: 'Conforme EN 149', um: 'CF', pzConf: 10, prezzo: money(r, 6, 30) };
    if (v === 1) return { titolo: t('Cuffia antirumore', `SNR ${pick(r, [27, 30, 33, 35])} dB`, bn(b)), descrizione2: 'Archetto regolabile, conforme EN 352-1', prezzo: money(r, 10, 45) };
    return { titolo: t('Tappi auricolari monouso', `conf. ${pick(r, [50, 200])} paia`, bn(b)), descrizione2: 'In schiuma poliuretanica', um: 'CF', pzConf: 50, prezzo: money(r, 8, 40) };
  } },
  // Colle e sigillanti
  { cat: '0901', weight: 12, brands: GLUE, make: (r, b) => ({
    titolo: t(pick(r, ['Silicone acetico', 'Silicone neutro', 'Sigillante acrilico verniciabile', 'Silicone sanitario antimuffa']), pick(r, ['trasparente', 'bianco', 'grigio', 'nero']), `${pick(r, [280, 300, 310])} ml`, bn(b)),
    descrizione2: 'In cartuccia per pistola standard', prezzo: money(r, 3, 12) }) },
  { cat: '0902', weight: 10, brands: GLUE, make: (r, b) => ({
    titolo: t(pick(r, ['Colla vinilica per legno', 'Colla istantanea cianoacrilica', 'Adesivo di montaggio', 'Colla epossidica bicomponente']), `${pick(r, [3, 20, 250, 750])} ${pick(r, ['g', 'ml'])}`, bn(b)),
    descrizione2: 'Presa rapida, alta resistenza', prezzo: money(r, 2, 18) }) },
  { cat: '0903', weight: 6, brands: GLUE, make: (r, b) => ({
    titolo: t(pick(r, ['Schiuma poliuretanica pistola', 'Schiuma poliuretanica manuale', 'Pulitore per schiuma']), `${pick(r, [500, 750])} ml`, bn(b)),
    descrizione2: 'Per isolamento e riempimento di fughe', prezzo: money(r, 5, 16) }) },
  { cat: '0904', weight: 8, brands: GLUE, make: (r, b) => ({
    titolo: t(pick(r, ['Nastro americano telato', 'Nastro in carta per mascheratura', 'Nastro biadesivo', 'Nastro da imballo']), `${pick(r, [19, 25, 38, 48, 50])} mm x ${pick(r, [10, 25, 50, 66])} m`, pick(r, ['', 'grigio', 'nero', 'avana']), bn(b)),
    descrizione2: 'Adesivo in gomma naturale', prezzo: money(r, 1.5, 12) }) },
];

/** Phrases that the portal's custom title (titolo_portale) appends to the ERP title. */
export const TITOLO_PLUS = [
  'qualità professionale', 'ideale per il cantiere', 'per uso intensivo', 'novità di stagione',
  'prezzo imbattibile', 'la scelta dei professionisti',
];

/** Extra descriptions per root category (descrizione_aggiuntiva). */
export const DESCR_AGGIUNTIVA: Record<string, string[]> = {
  '01': ['Utensile professionale forgiato in acciaio di alta qualità, garantito a vita contro i difetti di fabbricazione.', 'Impugnatura ergonomica studiata per ridurre l\'affaticamento durante l\'uso prolungato.'],
  '02': ['Elettroutensile professionale con garanzia di 3 anni previa registrazione sul sito del produttore.', 'Compatibile con tutte le batterie della stessa piattaforma del produttore.'],
  '03': ['Prodotto conforme alle norme UNI EN ISO, venduto in confezione richiudibile.', 'Ideale per falegnameria, carpenteria e montaggio serramenti.'],
  '04': ['Per impianti idrosanitari e di riscaldamento, temperatura massima di esercizio 120 °C.', 'Materiali conformi al D.M. 174/2004 per acqua potabile.'],
  '05': ['Per la cura del giardino e dell\'orto, resistente alle intemperie.', 'Ricambi disponibili a magazzino.'],
  '06': ['Attrezzatura da cantiere robusta e affidabile.', 'Per muratori, piastrellisti e imprese edili.'],
  '07': ['Materiale elettrico conforme alle direttive CE e marcato IMQ.', 'Per installazioni civili e industriali.'],
  '08': ['Dispositivo di protezione individuale di II categoria.', 'Disponibile in più taglie; consultare la tabella misure.'],
  '09': ['Applicare su superfici pulite, asciutte e prive di polvere.', 'Conservare in luogo fresco e asciutto, lontano da fonti di calore.'],
};
