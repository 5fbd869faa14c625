-- Full-text and fuzzy search (issue 3): trigram similarity for typo tolerance and accent folding.
-- PGlite loads both extensions itself (db/client.ts); PostgreSQL ships them in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (it reads a dictionary that could change), so it cannot be used in an
-- index expression or a generated column. Calling it with the dictionary named explicitly makes
-- the result depend on the argument alone; the wrapper is declared IMMUTABLE, the standard approach.
CREATE OR REPLACE FUNCTION mall_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
