CREATE TABLE "billing_coupon_redemptions" (
	"coupon_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_coupon_redemptions_coupon_id_user_id_pk" PRIMARY KEY("coupon_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "billing_coupons" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_off_bp" integer,
	"amount_off_minor" numeric(14, 0),
	"currency" text,
	"duration" text NOT NULL,
	"duration_months" integer,
	"plan_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_redemptions" integer,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_coupons_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "billing_subscription_addons" (
	"subscription_id" uuid NOT NULL,
	"addon_id" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "billing_subscription_addons_subscription_id_addon_id_pk" PRIMARY KEY("subscription_id","addon_id")
);
--> statement-breakpoint
CREATE TABLE "billing_subscription_charges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"invoice_id" text NOT NULL,
	"charge_ref" text,
	"status" text NOT NULL,
	"amount_minor" numeric(14, 0) NOT NULL,
	"net_minor" numeric(14, 0) NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"change" jsonb,
	"failure_reason" text,
	"refunded_minor" numeric(14, 0) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "billing_subscription_charges_key" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"interval" text NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"period_amount_minor" numeric(14, 0) NOT NULL,
	"invoice_count" integer DEFAULT 0 NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"trial_end" timestamp with time zone,
	"coupon_id" uuid,
	"coupon_redeemed_at" timestamp with time zone,
	"scheduled_change" jsonb,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"past_due_since" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"canceled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "billing_coupon_redemptions" ADD CONSTRAINT "billing_coupon_redemptions_coupon_id_billing_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."billing_coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_coupon_redemptions" ADD CONSTRAINT "billing_coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscription_addons" ADD CONSTRAINT "billing_subscription_addons_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscription_charges" ADD CONSTRAINT "billing_subscription_charges_subscription_id_billing_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."billing_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_coupon_id_billing_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."billing_coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscription_charges_ref" ON "billing_subscription_charges" USING btree ("charge_ref");--> statement-breakpoint
CREATE INDEX "billing_subscription_charges_sub_idx" ON "billing_subscription_charges" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_user_idx" ON "billing_subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_one_live" ON "billing_subscriptions" USING btree ("user_id") WHERE "billing_subscriptions"."status" in ('trialing', 'active', 'past_due', 'incomplete');--> statement-breakpoint
CREATE INDEX "billing_subscriptions_due_idx" ON "billing_subscriptions" USING btree ("status","current_period_end");