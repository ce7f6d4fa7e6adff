/**
 * Returns from a delivery note (issue 39, docs/regole/resi.md). The customer asks against the lines
 * of one DDT: the lines are locked while what is still returnable is counted, so that two requests
 * at once never return the same pieces twice. Staff then move the return through its states, each
 * step in one transaction with its audit record and its mail to the customer.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { resiAutorizzaRequest, resiRichiediRequest, resiVerificaRequest } from '../../shared/resi.js';
import {
  ETICHETTE_STATO_RESO, MAX_FOTO_RESO, MSG_RESI, percentualePrevista, type StatoReso,
} from '../../shared/resi-costanti.js';
import { MSG_UPLOAD } from '../../shared/upload.js';
import { registraModifica } from '../audit/audit.service.js';
import type { AdminSessione, ClienteSessione, UtenteSessione } from '../auth/utente-sessione.js';
import { type Db, inTransazione } from '../db/client.js';
import type { ArchivioMedia } from '../lib/archivio/archivio.js';
import { badRequest, forbidden, giaDeciso, notFound } from '../lib/errors.js';
import { FileRisposta } from '../lib/file-risposta.js';
import type { Mail } from '../lib/mailer.js';
import { scriviImmaginePulita } from '../lib/upload/immagine-pulita.js';
import type { FileRicevuto } from '../lib/upload/ricevi-file.js';
import { eImmagine } from '../lib/upload/tipo-file.js';
import { disegnaPdf } from '../pdf/disegno-in-disparte.js';
import { accodaMail } from '../posta/accoda-mail.js';
import { anteprima, leggiPolitica } from './politica.js';
import { chiestiDelDdt, documentoPerReso, righeRendibili, unReso } from './resi.queries.js';

/** The photos of returns: a dot folder of the media store, never served under /media/ (resi/foto serves them to their client). */
export const PREFISSO_RESI = '.resi';

/** Who made a step of a return: the customer's user, the staff member, or the ERP's credit note. */
export type AutorePasso = { tipo: 'cliente'; utente: UtenteSessione } | { tipo: 'staff'; admin: AdminSessione } | { tipo: 'erp' };

const nomeUtente = (u: UtenteSessione) => u.nominativo.trim() || `${u.nome} ${u.cognome}`.trim() || u.username;
const nomeAdmin = (a: AdminSessione) => `${a.nome} ${a.cognome}`.trim() || a.username;

/** One step of a return's history (resi_passi), in the step's own transaction. */
async function registraPasso(tx: Db, p: { resoId: number; da: StatoReso | null; a: StatoReso; autore: AutorePasso; nota?: string | null }): Promise<void> {
  const a = p.autore;
  await tx.$client`
    INSERT INTO resi_passi (reso_id, da, a, autore_tipo, utente_id, admin_id, autore, nota)
    VALUES (${p.resoId}, ${p.da}, ${p.a}, ${a.tipo}, ${a.tipo === 'cliente' ? a.utente.id : null}, ${a.tipo === 'staff' ? a.admin.id : null},
      ${a.tipo === 'cliente' ? nomeUtente(a.utente) : a.tipo === 'staff' ? nomeAdmin(a.admin) : 'ERP'}, ${p.nota ?? null})`;
}

/** A DDT of this client, or 403 (another client's DDT changes and tells nothing). */
async function ddtDelCliente(db: Db, clienteId: number, documentoId: number) {
  const d = await documentoPerReso(db, documentoId);
  if (!d || d.cliente_id !== clienteId) throw forbidden(MSG_RESI.ddtSconosciuto);
  if (d.tipo !== 'DDT') throw badRequest('Il reso si chiede da un DDT.');
  return d;
}

/** resi/rendibili: the DDT's lines with what is still returnable, and the policy that applies today. */
export async function rendibili(db: Db, clienteId: number, documentoId: number) {
  const d = await ddtDelCliente(db, clienteId, documentoId);
  const [righe, politica] = await Promise.all([righeRendibili(db, d.id), leggiPolitica(db)]);
  return { documento: { id: d.id, numero: d.numero, data: d.data }, politica: anteprima(politica, d.giorni), righe };
}

/**
 * The photos of a request judged by their bytes (images only, at most MAX_FOTO_RESO) and written
 * without their metadata to the media store; the keys written, with their names and sizes.
 */
