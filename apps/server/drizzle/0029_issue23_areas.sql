CREATE TABLE "package_names" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "package_names_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"package_name" text NOT NULL,
	"package_key" text NOT NULL,
	"app_name" text NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_queries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "insurance_queries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"model" text NOT NULL,
	"interface_id" integer NOT NULL,
	"purchase_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"plate_number" text DEFAULT '' NOT NULL,
	"plate_color" integer,
	"company_name" text DEFAULT '' NOT NULL,
	"credit_code" text DEFAULT '' NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"success" boolean NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"charged" boolean DEFAULT false NOT NULL,
	"seq_no" text NOT NULL,
	"score" integer,
	"grade" text,
	"request" jsonb NOT NULL,
	"response" jsonb,
	"result" jsonb,
	"operator" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_queries_model_check" CHECK ("insurance_queries"."model" in ('truck', 'fleet', 'bus'))
);
--> statement-breakpoint
CREATE TABLE "capacity_queries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "capacity_queries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"purchase_id" bigint NOT NULL,
	"interface_id" integer NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"credit_code" text DEFAULT '' NOT NULL,
	"answered_name" text DEFAULT '' NOT NULL,
	"answered_code" text DEFAULT '' NOT NULL,
	"seq_no" text NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb,
	"charged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interfaces" ADD COLUMN "sdk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "package_names" ADD CONSTRAINT "package_names_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_queries" ADD CONSTRAINT "insurance_queries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_queries" ADD CONSTRAINT "capacity_queries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "package_names_unique_idx" ON "package_names" USING btree ("member_id","platform","package_key");--> statement-breakpoint
CREATE INDEX "package_names_member_idx" ON "package_names" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "insurance_queries_member_idx" ON "insurance_queries" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "insurance_queries_model_idx" ON "insurance_queries" USING btree ("member_id","model","created_at");--> statement-breakpoint
CREATE INDEX "capacity_queries_member_idx" ON "capacity_queries" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "call_records_interface_time_idx" ON "call_records" USING btree ("interface_id","created_at");