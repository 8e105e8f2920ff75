ALTER TABLE "audit_requests" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consented_at" timestamp with time zone;