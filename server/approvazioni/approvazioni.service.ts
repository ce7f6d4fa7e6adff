import type { z } from 'zod';
import type { approvazioniApprovaRequest } from '../../shared/approvazioni.js';
import { MSG_APPROVAZIONI } from '../../shared/approvazioni-costanti.js';
import { euro } from '../../shared/contabilita.js';
import { MSG_CONTABILITA } from '../../shared/contabilita-costanti.js';
import type { Superamento } from '../../shared/ordini.js';
import type { ClienteSessione, UtenteSessione } from '../auth/utente-sessione.js';
import type { AppConfig, ErpConfig } from '../config.js';
import { bloccoFido, OltreFido } from '../contabilita/contabilita.service.js';
import { type Db, inTransazione } from '../db/client.js';
import { erpConfigurato } from '../erp/esporta-ordine.js';
import type { Log } from '../erp/disponibilita-live.js';
import { badRequest, forbidden, giaDeciso } from '../lib/errors.js';
import { accodaLavori } from '../ordini/lavori-ordini.js';
import { registraEvento } from '../organizzazione/eventi.js';
import { accodaMail } from '../posta/accoda-mail.js';
import { ordineDaApprovare, ordineRifiutato, ordineScaduto } from '../posta/testi.js';
import { approvatoriDi } from './approvazioni.queries.js';

/** The portal's address in the mails' links (PUBLIC_URL). */
export const urlPortale = (c: Pick<AppConfig, 'publicUrl' | 'port'>): string => c.publicUrl ?? `http://localhost:${c.port}`;

const nomeDi = (u: UtenteSessione) => `${u.nome} ${u.cognome}`.trim() || u.username;

/**
 * After crea_ordine held an order (esito 'in_approvazione'), in its transaction: the client's
 * history records it and each approver gets a mail with the link to /approvazioni, whose job the
 * caller queues after the commit (accodaLavori), as an order's confirmation.
 */
export async function dopoTrattenuto(
  db: Db, utente: UtenteSessione, cliente: ClienteSessione,
  o: { ordineId: number; totale: number; superamento: Superamento[] }, url: string,
): Promise<void> {
  const nome = nomeDi(utente);
  await registraEvento(db, {
    clienteId: cliente.id, autore: { utenteId: utente.id, nome }, azione: 'ordine_in_approvazione',
    soggetto: { utenteId: utente.id, nome }, dettagli: { ordine_id: o.ordineId, totale: o.totale, superamento: o.superamento },
  });
  const [scade] = await db.$client<{ scade_at: string }[]>`SELECT iso_utc(approvazione_scade_at) AS scade_at FROM ordini WHERE id = ${o.ordineId}`;
  for (const a of await approvatoriDi(db, cliente.id, utente.id)) {
    await accodaMail(db, ordineDaApprovare({
      a: a.username, approvatore: a.nome, richiedente: nome, ordineId: o.ordineId, cliente: `${cliente.ragioneSociale} (${cliente.codice})`,
      totale: o.totale, superamento: o.superamento, scadeAt: new Date(scade!.scade_at), link: `${url}/approvazioni`,
    }), { dopoOrdine: o.ordineId });
  }
}

type EsitoApprova = { esito: string; totale: string | null; dettagli: unknown };

/**
 * approvazioni/approva: approva_ordine (server/ordini/sql/) decides the order under its row lock,
 * with the normal checks of an order; for a client set to 'blocca oltre fido' the credit check runs
 * around it in the same transaction, as ordini/create does (docs/regole/contabilita.md#block). The
 * history records it in the same transaction; the order's jobs (the confirmation mail to the
 * requester, the ERP's hand-over) are queued after the commit, once.
 */
