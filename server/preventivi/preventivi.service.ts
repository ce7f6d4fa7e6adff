import type { z } from 'zod';
import { euro } from '../../shared/contabilita.js';
import {
  applicaSconti, ETICHETTA_CLIENTE, GIORNI_VALIDITA_PREDEFINITI, MSG_PREVENTIVI, numeroPreventivo, statoEffettivo, type StatoPreventivo,
} from '../../shared/preventivi-costanti.js';
import type {
  preventiviAccettaRequest, preventiviRichiediRequest, preventiviRispondiRequest,
} from '../../shared/preventivi.js';
import { registraModifica } from '../audit/audit.service.js';
import type { AdminSessione, ClienteSessione, UtenteSessione } from '../auth/utente-sessione.js';
import type { ErpConfig } from '../config.js';
import { type Db, inTransazione } from '../db/client.js';
import type { Log } from '../erp/disponibilita-live.js';
import { badRequest, forbidden, giaDeciso } from '../lib/errors.js';
import { accodaLavori } from '../ordini/lavori-ordini.js';
import { creaOrdine } from '../ordini/ordini.service.js';
import { accodaMail } from '../posta/accoda-mail.js';
import { domandaCliente, offertaPronta, passoCliente } from './mail.js';

/**
 * A quote's state changes (issue 37). Each locks the quote's row first (FOR NO KEY UPDATE), so two
 * clicks, two people or a click and the expiry job take turns, and the second finds the state the
 * first left; the thread, the audit (staff) and the mail to the other side commit with the change.
 */

const nomeUtente = (u: UtenteSessione) => `${u.nome} ${u.cognome}`.trim() || u.username;
const nomeAdmin = (a: AdminSessione) => `${a.nome} ${a.cognome}`.trim() || a.username;

interface Bloccato {
  id: number; cliente_id: number; numero: string; stato: StatoPreventivo; versione: number; scade_at: string | null;
  presa_admin_id: number | null; presa_nome: string | null; ordine_id: number | null;
  accettata_utente_id: number | null; accettata_chiave: string | null;
  utente_username: string | null; utente_nome: string; presa_username: string | null; ragione_sociale: string; cliente_codice: string;
}

/** Locks a quote; `clienteId` given (a customer): another client's quote is 403, changing nothing. */
async function blocca(tx: Db, id: number, clienteId: number | null): Promise<Bloccato & { effettivo: StatoPreventivo }> {
  const [q] = await tx.$client<Bloccato[]>`
    SELECT q.id, q.cliente_id, q.numero, q.stato, q.versione, iso_utc(q.scade_at) AS scade_at, q.presa_admin_id, q.presa_nome,
      q.ordine_id, q.accettata_utente_id, q.accettata_chiave, q.utente_nome, u.username AS utente_username,
      a.username AS presa_username, c.ragione_sociale, c.codice AS cliente_codice
    FROM preventivi q JOIN clienti c ON c.id = q.cliente_id
    LEFT JOIN utenti u ON u.id = q.utente_id LEFT JOIN admin_utenti a ON a.id = q.presa_admin_id
    WHERE q.id = ${id} FOR NO KEY UPDATE OF q`;
  if (!q || (clienteId !== null && q.cliente_id !== clienteId)) throw forbidden(MSG_PREVENTIVI.sconosciuto);
  return { ...q, effettivo: statoEffettivo(q.stato, q.scade_at) };
}

async function messaggio(tx: Db, id: number, m: { autore: 'cliente' | 'staff' | 'sistema'; nome: string; tipo: string; versione: number; testo: string }) {
  await tx.$client`
    INSERT INTO preventivi_messaggi (preventivo_id, autore, autore_nome, tipo, versione, testo)
    VALUES (${id}, ${m.autore}, ${m.nome}, ${m.tipo}, ${m.versione}, ${m.testo})`;
}

const aggiorna = (tx: Db, id: number, stato: StatoPreventivo) =>
  tx.$client`UPDATE preventivi SET stato = ${stato}, updated_at = now() WHERE id = ${id}`;

/** The day a validity ends, as the mails say it (Europe/Rome). */
const giorno = (iso: string) => new Date(iso).toLocaleDateString('it-IT', { timeZone: 'Europe/Rome' });

/** How many days an answer holds when staff give none: the setting 'giorni_validita_preventivo', else 30. */
export async function giorniValidita(db: Db): Promise<number> {
  const [r] = await db.$client<{ valore: string }[]>`SELECT valore FROM impostazioni WHERE chiave = 'giorni_validita_preventivo'`;
  const n = Number(r?.valore);
  return Number.isInteger(n) && n >= 1 ? n : GIORNI_VALIDITA_PREDEFINITI;
}

