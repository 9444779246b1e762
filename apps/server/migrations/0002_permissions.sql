CREATE TABLE "equipment_permission" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"equipement_id" integer,
	"profil_modele_id" integer,
	"utilisateur_id" integer,
	"is_ee" boolean DEFAULT false NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idx" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"libelle" text NOT NULL,
	"icon" text,
	"logiciel_id" integer,
	"subject" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"is_ee" boolean DEFAULT false NOT NULL,
	"idx" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"type" text NOT NULL,
	"item_id" integer NOT NULL,
	"profil_modele_id" integer,
	"utilisateur_id" integer,
	"is_ee" boolean DEFAULT false NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idx" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entreprise" ADD COLUMN "permissions_v2" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "entreprise" ADD COLUMN "permission_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_permission" ADD CONSTRAINT "equipment_permission_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_permission" ADD CONSTRAINT "equipment_permission_profil_modele_id_profil_modele_id_fk" FOREIGN KEY ("profil_modele_id") REFERENCES "public"."profil_modele"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_permission" ADD CONSTRAINT "equipment_permission_utilisateur_id_utilisateur_id_fk" FOREIGN KEY ("utilisateur_id") REFERENCES "public"."utilisateur"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item" ADD CONSTRAINT "menu_item_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item" ADD CONSTRAINT "menu_item_logiciel_id_logiciel_id_fk" FOREIGN KEY ("logiciel_id") REFERENCES "public"."logiciel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission" ADD CONSTRAINT "permission_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission" ADD CONSTRAINT "permission_profil_modele_id_profil_modele_id_fk" FOREIGN KEY ("profil_modele_id") REFERENCES "public"."profil_modele"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission" ADD CONSTRAINT "permission_utilisateur_id_utilisateur_id_fk" FOREIGN KEY ("utilisateur_id") REFERENCES "public"."utilisateur"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "menu_item_slug_uq" ON "menu_item" USING btree ("entreprise_id","slug");--> statement-breakpoint
CREATE INDEX "menu_item_parent_idx" ON "menu_item" USING btree ("entreprise_id","parent_id","idx");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_target_uq" ON "permission" USING btree ("entreprise_id","type","item_id",coalesce("profil_modele_id", 0),coalesce("utilisateur_id", 0),"is_ee");--> statement-breakpoint
CREATE INDEX "permission_holder_idx" ON "permission" USING btree ("entreprise_id","profil_modele_id","utilisateur_id");--> statement-breakpoint
SELECT app_apply_tenant_rls(t) FROM unnest(ARRAY['menu_item', 'permission', 'equipment_permission']::regclass[]) AS t;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON menu_item, permission, equipment_permission TO securite_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO securite_app;
