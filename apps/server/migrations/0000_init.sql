CREATE TABLE "entreprise" (
	"id" serial PRIMARY KEY NOT NULL,
	"nom" text NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"auth_types" text[] DEFAULT '{password}'::text[] NOT NULL,
	"idx" integer DEFAULT 0 NOT NULL,
	"eu" boolean DEFAULT false NOT NULL,
	"setting" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"evaluation_setting" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"affectation" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entreprise_groupe" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"nom" text NOT NULL,
	"utilisateur_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"prestataire_ids" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entreprise_logiciel" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"logiciel_id" integer NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"enable" boolean DEFAULT false NOT NULL,
	"setting" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entreprise_process_modele" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"logiciel_id" integer NOT NULL,
	"process_modele_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entreprise_relation" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"partenaire_id" integer NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "habilitation" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logiciel" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"idx" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "logiciel_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "login_attempt" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail" text NOT NULL,
	"ip" text NOT NULL,
	"success" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_collationne" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"emetteur_id" integer NOT NULL,
	"destinataire_id" integer NOT NULL,
	"objet" text NOT NULL,
	"contenu" text NOT NULL,
	"envoye_at" timestamp with time zone DEFAULT now() NOT NULL,
	"collationne_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "otp_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"utilisateur_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"canal" text DEFAULT 'mail' NOT NULL,
	"destinataire" text NOT NULL,
	"sujet" text NOT NULL,
	"corps" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "process_modele" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"libelle" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profil_modele" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"libelle" text NOT NULL,
	"type" text DEFAULT 'client' NOT NULL,
	"idx" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "profil_modele_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "profil_modele_logiciel" (
	"id" serial PRIMARY KEY NOT NULL,
	"profil_modele_id" integer NOT NULL,
	"logiciel_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_modele" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"libelle" text NOT NULL,
	"type" text DEFAULT 'client' NOT NULL,
	"couleur" text,
	"idx" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"utilisateur_id" integer NOT NULL,
	"remember_me" boolean DEFAULT false NOT NULL,
	"mfa_pending" boolean DEFAULT false NOT NULL,
	"profil_modele_id" integer,
	"logiciel_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utilisateur" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"nom" text NOT NULL,
	"prenom" text NOT NULL,
	"mail" text NOT NULL,
	"password_hash" text,
	"code_rfid" text,
	"telephone" text,
	"fonction" text,
	"identification" text,
	"cout_horaire" double precision,
	"couleur" text,
	"service_modele_id" integer,
	"profil_modele_id" integer,
	"profil_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"date_naissance" date,
	"enable" boolean DEFAULT true NOT NULL,
	"is_temp_account" boolean DEFAULT false NOT NULL,
	"is_mfa" boolean DEFAULT false NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"signature" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invitation_hash" text,
	"invitation_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utilisateur_habilitation" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"utilisateur_id" integer NOT NULL,
	"habilitation_id" integer NOT NULL,
	"date_obtention" date,
	"date_expiration" date
);
--> statement-breakpoint
ALTER TABLE "entreprise_groupe" ADD CONSTRAINT "entreprise_groupe_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entreprise_logiciel" ADD CONSTRAINT "entreprise_logiciel_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entreprise_logiciel" ADD CONSTRAINT "entreprise_logiciel_logiciel_id_logiciel_id_fk" FOREIGN KEY ("logiciel_id") REFERENCES "public"."logiciel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entreprise_process_modele" ADD CONSTRAINT "entreprise_process_modele_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entreprise_process_modele" ADD CONSTRAINT "entreprise_process_modele_logiciel_id_logiciel_id_fk" FOREIGN KEY ("logiciel_id") REFERENCES "public"."logiciel"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entreprise_process_modele" ADD CONSTRAINT "entreprise_process_modele_process_modele_id_process_modele_id_fk" FOREIGN KEY ("process_modele_id") REFERENCES "public"."process_modele"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entreprise_relation" ADD CONSTRAINT "entreprise_relation_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entreprise_relation" ADD CONSTRAINT "entreprise_relation_partenaire_id_entreprise_id_fk" FOREIGN KEY ("partenaire_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "habilitation" ADD CONSTRAINT "habilitation_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_collationne" ADD CONSTRAINT "message_collationne_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_collationne" ADD CONSTRAINT "message_collationne_emetteur_id_utilisateur_id_fk" FOREIGN KEY ("emetteur_id") REFERENCES "public"."utilisateur"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_collationne" ADD CONSTRAINT "message_collationne_destinataire_id_utilisateur_id_fk" FOREIGN KEY ("destinataire_id") REFERENCES "public"."utilisateur"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_code" ADD CONSTRAINT "otp_code_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_code" ADD CONSTRAINT "otp_code_utilisateur_id_utilisateur_id_fk" FOREIGN KEY ("utilisateur_id") REFERENCES "public"."utilisateur"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_modele" ADD CONSTRAINT "process_modele_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profil_modele_logiciel" ADD CONSTRAINT "profil_modele_logiciel_profil_modele_id_profil_modele_id_fk" FOREIGN KEY ("profil_modele_id") REFERENCES "public"."profil_modele"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profil_modele_logiciel" ADD CONSTRAINT "profil_modele_logiciel_logiciel_id_logiciel_id_fk" FOREIGN KEY ("logiciel_id") REFERENCES "public"."logiciel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_modele" ADD CONSTRAINT "service_modele_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_utilisateur_id_utilisateur_id_fk" FOREIGN KEY ("utilisateur_id") REFERENCES "public"."utilisateur"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utilisateur" ADD CONSTRAINT "utilisateur_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utilisateur" ADD CONSTRAINT "utilisateur_service_modele_id_service_modele_id_fk" FOREIGN KEY ("service_modele_id") REFERENCES "public"."service_modele"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utilisateur" ADD CONSTRAINT "utilisateur_profil_modele_id_profil_modele_id_fk" FOREIGN KEY ("profil_modele_id") REFERENCES "public"."profil_modele"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utilisateur_habilitation" ADD CONSTRAINT "utilisateur_habilitation_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utilisateur_habilitation" ADD CONSTRAINT "utilisateur_habilitation_utilisateur_id_utilisateur_id_fk" FOREIGN KEY ("utilisateur_id") REFERENCES "public"."utilisateur"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utilisateur_habilitation" ADD CONSTRAINT "utilisateur_habilitation_habilitation_id_habilitation_id_fk" FOREIGN KEY ("habilitation_id") REFERENCES "public"."habilitation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entreprise_logiciel_uq" ON "entreprise_logiciel" USING btree ("entreprise_id","logiciel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entreprise_process_modele_uq" ON "entreprise_process_modele" USING btree ("entreprise_id","logiciel_id","process_modele_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entreprise_relation_uq" ON "entreprise_relation" USING btree ("entreprise_id","partenaire_id");--> statement-breakpoint
CREATE INDEX "entreprise_relation_partenaire_idx" ON "entreprise_relation" USING btree ("partenaire_id");--> statement-breakpoint
CREATE UNIQUE INDEX "habilitation_code_uq" ON "habilitation" USING btree ("entreprise_id","code");--> statement-breakpoint
CREATE INDEX "login_attempt_mail_idx" ON "login_attempt" USING btree ("mail","at");--> statement-breakpoint
CREATE INDEX "login_attempt_ip_idx" ON "login_attempt" USING btree ("ip","at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_collationne_numero_uq" ON "message_collationne" USING btree ("entreprise_id","numero");--> statement-breakpoint
CREATE INDEX "otp_code_user_idx" ON "otp_code" USING btree ("utilisateur_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "profil_modele_logiciel_uq" ON "profil_modele_logiciel" USING btree ("profil_modele_id","logiciel_id");--> statement-breakpoint
CREATE INDEX "service_modele_entreprise_idx" ON "service_modele" USING btree ("entreprise_id","type","idx");--> statement-breakpoint
CREATE INDEX "session_utilisateur_idx" ON "session" USING btree ("utilisateur_id");--> statement-breakpoint
CREATE UNIQUE INDEX "utilisateur_mail_uq" ON "utilisateur" USING btree ("mail");--> statement-breakpoint
CREATE INDEX "utilisateur_entreprise_nom_idx" ON "utilisateur" USING btree ("entreprise_id","nom","prenom");--> statement-breakpoint
CREATE INDEX "utilisateur_service_idx" ON "utilisateur" USING btree ("service_modele_id");--> statement-breakpoint
CREATE UNIQUE INDEX "utilisateur_invitation_uq" ON "utilisateur" USING btree ("invitation_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "utilisateur_habilitation_uq" ON "utilisateur_habilitation" USING btree ("utilisateur_id","habilitation_id");