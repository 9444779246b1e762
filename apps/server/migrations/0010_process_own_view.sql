-- Name search through the trigram index, without a function call. Under row-level security PostgreSQL evaluates
-- the tenant policy before any condition that is not leakproof (ILIKE is not), so the trigram index on nom_process
-- is never used. This view reads with its owner's rights and applies the company filter itself (the caller's
-- app.entreprise_id, as the policy does); it is not a security barrier, so the list statement's ILIKE reaches the
-- index, and it is inlined into that statement (no set-returning function, no second lookup of each match by id,
-- as app_process_name_match of migration 0009 needed). Only the application role may read it; the statement's own
-- company condition stays, and the page's rows are read again from `process` under the policy. When the owner is
-- itself subject to row-level security (not a superuser), the policy applies inside too: same rows, no index.
CREATE OR REPLACE VIEW process_own AS SELECT * FROM process WHERE entreprise_id = app_tenant();
--> statement-breakpoint
REVOKE ALL ON process_own FROM PUBLIC;
--> statement-breakpoint
GRANT SELECT ON process_own TO securite_app;
--> statement-breakpoint
DROP FUNCTION IF EXISTS app_process_name_match(text);
