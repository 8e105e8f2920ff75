CREATE TABLE "fence_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fence_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"fence_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"alerted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fence_events_kind" CHECK ("fence_events"."kind" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "fence_vehicles" (
	"fence_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	CONSTRAINT "fence_vehicles_fence_id_subscription_id_pk" PRIMARY KEY("fence_id","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "track_shares" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "track_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_fences" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_fences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"name" text NOT NULL,
	"shape" text NOT NULL,
	"center" jsonb,
	"radius" integer,
	"points" jsonb,
	"alert" boolean DEFAULT false NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_fences_shape" CHECK ("vehicle_fences"."shape" in ('circle', 'polygon'))
);
--> statement-breakpoint
CREATE TABLE "vehicle_queries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_queries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	"purchase_id" bigint NOT NULL,
	"interface_id" integer NOT NULL,
	"plate_number" text NOT NULL,
	"seq_no" text NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb,
	"charged" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"plate_number" text NOT NULL,
	"plate_color" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"cancelled_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"lon" double precision,
	"lat" double precision,
	"speed" double precision,
	"direction" integer,
	"address" text,
	"gps_time" text,
	"fetched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fence_events" ADD CONSTRAINT "fence_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_events" ADD CONSTRAINT "fence_events_fence_id_vehicle_fences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."vehicle_fences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_events" ADD CONSTRAINT "fence_events_subscription_id_vehicle_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."vehicle_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_vehicles" ADD CONSTRAINT "fence_vehicles_fence_id_vehicle_fences_id_fk" FOREIGN KEY ("fence_id") REFERENCES "public"."vehicle_fences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fence_vehicles" ADD CONSTRAINT "fence_vehicles_subscription_id_vehicle_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."vehicle_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_shares" ADD CONSTRAINT "track_shares_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_shares" ADD CONSTRAINT "track_shares_subscription_id_vehicle_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."vehicle_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_fences" ADD CONSTRAINT "vehicle_fences_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_queries" ADD CONSTRAINT "vehicle_queries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_queries" ADD CONSTRAINT "vehicle_queries_subscription_id_vehicle_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."vehicle_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_subscriptions" ADD CONSTRAINT "vehicle_subscriptions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fence_events_once_idx" ON "fence_events" USING btree ("fence_id","subscription_id","kind","at");--> statement-breakpoint
CREATE INDEX "fence_events_member_idx" ON "fence_events" USING btree ("member_id","at");--> statement-breakpoint
CREATE INDEX "fence_events_subscription_idx" ON "fence_events" USING btree ("subscription_id","at");--> statement-breakpoint
CREATE INDEX "fence_vehicles_subscription_idx" ON "fence_vehicles" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "track_shares_token_idx" ON "track_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "track_shares_expires_idx" ON "track_shares" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "track_shares_member_idx" ON "track_shares" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_fences_member_name_idx" ON "vehicle_fences" USING btree ("member_id","name");--> statement-breakpoint
CREATE INDEX "vehicle_fences_member_idx" ON "vehicle_fences" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "vehicle_fences_alert_idx" ON "vehicle_fences" USING btree ("alert") WHERE alert;--> statement-breakpoint
CREATE INDEX "vehicle_queries_member_idx" ON "vehicle_queries" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "vehicle_queries_subscription_idx" ON "vehicle_queries" USING btree ("member_id","subscription_id","id");--> statement-breakpoint
CREATE INDEX "vehicle_subscriptions_member_idx" ON "vehicle_subscriptions" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "vehicle_subscriptions_plate_idx" ON "vehicle_subscriptions" USING btree ("member_id","plate_number","plate_color");--> statement-breakpoint
CREATE INDEX "vehicle_subscriptions_period_idx" ON "vehicle_subscriptions" USING btree ("member_id","end_date","start_date");