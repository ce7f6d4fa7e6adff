import { MSG_TOKEN, tokenApi, type TokenApiItem } from '../../shared/token.js';
import { registraModifica } from '../audit/audit.service.js';
import { nuovoToken } from '../auth/api-token.js';
import { hashToken } from '../auth/sessioni.js';
import { sqlOf } from '../db/client.js';
import { notFound } from '../lib/errors.js';
import { routeGroup } from '../lib/route.js';

export const tokenRoutes = routeGroup(tokenApi, {
  elenco: async ({ deps }) => ({
    token: await sqlOf(deps.db)<TokenApiItem[]>`
      SELECT t.id, t.nome, t.prefisso, a.username AS creato_da,
        iso_utc(t.created_at) AS created_at,
        iso_utc(t.ultimo_uso_at) AS ultimo_uso_at,
        iso_utc(t.revocato_at) AS revocato_at
      FROM api_token t LEFT JOIN admin_utenti a ON a.id = t.creato_da
      ORDER BY t.id DESC LIMIT 500`,
  }),
  crea: async ({ deps, input, admin }) => {
    const token = nuovoToken();
    const id = await deps.db.transaction(async (tx) => {
      const [r] = await sqlOf(tx)<{ id: number }[]>`
        INSERT INTO api_token (nome, prefisso, hash, creato_da)
        VALUES (${input.nome}, ${token.slice(0, 12)}, ${hashToken(token)}, ${admin.id}) RETURNING id`;
      await registraModifica(tx, admin, { azione: 'token.crea', entita: 'api_token', entitaId: r!.id, dettagli: { nome: input.nome } });
      return r!.id;
    });
    return { status: 0, msg: MSG_TOKEN.creato, id, token };
  },
  revoca: async ({ deps, input, admin }) => deps.db.transaction(async (tx) => {
    const [r] = await sqlOf(tx)<{ nome: string }[]>`
      UPDATE api_token SET revocato_at = now() WHERE id = ${input.id} AND revocato_at IS NULL RETURNING nome`;
    if (!r) throw notFound(MSG_TOKEN.sconosciuto);
    await registraModifica(tx, admin, { azione: 'token.revoca', entita: 'api_token', entitaId: input.id, dettagli: { nome: r.nome } });
    return { status: 0, msg: MSG_TOKEN.revocato };
  }),
});
