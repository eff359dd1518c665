CREATE TABLE "billing_addons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL,
	"max_quantity" integer NOT NULL,
	"entitlements" jsonb NOT NULL,
	"active" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL,
	"trial_days" integer NOT NULL,
	"entitlements" jsonb NOT NULL,
	"recommended" boolean NOT NULL,
	"active" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_prices" (
	"item_kind" text NOT NULL,
	"item_id" text NOT NULL,
	"currency" text NOT NULL,
	"monthly" numeric(12, 2) NOT NULL,
	"yearly" numeric(12, 2) NOT NULL,
	CONSTRAINT "billing_prices_item_kind_item_id_currency_pk" PRIMARY KEY("item_kind","item_id","currency")
);
--> statement-breakpoint
CREATE TABLE "billing_daily_usage" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "billing_daily_usage_user_id_key_day_pk" PRIMARY KEY("user_id","key","day")
);
--> statement-breakpoint
ALTER TABLE "billing_daily_usage" ADD CONSTRAINT "billing_daily_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;