/** preventivi/validita/imposta: the row 'giorni_validita_preventivo', with its audit record. */
export async function impostaGiorniValidita(db: Db, admin: AdminSessione, giorni: number): Promise<{ giorni_validita: number }> {
  await inTransazione(db, async (tx) => {
    await tx.$client`
      INSERT INTO impostazioni (chiave, valore) VALUES ('giorni_validita_preventivo', ${String(giorni)})
      ON CONFLICT (chiave) DO UPDATE SET valore = EXCLUDED.valore, updated_at = now()`;
    await registraModifica(tx, admin, { azione: 'impostazioni.aggiorna', entita: 'impostazioni', dettagli: { giorni_validita_preventivo: giorni } });
  });
  return { giorni_validita: giorni };
}

/**
 * Who asks: a user of the client, or staff opening it for the client (a phone request), in charge of
 * it at once, with the Idempotency-Key of the click (the same key again answers the same quote) and
 * the user of the client who called, if named (the quote is then theirs as if they had asked it).
 */
export type AutoreRichiesta = { utente: UtenteSessione } | { admin: AdminSessione; chiave?: string | undefined; perConto?: number | undefined };

/**
 * preventivi/richiedi (and preventivi/crea, staff for a client): a number from the company's counter for the year (a row lock per company
 * and year, so two requests never share one), the request as version 0 with each catalogue line's
 * description and the customer's net price of today, the free lines, the message.
 */
