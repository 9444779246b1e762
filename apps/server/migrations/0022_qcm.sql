-- Habilitation quizzes and trainings (modules qcm and formation, issue 14). Every table carries entreprise_id under
-- forced row-level security. Quizzes, questions and answers are withdrawn (deleted_at), never deleted: past attempts
-- keep a snapshot of what they were asked anyway. An answer is one row per (attempt, question): sent again, it
-- replaces the previous one. Trainings are cancelled with who, when and why.
CREATE TABLE IF NOT EXISTS "qcm" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "libelle" text NOT NULL,
  "symboles" text[] DEFAULT '{}' NOT NULL,
  "actif" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "qcm_entreprise_idx" ON "qcm" USING btree ("entreprise_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "qcm_question" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "qcm_id" integer NOT NULL REFERENCES "qcm"("id"),
  "texte" text NOT NULL,
  "multiple" boolean DEFAULT false NOT NULL,
  "eliminatoire" boolean DEFAULT false NOT NULL,
  "points" double precision DEFAULT 1 NOT NULL,
  "idx" integer DEFAULT 0 NOT NULL,
  "image_nom" text,
  "image_mime" text,
  "image_taille" integer,
  "image_chemin" text,
  "deleted_at" timestamp with time zone,
  CONSTRAINT "qcm_question_points_ck" CHECK (points > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "qcm_question_qcm_idx" ON "qcm_question" USING btree ("qcm_id", "idx");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "qcm_reponse" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "question_id" integer NOT NULL REFERENCES "qcm_question"("id"),
  "texte" text NOT NULL,
  "correcte" boolean DEFAULT false NOT NULL,
  "idx" integer DEFAULT 0 NOT NULL,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "qcm_reponse_question_idx" ON "qcm_reponse" USING btree ("question_id", "idx");
--> statement-breakpoint
-- An attempt: the questions drawn (ids in order, and a snapshot with their answers and which are right, so editing the
-- bank never changes a past result), the clock (deadline), the method and pass mark it was started under, the result.
CREATE TABLE IF NOT EXISTS "habilitation_evaluation" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "qcm_id" integer NOT NULL REFERENCES "qcm"("id"),
  "utilisateur_id" integer NOT NULL REFERENCES "utilisateur"("id"),
  "process_id" integer REFERENCES "process"("id"),
  "started_by_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "started_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deadline" timestamp with time zone NOT NULL,
  "submitted_at" timestamp with time zone,
  "seed" integer NOT NULL,
  "question_ids" integer[] NOT NULL,
  "sujet" jsonb NOT NULL,
  "method_code" text NOT NULL,
  "seuil_reussite" double precision NOT NULL,
  "score" double precision,
  "max" double precision,
  "percent" double precision,
  "reussi" boolean,
  "eliminatoire_manquee" boolean,
  CONSTRAINT "habilitation_evaluation_deadline_ck" CHECK (deadline > started_at),
  CONSTRAINT "habilitation_evaluation_method_ck" CHECK (method_code IN ('POURCENTAGE', 'POINTS', 'TOUT_OU_RIEN', 'NEGATIF'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "habilitation_evaluation_entreprise_idx" ON "habilitation_evaluation" USING btree ("entreprise_id", "started_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "habilitation_evaluation_utilisateur_idx" ON "habilitation_evaluation" USING btree ("utilisateur_id", "started_at" DESC);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "habilitation_evaluation_answer" (
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "evaluation_id" integer NOT NULL REFERENCES "habilitation_evaluation"("id"),
  "question_id" integer NOT NULL REFERENCES "qcm_question"("id"),
  "reponse_ids" integer[] DEFAULT '{}' NOT NULL,
  "answered_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "habilitation_evaluation_answer_pk" PRIMARY KEY ("evaluation_id", "question_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "formation" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "utilisateur_id" integer NOT NULL REFERENCES "utilisateur"("id"),
  "intitule" text NOT NULL,
  "organisme" text NOT NULL,
  "date" date NOT NULL,
  "valid_until" date,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_by_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "deleted_at" timestamp with time zone,
  "deleted_by_id" integer REFERENCES "utilisateur"("id") ON DELETE set null,
  "deleted_reason" text,
  CONSTRAINT "formation_validity_ck" CHECK (valid_until IS NULL OR valid_until >= date),
  CONSTRAINT "formation_cancel_ck" CHECK (deleted_at IS NULL OR deleted_reason IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "formation_entreprise_idx" ON "formation" USING btree ("entreprise_id", "date" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "formation_utilisateur_idx" ON "formation" USING btree ("utilisateur_id", "date" DESC);
--> statement-breakpoint
-- The avis après formation, one per symbol of a training.
CREATE TABLE IF NOT EXISTS "formation_avis" (
  "id" serial PRIMARY KEY NOT NULL,
  "entreprise_id" integer NOT NULL REFERENCES "entreprise"("id") ON DELETE cascade,
  "formation_id" integer NOT NULL REFERENCES "formation"("id"),
  "symbole" text NOT NULL,
  "avis" text NOT NULL,
  CONSTRAINT "formation_avis_ck" CHECK (avis IN ('favorable', 'defavorable')),
  CONSTRAINT "formation_avis_symbole_uq" UNIQUE ("formation_id", "symbole")
);
--> statement-breakpoint
SELECT app_apply_tenant_rls(t) FROM unnest(ARRAY[
  'qcm', 'qcm_question', 'qcm_reponse', 'habilitation_evaluation', 'habilitation_evaluation_answer', 'formation', 'formation_avis'
]::regclass[]) AS t;
--> statement-breakpoint
-- A habilitation title rests on a training (module habilitation, migration 0021): its formation_id now names one.
-- Guarded, so this migration also runs where 0021 has not (the column is absent there).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'titre_habilitation' AND column_name = 'formation_id')
     AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'titre_habilitation_formation_fk') THEN
    ALTER TABLE "titre_habilitation" ADD CONSTRAINT "titre_habilitation_formation_fk" FOREIGN KEY ("formation_id") REFERENCES "formation"("id");
  END IF;
END $$;
