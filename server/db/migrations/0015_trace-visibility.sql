-- Issue #27: a dispatch trace names only drivers its company may see. Steps written before
-- listed other companies' drivers as skipped 'other_company' (id, call sign, distance): they
-- go, and each step's skipped_count no longer counts them. The reason no longer exists, so a
-- trace still holding it would not even be read.
UPDATE "dispatch_trace" SET "details" = jsonb_set(
  jsonb_set("details", '{skipped}', coalesce((
    SELECT jsonb_agg(entry ORDER BY ordinality)
    FROM jsonb_array_elements("details"->'skipped') WITH ORDINALITY AS s(entry, ordinality)
    WHERE entry->>'skipped' IS DISTINCT FROM 'other_company'), '[]'::jsonb)),
  '{skipped_count}', to_jsonb(greatest(0, coalesce(("details"->>'skipped_count')::int, 0) - (
    SELECT count(*)::int FROM jsonb_array_elements("details"->'skipped') AS s(entry)
    WHERE entry->>'skipped' = 'other_company'))))
WHERE "kind" = 'step' AND jsonb_typeof("details"->'skipped') = 'array'
  AND "details"->'skipped' @> '[{"skipped":"other_company"}]'::jsonb;
