import type postgres from 'postgres';

/**
 * Demo quotes (issue 37): three of Mario's, so that the screens show every state a customer meets
 * from the first start: one answered and waiting for him, one expired, one ordered (with its
 * order at the quoted prices). Answered by Laura Conti (the admin 'admin'), numbered from 1 in the
 * current year. Prices are his client's net prices of today (prezzo_netto, as every answer
 * computes them) less a discount chain, so the saving shows.
 */
const DAY_MS = 86_400_000;

const PREVENTIVI = [
  { progressivo: 1, stato: 'scaduta', creato: 40, scade: -5, sconti: '10+5', messaggio: 'Prezzi per la scorta di fine anno.' },
  { progressivo: 2, stato: 'ordinata', creato: 20, scade: 10, sconti: '12', messaggio: 'Ci serve entro fine mese.' },
  { progressivo: 3, stato: 'offerta', creato: 3, scade: 27, sconti: '15+5', messaggio: 'Per il cantiere di via Roma: potete fare meglio del netto?' },
] as const;

export async function seedPreventivi(tx: postgres.TransactionSql, now: Date): Promise<void> {
  const [ctx] = await tx<{ anno: number; admin_id: number; admin_nome: string }[]>`
    SELECT extract(year FROM ${now.toISOString()}::timestamptz AT TIME ZONE 'Europe/Rome')::int AS anno, a.id AS admin_id,
      trim(a.nome || ' ' || a.cognome) AS admin_nome
    FROM admin_utenti a WHERE a.username = 'admin'`;
  const { anno, admin_id, admin_nome } = ctx!;
  for (const [k, q] of PREVENTIVI.entries()) {
    const creato = new Date(now.getTime() - q.creato * DAY_MS);
    const scade = new Date(now.getTime() + q.scade * DAY_MS);
    const numero = `P${anno}/${String(q.progressivo).padStart(6, '0')}`;
    const [p] = await tx<{ id: number }[]>`
      INSERT INTO preventivi (cliente_id, azienda_codice, anno, progressivo, numero, utente_id, utente_nome, stato, versione, scade_at,
        presa_admin_id, presa_nome, presa_at, created_at, updated_at)
      VALUES (1, '0001', ${anno}, ${q.progressivo}, ${numero}, 1, 'Mario Rossi', ${q.stato}, 1, ${scade.toISOString()}::timestamptz,
        ${admin_id}, ${admin_nome}, ${creato.toISOString()}::timestamptz, ${creato.toISOString()}::timestamptz, ${creato.toISOString()}::timestamptz)
      RETURNING id`;
    // Three priced products of Mario's client, different for each quote, in single pieces.
    await tx`
      WITH scelti AS (
        SELECT p.id, p.codice_prodotto, coalesce(nullif(p.titolo_portale, ''), p.descrizione1) AS descrizione,
          prezzo_netto(lp.prezzo, ps.prezzo, coalesce(sp.fattore, sf.fattore), c.sconto) AS netto,
          row_number() OVER (ORDER BY p.id) AS posizione
        FROM clienti c JOIN prodotti p ON p.status = 0 AND p.deleted_at IS NULL AND p.multiplo = 1 AND p.minimo = 1
        JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = 1
        LEFT JOIN prezzi_speciali ps ON ps.prodotto_id = p.id AND ps.cliente_id = c.id
        LEFT JOIN sconti_clienti sp ON sp.cliente_id = c.id AND sp.prodotto_id = p.id
        LEFT JOIN sconti_clienti sf ON sf.cliente_id = c.id AND sf.famiglia_sconto = p.famiglia_sconto
        WHERE c.id = 1 AND lp.prezzo BETWEEN 5 AND 120 AND p.id % 97 = ${k + 1}
        ORDER BY p.id LIMIT 3),
      v AS (SELECT generate_series(0, 1) AS versione)
      INSERT INTO preventivi_righe (preventivo_id, versione, posizione, codice_prodotto, descrizione, quantita, prezzo_netto, prezzo, sconti, giorni_consegna)
      SELECT ${p!.id}, v.versione, s.posizione, s.codice_prodotto, s.descrizione, 10 * s.posizione, s.netto,
        CASE WHEN v.versione = 1 THEN round(s.netto * (SELECT exp(sum(ln(1 - x::numeric / 100))) FROM unnest(string_to_array(${q.sconti}, '+')) x), 3) END,
        CASE WHEN v.versione = 1 THEN ${q.sconti} END, CASE WHEN v.versione = 1 THEN 3 END
      FROM scelti s CROSS JOIN v`;
    await tx`INSERT INTO preventivi_versioni (preventivo_id, versione, scade_at, admin_id, admin_nome, created_at)
      VALUES (${p!.id}, 1, ${scade.toISOString()}::timestamptz, ${admin_id}, ${admin_nome}, ${new Date(creato.getTime() + DAY_MS).toISOString()}::timestamptz)`;
    await tx`INSERT INTO preventivi_messaggi (preventivo_id, autore, autore_nome, tipo, versione, testo, created_at) VALUES
      (${p!.id}, 'cliente', 'Mario Rossi', 'richiesta', 0, ${q.messaggio}, ${creato.toISOString()}::timestamptz),
      (${p!.id}, 'staff', ${admin_nome}, 'risposta', 1, 'Ecco la nostra offerta.', ${new Date(creato.getTime() + DAY_MS).toISOString()}::timestamptz)`;
    if (q.stato === 'ordinata') await ordina(tx, p!.id, numero, new Date(creato.getTime() + 2 * DAY_MS));
  }
  await tx`INSERT INTO preventivi_numeratori (azienda_codice, anno, ultimo) VALUES ('0001', ${anno}, ${PREVENTIVI.length})`;
}

