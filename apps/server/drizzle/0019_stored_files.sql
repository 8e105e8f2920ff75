CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_id" bigint,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stored_files_kind_idx" ON "stored_files" USING btree ("kind","created_at");