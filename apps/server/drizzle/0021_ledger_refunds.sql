CREATE TABLE "refund_lines" (
	"refund_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"calls" bigint NOT NULL,
	"amount_fen" bigint NOT NULL,
	CONSTRAINT "refund_lines_refund_id_order_id_pk" PRIMARY KEY("refund_id","order_id"),
	CONSTRAINT "refund_lines_positive" CHECK ("refund_lines"."calls" > 0 and "refund_lines"."amount_fen" >= 0)
);
--> statement-breakpoint
ALTER TABLE "purchases" DROP CONSTRAINT "purchases_test_calls_within";--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "order_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "trial_calls_left" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_lines" ADD CONSTRAINT "refund_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_lines_order_idx" ON "refund_lines" USING btree ("order_id");--> statement-breakpoint
-- Free-trial calls were counted as bought ones. Nothing recorded which of a purchase's calls
-- were used, so its calls left are read as trial calls first, up to what its trials granted:
-- a refund may then return less than was strictly due, never more (Decision 163).
UPDATE "purchases" p SET "trial_calls_left" = least(p."calls_left" - p."test_calls_left", g."calls")
FROM (SELECT "member_id", "interface_id", sum("calls") AS "calls" FROM "trial_grants" GROUP BY 1, 2) g
WHERE g."member_id" = p."member_id" AND g."interface_id" = p."interface_id";--> statement-breakpoint
-- Approved order refunds become lines of their order. Whole-purchase refunds made before this
-- migration were not split by order; their orders keep their calls as refundable capacity,
-- still bounded by the paid calls left (Decision 163).
INSERT INTO "refund_lines" ("refund_id", "order_id", "calls", "amount_fen")
SELECT "id", "order_id", "calls", "amount_fen" FROM "refunds"
WHERE "status" = 'approved' AND "scope" = 'order' AND "order_id" IS NOT NULL AND "calls" > 0;--> statement-breakpoint
-- The ledger's kinds and the numbers a customer knows each row by (Decision 164).
UPDATE "ledger" SET "kind" = 'paytest', "order_no" = 'T' || lpad(substring("ref" from 9), 9, '0')
WHERE "kind" = 'purchase' AND "ref" LIKE 'paytest:%';--> statement-breakpoint
UPDATE "ledger" SET "kind" = 'renewal', "order_no" = coalesce(substring("note" from '订单 (D[0-9A-Za-z]+)'), '')
WHERE "kind" = 'purchase' AND "ref" LIKE 'renew:%';--> statement-breakpoint
UPDATE "ledger" SET "order_no" = "ref" WHERE "kind" = 'purchase' AND "ref" LIKE 'D%';--> statement-breakpoint
UPDATE "ledger" l SET "order_no" = r."transfer_ref" FROM "recharges" r
WHERE l."kind" = 'recharge' AND l."ref" = 'R' || r."id";--> statement-breakpoint
UPDATE "ledger" l SET "order_no" = o."order_no" FROM "refunds" f JOIN "orders" o ON o."id" = f."order_id"
WHERE l."kind" = 'refund' AND l."ref" = 'refund:' || f."id";--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_free_calls_within" CHECK ("purchases"."test_calls_left" >= 0 and "purchases"."trial_calls_left" >= 0 and "purchases"."test_calls_left" + "purchases"."trial_calls_left" <= "purchases"."calls_left");--> statement-breakpoint
-- gateway_commit, third version: a purchase's calls are taken test calls first, then free-trial
-- calls, then bought ones (Decision 163), and only a bought call costs its unit price, so call
-- statistics add up to money actually spent.
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
    SELECT p.id, p.test_calls_left, p.trial_calls_left, p.unit_price_mfen, least(p.calls_left, w.n) AS granted
    FROM purchases p JOIN wanted w ON w.id = p.id
    WHERE p.status = 'active' AND p.expires_at > now() AND p.calls_left >= 1
    ORDER BY p.id
    FOR UPDATE OF p
  ),
  charged AS (
    UPDATE purchases p
    SET calls_left = p.calls_left - l.granted,
        test_calls_left = greatest(l.test_calls_left - l.granted, 0),
        trial_calls_left = greatest(l.trial_calls_left - greatest(l.granted - l.test_calls_left, 0), 0)
    FROM locked l
    WHERE p.id = l.id
    RETURNING p.id, l.granted, least(l.granted, l.test_calls_left + l.trial_calls_left) AS free,
      l.unit_price_mfen, p.calls_left, p.auto_renew_package_id IS NOT NULL AS auto_renew
  ),
  ranked AS (
    SELECT x.*,
      row_number() OVER (PARTITION BY x.purchase_id, x.billable ORDER BY x.i) AS n,
      coalesce(c.granted, 0) AS granted, coalesce(c.free, 0) AS free,
      coalesce(c.unit_price_mfen, 0) AS unit_price
    FROM input x LEFT JOIN charged c ON c.id = x.purchase_id
  ),
  decided AS (
    SELECT r.*,
      r.billable AND r.n <= r.granted AS got_it,
      CASE WHEN r.billable AND r.n > r.granted THEN 'SYSTEM_002' ELSE r.code END AS final_code,
      CASE WHEN r.billable AND r.n <= r.granted AND r.n > r.free THEN r.unit_price ELSE 0 END AS cost
    FROM ranked r
  ),
  written AS (
    -- Not read below: a data-modifying WITH runs to completion all the same.
    INSERT INTO call_records (seq_no, member_id, purchase_id, interface_id, code, charged, billable, latency_ms, ip, params, provider, cost_mfen)
    SELECT d.seq_no, d.member_id, d.purchase_id, d.interface_id, d.final_code,
      CASE WHEN d.got_it THEN 1 ELSE 0 END, d.got_it, d.latency_ms, d.ip, d.params, d.provider, d.cost
    FROM decided d
    RETURNING 1
  ),
  counted AS (
    -- Keys in a fixed order, so two server processes lock the same rows in the same order.
    INSERT INTO call_stats AS s (member_id, day, interface_id, code, calls, charged, cost_mfen, latency_ms)
    SELECT d.member_id, (now() AT TIME ZONE 'Asia/Shanghai')::date, coalesce(d.interface_id, 0), d.final_code,
      count(*), count(*) FILTER (WHERE d.got_it), sum(d.cost), sum(d.latency_ms)
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
  SELECT d.i, d.got_it, c.id, c.calls_left, c.auto_renew
  FROM decided d LEFT JOIN charged c ON c.id = d.purchase_id
  ORDER BY d.i;
END
$fn$;
