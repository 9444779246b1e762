CREATE TABLE "process_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"entreprise_id" integer NOT NULL,
	"type" text NOT NULL,
	"process_ids" integer[] NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "process_event" ADD CONSTRAINT "process_event_entreprise_id_entreprise_id_fk" FOREIGN KEY ("entreprise_id") REFERENCES "public"."entreprise"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "process_event_entreprise_idx" ON "process_event" USING btree ("entreprise_id","id");--> statement-breakpoint
SELECT app_apply_tenant_rls('process_event'::regclass);
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON process_event TO securite_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO securite_app;
