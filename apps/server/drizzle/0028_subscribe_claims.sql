CREATE TABLE "vehicle_subscribe_claims" (
	"member_id" bigint NOT NULL,
	"plate_number" text NOT NULL,
	"plate_color" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_subscribe_claims_member_id_plate_number_plate_color_pk" PRIMARY KEY("member_id","plate_number","plate_color")
);
--> statement-breakpoint
ALTER TABLE "vehicle_subscribe_claims" ADD CONSTRAINT "vehicle_subscribe_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;