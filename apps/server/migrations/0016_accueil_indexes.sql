-- The home page (« Accueil », module accueil): what waits for the signed-in person, their processes, today's lockouts
-- and permits, what changed since their last visit. Each section reads a few rows through one of these indexes.
-- Open processes by their current step, most recently changed first: « à signer » walks, for each step whose rules
-- name the person, the processes standing at it.
CREATE INDEX IF NOT EXISTS "process_home_step_idx" ON "process" USING btree ("entreprise_id", "process_modele_id", "current_ordre", "last_modify_at" DESC) WHERE etat = 'en_cours' AND NOT sequenced;--> statement-breakpoint
-- A person's processes (created by them, in their charge), most recently changed first: « mes processus »,
-- « nouveautés » and the steps without rules that wait for their creator or person in charge.
CREATE INDEX IF NOT EXISTS "process_home_createur_idx" ON "process" USING btree ("created_by_id", "last_modify_at" DESC);--> statement-breakpoint
-- The same by state: « mes processus » in progress and their counts by state. The state in the key also keeps a
-- generic plan off the company-wide indexes when one person created most of the processes.
CREATE INDEX IF NOT EXISTS "process_home_createur_etat_idx" ON "process" USING btree ("created_by_id", "etat", "last_modify_at" DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "process_home_en_charge_idx" ON "process" USING btree ("personne_en_charge_id", "last_modify_at" DESC) WHERE personne_en_charge_id IS NOT NULL;--> statement-breakpoint
-- Lockouts and permits in progress by the end of their window: those ending today or later (or never), of which the
-- home keeps the ones already started (few: most processes ended long ago, few start in the future). On the column
-- itself, not an expression: under row-level security only leakproof conditions (a plain comparison) reach the index.
CREATE INDEX IF NOT EXISTS "process_home_today_idx" ON "process" USING btree ("entreprise_id", "date_fin") INCLUDE ("date_debut") WHERE etat = 'en_cours' AND date_debut IS NOT NULL AND package IN ('mc', 'permis');
