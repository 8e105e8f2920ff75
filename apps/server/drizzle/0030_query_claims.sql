CREATE TABLE "query_claims" (
	"member_id" bigint NOT NULL,
	"question" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "query_claims_member_id_question_pk" PRIMARY KEY("member_id","question")
);
--> statement-breakpoint
ALTER TABLE "query_claims" ADD CONSTRAINT "query_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;