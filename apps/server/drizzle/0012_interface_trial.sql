CREATE TABLE "trial_grants" (
	"member_id" bigint NOT NULL,
	"interface_id" integer NOT NULL,
	"calls" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_grants_member_id_interface_id_pk" PRIMARY KEY("member_id","interface_id")
);
--> statement-breakpoint
ALTER TABLE "interfaces" ADD COLUMN "trial_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trial_grants" ADD CONSTRAINT "trial_grants_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_grants" ADD CONSTRAINT "trial_grants_interface_id_interfaces_id_fk" FOREIGN KEY ("interface_id") REFERENCES "public"."interfaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trial_grants_interface_idx" ON "trial_grants" USING btree ("interface_id");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_trial_calls_not_negative" CHECK ("members"."trial_calls" >= 0);--> statement-breakpoint
-- Issue #8: the interfaces offered for a free trial on databases seeded before this migration
-- (a fresh database gets them from the seed, src/db/seed/data/trial.ts; a test keeps both equal).
UPDATE "interfaces" SET "trial_calls" = 20 WHERE "id" IN (1882, 1902, 2061, 1985, 9732, 1986, 1979, 2130) AND "trial_calls" = 0;
--> statement-breakpoint
UPDATE "interfaces" SET "trial_calls" = 10 WHERE "id" IN (1888, 1883, 9699, 2071, 1987, 1988, 1993, 1887, 2201, 2202, 2210, 1980, 9054, 1981, 2006, 9739, 2131) AND "trial_calls" = 0;