async function salvaFoto(archivio: ArchivioMedia, files: readonly FileRicevuto[]) {
  const foto = files.filter((f) => f.campo === 'foto');
  if (foto.length > MAX_FOTO_RESO) throw badRequest(MSG_RESI.troppeFoto);
  for (const f of foto) if (!f.tipo || !eImmagine(f.tipo)) throw badRequest(MSG_UPLOAD.soloImmagini);
  const salvate: { chiave: string; nome: string; mime: string; bytes: number }[] = [];
  try {
    for (const f of foto) {
      const tipo = f.tipo!;
      if (!eImmagine(tipo)) continue;
      const pulita = `${f.percorso}.pulita.${tipo.ext}`;
      try {
        const bytes = await scriviImmaginePulita(f.percorso, pulita, tipo.ext, f.nome);
        const chiave = `${PREFISSO_RESI}/${crypto.randomUUID()}.${tipo.ext}`;
        await archivio.salvaFile(chiave, pulita);
        salvate.push({ chiave, nome: f.nome || `foto.${tipo.ext}`, mime: tipo.mime, bytes });
      } finally {
        await fs.rm(pulita, { force: true });
      }
    }
    return salvate;
  } catch (err) {
    await archivio.cancella(salvate.map((s) => s.chiave));
    throw err;
  }
}

type Richiesta = z.output<typeof resiRichiediRequest>;

/** resi/richiedi: the return written with its lines, photos and RMA number, or refused with nothing changed. */
export async function richiediReso(
  db: Db, archivio: ArchivioMedia, utente: UtenteSessione, cliente: ClienteSessione, input: Richiesta, files: readonly FileRicevuto[],
): Promise<{ id: number; numero: string }> {
  const foto = await salvaFoto(archivio, files);
  try {
    return await inTransazione(db, async (tx) => {
      const sql = tx.$client;
      const ids = input.righe.map((r) => r.riga_id);
      // Locked in one order (by id): two requests on the same lines wait for each other, never deadlock.
      const righe = await sql<{ id: number; riga: number; codice_prodotto: string; documento_id: number; cliente_id: number; quantita: number }[]>`
        SELECT r.id, r.riga, r.codice_prodotto, r.documento_id, d.cliente_id, r.quantita
        FROM documenti_righe r JOIN documenti d ON d.id = r.documento_id
        WHERE r.id = ANY(${ids}::int[]) ORDER BY r.id FOR UPDATE OF r`;
      const perId = new Map(righe.map((r) => [r.id, r]));
      // Another client's line (or none) tells nothing: 403 before anything else.
      if (input.righe.some((r) => perId.get(r.riga_id)?.cliente_id !== cliente.id)) throw forbidden(MSG_RESI.ddtSconosciuto);
      const documentoId = input.documento_id ?? perId.get(input.righe[0]!.riga_id)!.documento_id;
      const d = await ddtDelCliente(tx, cliente.id, documentoId);
      for (const r of input.righe) {
        const riga = perId.get(r.riga_id)!;
        if (riga.documento_id !== d.id) throw badRequest(MSG_RESI.rigaAltroDdt(riga.codice_prodotto, d.numero));
      }
      // Counted after the lock: a request that committed meanwhile is seen.
      const chiesti = new Map((await sql<{ id: number; n: number }[]>`${chiestiDelDdt(sql, d.id)}`).map((r) => [r.id, r.n]));
      const politica = await leggiPolitica(tx);
      const previste: number[] = [];
      for (const r of input.righe) {
        const riga = perId.get(r.riga_id)!;
        const rendibile = Math.max(0, riga.quantita - (chiesti.get(r.riga_id) ?? 0));
        if (r.quantita > rendibile) throw badRequest(MSG_RESI.quantitaOltre(riga.codice_prodotto, rendibile));
        const p = percentualePrevista(politica, r.motivo, d.giorni);
        if (p === null) throw badRequest(MSG_RESI.eccedenzaScaduta(riga.codice_prodotto, d.giorni));
        previste.push(p);
      }
      const anno = new Date().getUTCFullYear();
      // The company's counter for the year, its row locked until this request commits: numbers never repeat.
      const [{ ultimo }] = await sql<[{ ultimo: number }]>`
        INSERT INTO resi_numeratori (azienda_codice, anno, ultimo) VALUES (${cliente.aziendaCodice}, ${anno}, 1)
        ON CONFLICT (azienda_codice, anno) DO UPDATE SET ultimo = resi_numeratori.ultimo + 1
        RETURNING ultimo`;
      const numero = `RMA-${anno}-${String(ultimo).padStart(5, '0')}`;
      const [{ id }] = await sql<[{ id: number }]>`
        INSERT INTO resi (azienda_codice, anno, numero, cliente_id, documento_id, utente_id, descrizione, giorni_ddt, ddt_reso_richiesto)
        VALUES (${cliente.aziendaCodice}, ${anno}, ${numero}, ${cliente.id}, ${d.id}, ${utente.id}, ${input.descrizione}, ${d.giorni},
          ${politica.ddt_reso_richiesto})
        RETURNING id`;
      await sql`
        INSERT INTO resi_righe (reso_id, documento_riga_id, quantita, motivo, nota, lotto, percentuale_prevista)
        SELECT ${id}, x.riga_id, x.quantita, x.motivo, nullif(x.nota, ''), nullif(x.lotto, ''), x.percentuale
        FROM unnest(${ids}::int[], ${input.righe.map((r) => r.quantita)}::int[], ${input.righe.map((r) => r.motivo)}::text[],
          ${input.righe.map((r) => r.nota ?? '')}::text[], ${input.righe.map((r) => r.lotto ?? '')}::text[], ${previste.map(String)}::text[]::numeric[])
          AS x(riga_id, quantita, motivo, nota, lotto, percentuale)`;
      await registraPasso(tx, { resoId: id, da: null, a: 'richiesto', autore: { tipo: 'cliente', utente } });
      if (foto.length > 0) {
        await sql`
          INSERT INTO resi_foto (reso_id, chiave, nome, mime, bytes)
          SELECT ${id}, * FROM unnest(${foto.map((f) => f.chiave)}::text[], ${foto.map((f) => f.nome)}::text[],
            ${foto.map((f) => f.mime)}::text[], ${foto.map((f) => f.bytes)}::int[])`;
      }
      return { id, numero };
    });
  } catch (err) {
    await archivio.cancella(foto.map((f) => f.chiave));
    throw err;
  }
}

