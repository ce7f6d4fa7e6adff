-- The files of SQL functions (server/<domain>/sql/*.sql) applied by server/db/migrate.ts after
-- these numbered migrations, each with the checksum of the text applied.
CREATE TABLE "migrazioni_ripetibili" (
	"nome" text PRIMARY KEY NOT NULL,
	"checksum" text NOT NULL,
	"applicata_il" timestamp with time zone DEFAULT now() NOT NULL
);