export async function approvaOrdine(
  db: Db, erp: ErpConfig | undefined, utente: UtenteSessione, cliente: ClienteSessione,
  input: z.output<typeof approvazioniApprovaRequest>, log: Log,
): Promise<{ ordine_id: number; stato: 'approvato'; msg: string }> {
  const nome = nomeDi(utente);
  const arg = {
    ordine_id: input.ordine_id, cliente_id: cliente.id, approvatore_id: utente.id, approvatore_nome: nome,
    esporta: erpConfigurato(erp), righe: input.righe ?? null,
  };
  let r: EsitoApprova | undefined;
  try {
    r = await inTransazione(db, async (tx) => {
      const controllaFido = await bloccoFido(tx, cliente.id);
      const [e] = await tx.$client<EsitoApprova[]>`SELECT * FROM approva_ordine(${JSON.stringify(arg)}::jsonb)`;
      if (e?.esito !== 'ok') return e;
      if (controllaFido) await controllaFido(Number(e.totale));
      const [o] = await tx.$client<{ utente_id: number | null; utente_nome: string }[]>`
        SELECT utente_id, utente_nome FROM ordini WHERE id = ${input.ordine_id}`;
      await registraEvento(tx, {
        clienteId: cliente.id, autore: { utenteId: utente.id, nome }, azione: 'ordine_approvato',
        ...(o?.utente_id ? { soggetto: { utenteId: o.utente_id, nome: o.utente_nome } } : {}),
        dettagli: { ordine_id: input.ordine_id, totale: Number(e.totale), ...(input.righe ? { righe: input.righe } : {}) },
      });
      return e;
    });
  } catch (err) {
    if (err instanceof OltreFido) throw badRequest(MSG_CONTABILITA.rifiutoOltreFido(euro(err.totale), euro(err.disponibile)));
    throw err;
  }
  switch (r?.esito) {
    case 'ok':
      break;
    case 'altro_cliente':
      throw forbidden(MSG_APPROVAZIONI.sconosciuto);
    case 'proprio':
      throw forbidden(MSG_APPROVAZIONI.proprio);
    case 'deciso':
      throw giaDeciso(MSG_APPROVAZIONI.giaDeciso(String(r.dettagli)));
    case 'nuovi':
      throw badRequest(MSG_APPROVAZIONI.nuovi(r.dettagli as string[]));
    case 'aumentate':
      throw badRequest(MSG_APPROVAZIONI.aumentate(r.dettagli as { codice_prodotto: string; qt: number }[]));
    case 'ritirati':
      throw badRequest(MSG_APPROVAZIONI.ritirati(r.dettagli as string[]));
    case 'confezioni':
      throw badRequest(MSG_APPROVAZIONI.confezioni(r.dettagli as { codice_prodotto: string; multiplo: number; minimo: number }[]));
    case 'insufficienti':
      throw badRequest((r.dettagli as { codice_prodotto: string; disponibilita: number }[])
        .map((d) => `Prodotto ${d.codice_prodotto} non disponibile nella quantità richiesta. Massima disponibilità: ${d.disponibilita}.`)
        .join(' '));
    default:
      throw new Error(`approva_ordine: esito inatteso ${r?.esito}`);
  }
  await accodaLavori(db, input.ordine_id, log);
  return { ordine_id: input.ordine_id, stato: 'approvato', msg: `Ordine #${input.ordine_id} approvato: ora è confermato.` };
}

/** Locks a waiting order of the client for a decision; the refusals of approva_ordine, in TypeScript. */
async function ordineDaDecidere(tx: Db, clienteId: number, ordineId: number, utenteId: number) {
  const [o] = await tx.$client<{ cliente_id: number; utente_id: number | null; utente_nome: string; approvazione: string | null; scaduto: boolean; username: string | null }[]>`
    SELECT o.cliente_id, o.utente_id, o.utente_nome, o.approvazione, o.approvazione_scade_at <= now() AS scaduto, u.username
    FROM ordini o LEFT JOIN utenti u ON u.id = o.utente_id
    WHERE o.id = ${ordineId} FOR NO KEY UPDATE OF o`;
  if (!o || o.cliente_id !== clienteId) throw forbidden(MSG_APPROVAZIONI.sconosciuto);
  if (o.utente_id === utenteId) throw forbidden(MSG_APPROVAZIONI.proprio);
  if (o.approvazione !== 'in_attesa' || o.scaduto) throw giaDeciso(MSG_APPROVAZIONI.giaDeciso(o.approvazione === 'in_attesa' ? 'scaduto' : String(o.approvazione)));
  return o;
}

