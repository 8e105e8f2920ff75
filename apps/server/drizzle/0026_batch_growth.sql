ALTER TABLE "batch_jobs" ADD COLUMN "failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD COLUMN "consent_member_id" bigint;--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD COLUMN "consent_ip" text;--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD COLUMN "run_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "batch_jobs" ADD COLUMN "run_done_from" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Jobs finished before the counter existed: their rows answered neither 10000 nor charged.
UPDATE "batch_jobs" SET "failed" = (SELECT count(*) FROM "batch_job_rows" r WHERE r."job_id" = "batch_jobs"."id" AND r."code" IS NOT NULL AND r."code" <> '10000' AND r."charged" = 0);
