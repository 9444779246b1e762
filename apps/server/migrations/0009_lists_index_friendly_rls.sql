-- The tenant policy as a range on entreprise_id: `app_is_system() OR company = app_tenant()` was evaluated row by
-- row (an OR cannot bound an index scan); `company BETWEEN lo AND hi` becomes an index condition computed once per
-- scan. Same rows: a company sees [id, id]; the system path sees every id; no company and no system sees nothing
-- (NULL bounds). No tenant table has a nullable entreprise_id (tenant-isolation.test.ts checks it).
CREATE OR REPLACE FUNCTION app_tenant_lo() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN app_is_system() THEN -2147483648 ELSE app_tenant() END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_tenant_hi() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN app_is_system() THEN 2147483647 ELSE app_tenant() END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_tenant_ok(company integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT company >= app_tenant_lo() AND company <= app_tenant_hi()
$$;
--> statement-breakpoint
-- Name search. Under row-level security PostgreSQL may not evaluate ILIKE (not leakproof) before the tenant
-- policy, so the trigram index on nom_process is never used and a search reads every row of the company. This
-- function runs with its owner's rights and applies the company filter itself (the caller's app.entreprise_id);
-- it returns ids only, and the list query that uses them still goes through the policy. When the owner is subject
-- to row-level security (not a superuser), the policy applies inside too: same rows, without the index.
CREATE OR REPLACE FUNCTION app_process_name_match(pattern text) RETURNS SETOF integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT id FROM process WHERE entreprise_id = app_tenant() AND nom_process ILIKE pattern
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_process_name_match(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_process_name_match(text) TO securite_app;
--> statement-breakpoint
-- "State + period, by number" (the commonest list filter) read from the index alone: the page's keys come from
-- the index, the 100 rows of the page are then read by id.
DROP INDEX IF EXISTS process_list_etat_debut_idx;
--> statement-breakpoint
CREATE INDEX process_list_etat_debut_idx ON process (entreprise_id, etat, date_debut) INCLUDE (sequenced, numero, id);
