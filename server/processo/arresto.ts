import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's stop: whether it has begun (read by /api/ready) and its steps. */
    arresto: Arresto;
  }
}

/**
 * A process's stop after SIGTERM or SIGINT (docs/decisions/ruoli-processi.md). At the signal it
 * stops being ready and its job runners stop taking jobs. For the grace period it keeps serving:
 * a load balancer learns that the process is unready only at its next health check, and the
 * requests it routed here meanwhile (or sent over a kept-alive connection) must still be answered.
 * Every answer then says `Connection: close`, so keep-alive clients (nginx's upstream keepalive)
 * open their next connection to another process. Then the server closes (idle sockets at once,
 * requests in flight once answered), and the app's onClose hooks wait for the job a runner holds.
 */
export class Arresto {
  private fasi?: Promise<void>;

  constructor(private readonly app: FastifyInstance, private readonly fermaLavori: () => Promise<void>) {}

  /** From the signal on: /api/ready answers 503 and every answer closes its connection. */
  get inCorso(): boolean {
    return this.fasi !== undefined;
  }

  /** Begins the stop (once; a second signal gets the same) and resolves when the app has closed. */
  esegui(drenaggioMs: number): Promise<void> {
    this.fasi ??= Promise.all([this.fermaLavori(), this.chiudiDopo(drenaggioMs)]).then(() => {});
    return this.fasi;
  }

  private async chiudiDopo(drenaggioMs: number): Promise<void> {
    await new Promise((r) => setTimeout(r, drenaggioMs));
    await this.app.close();
  }
}

/** The app's stop, reachable as app.arresto; from its start every answer closes its connection. */
export function registraArresto(app: FastifyInstance, fermaLavori: () => Promise<void>): void {
  const arresto = new Arresto(app, fermaLavori);
  app.decorate('arresto', arresto);
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (arresto.inCorso) reply.header('connection', 'close');
    done(null, payload);
  });
}
