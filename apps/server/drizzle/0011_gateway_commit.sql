-- The open data API's group commit (apps/server/src/modules/gateway/committer.ts) in one
-- function, because PL/pgSQL keeps the statement's plan for the session: planned afresh every
-- time, this statement costs several times more than running it.
--
-- calls: a JSON array of the group's calls, in arrival order, each with
--   i, seq_no, member_id, purchase_id, interface_id, code, billable, latency_ms, ip, params, provider.
-- The purchases the group bills are locked in id order (two server processes cannot deadlock)
-- and each is charged min(calls left, calls asked), paid-test calls first; within a purchase the
-- earliest calls get the charge. Every call gets its record; a billable call that found no call
-- left is recorded as SYSTEM_002, uncharged. One row comes back per call, in order: whether it
-- was charged, and for a charged purchase what it has left and whether it renews itself.
CREATE FUNCTION gateway_commit(calls jsonb)
RETURNS TABLE (i int, got boolean, purchase_id bigint, calls_left bigint, auto_renew boolean)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH input AS (
    SELECT * FROM jsonb_to_recordset(calls) AS x(
      i int, seq_no text, member_id bigint, purchase_id bigint, interface_id int, code text,
      billable boolean, latency_ms int, ip text, params jsonb, provider text)
  ),
  wanted AS (
    SELECT x.purchase_id AS id, count(*) AS n FROM input x WHERE x.billable GROUP BY x.purchase_id
  ),
  locked AS (
    SELECT p.id, p.test_calls_left, least(p.calls_left, w.n) AS granted
    FROM purchases p JOIN wanted w ON w.id = p.id
    WHERE p.status = 'active' AND p.expires_at > now() AND p.calls_left >= 1
    ORDER BY p.id
    FOR UPDATE OF p
  ),
  charged AS (
    UPDATE purchases p
    SET calls_left = p.calls_left - l.granted,
        test_calls_left = greatest(l.test_calls_left - l.granted, 0)
    FROM locked l
    WHERE p.id = l.id
    RETURNING p.id, l.granted, p.calls_left, p.auto_renew_package_id IS NOT NULL AS auto_renew
  ),
  ranked AS (
    SELECT x.*,
      x.billable AND row_number() OVER (PARTITION BY x.purchase_id, x.billable ORDER BY x.i) <= coalesce(c.granted, 0) AS got
    FROM input x LEFT JOIN charged c ON c.id = x.purchase_id
  ),
  written AS (
    -- Not read below: a data-modifying WITH runs to completion all the same.
    INSERT INTO call_records (seq_no, member_id, purchase_id, interface_id, code, charged, billable, latency_ms, ip, params, provider)
    SELECT r.seq_no, r.member_id, r.purchase_id, r.interface_id,
      CASE WHEN r.billable AND NOT r.got THEN 'SYSTEM_002' ELSE r.code END,
      CASE WHEN r.got THEN 1 ELSE 0 END,
      r.got,
      r.latency_ms, r.ip, r.params, r.provider
    FROM ranked r
    RETURNING 1
  )
  SELECT r.i, r.got, c.id, c.calls_left, c.auto_renew
  FROM ranked r LEFT JOIN charged c ON c.id = r.purchase_id
  ORDER BY r.i;
END
$fn$;
