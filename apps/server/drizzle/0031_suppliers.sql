CREATE TABLE "supplier_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"supplier_id" bigint NOT NULL,
	"state" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_routes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_routes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"interface_id" integer NOT NULL,
	"supplier_id" bigint NOT NULL,
	"endpoint" text NOT NULL,
	"credentials_sealed" text DEFAULT '' NOT NULL,
	"credential_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"timeout_ms" integer DEFAULT 3000 NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"weight" integer DEFAULT 100 NOT NULL,
	"cost_mfen" bigint DEFAULT 0 NOT NULL,
	"mapping" jsonb DEFAULT '{"params":{},"fields":{},"codes":{}}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_stats" (
	"day" date NOT NULL,
	"supplier_id" bigint NOT NULL,
	"interface_id" integer NOT NULL,
	"tried" bigint DEFAULT 0 NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"timeouts" bigint DEFAULT 0 NOT NULL,
	"refused" bigint DEFAULT 0 NOT NULL,
	"latency_ms" bigint DEFAULT 0 NOT NULL,
	"cost_mfen" bigint DEFAULT 0 NOT NULL,
	"revenue_mfen" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "supplier_stats_day_supplier_id_interface_id_pk" PRIMARY KEY("day","supplier_id","interface_id")
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"max_concurrent" integer DEFAULT 64 NOT NULL,
	"max_queue" integer DEFAULT 16 NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "supplier_id" bigint;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "supplier_cost_mfen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "supplier_ms" integer;--> statement-breakpoint
