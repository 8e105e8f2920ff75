CREATE TABLE "ip_bindings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ip_bindings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"interface_id" integer DEFAULT 0 NOT NULL,
	"cidr" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ip_bindings" ADD CONSTRAINT "ip_bindings_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ip_bindings_unique_idx" ON "ip_bindings" USING btree ("member_id","interface_id","cidr");--> statement-breakpoint
CREATE INDEX "ip_bindings_member_idx" ON "ip_bindings" USING btree ("member_id");