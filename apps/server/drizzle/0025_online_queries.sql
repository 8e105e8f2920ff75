CREATE TABLE "query_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "query_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"purchase_id" bigint NOT NULL,
	"interface_id" integer NOT NULL,
	"seq_no" text NOT NULL,
	"params" jsonb NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb,
	"charged" integer DEFAULT 0 NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "query_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "query_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"items" integer NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT 'single' NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "query_items" ADD CONSTRAINT "query_items_report_id_query_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."query_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_items" ADD CONSTRAINT "query_items_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "query_reports" ADD CONSTRAINT "query_reports_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "query_items_report_idx" ON "query_items" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "query_items_member_idx" ON "query_items" USING btree ("member_id","interface_id","id");--> statement-breakpoint
CREATE INDEX "query_reports_member_idx" ON "query_reports" USING btree ("member_id","id");