ALTER TABLE "call_records" ADD COLUMN "attempts" jsonb;--> statement-breakpoint
ALTER TABLE "supplier_events" ADD CONSTRAINT "supplier_events_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_routes" ADD CONSTRAINT "supplier_routes_interface_id_interfaces_id_fk" FOREIGN KEY ("interface_id") REFERENCES "public"."interfaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_routes" ADD CONSTRAINT "supplier_routes_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_stats" ADD CONSTRAINT "supplier_stats_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supplier_events_supplier_idx" ON "supplier_events" USING btree ("supplier_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_routes_interface_supplier_idx" ON "supplier_routes" USING btree ("interface_id","supplier_id");--> statement-breakpoint
CREATE INDEX "call_records_supplier_time_idx" ON "call_records" USING btree ("supplier_id","created_at") WHERE "call_records"."supplier_id" is not null;
--> statement-breakpoint
-- gateway_commit, fifth version (issue #24): a call answered through the suppliers carries the
-- supplier that answered, what it charges for the answer, how long it took and every supplier
-- tried; the same statement adds the attempts to supplier_stats (per China day, supplier and
-- interface), with the supplier's charge and the customer's for the calls each supplier answered.
-- Attempts refused before they were sent (an open breaker, a full bulkhead) are kept on the record
-- only. Everything else is the fourth version's.
CREATE OR REPLACE FUNCTION gateway_commit(calls jsonb)
RETURNS TABLE (i int, got boolean, purchase_id bigint, calls_left bigint, auto_renew boolean)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH input AS (
    SELECT * FROM jsonb_to_recordset(calls) AS x(
      i int, seq_no text, member_id bigint, purchase_id bigint, assignment_id bigint, interface_id int, code text,
      billable boolean, latency_ms int, ip text, params jsonb, provider text,
      supplier_id bigint, supplier_cost_mfen bigint, supplier_ms int, attempts jsonb)
  ),
  plock AS (
    SELECT p.id, p.calls_left, p.test_calls_left, p.trial_calls_left, p.unit_price_mfen,
      (p.status = 'active' AND p.expires_at > now() AND p.calls_left >= 1) AS open
    FROM purchases p
    WHERE p.id IN (SELECT x.purchase_id FROM input x WHERE x.billable)
    ORDER BY p.id
    FOR UPDATE OF p
  ),
  alock AS (
    SELECT a.id, a.member_id, a.calls_allotted - a.calls_used AS room, a.status = 'active' AS open
    FROM assignments a
    WHERE a.id IN (SELECT x.assignment_id FROM input x WHERE x.billable AND x.assignment_id IS NOT NULL)
    ORDER BY a.id
    FOR UPDATE OF a
  ),
  slock AS (
    SELECT s.member_id, s.amount_left_mfen
    FROM sub_accounts s
    WHERE s.billing_mode = 'amount' AND s.member_id IN (SELECT al.member_id FROM alock al)
    ORDER BY s.member_id
    FOR UPDATE OF s
  ),
  allotted AS (
    -- Within its assignment: the first `room` billable calls of each assignment, in arrival order.
    SELECT x.*,
      x.billable AND (x.assignment_id IS NULL OR (coalesce(al.open, false) AND (al.room IS NULL OR
        row_number() OVER (PARTITION BY x.assignment_id, x.billable ORDER BY x.i) <= al.room))) AS within_calls,
      coalesce(pl.unit_price_mfen, 0) AS unit_estimate,
      sl.amount_left_mfen AS money_left
    FROM input x
    LEFT JOIN alock al ON al.id = x.assignment_id
    LEFT JOIN plock pl ON pl.id = x.purchase_id
    LEFT JOIN slock sl ON sl.member_id = x.member_id AND x.assignment_id IS NOT NULL
  ),
  eligible AS (
    -- Within its money: what the sub-account's earlier eligible calls of the group may cost.
    SELECT a.*,
      a.within_calls AND (a.money_left IS NULL OR
        sum(CASE WHEN a.within_calls THEN a.unit_estimate ELSE 0 END)
          OVER (PARTITION BY a.member_id, a.money_left IS NULL ORDER BY a.i ROWS UNBOUNDED PRECEDING) <= a.money_left) AS ok
    FROM allotted a
  ),
  wanted AS (
    SELECT e.purchase_id AS id, count(*) AS n FROM eligible e WHERE e.ok GROUP BY e.purchase_id
  ),
  locked AS (
    SELECT pl.id, pl.test_calls_left, pl.trial_calls_left, pl.unit_price_mfen, least(pl.calls_left, w.n) AS granted
    FROM plock pl JOIN wanted w ON w.id = pl.id
    WHERE pl.open
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
    SELECT e.*,
      row_number() OVER (PARTITION BY e.purchase_id, e.ok ORDER BY e.i) AS n,
      coalesce(c.granted, 0) AS granted, coalesce(c.free, 0) AS free,
      coalesce(c.unit_price_mfen, 0) AS unit_price
    FROM eligible e LEFT JOIN charged c ON c.id = e.purchase_id
  ),
  decided AS (
    SELECT r.*,
      r.ok AND r.n <= r.granted AS got_it,
      CASE WHEN r.billable AND NOT (r.ok AND r.n <= r.granted) THEN 'SYSTEM_002' ELSE r.code END AS final_code,
      CASE WHEN r.ok AND r.n <= r.granted AND r.n > r.free THEN r.unit_price ELSE 0 END AS cost
    FROM ranked r
  ),
  used AS (
    UPDATE assignments a
    SET calls_used = a.calls_used + u.n, last_call_at = now()
    FROM (SELECT d.assignment_id AS id, count(*) AS n FROM decided d WHERE d.got_it AND d.assignment_id IS NOT NULL GROUP BY 1) u
    WHERE a.id = u.id
    RETURNING 1
  ),
  spent AS (
    -- Only amount-mode sub-accounts are locked above; the others' spending is read from call_stats.
    UPDATE sub_accounts s
    SET amount_left_mfen = s.amount_left_mfen - u.cost, spent_mfen = s.spent_mfen + u.cost
    FROM (SELECT d.member_id, sum(d.cost) AS cost FROM decided d WHERE d.got_it AND d.money_left IS NOT NULL GROUP BY 1) u
    WHERE s.member_id = u.member_id AND u.cost > 0
    RETURNING 1
  ),
  written AS (
    INSERT INTO call_records (seq_no, member_id, purchase_id, interface_id, code, charged, billable, latency_ms, ip, params, provider, cost_mfen,
      supplier_id, supplier_cost_mfen, supplier_ms, attempts)
    SELECT d.seq_no, d.member_id, d.purchase_id, d.interface_id, d.final_code,
      CASE WHEN d.got_it THEN 1 ELSE 0 END, d.got_it, d.latency_ms, d.ip, d.params, d.provider, d.cost,
      d.supplier_id, coalesce(d.supplier_cost_mfen, 0), d.supplier_ms, d.attempts
    FROM decided d
    RETURNING 1
  ),
  tries AS (
    -- Every attempt of the group, by supplier and interface; revenue goes to the supplier that answered.
    SELECT (t.a->>'s')::bigint AS supplier_id, coalesce(d.interface_id, 0) AS interface_id, t.a->>'r' AS r,
      coalesce((t.a->>'ms')::bigint, 0) AS ms,
      CASE WHEN t.a->>'r' = 'ok' AND (t.a->>'s')::bigint = d.supplier_id THEN coalesce(d.supplier_cost_mfen, 0) ELSE 0 END AS cost,
      CASE WHEN t.a->>'r' = 'ok' AND (t.a->>'s')::bigint = d.supplier_id THEN d.cost ELSE 0 END AS revenue
    FROM decided d, jsonb_array_elements(coalesce(d.attempts, '[]'::jsonb)) AS t(a)
    WHERE t.a->>'r' IN ('ok', 'timeout', 'refused')
  ),
  supplied AS (
    INSERT INTO supplier_stats AS s (day, supplier_id, interface_id, tried, answered, timeouts, refused, latency_ms, cost_mfen, revenue_mfen)
    SELECT (now() AT TIME ZONE 'Asia/Shanghai')::date, t.supplier_id, t.interface_id, count(*),
      count(*) FILTER (WHERE t.r = 'ok'), count(*) FILTER (WHERE t.r = 'timeout'), count(*) FILTER (WHERE t.r = 'refused'),
      sum(t.ms), sum(t.cost), sum(t.revenue)
    FROM tries t
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (day, supplier_id, interface_id) DO UPDATE
    SET tried = s.tried + excluded.tried,
        answered = s.answered + excluded.answered,
        timeouts = s.timeouts + excluded.timeouts,
        refused = s.refused + excluded.refused,
        latency_ms = s.latency_ms + excluded.latency_ms,
        cost_mfen = s.cost_mfen + excluded.cost_mfen,
        revenue_mfen = s.revenue_mfen + excluded.revenue_mfen
    RETURNING 1
  ),
  counted AS (
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