export async function richiedi(
  db: Db, autore: AutoreRichiesta, cliente: Pick<ClienteSessione, 'id' | 'aziendaCodice' | 'sconto' | 'lisMaga'>,
  input: Pick<z.output<typeof preventiviRichiediRequest>, 'righe' | 'righe_libere' | 'messaggio'>,
  allegati: (tx: Db, preventivoId: number) => Promise<void> = async () => {},
): Promise<{ id: number; numero: string; msg: string }> {
  const codici = [...new Set(input.righe.map((r) => r.codice_prodotto))];
  return inTransazione(db, async (tx) => {
    const sql = tx.$client;
    const chiave = 'admin' in autore ? autore.chiave : undefined;
    if (chiave !== undefined) {
      // Staff's quotes for one client are opened one at a time: the same key sent twice at once finds the first.
      await sql`SELECT pg_advisory_xact_lock(hashtext('preventivi_crea'), ${cliente.id})`;
      const [gia] = await sql<{ id: number; numero: string }[]>`
        SELECT id, numero FROM preventivi WHERE cliente_id = ${cliente.id} AND creata_chiave = ${chiave}`;
      if (gia) return { ...gia, msg: `Preventivo ${gia.numero} già aperto per il cliente.` };
    }
    // The asker: the session's user, or the user of the client staff name (one of this client's), or nobody.
    let richiedente: { id: number; nome: string } | null = 'utente' in autore ? { id: autore.utente.id, nome: nomeUtente(autore.utente) } : null;
    if ('admin' in autore && autore.perConto !== undefined) {
      const [u] = await sql<{ id: number; nome: string }[]>`
        SELECT u.id, coalesce(nullif(trim(u.nome || ' ' || u.cognome), ''), u.username) AS nome
        FROM utenti u JOIN utenti_clienti uc ON uc.utente_id = u.id AND uc.cliente_id = ${cliente.id}
        WHERE u.id = ${autore.perConto}`;
      if (!u) throw badRequest(MSG_PREVENTIVI.utenteNonDelCliente);
      richiedente = u;
    }
    const prodotti = await sql<{ codice_prodotto: string; descrizione: string; netto: string | null }[]>`
      SELECT p.codice_prodotto, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS descrizione,
        prezzo_netto(lp.prezzo, ps.prezzo, coalesce(sp.fattore, sf.fattore), ${cliente.sconto}::numeric)::text AS netto
      FROM prodotti p
      LEFT JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = ${cliente.lisMaga > 0 ? cliente.lisMaga : 1}
      LEFT JOIN prezzi_speciali ps ON ps.prodotto_id = p.id AND ps.cliente_id = ${cliente.id}
      LEFT JOIN sconti_clienti sp ON sp.cliente_id = ${cliente.id} AND sp.prodotto_id = p.id
      LEFT JOIN sconti_clienti sf ON sf.cliente_id = ${cliente.id} AND sf.famiglia_sconto = p.famiglia_sconto
      WHERE p.codice_prodotto = ANY(${codici}::text[]) AND p.status = 0 AND p.deleted_at IS NULL`;
    const per = new Map(prodotti.map((p) => [p.codice_prodotto, p]));
    const ignoti = codici.filter((c) => !per.has(c));
    if (ignoti.length > 0) throw badRequest(MSG_PREVENTIVI.sconosciuti(ignoti));
    const [n] = await sql<{ anno: number; ultimo: number }[]>`
      INSERT INTO preventivi_numeratori (azienda_codice, anno, ultimo)
      VALUES (${cliente.aziendaCodice}, extract(year FROM now() AT TIME ZONE 'Europe/Rome')::int, 1)
      ON CONFLICT (azienda_codice, anno) DO UPDATE SET ultimo = preventivi_numeratori.ultimo + 1
      RETURNING anno, ultimo`;
    const numero = numeroPreventivo(n!.anno, n!.ultimo);
    const [q] = await sql<{ id: number }[]>`
      INSERT INTO preventivi (cliente_id, azienda_codice, anno, progressivo, numero, utente_id, utente_nome, stato, presa_admin_id, presa_nome, presa_at, creata_chiave)
      VALUES (${cliente.id}, ${cliente.aziendaCodice}, ${n!.anno}, ${n!.ultimo}, ${numero},
        ${richiedente?.id ?? null}, ${richiedente?.nome ?? ''},
        ${'admin' in autore ? 'presa_in_carico' : 'inviata'}, ${'admin' in autore ? autore.admin.id : null},
        ${'admin' in autore ? nomeAdmin(autore.admin) : null}, ${'admin' in autore ? new Date().toISOString() : null}, ${chiave ?? null})
      RETURNING id`;
    const righe = [
      ...input.righe.map((r) => ({
        codice_prodotto: r.codice_prodotto, descrizione: per.get(r.codice_prodotto)!.descrizione, quantita: r.quantita,
        prezzo_obiettivo: r.prezzo_obiettivo ?? null, nota_cliente: r.nota ?? '', prezzo_netto: per.get(r.codice_prodotto)!.netto,
      })),
      ...input.righe_libere.map((r) => ({
        codice_prodotto: null, descrizione: r.descrizione, quantita: r.quantita, prezzo_obiettivo: null, nota_cliente: '', prezzo_netto: null,
      })),
    ].map((r, i) => ({ ...r, posizione: i + 1 }));
    await sql`
      INSERT INTO preventivi_righe (preventivo_id, versione, posizione, codice_prodotto, descrizione, quantita, prezzo_obiettivo, nota_cliente, prezzo_netto)
      SELECT ${q!.id}, 0, x.posizione, x.codice_prodotto, x.descrizione, x.quantita, x.prezzo_obiettivo, x.nota_cliente, x.prezzo_netto
      FROM jsonb_to_recordset(${JSON.stringify(righe)}::jsonb) AS x(posizione int, codice_prodotto text, descrizione text, quantita int,
        prezzo_obiettivo numeric, nota_cliente text, prezzo_netto numeric)`;
    await messaggio(tx, q!.id, 'utente' in autore
      ? { autore: 'cliente', nome: nomeUtente(autore.utente), tipo: 'richiesta', versione: 0, testo: input.messaggio }
      : { autore: 'staff', nome: nomeAdmin(autore.admin), tipo: 'richiesta', versione: 0, testo: input.messaggio });
    await allegati(tx, q!.id);
    if ('admin' in autore) {
      await registraModifica(tx, autore.admin, { azione: 'preventivo.crea', entita: 'preventivo', entitaId: q!.id, clienteId: cliente.id, dettagli: { numero, righe, ...(richiedente ? { per_conto_di: richiedente.nome } : {}) } });
      return { id: q!.id, numero, msg: `Preventivo ${numero} aperto per il cliente: ora si può rispondere con l'offerta.` };
    }
    return { id: q!.id, numero, msg: `Richiesta di preventivo ${numero} inviata: riceverai una mail quando il grossista risponde.` };
  });
}

const esito = (id: number, stato: StatoPreventivo, msg: string) => ({ id, stato, msg });

