/**
 * The fixed parts of the demo catalogue: category tree and brands. Codes are text with leading
 * zeros, as in the wholesaler's ERP (cod_cat '01' › '0101' › '010101', brand '001').
 */

export interface CategoryDef {
  cod: string;
  nome: string;
  /** 0 = enabled; a couple of categories are disabled so that the admin tree shows both states. */
  status?: number;
  figli?: CategoryDef[];
}

const c = (cod: string, nome: string, figli?: CategoryDef[], status = 0): CategoryDef => ({ cod, nome, figli, status });

export const CATEGORIE: CategoryDef[] = [
  c('01', 'Utensileria manuale', [
    c('0101', 'Cacciaviti', [
      c('010101', 'Cacciaviti a taglio'),
      c('010102', 'Cacciaviti a croce'),
      c('010103', 'Set cacciaviti'),
    ]),
    c('0102', 'Chiavi', [
      c('010201', 'Chiavi combinate'),
      c('010202', 'Chiavi a bussola e cricchetti'),
      c('010203', 'Chiavi a brugola'),
    ]),
    c('0103', 'Pinze e tronchesi'),
    c('0104', 'Martelli e mazzette'),
    c('0105', 'Strumenti di misura'),
  ]),
  c('02', 'Elettroutensili', [
    c('0201', 'Trapani e avvitatori', [
      c('020101', 'Trapani a percussione'),
      c('020102', 'Trapani avvitatori'),
      c('020103', 'Avvitatori a impulsi'),
    ]),
    c('0202', 'Smerigliatrici'),
    c('0203', 'Seghetti e seghe'),
    c('0204', 'Levigatrici'),
    c('0205', 'Batterie e caricabatterie'),
    c('0206', 'Accessori per elettroutensili', [
      c('020601', 'Punte'),
      c('020602', 'Dischi'),
      c('020603', 'Lame'),
    ]),
  ]),
  c('03', 'Ferramenta', [
    c('0301', 'Viteria', [
      c('030101', 'Viti per legno'),
      c('030102', 'Viti metriche'),
      c('030103', 'Dadi e rondelle'),
    ]),
    c('0302', 'Tasselli'),
    c('0303', 'Cerniere'),
    c('0304', 'Serrature e cilindri'),
    c('0305', 'Lucchetti'),
    c('0306', 'Ferramenta per mobili', undefined, 1),
  ]),
  c('04', 'Idraulica', [
    c('0401', 'Raccorderia'),
    c('0402', 'Rubinetteria'),
    c('0403', 'Tubi e guarnizioni'),
    c('0404', 'Utensili per idraulica'),
  ]),
  c('05', 'Giardinaggio', [
    c('0501', 'Forbici e cesoie'),
    c('0502', 'Irrigazione'),
    c('0503', 'Attrezzi da giardino'),
    c('0504', 'Tagliasiepi e decespugliatori'),
  ]),
  c('06', 'Edilizia', [
    c('0601', 'Cazzuole e frattazzi'),
    c('0602', 'Livelle e tracciatura'),
    c('0603', 'Carriole e secchi'),
    c('0604', 'Scale'),
  ]),
  c('07', 'Elettricità', [
    c('0701', 'Cavi e prolunghe'),
    c('0702', 'Lampade e torce'),
    c('0703', 'Nastri isolanti e morsetti'),
    c('0704', 'Tester e cercafase'),
  ]),
  c('08', 'Sicurezza e antinfortunistica', [
    c('0801', 'Guanti da lavoro'),
    c('0802', 'Occhiali e visiere'),
    c('0803', 'Calzature di sicurezza'),
    c('0804', 'Protezione udito e vie respiratorie'),
  ]),
  c('09', 'Colle e sigillanti', [
    c('0901', 'Siliconi'),
    c('0902', 'Colle'),
    c('0903', 'Schiume poliuretaniche'),
    c('0904', 'Nastri adesivi'),
  ]),
  c('10', 'Offerte stagionali', undefined, 1),
];

/** A category with its position in the tree, in insertion order (parents before children). */
export interface FlatCategory {
  cod: string;
  nome: string;
  livello: number;
  parentCod: string | null;
  /** Codes of the ancestors and of the category itself, root first. */
  pathCods: string[];
  status: number;
  ordine: number;
}

