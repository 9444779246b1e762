CREATE TABLE "etape" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"process_modele_id" integer NOT NULL,
	"nom" text NOT NULL,
	"ordre" integer NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etape_autorisation" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"etape_id" integer NOT NULL,
	"type" text NOT NULL,
	"utilisateur_id" integer,
	"profil_modele_id" integer,
	"service_modele_id" integer,
	"test" jsonb
);
--> statement-breakpoint
CREATE TABLE "metrique" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"process_modele_id" integer NOT NULL,
	"etape_id" integer NOT NULL,
	"parent_id" integer,
	"nom" text NOT NULL,
	"data_type" text NOT NULL,
	"idx" integer NOT NULL,
	"idx_large_format" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"property_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"references" jsonb
);
--> statement-breakpoint
ALTER TABLE "process_modele" ADD COLUMN "package" text;--> statement-breakpoint
ALTER TABLE "process_modele" ADD COLUMN "config" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "process_modele" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "process_modele" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "process_modele" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "etape" ADD CONSTRAINT "etape_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etape" ADD CONSTRAINT "etape_process_modele_id_process_modele_id_fk" FOREIGN KEY ("process_modele_id") REFERENCES "public"."process_modele"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etape_autorisation" ADD CONSTRAINT "etape_autorisation_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etape_autorisation" ADD CONSTRAINT "etape_autorisation_etape_id_etape_id_fk" FOREIGN KEY ("etape_id") REFERENCES "public"."etape"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etape_autorisation" ADD CONSTRAINT "etape_autorisation_utilisateur_id_utilisateur_id_fk" FOREIGN KEY ("utilisateur_id") REFERENCES "public"."utilisateur"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etape_autorisation" ADD CONSTRAINT "etape_autorisation_profil_modele_id_profil_modele_id_fk" FOREIGN KEY ("profil_modele_id") REFERENCES "public"."profil_modele"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etape_autorisation" ADD CONSTRAINT "etape_autorisation_service_modele_id_service_modele_id_fk" FOREIGN KEY ("service_modele_id") REFERENCES "public"."service_modele"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metrique" ADD CONSTRAINT "metrique_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metrique" ADD CONSTRAINT "metrique_process_modele_id_process_modele_id_fk" FOREIGN KEY ("process_modele_id") REFERENCES "public"."process_modele"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metrique" ADD CONSTRAINT "metrique_etape_id_etape_id_fk" FOREIGN KEY ("etape_id") REFERENCES "public"."etape"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "etape_modele_idx" ON "etape" USING btree ("process_modele_id","ordre");--> statement-breakpoint
CREATE INDEX "etape_autorisation_etape_idx" ON "etape_autorisation" USING btree ("etape_id");--> statement-breakpoint
CREATE INDEX "metrique_etape_idx" ON "metrique" USING btree ("etape_id","idx");--> statement-breakpoint
CREATE INDEX "metrique_modele_idx" ON "metrique" USING btree ("process_modele_id");--> statement-breakpoint
ALTER TABLE "metrique" ADD CONSTRAINT "metrique_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "metrique"("id") ON DELETE cascade;
--> statement-breakpoint
SELECT app_apply_tenant_rls(t) FROM unnest(ARRAY['etape', 'metrique', 'etape_autorisation']::regclass[]) AS t;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON etape, metrique, etape_autorisation TO securite_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO securite_app;