/** A return of this client, or 403 (another client's return tells nothing). */
export async function resoDelCliente(db: Db, clienteId: number, id: number) {
  const r = await unReso(db, id);
  if (!r || r.cliente_id !== clienteId) throw forbidden(MSG_RESI.sconosciuto);
  const { cliente_id: _c, azienda_codice: _a, ...reso } = r;
  return reso;
}

/** resi/pdf: the RMA document, once the return is authorised (whole or in part); it stays afterwards. */
export async function pdfReso(db: Db, cliente: ClienteSessione, id: number): Promise<FileRisposta> {
  const r = await resoDelCliente(db, cliente.id, id);
  if (['richiesto', 'rifiutato', 'annullato'].includes(r.stato)) throw notFound(MSG_RESI.senzaPdf);
  const pdf = await disegnaPdf('reso', { ...r, cliente_ragione_sociale: cliente.ragioneSociale }, 'richiesta');
  return new FileRisposta(`${r.numero}.pdf`, 'application/pdf', pdf, true);
}

/** resi/foto: a photo of a return of this client, as stored (stripped when received). */
export async function fotoDelReso(db: Db, archivio: ArchivioMedia, reply: FastifyReply, clienteId: number, id: number, fotoId: number): Promise<FileRisposta> {
  const [f] = await db.$client<{ chiave: string; nome: string; mime: string; cliente_id: number }[]>`
    SELECT f.chiave, f.nome, f.mime, s.cliente_id FROM resi_foto f JOIN resi s ON s.id = f.reso_id
    WHERE f.id = ${fotoId} AND f.reso_id = ${id}`;
  if (!f || f.cliente_id !== clienteId) throw forbidden(MSG_RESI.sconosciuto);
  const letto = await archivio.leggi(f.chiave);
  if (!letto) throw notFound(MSG_RESI.sconosciuto);
  reply.header('X-Content-Type-Options', 'nosniff').header('Content-Length', letto.info.bytes);
  return new FileRisposta(f.nome, f.mime, letto.corpo, true);
}

/** The mail a step sends to whom asked the return (a login that is no address gets none). */
function mailStato(a: string, numero: string, stato: StatoReso, link: string, dettaglio = ''): Mail {
  return {
    to: a,
    subject: `Reso ${numero}: ${ETICHETTE_STATO_RESO[stato]}`,
    text: [`Il tuo reso ${numero} è ora: ${ETICHETTE_STATO_RESO[stato]}.`, dettaglio, `Dettaglio del reso: ${link}`]
      .filter(Boolean).join('\n\n'),
  };
}

/**
 * One step of a return: the row locked, its state checked against those the step starts from (409
 * otherwise: a second click finds it done), changed, with the step's own writes, its mail and,
 * for staff, the audit record; all in one transaction.
 */