/** Staff: takes a request in charge; one person at a time (another's is refused, naming them). */
export async function prendi(db: Db, admin: AdminSessione, id: number) {
  return inTransazione(db, async (tx) => {
    const q = await blocca(tx, id, null);
    if (q.presa_admin_id !== null && q.presa_admin_id !== admin.id) throw giaDeciso(MSG_PREVENTIVI.giaPreso(q.presa_nome ?? ''));
    if (!['inviata', 'presa_in_carico', 'revisione', 'info_richiesta', 'offerta'].includes(q.effettivo)) {
      throw giaDeciso(MSG_PREVENTIVI.nonRispondibile(ETICHETTA_CLIENTE[q.effettivo]));
    }
    const stato = q.stato === 'inviata' ? 'presa_in_carico' : q.stato;
    await tx.$client`
      UPDATE preventivi SET presa_admin_id = ${admin.id}, presa_nome = ${nomeAdmin(admin)}, presa_at = now(), stato = ${stato}, updated_at = now()
      WHERE id = ${id}`;
    await registraModifica(tx, admin, { azione: 'preventivo.presa', entita: 'preventivo', entitaId: id, clienteId: q.cliente_id, dettagli: { numero: q.numero } });
    return esito(id, stato, `Preventivo ${q.numero} preso in carico.`);
  });
}

/** Staff may answer or ask while the quote is open: not once accepted, ordered, declined, expired or cancelled. */
function aperto(q: Bloccato & { effettivo: StatoPreventivo }, admin: AdminSessione) {
  if (!['inviata', 'presa_in_carico', 'revisione', 'info_richiesta', 'offerta'].includes(q.effettivo)) {
    throw giaDeciso(MSG_PREVENTIVI.nonRispondibile(ETICHETTA_CLIENTE[q.effettivo]));
  }
  if (q.presa_admin_id !== null && q.presa_admin_id !== admin.id) throw giaDeciso(MSG_PREVENTIVI.giaPreso(q.presa_nome ?? ''));
}

/** A validity as the end of its day in Europe/Rome: a date (AAAA-MM-GG) or a number of days from today. */
async function fineValidita(tx: Db, v: string | number): Promise<{ scade_at: string; passato: boolean }> {
  const [r] = typeof v === 'string'
    ? await tx.$client<{ scade_at: string; passato: boolean }[]>`
        SELECT iso_utc(x) AS scade_at, x <= now() AS passato FROM (SELECT ((${v}::date + 1)::timestamp AT TIME ZONE 'Europe/Rome') AS x) s`
    : await tx.$client<{ scade_at: string; passato: boolean }[]>`
        SELECT iso_utc(x) AS scade_at, x <= now() AS passato
        FROM (SELECT (((now() AT TIME ZONE 'Europe/Rome')::date + ${v}::int + 1)::timestamp AT TIME ZONE 'Europe/Rome') AS x) s`;
  return r!;
}

/**
 * preventivi/rispondi: version n+1 from the lines of version n, each answered: a net unit price, or
 * a discount chain on the customer's net of today, or (a catalogue line given neither) the price of
 * the version before, else the net of today; a substitute article replaces the product (the one
 * asked kept as codice_originale); a free line needs a price or an article. Read-only once written.
 */
