-- The key a process name is searched by: lower case, without accents (« Chaudière » is found by « chaudiere »),
-- ligatures spelled out. Accented capitals are mapped too, since lower() only folds ASCII under the C locale.
CREATE OR REPLACE FUNCTION app_search_key(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(lower(translate(t, 'àáâãäåāÀÁÂÃÄÅĀçćčÇĆČèéêëēėęÈÉÊËĒĖĘìíîïīÌÍÎÏĪñÑòóôõöøōÒÓÔÕÖØŌùúûüūÙÚÛÜŪýÿÝŸžŽšŠ', 'aaaaaaaaaaaaaacccccceeeeeeeeeeeeeeiiiiiiiiiinnoooooooooooooouuuuuuuuuuyyyyzzss')), 'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae')
$$;
--> statement-breakpoint
-- The pattern that finds, through the trigram index, the candidates whose key contains `key`: from every word of 3
-- characters or more its first triple, and from one of 6 or more also its last whole triple ("compresseur" → com,
-- sse; the others add little to what the word's two ends already select), a two-character word after a separator
-- with that separator (" 12"), the rest dropped (one-letter words, whose only trigram starts half the words), pieces
-- in order between % ("compresseur n° 12" → "%com%sse% 12%").
-- Any text containing `key` matches it (its pieces are disjoint parts of `key`, in order), so the candidates are
-- a superset, checked exactly by strpos. The GIN scan reads the posting lists of these few trigrams instead of all
-- of the text's, where the one-letter words ("n" of "n°") and every overlapping triple of a common word cost most.
-- Without any piece ("ab"), the whole key.
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
ALTER TABLE "process" ADD COLUMN "nom_recherche" text GENERATED ALWAYS AS (app_search_key(nom_process)) STORED;
--> statement-breakpoint
-- Searched on the stored key (no per-row case folding: ILIKE costs ~0.5 µs per rechecked row) through its trigram
-- index, which replaces the one on nom_process. Without the GIN pending list (fastupdate off): a new process is
-- indexed when written, and a search never reads a list of recent entries that waits for the next vacuum.
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS "process_nom_recherche_trgm_idx" ON "process" USING gin ("nom_recherche" gin_trgm_ops) WITH (fastupdate = off);
  DROP INDEX IF EXISTS "process_nom_trgm_idx";
EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'pg_trgm indisponible : recherche par nom sans index trigramme';
END $$;
--> statement-breakpoint
-- process_own (migration 0010) lists the table's columns as they were: again, with nom_recherche.
CREATE OR REPLACE VIEW process_own AS SELECT * FROM process WHERE entreprise_id = app_tenant();
