-- Whether b is a one-typo spelling of a (optimal string alignment distance 1): one letter changed,
-- added or dropped, or two adjacent letters swapped. After the common prefix (p letters) the rests
-- must agree but for that one edit. The typo neighbours of search_build use it where trigrams miss
-- a swap or a change in a short word ('trapnao', 'tagilo': similarity below 0.5).
CREATE OR REPLACE FUNCTION un_refuso(a text, b text) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN a = b OR abs(length(a) - length(b)) > 1 THEN false ELSE (
    SELECT substr(a, p + 2) = substr(b, p + 2)
        OR substr(a, p + 1) = substr(b, p + 2)
        OR substr(a, p + 2) = substr(b, p + 1)
        OR (substr(a, p + 1, 1) = substr(b, p + 2, 1) AND substr(a, p + 2, 1) = substr(b, p + 1, 1)
            AND substr(a, p + 3) = substr(b, p + 3))
    FROM (SELECT coalesce(min(i) - 1, least(length(a), length(b))) AS p
          FROM generate_series(1, least(length(a), length(b))) i
          WHERE substr(a, i, 1) <> substr(b, i, 1)) x)
  END
$$;