export async function rispondi(db: Db, admin: AdminSessione, input: z.output<typeof preventiviRispondiRequest>, url: string) {
  return inTransazione(db, async (tx) => {
    const sql = tx.$client;
    const q = await blocca(tx, input.id, null);
    aperto(q, admin);
    const correnti = await sql<{
      id: number; posizione: number; codice_prodotto: string | null; descrizione: string; quantita: number; prezzo_obiettivo: string | null;
      nota_cliente: string; prezzo: string | null; sconti: string | null; codice_originale: string | null; giorni_consegna: number | null; nota: string;
    }[]>`SELECT id, posizione, codice_prodotto, descrizione, quantita, prezzo_obiettivo::text, nota_cliente, prezzo::text, sconti, codice_originale,
      giorni_consegna, nota FROM preventivi_righe WHERE preventivo_id = ${q.id} AND versione = ${q.versione} ORDER BY posizione`;
    const risposte = new Map(input.righe.map((r) => [r.riga_id, r]));
    for (const r of input.righe) if (!correnti.some((c) => c.id === r.riga_id)) throw badRequest(MSG_PREVENTIVI.rigaSconosciuta(r.riga_id));
    if (risposte.size !== correnti.length) throw badRequest(MSG_PREVENTIVI.righeRisposta);
    const codici = [...new Set(correnti.flatMap((c) => [risposte.get(c.id)!.codice_sostitutivo ?? c.codice_prodotto ?? []].flat()))];
    const prodotti = await sql<{ codice_prodotto: string; descrizione: string; netto: string | null }[]>`
      SELECT p.codice_prodotto, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS descrizione,
        prezzo_netto(lp.prezzo, ps.prezzo, coalesce(sp.fattore, sf.fattore), c.sconto)::text AS netto
      FROM clienti c CROSS JOIN prodotti p
      LEFT JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = CASE WHEN c.lis_maga > 0 THEN c.lis_maga ELSE 1 END
      LEFT JOIN prezzi_speciali ps ON ps.prodotto_id = p.id AND ps.cliente_id = c.id
      LEFT JOIN sconti_clienti sp ON sp.cliente_id = c.id AND sp.prodotto_id = p.id
      LEFT JOIN sconti_clienti sf ON sf.cliente_id = c.id AND sf.famiglia_sconto = p.famiglia_sconto
      WHERE c.id = ${q.cliente_id} AND p.codice_prodotto = ANY(${codici}::text[]) AND p.status = 0 AND p.deleted_at IS NULL`;
    const per = new Map(prodotti.map((p) => [p.codice_prodotto, p]));
    const nuove = correnti.map((c) => {
      const r = risposte.get(c.id)!;
      const codice = r.codice_sostitutivo ?? c.codice_prodotto;
      const p = codice === null ? undefined : per.get(codice);
      if (r.codice_sostitutivo !== undefined && !p) throw badRequest(MSG_PREVENTIVI.sostitutivoSconosciuto(r.codice_sostitutivo));
      const netto = p?.netto === null || p === undefined ? null : Number(p.netto);
      let prezzo: number | null = r.prezzo ?? null;
      if (r.sconti !== undefined) {
        if (netto === null) throw badRequest(MSG_PREVENTIVI.senzaPrezzo(c.descrizione));
        prezzo = applicaSconti(netto, r.sconti);
      }
      // A substitute is priced anew; the same product keeps the price of the version before.
      prezzo ??= (r.codice_sostitutivo === undefined && c.prezzo !== null ? Number(c.prezzo) : netto);
      if (prezzo === null) throw badRequest(MSG_PREVENTIVI.senzaPrezzo(c.descrizione));
      const sostituito = r.codice_sostitutivo !== undefined && r.codice_sostitutivo !== c.codice_prodotto;
      return {
        posizione: c.posizione, codice_prodotto: codice, descrizione: p?.descrizione ?? c.descrizione, quantita: c.quantita,
        prezzo_obiettivo: c.prezzo_obiettivo, nota_cliente: c.nota_cliente, prezzo_netto: netto, prezzo,
        sconti: r.sconti ?? (r.prezzo === undefined && !sostituito ? c.sconti : null),
        codice_originale: sostituito ? (c.codice_originale ?? c.codice_prodotto ?? c.descrizione) : c.codice_originale,
        giorni_consegna: r.giorni_consegna ?? c.giorni_consegna, nota: r.nota ?? c.nota,
      };
    });
    const v = q.versione + 1;
    const validita = await fineValidita(tx, input.validita ?? await giorniValidita(tx));
    if (validita.passato) throw badRequest('La validità deve essere una data futura.');
    await sql`
      INSERT INTO preventivi_righe (preventivo_id, versione, posizione, codice_prodotto, descrizione, quantita, prezzo_obiettivo, nota_cliente,
        prezzo_netto, prezzo, sconti, codice_originale, giorni_consegna, nota)
      SELECT ${q.id}, ${v}, x.posizione, x.codice_prodotto, x.descrizione, x.quantita, x.prezzo_obiettivo, x.nota_cliente, x.prezzo_netto,
        x.prezzo, x.sconti, x.codice_originale, x.giorni_consegna, x.nota
      FROM jsonb_to_recordset(${JSON.stringify(nuove)}::jsonb) AS x(posizione int, codice_prodotto text, descrizione text, quantita int,
        prezzo_obiettivo numeric, nota_cliente text, prezzo_netto numeric, prezzo numeric, sconti text, codice_originale text, giorni_consegna int, nota text)`;
    await sql`INSERT INTO preventivi_versioni (preventivo_id, versione, scade_at, admin_id, admin_nome)
      VALUES (${q.id}, ${v}, ${validita.scade_at}, ${admin.id}, ${nomeAdmin(admin)})`;
    await sql`
      UPDATE preventivi SET versione = ${v}, scade_at = ${validita.scade_at}, stato = 'offerta', updated_at = now(),
        presa_admin_id = coalesce(presa_admin_id, ${admin.id}), presa_nome = coalesce(presa_nome, ${nomeAdmin(admin)}), presa_at = coalesce(presa_at, now()),
        avviso_staff_at = NULL, avviso_cliente_at = NULL
      WHERE id = ${q.id}`;
    await messaggio(tx, q.id, { autore: 'staff', nome: nomeAdmin(admin), tipo: 'risposta', versione: v, testo: input.messaggio });
    const totale = nuove.reduce((s, r) => s + Math.round(r.prezzo * r.quantita * 100), 0) / 100;
    await registraModifica(tx, admin, {
      azione: 'preventivo.risposta', entita: 'preventivo', entitaId: q.id, clienteId: q.cliente_id,
      dettagli: { numero: q.numero, versione: v, scade_at: validita.scade_at, totale, righe: nuove.map((r) => ({ codice: r.codice_prodotto, descrizione: r.descrizione, quantita: r.quantita, prezzo: r.prezzo, sconti: r.sconti })) },
    });
    if (q.utente_username?.includes('@')) {
      await accodaMail(tx, offertaPronta({
        a: q.utente_username, nome: q.utente_nome, numero: q.numero, versione: v, scade: giorno(validita.scade_at), messaggio: input.messaggio,
        link: `${url}/preventivi/dettaglio?id=${q.id}`,
      }));
    }
    return esito(q.id, 'offerta', `Versione ${v} del preventivo ${q.numero} inviata (totale ${euro(totale)}).`);
  });
}

