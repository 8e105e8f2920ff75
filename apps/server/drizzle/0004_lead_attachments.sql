ALTER TABLE "leads" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "attachment_path" text;