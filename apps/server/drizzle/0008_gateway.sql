CREATE TABLE "call_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "call_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seq_no" text NOT NULL,
	"member_id" bigint,
	"purchase_id" bigint,
	"interface_id" integer,
	"code" text NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"billable" boolean DEFAULT false NOT NULL,
	"latency_ms" integer NOT NULL,
	"ip" text NOT NULL,
	"params" jsonb NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_records_seq_no_unique" UNIQUE("seq_no")
);
--> statement-breakpoint
ALTER TABLE "call_records" ADD CONSTRAINT "call_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_records_member_idx" ON "call_records" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "call_records_purchase_idx" ON "call_records" USING btree ("purchase_id","id");