/** Staff: asks the customer for information without an offer. */
export async function domanda(db: Db, admin: AdminSessione, id: number, testo: string, url: string) {
  return inTransazione(db, async (tx) => {
    const q = await blocca(tx, id, null);
    aperto(q, admin);
    await tx.$client`
      UPDATE preventivi SET stato = 'info_richiesta', updated_at = now(),
        presa_admin_id = coalesce(presa_admin_id, ${admin.id}), presa_nome = coalesce(presa_nome, ${nomeAdmin(admin)}), presa_at = coalesce(presa_at, now())
      WHERE id = ${id}`;
    await messaggio(tx, id, { autore: 'staff', nome: nomeAdmin(admin), tipo: 'domanda', versione: q.versione, testo });
    await registraModifica(tx, admin, { azione: 'preventivo.domanda', entita: 'preventivo', entitaId: id, clienteId: q.cliente_id, dettagli: { numero: q.numero, testo } });
    if (q.utente_username?.includes('@')) {
      await accodaMail(tx, domandaCliente({ a: q.utente_username, nome: q.utente_nome, numero: q.numero, messaggio: testo, link: `${url}/preventivi/dettaglio?id=${id}` }));
    }
    return esito(id, 'info_richiesta', `Domanda inviata al cliente per il preventivo ${q.numero}.`);
  });
}

/** Staff: an expired quote opens again, its latest version valid to a new date (the customer can accept it). */
export async function riapri(db: Db, admin: AdminSessione, id: number, validita: string | number | undefined, url: string) {
  return inTransazione(db, async (tx) => {
    const q = await blocca(tx, id, null);
    if (q.effettivo !== 'scaduta' || q.versione === 0) throw giaDeciso(MSG_PREVENTIVI.nonRiapribile);
    const v = await fineValidita(tx, validita ?? await giorniValidita(tx));
    if (v.passato) throw badRequest('La validità deve essere una data futura.');
    await tx.$client`
      UPDATE preventivi SET stato = 'offerta', scade_at = ${v.scade_at}, updated_at = now(), avviso_staff_at = NULL, avviso_cliente_at = NULL
      WHERE id = ${id}`;
    await tx.$client`UPDATE preventivi_versioni SET scade_at = ${v.scade_at} WHERE preventivo_id = ${id} AND versione = ${q.versione}`;
    await messaggio(tx, id, { autore: 'staff', nome: nomeAdmin(admin), tipo: 'riapertura', versione: q.versione, testo: `Valido fino al ${giorno(v.scade_at)}.` });
    await registraModifica(tx, admin, { azione: 'preventivo.riapertura', entita: 'preventivo', entitaId: id, clienteId: q.cliente_id, dettagli: { numero: q.numero, scade_at: v.scade_at } });
    if (q.utente_username?.includes('@')) {
      await accodaMail(tx, offertaPronta({
        a: q.utente_username, nome: q.utente_nome, numero: q.numero, versione: q.versione, scade: giorno(v.scade_at), messaggio: '',
        link: `${url}/preventivi/dettaglio?id=${id}`,
      }));
    }
    return esito(id, 'offerta', `Preventivo ${q.numero} riaperto fino al ${giorno(v.scade_at)}.`);
  });
}