export function flattenCategorie(tree: CategoryDef[] = CATEGORIE): FlatCategory[] {
  const out: FlatCategory[] = [];
  const walk = (nodes: CategoryDef[], parent: FlatCategory | null) => {
    nodes.forEach((n, i) => {
      const flat: FlatCategory = {
        cod: n.cod,
        nome: n.nome,
        livello: parent ? parent.livello + 1 : 0,
        parentCod: parent?.cod ?? null,
        pathCods: [...(parent?.pathCods ?? []), n.cod],
        status: n.status ?? 0,
        ordine: i + 1,
      };
      out.push(flat);
      if (n.figli) walk(n.figli, flat);
    });
  };
  walk(tree, null);
  return out;
}

export interface BrandDef {
  codice: string;
  nome: string;
  url: string;
  /** Two-character prefix of the article codes ('BE-1234567'). */
  skuPrefix: string;
  /** Three-letter prefix of the supplier codes ('BOS2608577'). */
  fornPrefix: string;
  /** Logo colours: background and text. */
  colori: [string, string];
}

const b = (codice: string, nome: string, url: string, skuPrefix: string, fornPrefix: string, colori: [string, string]): BrandDef =>
  ({ codice, nome, url, skuPrefix, fornPrefix, colori });

export const BRANDS: BrandDef[] = [
  b('000', 'Senza marchio', '', 'GN', 'FOR', ['#e5e7eb', '#374151']),
  b('001', 'Bosch', 'https://www.bosch-professional.com/it/', 'BO', 'BOS', ['#00529c', '#ffffff']),
  b('002', 'Makita', 'https://www.makita.it', 'MK', 'MAK', ['#00909e', '#ffffff']),
  b('003', 'Stanley', 'https://www.stanleytools.it', 'ST', 'STA', ['#ffcc00', '#111111']),
  b('004', 'Beta', 'https://www.beta-tools.com', 'BE', 'BET', ['#e30613', '#ffffff']),
  b('005', 'Usag', 'https://www.usag.it', 'US', 'USA', ['#ffd200', '#c8102e']),
  b('006', 'Würth', 'https://www.wuerth.it', 'WU', 'WUR', ['#cc0000', '#ffffff']),
  b('007', 'Fischer', 'https://www.fischer.it', 'FI', 'FIS', ['#e2001a', '#ffffff']),
  b('008', 'DeWalt', 'https://www.dewalt.it', 'DW', 'DEW', ['#febd17', '#111111']),
  b('009', 'Metabo', 'https://www.metabo.com/it/', 'ME', 'MET', ['#006e4f', '#ffffff']),
  b('010', 'Knipex', 'https://www.knipex.com/it', 'KN', 'KNI', ['#c8102e', '#ffffff']),
  b('011', 'Wera', 'https://www-it.wera.de', 'WE', 'WER', ['#a5c80f', '#111111']),
  b('012', 'Facom', 'https://www.facom.com', 'FA', 'FAC', ['#d40f14', '#ffffff']),
  b('013', 'Hilti', 'https://www.hilti.it', 'HI', 'HIL', ['#d2051e', '#ffffff']),
  b('014', 'Milwaukee', 'https://it.milwaukeetool.eu', 'MW', 'MIL', ['#db011c', '#ffffff']),
  b('015', 'Festool', 'https://www.festool.it', 'FE', 'FES', ['#1f2a35', '#8fc31f']),
  b('016', 'Black+Decker', 'https://www.blackanddecker.it', 'BD', 'BDE', ['#f26f21', '#111111']),
  b('017', 'Ryobi', 'https://it.ryobitools.eu', 'RY', 'RYO', ['#cddc29', '#111111']),
  b('018', 'Einhell', 'https://www.einhell.it', 'EI', 'EIN', ['#c4122f', '#ffffff']),
  b('019', 'Cisa', 'https://www.cisa.com/it', 'CI', 'CIS', ['#004b87', '#ffffff']),
  b('020', 'Yale', 'https://www.yale.it', 'YA', 'YAL', ['#ffd100', '#111111']),
  b('021', 'Gardena', 'https://www.gardena.com/it/', 'GA', 'GAR', ['#008bd2', '#ffffff']),
  b('022', 'Rothenberger', 'https://www.rothenberger.com/it-it/', 'RO', 'ROT', ['#e2001a', '#ffffff']),
  b('023', '3M', 'https://www.3mitalia.it', '3M', 'TRM', ['#ff0000', '#ffffff']),
  b('024', 'Pattex', 'https://www.pattex.it', 'PA', 'PAT', ['#e1001a', '#ffffff']),
];

export const BRAND_BY_CODE = new Map(BRANDS.map((br) => [br.codice, br]));
