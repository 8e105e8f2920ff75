CREATE TABLE "batch_job_rows" (
	"job_id" bigint NOT NULL,
	"row_no" integer NOT NULL,
	"params" jsonb NOT NULL,
	"seq_no" text,
	"code" text,
	"message" text,
	"data" jsonb,
	"charged" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "batch_job_rows_job_id_row_no_pk" PRIMARY KEY("job_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "batch_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batch_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"purchase_id" bigint NOT NULL,
	"interface_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"ip" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"rows" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"lease_owner" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "batch_job_rows" ADD CONSTRAINT "batch_job_rows_job_id_batch_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."batch_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD CONSTRAINT "batch_jobs_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD CONSTRAINT "batch_jobs_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_jobs_member_idx" ON "batch_jobs" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "batch_jobs_running_idx" ON "batch_jobs" USING btree ("status","lease_until");