async function passo(
  db: Db, id: number, da: readonly StatoReso[],
  verso: (tx: Db, r: { id: number; numero: string; cliente_id: number }) => Promise<{ stato: StatoReso; dettaglio?: string; nota?: string | null }>,
  opts: { url: string; autore: AutorePasso; azione?: Parameters<typeof registraModifica>[2]['azione']; clienteId?: number },
): Promise<{ id: number; numero: string; stato: StatoReso; msg: string }> {
  return inTransazione(db, async (tx) => {
    const sql = tx.$client;
    const [r] = await sql<{ id: number; numero: string; cliente_id: number; stato: StatoReso; username: string | null }[]>`
      SELECT s.id, s.numero, s.cliente_id, s.stato, u.username FROM resi s LEFT JOIN utenti u ON u.id = s.utente_id
      WHERE s.id = ${id} FOR NO KEY UPDATE OF s`;
    if (!r || (opts.clienteId !== undefined && r.cliente_id !== opts.clienteId)) throw forbidden(MSG_RESI.sconosciuto);
    if (!da.includes(r.stato)) throw giaDeciso(MSG_RESI.statoNonValido(ETICHETTE_STATO_RESO[r.stato]));
    const esito = await verso(tx, r);
    await sql`UPDATE resi SET stato = ${esito.stato}, stato_at = now() WHERE id = ${id}`;
    await registraPasso(tx, { resoId: id, da: r.stato, a: esito.stato, autore: opts.autore, nota: esito.nota });
    if (opts.autore.tipo === 'staff' && opts.azione) {
      await registraModifica(tx, opts.autore.admin, {
        azione: opts.azione, entita: 'reso', entitaId: id, clienteId: r.cliente_id, dettagli: { numero: r.numero, da: r.stato, a: esito.stato },
      });
    }
    if (r.username?.includes('@')) await accodaMail(tx, mailStato(r.username, r.numero, esito.stato, `${opts.url}/resi/dettaglio?id=${id}`, esito.dettaglio));
    return { id, numero: r.numero, stato: esito.stato, msg: `Reso ${r.numero}: ${ETICHETTE_STATO_RESO[esito.stato]}.` };
  });
}

/** resi/annulla: the customer takes back a return nobody has decided yet; its pieces are returnable again. */
export const annullaReso = (db: Db, utente: UtenteSessione, clienteId: number, id: number, url: string) =>
  passo(db, id, ['richiesto'], async () => ({ stato: 'annullato' }), { url, clienteId, autore: { tipo: 'cliente', utente } });

/** resi/spedisci: the customer has sent the goods back (or brings them to the counter). */
export const spedisciReso = (db: Db, utente: UtenteSessione, clienteId: number, id: number, url: string) =>
  passo(db, id, ['autorizzato', 'parzialmente_autorizzato'], async () => ({ stato: 'spedito' }), { url, clienteId, autore: { tipo: 'cliente', utente } });

/**
 * resi/autorizza: every line authorised with the policy's credit (or the staff's), or some refused;
 * all refused is a refusal. The return then goes to the ERP (job esporta_reso, once: its job key).
 */
