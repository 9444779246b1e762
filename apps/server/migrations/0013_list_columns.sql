-- Columns of the list variants whose modules are not built yet (stock: articles, quantity, supplier, wished date;
-- readings and maintenance: origin), read by the lists' statement (list-columns.ts): null until those modules
-- write them.
ALTER TABLE "process" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "process" ADD COLUMN "articles" text;--> statement-breakpoint
ALTER TABLE "process" ADD COLUMN "quantity" numeric;--> statement-breakpoint
ALTER TABLE "process" ADD COLUMN "fournisseur" text;--> statement-breakpoint
ALTER TABLE "process" ADD COLUMN "date_souhaitee" timestamp with time zone;--> statement-breakpoint
-- process_own (migration 0010) lists the table's columns as they were: again, with the new ones.
CREATE OR REPLACE VIEW process_own AS SELECT * FROM process WHERE entreprise_id = app_tenant();
