CREATE TABLE "call_stats" (
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"interface_id" integer NOT NULL,
	"code" text NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"charged" bigint DEFAULT 0 NOT NULL,
	"cost_mfen" bigint DEFAULT 0 NOT NULL,
	"latency_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "call_stats_member_id_day_interface_id_code_pk" PRIMARY KEY("member_id","day","interface_id","code")
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "unit_price_mfen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "cost_mfen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_stats" ADD CONSTRAINT "call_stats_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What a call of each purchase costs: the price per call of its latest paid order.
UPDATE purchases p SET unit_price_mfen = o.price_fen * 1000 / o.calls
FROM (
  SELECT DISTINCT ON (member_id, interface_id) member_id, interface_id, price_fen, calls
  FROM orders WHERE status = 'paid' AND calls > 0
  ORDER BY member_id, interface_id, paid_at DESC NULLS LAST, id DESC
) o
WHERE o.member_id = p.member_id AND o.interface_id = p.interface_id;--> statement-breakpoint
-- The statistics of the calls recorded before this migration.
INSERT INTO call_stats (member_id, day, interface_id, code, calls, charged, cost_mfen, latency_ms)
SELECT member_id, (created_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(interface_id, 0), code,
  count(*), sum(charged), 0, sum(latency_ms)
FROM call_records WHERE member_id IS NOT NULL
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- gateway_commit, second version: each charged call also records its cost, and the group's
-- calls are added to call_stats (per account, China day, interface and code) by the same
-- statement, so the statistics can never disagree with the records.
CREATE OR REPLACE FUNCTION gateway_commit(calls jsonb)
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
    SELECT p.id, p.test_calls_left, p.unit_price_mfen, least(p.calls_left, w.n) AS granted
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
    RETURNING p.id, l.granted, l.unit_price_mfen, p.calls_left, p.auto_renew_package_id IS NOT NULL AS auto_renew
  ),
  ranked AS (
    SELECT x.*,
      x.billable AND row_number() OVER (PARTITION BY x.purchase_id, x.billable ORDER BY x.i) <= coalesce(c.granted, 0) AS got,
      coalesce(c.unit_price_mfen, 0) AS unit_price
    FROM input x LEFT JOIN charged c ON c.id = x.purchase_id
  ),
  decided AS (
    SELECT r.*,
      CASE WHEN r.billable AND NOT r.got THEN 'SYSTEM_002' ELSE r.code END AS final_code,
      CASE WHEN r.got THEN r.unit_price ELSE 0 END AS cost
    FROM ranked r
  ),
  written AS (
    -- Not read below: a data-modifying WITH runs to completion all the same.
    INSERT INTO call_records (seq_no, member_id, purchase_id, interface_id, code, charged, billable, latency_ms, ip, params, provider, cost_mfen)
    SELECT d.seq_no, d.member_id, d.purchase_id, d.interface_id, d.final_code,
      CASE WHEN d.got THEN 1 ELSE 0 END, d.got, d.latency_ms, d.ip, d.params, d.provider, d.cost
    FROM decided d
    RETURNING 1
  ),
  counted AS (
    -- Keys in a fixed order, so two server processes lock the same rows in the same order.
    INSERT INTO call_stats AS s (member_id, day, interface_id, code, calls, charged, cost_mfen, latency_ms)
    SELECT d.member_id, (now() AT TIME ZONE 'Asia/Shanghai')::date, coalesce(d.interface_id, 0), d.final_code,
      count(*), count(*) FILTER (WHERE d.got), sum(d.cost), sum(d.latency_ms)
    FROM decided d
    WHERE d.member_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (member_id, day, interface_id, code) DO UPDATE
    SET calls = s.calls + excluded.calls,
        charged = s.charged + excluded.charged,
        cost_mfen = s.cost_mfen + excluded.cost_mfen,
        latency_ms = s.latency_ms + excluded.latency_ms
    RETURNING 1
  )
  SELECT d.i, d.got, c.id, c.calls_left, c.auto_renew
  FROM decided d LEFT JOIN charged c ON c.id = d.purchase_id
  ORDER BY d.i;
END
$fn$;
