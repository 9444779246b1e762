-- Ticket 15: the default validity of a permit recorded without an end (hours after its start, 1 to 72, 8 by default);
-- a permis de feu keeps its own rule (the day, or one operation of at most 5 days).
ALTER TABLE "permis_setting" ADD COLUMN IF NOT EXISTS "validite_heures" integer DEFAULT 8 NOT NULL;
--> statement-breakpoint
ALTER TABLE "permis_setting" ADD CONSTRAINT "permis_setting_validite_ck" CHECK (validite_heures BETWEEN 1 AND 72);