/** The ordered quote's order, as preventivi/accetta makes one: its lines at the quoted prices, confirmed. */
async function ordina(tx: postgres.TransactionSql, preventivoId: number, numero: string, quando: Date): Promise<void> {
  const [o] = await tx<{ id: number }[]>`
    INSERT INTO ordini (utente_id, cliente_id, azienda_codice, cliente_codice, utente_codice, cliente_nome, azienda_nome, utente_nome,
      nome, note, response_code, response_status, totale, created_at, erp_stato)
    SELECT 1, 1, c.azienda_codice, c.codice, u.codice, c.ragione_sociale, a.ragione_sociale, 'Mario Rossi', ${`Preventivo ${numero}`}, '',
      '201', 'Confermato', (SELECT sum(r.prezzo * r.quantita) FROM preventivi_righe r WHERE r.preventivo_id = ${preventivoId} AND r.versione = 1),
      ${quando.toISOString()}::timestamptz, 'precedente'
    FROM clienti c JOIN aziende a ON a.codice = c.azienda_codice, utenti u WHERE c.id = 1 AND u.id = 1
    RETURNING id`;
  await tx`
    INSERT INTO ordini_righe (ordine_id, prodotto_id, codice_prodotto, prodotto_nome, qt, qt_in_arrivo, prezzo, prezzo_reale, sconti)
    SELECT ${o!.id}, p.id, r.codice_prodotto, r.descrizione, r.quantita, 0, lp.prezzo, r.prezzo, ''
    FROM preventivi_righe r JOIN prodotti p ON p.codice_prodotto = r.codice_prodotto
    JOIN prodotti_prezzi lp ON lp.prodotto_id = p.id AND lp.listino = 1
    WHERE r.preventivo_id = ${preventivoId} AND r.versione = 1`;
  await tx`UPDATE preventivi SET ordine_id = ${o!.id}, accettata_utente_id = 1 WHERE id = ${preventivoId}`;
  await tx`INSERT INTO preventivi_messaggi (preventivo_id, autore, autore_nome, tipo, versione, testo, created_at)
    VALUES (${preventivoId}, 'cliente', 'Mario Rossi', 'accettazione', 1, ${`Ordine #${o!.id}`}, ${quando.toISOString()}::timestamptz)`;
}