/** Why a version cannot be accepted now, in the customer's words; undefined when it can. */
function rifiutoAccetta(q: Bloccato & { effettivo: StatoPreventivo }, versione: number): string | undefined {
  switch (q.effettivo) {
    case 'offerta':
      return versione === q.versione ? undefined : MSG_PREVENTIVI.superata(versione, q.versione);
    case 'scaduta':
      return MSG_PREVENTIVI.scaduto;
    case 'rifiutata':
      return MSG_PREVENTIVI.rifiutato;
    case 'ordinata':
    case 'accettata':
      return MSG_PREVENTIVI.ordinato(q.ordine_id);
    default:
      return versione < q.versione ? MSG_PREVENTIVI.superata(versione, q.versione) : MSG_PREVENTIVI.nonAccettabile(ETICHETTA_CLIENTE[q.effettivo]);
  }
}

/**
 * preventivi/accetta: under the quote's lock, the version must be the latest valid offer; the lines
 * kept, with quantities not above the quoted ones, become an order through creaOrdine (the ERP's
 * stock, crea_ordine's availability and packs, the credit block, the organisation's limits and
 * approvals) at the quoted prices, in the same transaction as the quote turning 'ordinata' (or
 * 'accettata' when the order is held for approval). A second accept, by anyone, finds it ordered:
 * the same user with the same Idempotency-Key gets the same order back, anyone else a refusal.
 * Free lines priced in the quote cannot be ordered from the catalogue: they go in the order's note.
 */
export async function accetta(
  db: Db, erp: ErpConfig | undefined, utente: UtenteSessione, cliente: ClienteSessione,
  input: z.output<typeof preventiviAccettaRequest>, key: string | undefined, log: Log, url: string,
): Promise<{ ordine_id: number; stato: 'confermato' | 'in_approvazione'; msg: string }> {
  let daAccodare: number | null = null;
  const r = await inTransazione(db, async (tx) => {
    const q = await blocca(tx, input.id, cliente.id);
    if (q.ordine_id !== null && key !== undefined && q.accettata_utente_id === utente.id && q.accettata_chiave === key) {
      return { ordine_id: q.ordine_id, stato: q.stato === 'accettata' ? 'in_approvazione' as const : 'confermato' as const, msg: `Preventivo ${q.numero} già ordinato: ordine #${q.ordine_id}.` };
    }
    const no = rifiutoAccetta(q, input.versione);
    if (no) throw giaDeciso(no);
    const righe = await tx.$client<{ id: number; codice_prodotto: string | null; descrizione: string; quantita: number; prezzo: string; multiplo: number | null; minimo: number | null }[]>`
      SELECT r.id, r.codice_prodotto, r.descrizione, r.quantita, r.prezzo::text, p.multiplo, p.minimo
      FROM preventivi_righe r LEFT JOIN prodotti p ON p.codice_prodotto = r.codice_prodotto
      WHERE r.preventivo_id = ${q.id} AND r.versione = ${q.versione}`;
    const per = new Map(righe.map((x) => [x.id, x]));
    const catalogo: { codice_prodotto: string; quantita: number }[] = [];
    const prezzi: Record<string, number> = {};
    const libere: string[] = [];
    for (const a of input.righe) {
      const x = per.get(a.riga_id);
      if (!x) throw badRequest(MSG_PREVENTIVI.rigaAccetta(a.riga_id));
      if (a.quantita > x.quantita) throw badRequest(MSG_PREVENTIVI.aumentata(x.descrizione, x.quantita));
      if (x.codice_prodotto === null) {
        libere.push(`${x.descrizione} × ${a.quantita} a ${euro(Number(x.prezzo))}`);
        continue;
      }
      // A quantity rounded up to whole packs could pass the quoted one: refused here instead of rounded.
      if (x.multiplo !== null && x.minimo !== null && (a.quantita < x.minimo || a.quantita % x.multiplo !== 0)) {
        throw badRequest(MSG_PREVENTIVI.confezioni(x.codice_prodotto, x.multiplo, x.minimo));
      }
      catalogo.push({ codice_prodotto: x.codice_prodotto, quantita: a.quantita });
      prezzi[x.codice_prodotto] = Number(x.prezzo);
    }
    if (catalogo.length === 0) throw badRequest(MSG_PREVENTIVI.nessunaRiga);
    const note = libere.length > 0 ? `Righe libere del preventivo ${q.numero}: ${libere.join('; ')}.` : '';
    const e = await creaOrdine(tx, erp, utente, cliente, {
      azienda_codice: cliente.aziendaCodice, cliente_codice: cliente.codice, utente_codice: utente.codice,
      nome: `Preventivo ${q.numero}`, note: note.slice(0, 1000), riferimento_cantiere: null, carrelloItems: catalogo,
    }, key === undefined ? undefined : `prev-${q.id}-${key}`.slice(0, 100), log, {
      url, preventivo: { prezzi, accoda: (id) => { daAccodare = id; } },
    });
    if (e.status !== 0 || e.ordine_id === undefined) throw badRequest(e.msg);
    const stato: StatoPreventivo = e.stato === 'in_approvazione' ? 'accettata' : 'ordinata';
    await tx.$client`
      UPDATE preventivi SET stato = ${stato}, ordine_id = ${e.ordine_id}, accettata_utente_id = ${utente.id}, accettata_chiave = ${key ?? null}, updated_at = now()
      WHERE id = ${q.id}`;
    await messaggio(tx, q.id, { autore: 'cliente', nome: nomeUtente(utente), tipo: 'accettazione', versione: q.versione, testo: `Ordine #${e.ordine_id}` });
    if (q.presa_username?.includes('@')) {
      await accodaMail(tx, passoCliente({
        a: q.presa_username, numero: q.numero, cliente: `${q.ragione_sociale} (${q.cliente_codice})`, cosa: `accettato, ordine #${e.ordine_id}`,
        testo: '', link: `${url}/admin/preventivi/dettaglio?id=${q.id}`,
      }), { dopoOrdine: e.ordine_id }); // queued with the order's jobs, after the commit
    }
    return {
      ordine_id: e.ordine_id, stato: e.stato === 'in_approvazione' ? 'in_approvazione' as const : 'confermato' as const,
      msg: e.stato === 'in_approvazione' ? e.msg : `Preventivo ${q.numero} accettato: ordine #${e.ordine_id} inviato ai prezzi del preventivo.`,
    };
  });
  if (daAccodare !== null) await accodaLavori(db, daAccodare, log);
  return r;
}

