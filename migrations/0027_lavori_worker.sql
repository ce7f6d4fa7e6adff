CREATE TABLE "lavori_worker" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"visto_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The sweep of the locks of dead workers (server/lavori/sql/sblocca_lavori_orfani.sql) runs in
-- every process every few seconds: it reads only the locked jobs, however many wait.
CREATE INDEX "lavori_bloccati_idx" ON graphile_worker._private_jobs (locked_at) WHERE locked_at IS NOT NULL;
