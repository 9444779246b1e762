-- Migration 0011 was edited twice after it landed (the pattern of app_search_like, then its trigram index built
-- without the GIN pending list), and a migration that ran is never run again: a database migrated before those edits
-- kept the first definitions. This brings every database to 0011's final state, whichever version it ran.
-- The pattern as 0011 defines it now: a word's first triple, and for one of 6 characters or more its last whole triple.
CREATE OR REPLACE FUNCTION app_search_like(key text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  m text[];
  pieces text[] := '{}';
BEGIN
  FOR m IN SELECT regexp_matches(key, '([^[:alnum:]]*)([[:alnum:]]+)', 'g') LOOP
    IF length(m[2]) >= 6 THEN
      pieces := pieces || substr(m[2], 1, 3) || substr(m[2], 1 + 3 * (length(m[2]) / 3 - 1), 3);
    ELSIF length(m[2]) >= 3 THEN
      pieces := pieces || substr(m[2], 1, 3);
    ELSIF length(m[2]) = 2 AND m[1] <> '' THEN
      pieces := pieces || (right(m[1], 1) || m[2]);
    END IF;
  END LOOP;
  IF cardinality(pieces) = 0 THEN
    pieces := ARRAY[key];
  END IF;
  RETURN '%' || array_to_string(ARRAY(SELECT replace(replace(replace(p, '\', '\\'), '%', '\%'), '_', '\_') FROM unnest(pieces) p), '%') || '%';
END $$;
--> statement-breakpoint
-- The index without the GIN pending list (fastupdate off), as 0011 now creates it: set on an index created before,
-- whose pending entries are then moved into the index. No index (pg_trgm was unavailable at 0011): nothing to do.
DO $$ BEGIN
  IF to_regclass('process_nom_recherche_trgm_idx') IS NOT NULL THEN
    ALTER INDEX "process_nom_recherche_trgm_idx" SET (fastupdate = off);
    PERFORM gin_clean_pending_list('process_nom_recherche_trgm_idx'::regclass);
  END IF;
END $$;