/** The customer's answer to a question, or a request for a new version: back to staff. */
export async function revisione(db: Db, utente: UtenteSessione, cliente: ClienteSessione, id: number, testo: string, url: string) {
  return inTransazione(db, async (tx) => {
    const q = await blocca(tx, id, cliente.id);
    if (!['offerta', 'info_richiesta', 'inviata', 'presa_in_carico', 'revisione'].includes(q.effettivo)) {
      throw giaDeciso(MSG_PREVENTIVI.nonRevisionabile(ETICHETTA_CLIENTE[q.effettivo]));
    }
    const stato: StatoPreventivo = q.presa_admin_id === null ? 'inviata' : 'revisione';
    await aggiorna(tx, id, stato);
    await messaggio(tx, id, { autore: 'cliente', nome: nomeUtente(utente), tipo: 'revisione', versione: q.versione, testo });
    if (q.presa_username?.includes('@')) {
      await accodaMail(tx, passoCliente({
        a: q.presa_username, numero: q.numero, cliente: `${q.ragione_sociale} (${q.cliente_codice})`, cosa: 'revisione chiesta', testo,
        link: `${url}/admin/preventivi/dettaglio?id=${id}`,
      }));
    }
    return esito(id, stato, `Messaggio inviato: il grossista preparerà una nuova versione del preventivo ${q.numero}.`);
  });
}

/** The customer declines: the quote ends, with the reason. */
export async function rifiuta(db: Db, utente: UtenteSessione, cliente: ClienteSessione, id: number, motivo: string, url: string) {
  return inTransazione(db, async (tx) => {
    const q = await blocca(tx, id, cliente.id);
    if (['accettata', 'ordinata', 'rifiutata', 'scaduta', 'annullata'].includes(q.effettivo)) {
      throw giaDeciso(MSG_PREVENTIVI.nonRifiutabile(ETICHETTA_CLIENTE[q.effettivo]));
    }
    await tx.$client`UPDATE preventivi SET stato = 'rifiutata', motivo_rifiuto = ${motivo}, updated_at = now() WHERE id = ${id}`;
    await messaggio(tx, id, { autore: 'cliente', nome: nomeUtente(utente), tipo: 'rifiuto', versione: q.versione, testo: motivo });
    if (q.presa_username?.includes('@')) {
      await accodaMail(tx, passoCliente({
        a: q.presa_username, numero: q.numero, cliente: `${q.ragione_sociale} (${q.cliente_codice})`, cosa: 'rifiutato', testo: motivo,
        link: `${url}/admin/preventivi/dettaglio?id=${id}`,
      }));
    }
    return esito(id, 'rifiutata', `Preventivo ${q.numero} rifiutato.`);
  });
}
