CREATE TABLE "assignments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"purchase_id" bigint NOT NULL,
	"key" text NOT NULL,
	"calls_allotted" bigint,
	"calls_used" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"last_call_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_key_unique" UNIQUE("key"),
	CONSTRAINT "assignments_within" CHECK ("assignments"."calls_used" >= 0 and ("assignments"."calls_allotted" is null or "assignments"."calls_used" <= "assignments"."calls_allotted"))
);
--> statement-breakpoint
CREATE TABLE "sub_account_invites" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sub_account_invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_account_invites_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sub_accounts" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"parent_id" bigint NOT NULL,
	"sub_company_name" text DEFAULT '' NOT NULL,
	"billing_mode" text DEFAULT 'calls' NOT NULL,
	"amount_left_mfen" bigint DEFAULT 0 NOT NULL,
	"spent_mfen" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sub_accounts_amount_not_negative" CHECK ("sub_accounts"."amount_left_mfen" >= 0 and "sub_accounts"."spent_mfen" >= 0),
	CONSTRAINT "sub_accounts_mode" CHECK ("sub_accounts"."billing_mode" in ('calls', 'amount'))
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_account_invites" ADD CONSTRAINT "sub_account_invites_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD CONSTRAINT "sub_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_accounts" ADD CONSTRAINT "sub_accounts_parent_id_members_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignments_member_purchase_idx" ON "assignments" USING btree ("member_id","purchase_id");--> statement-breakpoint
CREATE INDEX "assignments_purchase_idx" ON "assignments" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "sub_account_invites_member_idx" ON "sub_account_invites" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "sub_accounts_parent_idx" ON "sub_accounts" USING btree ("parent_id");--> statement-breakpoint
-- Sub-accounts made before this migration get their terms: calls mode, nothing spent.
INSERT INTO "sub_accounts" ("member_id", "parent_id")
SELECT "id", "parent_id" FROM "members" WHERE "parent_id" IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- gateway_commit, fourth version (Decision 176): a call made with a sub-account's key (an
-- assignment) is charged to the main account's purchase like any other, but only within the
-- assignment's allotment of calls and, for a sub-account in amount mode, within its money
-- allotment. The purchases, then the assignments, then the sub-accounts of a group are locked in
-- id order (every process takes them in that order, so none can deadlock). A call is eligible
-- when its assignment (if any) is active with room for it, counted in the order the calls came,
-- and its sub-account's money left covers every eligible call before it at its purchase's unit
-- price (a free test or trial call costs 0, never more than the unit price, so the money left
-- can never go below zero). The purchase then grants min(calls left, eligible calls) as before;
-- the calls beyond any of these limits are answered SYSTEM_002 and recorded as such.
CREATE OR REPLACE FUNCTION gateway_commit(calls jsonb)
RETURNS TABLE (i int, got boolean, purchase_id bigint, calls_left bigint, auto_renew boolean)
LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH input AS (
    SELECT * FROM jsonb_to_recordset(calls) AS x(
      i int, seq_no text, member_id bigint, purchase_id bigint, assignment_id bigint, interface_id int, code text,
      billable boolean, latency_ms int, ip text, params jsonb, provider text)
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
    INSERT INTO call_records (seq_no, member_id, purchase_id, interface_id, code, charged, billable, latency_ms, ip, params, provider, cost_mfen)
    SELECT d.seq_no, d.member_id, d.purchase_id, d.interface_id, d.final_code,
      CASE WHEN d.got_it THEN 1 ELSE 0 END, d.got_it, d.latency_ms, d.ip, d.params, d.provider, d.cost
    FROM decided d
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
