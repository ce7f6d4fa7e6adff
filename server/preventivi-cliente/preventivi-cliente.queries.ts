import { calcolaPreventivo, type AliquotaPreventivo, type RigaDaCalcolare } from '../../shared/preventivi-cliente-calcolo.js';
import type { PreventivoCliente, PreventivoClienteInElenco } from '../../shared/preventivi-cliente.js';
import type { StatoPreventivoCliente } from '../../shared/preventivi-cliente-costanti.js';
import type { Db } from '../db/client.js';

/** A line as stored, numbers as numbers. */
export interface RigaSalvata extends RigaDaCalcolare {
  prodotto_id: number | null;
  codice_prodotto: string | null;
  descrizione: string;
}

export interface TestataSalvata {
  id: number;
  anno: number;
  numero: number;
  stato: StatoPreventivoCliente;
  versione: number;
  cliente_finale_nome: string;
  cliente_finale_indirizzo: string;
  ricarico_generale: number;
  ricarichi_categoria: Record<string, number>;
  sconto_percentuale: number;
  note: string;
  condizioni: string;
  utente_nome: string;
  created_at: string;
  updated_at: string;
}

/** The input of the computation from a quote's stored fields. */
export const daCalcolare = (t: Pick<TestataSalvata, 'ricarico_generale' | 'ricarichi_categoria' | 'sconto_percentuale'>, righe: readonly RigaDaCalcolare[]) => ({
  righe, ricarico_generale: t.ricarico_generale, ricarichi_categoria: t.ricarichi_categoria, sconto_percentuale: t.sconto_percentuale,
});

/** A quote read whole with its computation (shared/preventivi-cliente-calcolo.ts), as every call and the PDF answer it. */
export function componi(t: TestataSalvata, righe: readonly RigaSalvata[]): PreventivoCliente {
  const c = calcolaPreventivo(daCalcolare(t, righe));
  return {
    ...t,
    ricarichi_categoria: Object.entries(t.ricarichi_categoria).map(([categoria, ricarico]) => ({ categoria, ricarico })),
    righe: righe.map((r, i) => ({
      tipo: r.tipo, codice_prodotto: r.codice_prodotto, descrizione: r.descrizione, categoria: r.categoria, quantita: r.quantita,
      costo: r.costo, ricarico: r.ricarico, aliquota: r.aliquota, beni_significativi: r.beni_significativi,
      ricarico_applicato: c.righe[i]!.ricarico, prezzo: c.righe[i]!.prezzo, importo: c.righe[i]!.importo,
    })),
    calcolo: {
      totale_righe: c.totale_righe, sconto: c.sconto, imponibile: c.imponibile, iva: c.iva, beni_significativi: c.beni_significativi,
      totale_iva: c.totale_iva, totale: c.totale, costo: c.costo, margine: c.margine,
    },
  };
}

type TestataGrezza = Omit<TestataSalvata, 'ricarico_generale' | 'sconto_percentuale' | 'ricarichi_categoria'> & {
  ricarico_generale: string; sconto_percentuale: string; ricarichi_categoria: Record<string, string | number>;
};
const testataDa = (t: TestataGrezza): TestataSalvata => ({
  ...t,
  ricarico_generale: Number(t.ricarico_generale),
  sconto_percentuale: Number(t.sconto_percentuale),
  ricarichi_categoria: Object.fromEntries(Object.entries(t.ricarichi_categoria).map(([k, v]) => [k, Number(v)])),
});

/**
 * A quote of the client, with its lines in their order, or undefined (another client's id reads as
 * none). `blocca`: inside a transaction, the row locked for a change (two changes take turns).
 */
export async function leggiPreventivo(db: Db, clienteId: number, id: number, blocca = false): Promise<{ testata: TestataSalvata; righe: RigaSalvata[] } | undefined> {
  const sql = db.$client;
  const [t] = await sql<TestataGrezza[]>`
    SELECT id, anno, numero, stato, versione, cliente_finale_nome, cliente_finale_indirizzo, ricarico_generale::text,
      ricarichi_categoria, sconto_percentuale::text, note, condizioni, utente_nome,
      iso_utc(created_at) AS created_at, iso_utc(updated_at) AS updated_at
    FROM preventivi_cliente WHERE id = ${id} AND cliente_id = ${clienteId}
    ${blocca ? sql`FOR NO KEY UPDATE` : sql``}`;
  if (!t) return undefined;
  const righe = await sql<(Omit<RigaSalvata, 'quantita' | 'costo' | 'ricarico'> & { quantita: string; costo: string; ricarico: string | null })[]>`
    SELECT tipo, prodotto_id, codice_prodotto, descrizione, categoria, quantita::text, costo::text, ricarico::text, aliquota, beni_significativi
    FROM preventivi_cliente_righe WHERE preventivo_id = ${id} ORDER BY posizione`;
  return {
    testata: testataDa(t),
    righe: righe.map((r) => ({ ...r, quantita: Number(r.quantita), costo: Number(r.costo), ricarico: r.ricarico === null ? null : Number(r.ricarico) })),
  };
}

/**
 * The client's quotes, most recently changed first, one page (preventivi_cliente_elenco_idx: the
 * client's rows in this order, the page stops after its rows; with a state, those rows filtered).
 * The lines are counted for the page's rows only.
 */
export async function elencoPreventivi(
  db: Db, clienteId: number, q: { start: number; limit: number; stato?: StatoPreventivoCliente | undefined },
): Promise<{ preventivi: PreventivoClienteInElenco[]; totale: number }> {
  const sql = db.$client;
  const filtro = q.stato ? sql`AND stato = ${q.stato}` : sql``;
  const [righe, [n]] = await Promise.all([
    sql<PreventivoClienteInElenco[]>`
      SELECT p.id, p.anno, p.numero, p.stato, p.cliente_finale_nome, p.utente_nome, iso_utc(p.updated_at) AS updated_at,
        p.totale::float8 AS totale,
        (SELECT count(*)::int FROM preventivi_cliente_righe r WHERE r.preventivo_id = p.id) AS righe_n
      FROM preventivi_cliente p
      WHERE p.cliente_id = ${clienteId} ${filtro}
      ORDER BY p.updated_at DESC, p.id DESC
      LIMIT ${q.limit} OFFSET ${q.start}`,
    sql<{ n: number }[]>`SELECT count(*)::int AS n FROM preventivi_cliente WHERE cliente_id = ${clienteId} ${filtro}`,
  ]);
  return { preventivi: righe, totale: n!.n };
}

/** A product as a quote's line takes it: description, family, the client's net price now, its VAT rate if one a quote uses. */
export interface ProdottoPerRiga {
  codice: string;
  id: number;
  descrizione: string;
  categoria: string;
  costo: number;
  aliquota: AliquotaPreventivo;
}

