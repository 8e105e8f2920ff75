CREATE TABLE "account_keys" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"platform_public_key" text NOT NULL,
	"platform_private_enc" text NOT NULL,
	"customer_public_key" text,
	"customer_key_fingerprint" text,
	"customer_key_bits" integer,
	"customer_key_source" text,
	"customer_key_uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_secrets" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"secret_enc" text,
	"secret_hint" text DEFAULT '' NOT NULL,
	"secret_created_at" timestamp with time zone,
	"rotated_at" timestamp with time zone,
	"previous_enc" text,
	"previous_valid_until" timestamp with time zone,
	"sign_mode" text DEFAULT 'none' NOT NULL,
	"encrypt_mode" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_secrets_app_key_unique" UNIQUE("app_key")
);
--> statement-breakpoint
ALTER TABLE "account_keys" ADD CONSTRAINT "account_keys_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_secrets" ADD CONSTRAINT "account_secrets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;