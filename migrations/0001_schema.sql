CREATE TABLE "admin_utenti" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"nome" text NOT NULL,
	"cognome" text NOT NULL,
	"tipologia" text DEFAULT 'amministratore' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispositivi" (
	"id" serial PRIMARY KEY NOT NULL,
	"utente_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"platform" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"cookie_enabled" boolean DEFAULT true NOT NULL,
	"screen_resolution" text DEFAULT '' NOT NULL,
	"color_depth" integer,
	"pixel_ratio" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"timezone" text DEFAULT '' NOT NULL,
	"authorized" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impostazioni" (
	"chiave" text PRIMARY KEY NOT NULL,
	"valore" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessioni" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"utente_id" integer,
	"admin_id" integer,
	"dispositivo_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tentativi_login" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utenti" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"nome" text NOT NULL,
	"cognome" text NOT NULL,
	"nominativo" text DEFAULT '' NOT NULL,
	"tipologia_account" text DEFAULT 'cliente' NOT NULL,
	"status_login" smallint DEFAULT 0 NOT NULL,
	"fatturato_metrica" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aziende" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice" text NOT NULL,
	"ragione_sociale" text NOT NULL,
	CONSTRAINT "aziende_codice_unique" UNIQUE("codice")
);
--> statement-breakpoint
CREATE TABLE "budget" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"anno" integer NOT NULL,
	"mese" smallint NOT NULL,
	"budget" numeric(14, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clienti" (
	"id" serial PRIMARY KEY NOT NULL,
	"azienda_codice" text NOT NULL,
	"codice" text NOT NULL,
	"ragione_sociale" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"partita_iva" text DEFAULT '' NOT NULL,
	"lis_maga" smallint DEFAULT 1 NOT NULL,
	"sconto" numeric(5, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sedi" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"descrizione" text NOT NULL,
	"indirizzo" text DEFAULT '' NOT NULL,
	"cap" text DEFAULT '' NOT NULL,
	"citta" text DEFAULT '' NOT NULL,
	"provincia" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utenti_clienti" (
	"utente_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	CONSTRAINT "utenti_clienti_utente_id_cliente_id_pk" PRIMARY KEY("utente_id","cliente_id")
);
--> statement-breakpoint
CREATE TABLE "brand" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_codice" text NOT NULL,
	"nome" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"cover_dir" text DEFAULT '' NOT NULL,
	"cover_file" text DEFAULT '' NOT NULL,
	CONSTRAINT "brand_brand_codice_unique" UNIQUE("brand_codice")
);
--> statement-breakpoint
CREATE TABLE "categorie" (
	"id" serial PRIMARY KEY NOT NULL,
	"cod_cat" text NOT NULL,
	"nome" text NOT NULL,
	"livello" smallint DEFAULT 0 NOT NULL,
	"parent_id" integer,
	"path_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"ordine" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categorie_cod_cat_unique" UNIQUE("cod_cat")
);
--> statement-breakpoint
CREATE TABLE "prezzi_speciali" (
	"cliente_id" integer NOT NULL,
	"prodotto_id" integer NOT NULL,
	"prezzo" numeric(12, 3) NOT NULL,
	CONSTRAINT "prezzi_speciali_cliente_id_prodotto_id_pk" PRIMARY KEY("cliente_id","prodotto_id")
);
--> statement-breakpoint
CREATE TABLE "prodotti" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice_prodotto" text NOT NULL,
	"descrizione1" text NOT NULL,
	"descrizione2" text DEFAULT '' NOT NULL,
	"titolo_portale" text,
	"descrizione_aggiuntiva" text DEFAULT '' NOT NULL,
	"data_creazione" date,
	"famiglia" text DEFAULT '' NOT NULL,
	"famiglia_id" text DEFAULT '' NOT NULL,
	"sottofamiglia" text DEFAULT '' NOT NULL,
	"sottofamiglia_id" text DEFAULT '' NOT NULL,
	"gruppo" text DEFAULT '' NOT NULL,
	"gruppo_id" text DEFAULT '' NOT NULL,
	"sottogruppo" text DEFAULT '' NOT NULL,
	"sottogruppo_id" text DEFAULT '' NOT NULL,
	"categoria_id" integer,
	"um" text DEFAULT 'PZ' NOT NULL,
	"pz_conf" integer DEFAULT 1 NOT NULL,
	"pz_conf2" integer DEFAULT 1 NOT NULL,
	"iva_aliquota" numeric(5, 2) DEFAULT '22' NOT NULL,
	"iva_ridotta" smallint DEFAULT 0 NOT NULL,
	"brand_codice" text DEFAULT '000' NOT NULL,
	"brand_nome" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"giac_attuale" integer DEFAULT 0 NOT NULL,
	"disponibilita" integer DEFAULT 0 NOT NULL,
	"ord_forn" integer DEFAULT 0 NOT NULL,
	"popolarita" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"search_doc" "tsvector" GENERATED ALWAYS AS (
    setweight(to_tsvector('it_search', coalesce(nullif(titolo_portale, ''), descrizione1)), 'A') ||
    setweight(to_tsvector('it_search', brand_nome || ' ' || famiglia || ' ' || sottofamiglia || ' ' || gruppo), 'B') ||
    setweight(to_tsvector('it_search', descrizione2 || ' ' || descrizione_aggiuntiva), 'C')) STORED,
	"title_doc" "tsvector" GENERATED ALWAYS AS (to_tsvector('it_search', coalesce(nullif(titolo_portale, ''), descrizione1))) STORED,
	CONSTRAINT "prodotti_codice_uq" UNIQUE("codice_prodotto")
);
--> statement-breakpoint
CREATE TABLE "prodotti_categorie" (
	"categoria_id" integer NOT NULL,
	"prodotto_id" integer NOT NULL,
	CONSTRAINT "prodotti_categorie_categoria_id_prodotto_id_pk" PRIMARY KEY("categoria_id","prodotto_id")
);
--> statement-breakpoint
CREATE TABLE "prodotti_codici" (
	"id" serial PRIMARY KEY NOT NULL,
	"prodotto_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"codice" text NOT NULL,
	"codice_n" text GENERATED ALWAYS AS (upper(regexp_replace(codice, '[^A-Za-z0-9]', '', 'g'))) STORED
);
--> statement-breakpoint
CREATE TABLE "prodotti_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice_prodotto" text NOT NULL,
	"tipologia" text NOT NULL,
	"nome" text DEFAULT '' NOT NULL,
	"file" text NOT NULL,
	"dir" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prodotti_prezzi" (
	"prodotto_id" integer NOT NULL,
	"listino" smallint NOT NULL,
	"prezzo" numeric(12, 3) NOT NULL,
	CONSTRAINT "prodotti_prezzi_prodotto_id_listino_pk" PRIMARY KEY("prodotto_id","listino")
);
--> statement-breakpoint
CREATE TABLE "volantini" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"cover_dir" text DEFAULT '' NOT NULL,
	"cover_file" text DEFAULT '' NOT NULL,
	"data_inizio" date,
	"data_fine" date,
	"ordine" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volantini_prodotti" (
	"volantino_id" integer NOT NULL,
	"prodotto_id" integer NOT NULL,
	"ordine" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "volantini_prodotti_volantino_id_prodotto_id_pk" PRIMARY KEY("volantino_id","prodotto_id")
);
--> statement-breakpoint
CREATE TABLE "multimedia" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"descrizione" text DEFAULT '' NOT NULL,
	"tipologia" text NOT NULL,
	"cover_dir" text DEFAULT '' NOT NULL,
	"cover_file" text DEFAULT '' NOT NULL,
	"link_folder" text DEFAULT '' NOT NULL,
	"link_file" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"ordine" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordini" (
	"id" serial PRIMARY KEY NOT NULL,
	"utente_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"azienda_codice" text NOT NULL,
	"cliente_codice" text NOT NULL,
	"utente_codice" text NOT NULL,
	"cliente_nome" text DEFAULT '' NOT NULL,
	"azienda_nome" text DEFAULT '' NOT NULL,
	"utente_nome" text DEFAULT '' NOT NULL,
	"nome" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"response_code" text DEFAULT '201' NOT NULL,
	"response_status" text DEFAULT 'Confermato' NOT NULL,
	"totale" numeric(14, 3) DEFAULT '0' NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordini_righe" (
	"id" serial PRIMARY KEY NOT NULL,
	"ordine_id" integer NOT NULL,
	"prodotto_id" integer,
	"codice_prodotto" text NOT NULL,
	"prodotto_nome" text NOT NULL,
	"qt" integer NOT NULL,
	"prezzo" numeric(12, 3) NOT NULL,
	"prezzo_reale" numeric(12, 3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "liste" (
	"id" serial PRIMARY KEY NOT NULL,
	"utente_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"nome" text NOT NULL,
	"descrizione" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "liste_prodotti" (
	"lista_id" integer NOT NULL,
	"prodotto_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liste_prodotti_lista_id_prodotto_id_pk" PRIMARY KEY("lista_id","prodotto_id")
);
--> statement-breakpoint
CREATE TABLE "messaggi_contatto" (
	"id" serial PRIMARY KEY NOT NULL,
	"utente_id" integer,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"messaggio" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dispositivi" ADD CONSTRAINT "dispositivi_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessioni" ADD CONSTRAINT "sessioni_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessioni" ADD CONSTRAINT "sessioni_admin_id_admin_utenti_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admin_utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessioni" ADD CONSTRAINT "sessioni_dispositivo_id_dispositivi_id_fk" FOREIGN KEY ("dispositivo_id") REFERENCES "public"."dispositivi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget" ADD CONSTRAINT "budget_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clienti" ADD CONSTRAINT "clienti_azienda_codice_aziende_codice_fk" FOREIGN KEY ("azienda_codice") REFERENCES "public"."aziende"("codice") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "sedi" ADD CONSTRAINT "sedi_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utenti_clienti" ADD CONSTRAINT "utenti_clienti_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utenti_clienti" ADD CONSTRAINT "utenti_clienti_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prezzi_speciali" ADD CONSTRAINT "prezzi_speciali_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prezzi_speciali" ADD CONSTRAINT "prezzi_speciali_prodotto_id_prodotti_id_fk" FOREIGN KEY ("prodotto_id") REFERENCES "public"."prodotti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prodotti" ADD CONSTRAINT "prodotti_categoria_id_categorie_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorie"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prodotti" ADD CONSTRAINT "prodotti_brand_codice_brand_brand_codice_fk" FOREIGN KEY ("brand_codice") REFERENCES "public"."brand"("brand_codice") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prodotti_categorie" ADD CONSTRAINT "prodotti_categorie_prodotto_id_prodotti_id_fk" FOREIGN KEY ("prodotto_id") REFERENCES "public"."prodotti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prodotti_codici" ADD CONSTRAINT "prodotti_codici_prodotto_id_prodotti_id_fk" FOREIGN KEY ("prodotto_id") REFERENCES "public"."prodotti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prodotti_media" ADD CONSTRAINT "prodotti_media_codice_prodotto_prodotti_codice_prodotto_fk" FOREIGN KEY ("codice_prodotto") REFERENCES "public"."prodotti"("codice_prodotto") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prodotti_prezzi" ADD CONSTRAINT "prodotti_prezzi_prodotto_id_prodotti_id_fk" FOREIGN KEY ("prodotto_id") REFERENCES "public"."prodotti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volantini_prodotti" ADD CONSTRAINT "volantini_prodotti_volantino_id_volantini_id_fk" FOREIGN KEY ("volantino_id") REFERENCES "public"."volantini"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volantini_prodotti" ADD CONSTRAINT "volantini_prodotti_prodotto_id_prodotti_id_fk" FOREIGN KEY ("prodotto_id") REFERENCES "public"."prodotti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordini" ADD CONSTRAINT "ordini_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordini" ADD CONSTRAINT "ordini_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordini_righe" ADD CONSTRAINT "ordini_righe_ordine_id_ordini_id_fk" FOREIGN KEY ("ordine_id") REFERENCES "public"."ordini"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordini_righe" ADD CONSTRAINT "ordini_righe_prodotto_id_prodotti_id_fk" FOREIGN KEY ("prodotto_id") REFERENCES "public"."prodotti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liste" ADD CONSTRAINT "liste_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liste" ADD CONSTRAINT "liste_cliente_id_clienti_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clienti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liste_prodotti" ADD CONSTRAINT "liste_prodotti_lista_id_liste_id_fk" FOREIGN KEY ("lista_id") REFERENCES "public"."liste"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liste_prodotti" ADD CONSTRAINT "liste_prodotti_prodotto_id_prodotti_id_fk" FOREIGN KEY ("prodotto_id") REFERENCES "public"."prodotti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaggi_contatto" ADD CONSTRAINT "messaggi_contatto_utente_id_utenti_id_fk" FOREIGN KEY ("utente_id") REFERENCES "public"."utenti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_utenti_username_uq" ON "admin_utenti" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "dispositivi_utente_fp_uq" ON "dispositivi" USING btree ("utente_id","fingerprint");--> statement-breakpoint
CREATE INDEX "dispositivi_authorized_idx" ON "dispositivi" USING btree ("authorized");--> statement-breakpoint
CREATE INDEX "sessioni_utente_idx" ON "sessioni" USING btree ("utente_id");--> statement-breakpoint
CREATE INDEX "sessioni_admin_idx" ON "sessioni" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "sessioni_dispositivo_idx" ON "sessioni" USING btree ("dispositivo_id");--> statement-breakpoint
CREATE INDEX "sessioni_expires_idx" ON "sessioni" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "tentativi_login_user_ip_idx" ON "tentativi_login" USING btree (lower("username"),"ip","created_at");--> statement-breakpoint
CREATE INDEX "tentativi_login_ip_idx" ON "tentativi_login" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "utenti_username_uq" ON "utenti" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "utenti_codice_uq" ON "utenti" USING btree ("codice");--> statement-breakpoint
CREATE UNIQUE INDEX "budget_cliente_anno_mese_uq" ON "budget" USING btree ("cliente_id","anno","mese");--> statement-breakpoint
CREATE UNIQUE INDEX "clienti_azienda_codice_uq" ON "clienti" USING btree ("azienda_codice","codice");--> statement-breakpoint
CREATE INDEX "clienti_ragione_sociale_trgm" ON "clienti" USING gin (lower("ragione_sociale") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sedi_cliente_idx" ON "sedi" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "utenti_clienti_cliente_idx" ON "utenti_clienti" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "categorie_parent_idx" ON "categorie" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "prezzi_speciali_prodotto_idx" ON "prezzi_speciali" USING btree ("prodotto_id");--> statement-breakpoint
CREATE INDEX "prodotti_brand_idx" ON "prodotti" USING btree ("brand_codice","id");--> statement-breakpoint
CREATE INDEX "prodotti_created_idx" ON "prodotti" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "prodotti_popolarita_idx" ON "prodotti" USING btree ("popolarita" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "prodotti_search_doc_gin" ON "prodotti" USING gin ("search_doc");--> statement-breakpoint
CREATE INDEX "prodotti_title_doc_gin" ON "prodotti" USING gin ("title_doc");--> statement-breakpoint
CREATE INDEX "prodotti_categorie_prodotto_idx" ON "prodotti_categorie" USING btree ("prodotto_id");--> statement-breakpoint
CREATE INDEX "prodotti_codici_n_idx" ON "prodotti_codici" USING btree ("codice_n" text_pattern_ops,"prodotto_id");--> statement-breakpoint
CREATE INDEX "prodotti_codici_prodotto_idx" ON "prodotti_codici" USING btree ("prodotto_id","tipo");--> statement-breakpoint
CREATE INDEX "prodotti_media_codice_idx" ON "prodotti_media" USING btree ("codice_prodotto","tipologia","id");--> statement-breakpoint
CREATE INDEX "volantini_prodotti_ordine_idx" ON "volantini_prodotti" USING btree ("volantino_id","ordine","prodotto_id");--> statement-breakpoint
CREATE INDEX "multimedia_tipologia_idx" ON "multimedia" USING btree ("tipologia","ordine","id");--> statement-breakpoint
CREATE INDEX "ordini_utente_cliente_idx" ON "ordini" USING btree ("utente_id","cliente_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ordini_cliente_created_idx" ON "ordini" USING btree ("cliente_id","created_at");--> statement-breakpoint
CREATE INDEX "ordini_created_idx" ON "ordini" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ordini_idempotency_uq" ON "ordini" USING btree ("utente_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ordini_righe_ordine_idx" ON "ordini_righe" USING btree ("ordine_id");--> statement-breakpoint
CREATE INDEX "ordini_righe_prodotto_idx" ON "ordini_righe" USING btree ("prodotto_id");--> statement-breakpoint
CREATE INDEX "liste_utente_cliente_idx" ON "liste" USING btree ("utente_id","cliente_id","id");