export async function autorizzaReso(db: Db, admin: AdminSessione, input: z.output<typeof resiAutorizzaRequest>, url: string) {
  return passo(db, input.id, ['richiesto'], async (tx, r) => {
    const sql = tx.$client;
    const righe = await sql<{ id: number; percentuale_prevista: string; codice_prodotto: string }[]>`
      SELECT x.id, x.percentuale_prevista::text, d.codice_prodotto FROM resi_righe x JOIN documenti_righe d ON d.id = x.documento_riga_id
      WHERE x.reso_id = ${r.id} ORDER BY x.id`;
    const scelte = new Map((input.righe ?? []).map((s) => [s.id, s]));
    const estranea = [...scelte.keys()].find((k) => !righe.some((x) => x.id === k));
    if (estranea !== undefined) throw badRequest(`La riga ${estranea} non è di questo reso.`);
    const decise = righe.map((x) => {
      const s = scelte.get(x.id);
      const esito = s?.esito ?? 'autorizzata';
      return { id: x.id, esito, percentuale: esito === 'autorizzata' ? (s?.percentuale ?? Number(x.percentuale_prevista)) : null };
    });
    const autorizzate = decise.filter((x) => x.esito === 'autorizzata').length;
    if (autorizzate < decise.length && !input.motivo) throw badRequest('Indica il motivo delle righe rifiutate.');
    await sql`
      UPDATE resi_righe x SET esito = d.esito, percentuale_autorizzata = d.percentuale
      FROM unnest(${decise.map((d) => d.id)}::int[], ${decise.map((d) => d.esito)}::text[], ${decise.map((d) => (d.percentuale === null ? null : String(d.percentuale)))}::text[]::numeric[])
        AS d(id, esito, percentuale)
      WHERE x.id = d.id`;
    const stato: StatoReso = autorizzate === 0 ? 'rifiutato' : autorizzate < decise.length ? 'parzialmente_autorizzato' : 'autorizzato';
    await sql`UPDATE resi SET motivo_rifiuto = ${input.motivo ?? null} WHERE id = ${r.id}`;
    if (stato !== 'rifiutato') {
      await sql`UPDATE resi SET erp_stato = 'in_attesa' WHERE id = ${r.id}`;
      await sql`SELECT graphile_worker.add_job('esporta_reso', json_build_object('id', ${r.id}::int), max_attempts => 25, job_key => ${`erp-reso:${r.id}`})`;
    }
    return {
      stato,
      nota: input.motivo ?? null,
      dettaglio: stato === 'rifiutato' ? `Motivo: ${input.motivo}` : `Stampa il documento RMA e scrivi il numero ${r.numero} sul tuo DDT di reso.${input.motivo ? `\nRighe non autorizzate: ${input.motivo}` : ''}`,
    };
  }, { url, autore: { tipo: 'staff', admin }, azione: 'reso.autorizza' });
}

/** resi/rifiuta: the whole return refused with its reason; its pieces are returnable again. */
export const rifiutaReso = (db: Db, admin: AdminSessione, id: number, motivo: string, url: string) =>
  passo(db, id, ['richiesto'], async (tx) => {
    await tx.$client`UPDATE resi SET motivo_rifiuto = ${motivo} WHERE id = ${id}`;
    await tx.$client`UPDATE resi_righe SET esito = 'rifiutata' WHERE reso_id = ${id}`;
    return { stato: 'rifiutato', dettaglio: `Motivo: ${motivo}`, nota: motivo };
  }, { url, autore: { tipo: 'staff', admin }, azione: 'reso.rifiuta' });

/** resi/ricevi: the goods are at the warehouse. */
export const riceviReso = (db: Db, admin: AdminSessione, id: number, url: string) =>
  passo(db, id, ['autorizzato', 'parzialmente_autorizzato', 'spedito'], async () => ({ stato: 'ricevuto' }), { url, autore: { tipo: 'staff', admin }, azione: 'reso.ricevi' });

/** resi/verifica: per authorised line, the pieces accepted and the credit granted. */
export async function verificaReso(db: Db, admin: AdminSessione, input: z.output<typeof resiVerificaRequest>, url: string) {
  return passo(db, input.id, ['ricevuto'], async (tx, r) => {
    const sql = tx.$client;
    const righe = await sql<{ id: number; quantita: number; codice_prodotto: string }[]>`
      SELECT x.id, x.quantita, d.codice_prodotto FROM resi_righe x JOIN documenti_righe d ON d.id = x.documento_riga_id
      WHERE x.reso_id = ${r.id} AND x.esito = 'autorizzata' ORDER BY x.id`;
    const perId = new Map(righe.map((x) => [x.id, x]));
    for (const v of input.righe) {
      const x = perId.get(v.id);
      if (!x) throw badRequest(`La riga ${v.id} non è una riga autorizzata di questo reso.`);
      if (v.quantita_accettata > x.quantita) throw badRequest(`Riga ${x.codice_prodotto}: accettati più pezzi dei ${x.quantita} resi.`);
    }
    const mancante = righe.find((x) => !input.righe.some((v) => v.id === x.id));
    if (mancante) throw badRequest(`Manca la verifica della riga ${mancante.codice_prodotto}.`);
    await sql`
      UPDATE resi_righe x SET quantita_accettata = v.q, percentuale_accredito = v.p
      FROM unnest(${input.righe.map((v) => v.id)}::int[], ${input.righe.map((v) => v.quantita_accettata)}::int[],
        ${input.righe.map((v) => String(v.percentuale))}::text[]::numeric[]) AS v(id, q, p)
      WHERE x.id = v.id`;
    const dettaglio = righe.map((x) => {
      const v = input.righe.find((y) => y.id === x.id)!;
      return `${x.codice_prodotto}: accettati ${v.quantita_accettata} di ${x.quantita}, accredito ${v.percentuale} %`;
    }).join('\n');
    return { stato: 'verificato', dettaglio, nota: dettaglio };
  }, { url, autore: { tipo: 'staff', admin }, azione: 'reso.verifica' });
}