/**
 * approvazioni/rifiuta: the order stays as it was placed, marked rejected with the reason; the
 * requester gets a mail (with the link to put its lines back in the cart) and the history records it.
 */
export async function rifiutaOrdine(
  db: Db, utente: UtenteSessione, cliente: ClienteSessione, ordineId: number, motivo: string, url: string,
): Promise<{ ordine_id: number; stato: 'rifiutato'; msg: string }> {
  const nome = nomeDi(utente);
  await inTransazione(db, async (tx) => {
    const o = await ordineDaDecidere(tx, cliente.id, ordineId, utente.id);
    await tx.$client`
      UPDATE ordini SET approvazione = 'rifiutato', response_code = '403', response_status = 'Rifiutato',
        approvatore_id = ${utente.id}, approvatore_nome = ${nome}, approvazione_decisa_at = now(), approvazione_motivo = ${motivo}
      WHERE id = ${ordineId}`;
    await registraEvento(tx, {
      clienteId: cliente.id, autore: { utenteId: utente.id, nome }, azione: 'ordine_rifiutato',
      ...(o.utente_id ? { soggetto: { utenteId: o.utente_id, nome: o.utente_nome } } : {}),
      dettagli: { ordine_id: ordineId, motivo },
    });
    if (o.username?.includes('@')) {
      await accodaMail(tx, ordineRifiutato({
        a: o.username, richiedente: o.utente_nome, ordineId, approvatore: nome, motivo, link: `${url}/ordini/dettaglio?id=${ordineId}`,
      }));
    }
  });
  return { ordine_id: ordineId, stato: 'rifiutato', msg: `Ordine #${ordineId} rifiutato: il richiedente riceve una mail con il motivo.` };
}

/**
 * The scheduled task `scadenza_approvazioni`: the waiting orders past their time become 'scaduto',
 * each in a transaction of its own with its history and its mail to the requester. A batch at a
 * time (the oldest first), locked with SKIP LOCKED so that an approval under way is not waited for
 * (it finds the order decided or decides it before the next run). Answers how many expired.
 */
export async function scadenzaApprovazioni(db: Db, url: string, lotto = 200): Promise<number> {
  let n = 0;
  for (;;) {
    const fatti = await inTransazione(db, async (tx) => {
      const scaduti = await tx.$client<{ id: number; cliente_id: number; utente_id: number | null; utente_nome: string; username: string | null }[]>`
        WITH s AS (
          SELECT o.id FROM ordini o
          WHERE o.approvazione = 'in_attesa' AND o.approvazione_scade_at <= now()
          ORDER BY o.approvazione_scade_at LIMIT ${lotto}
          FOR NO KEY UPDATE SKIP LOCKED)
        UPDATE ordini o SET approvazione = 'scaduto', response_code = '408', response_status = 'Approvazione scaduta',
          approvazione_decisa_at = now()
        FROM s WHERE o.id = s.id
        RETURNING o.id, o.cliente_id, o.utente_id, o.utente_nome, (SELECT u.username FROM utenti u WHERE u.id = o.utente_id) AS username`;
      for (const o of scaduti) {
        await registraEvento(tx, {
          clienteId: o.cliente_id, autore: { sistema: true }, azione: 'ordine_scaduto',
          ...(o.utente_id ? { soggetto: { utenteId: o.utente_id, nome: o.utente_nome } } : {}),
          dettagli: { ordine_id: o.id },
        });
        if (o.username?.includes('@')) {
          await accodaMail(tx, ordineScaduto({ a: o.username, richiedente: o.utente_nome, ordineId: o.id, link: `${url}/ordini/dettaglio?id=${o.id}` }));
        }
      }
      return scaduti.length;
    });
    n += fatti;
    if (fatti < lotto) break;
  }
  return n;
}