/** resi/chiudi: the staff close a verified return (the ERP's credit note closes it by itself, linked). */
export const chiudiReso = (db: Db, admin: AdminSessione, id: number, url: string) =>
  passo(db, id, ['verificato'], async () => ({ stato: 'chiuso' }), { url, autore: { tipo: 'staff', admin }, azione: 'reso.chiudi' });

/** States a credit note may close a return from: authorised onwards, not yet closed. */
export const CHIUDIBILI_DA_NOTA: StatoReso[] = ['autorizzato', 'parzialmente_autorizzato', 'spedito', 'ricevuto', 'verificato'];

/**
 * The ERP's credit note naming RMA numbers (push field `resi`, in its transaction): each return of
 * the note's client closes with the note linked. A number that is not one of the client's returns,
 * or a return refused or cancelled, refuses the push; one already closed by this same note is fine.
 */
export async function chiudiConNota(tx: Db, notaId: number, clienteId: number, numeri: readonly string[], url: string): Promise<void> {
  if (numeri.length === 0) return;
  const resi = await tx.$client<{ numero: string; stato: StatoReso; nota_credito_id: number | null }[]>`
    SELECT s.numero, s.stato, s.nota_credito_id FROM resi s
    WHERE s.cliente_id = ${clienteId} AND s.numero = ANY(${numeri as string[]}::text[]) ORDER BY s.id FOR NO KEY UPDATE OF s`;
  for (const n of numeri) {
    const r = resi.find((x) => x.numero === n);
    if (!r) throw badRequest(MSG_RESI.rmaSconosciuto(n));
    if (!CHIUDIBILI_DA_NOTA.includes(r.stato) && !(r.stato === 'chiuso' && r.nota_credito_id === notaId)) {
      throw badRequest(MSG_RESI.rmaNonChiudibile(n, ETICHETTE_STATO_RESO[r.stato]));
    }
  }
  await chiudiDaNote(tx, [{ notaId, clienteId, numeri }], url);
}

/**
 * Closes the returns credit notes name (already checked: the push above, the import kind
 * documenti row by row), set-based: each return of the note's client not yet closed becomes
 * Chiuso with its note linked, a step of its history by the ERP, and a mail to whom asked it.
 */
export async function chiudiDaNote(
  tx: Db, note: readonly { notaId: number; clienteId: number; numeri: readonly string[] }[], url: string,
): Promise<number> {
  const coppie = note.flatMap((n) => n.numeri.map((numero) => ({ ...n, numero })));
  if (coppie.length === 0) return 0;
  const sql = tx.$client;
  const chiusi = await sql<{ id: number; numero: string; da: StatoReso; username: string | null; nota: string; data: string }[]>`
    WITH x AS (
      SELECT DISTINCT ON (s.id) s.id, s.stato AS da, x.nota FROM resi s
      JOIN unnest(${coppie.map((c) => c.notaId)}::int[], ${coppie.map((c) => c.clienteId)}::int[], ${coppie.map((c) => c.numero)}::text[])
        AS x(nota, cliente, numero) ON s.cliente_id = x.cliente AND s.numero = x.numero
      WHERE s.stato = ANY(${CHIUDIBILI_DA_NOTA}) ORDER BY s.id, x.nota)
    UPDATE resi s SET stato = 'chiuso', stato_at = now(), nota_credito_id = x.nota FROM x WHERE s.id = x.id
    RETURNING s.id, s.numero, x.da,
      (SELECT u.username FROM utenti u WHERE u.id = s.utente_id) AS username,
      (SELECT n.numero FROM documenti n WHERE n.id = x.nota) AS nota,
      (SELECT to_char(n.data, 'DD/MM/YYYY') FROM documenti n WHERE n.id = x.nota) AS data`;
  for (const r of chiusi) {
    await registraPasso(tx, { resoId: r.id, da: r.da, a: 'chiuso', autore: { tipo: 'erp' }, nota: `Nota di credito ${r.nota} del ${r.data}` });
    if (r.username?.includes('@')) {
      await accodaMail(tx, mailStato(r.username, r.numero, 'chiuso', `${url}/resi/dettaglio?id=${r.id}`, `Nota di credito ${r.nota} del ${r.data}.`));
    }
  }
  return chiusi.length;
}
