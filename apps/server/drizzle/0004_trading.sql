CREATE TABLE "trading_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"platform" text NOT NULL,
	"platform_type" text NOT NULL,
	"type" text NOT NULL,
	"server" text NOT NULL,
	"broker" text NOT NULL,
	"username" text,
	"account_number" text,
	"color" text NOT NULL,
	"status" text NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"starting_balance" numeric NOT NULL,
	"custom_balance" boolean DEFAULT false NOT NULL,
	"balance" numeric NOT NULL,
	"leverage" integer NOT NULL,
	"margin_mode" text NOT NULL,
	"password_enc" text,
	"investor_password_enc" text,
	"platform_token" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trading_deals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"account_id" uuid NOT NULL,
	"position_id" uuid,
	"order_id" uuid,
	"kind" text NOT NULL,
	"entry" text NOT NULL,
	"symbol" text,
	"side" text,
	"volume" numeric,
	"price" double precision,
	"requested_price" double precision,
	"slippage" double precision,
	"gap" boolean DEFAULT false NOT NULL,
	"profit" numeric DEFAULT '0' NOT NULL,
	"commission" numeric DEFAULT '0' NOT NULL,
	"swap" numeric DEFAULT '0' NOT NULL,
	"amount" numeric NOT NULL,
	"balance_after" numeric NOT NULL,
	"reason" text NOT NULL,
	"time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_idempotency_keys" (
	"account_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trading_idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "trading_modifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"account_id" uuid NOT NULL,
	"position_id" uuid,
	"order_id" uuid,
	"field" text NOT NULL,
	"old_value" double precision,
	"new_value" double precision,
	"source" text NOT NULL,
	"time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"volume" numeric NOT NULL,
	"price" double precision,
	"limit_price" double precision,
	"stop_triggered_at" timestamp with time zone,
	"stop_loss" double precision,
	"take_profit" double precision,
	"stop_loss_pips" double precision,
	"take_profit_pips" double precision,
	"stop_loss_lock" text DEFAULT 'price' NOT NULL,
	"take_profit_lock" text DEFAULT 'price' NOT NULL,
	"trailing_pips" double precision,
	"max_slippage_pips" double precision,
	"expiry" text DEFAULT 'gtc' NOT NULL,
	"expires_at" timestamp with time zone,
	"position_id" uuid,
	"fill_price" double precision,
	"filled_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trading_positions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"status" text NOT NULL,
	"volume" numeric NOT NULL,
	"initial_volume" numeric NOT NULL,
	"open_price" double precision NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"stop_loss" double precision,
	"take_profit" double precision,
	"trailing_pips" double precision,
	"close_price" double precision,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"profit" numeric DEFAULT '0' NOT NULL,
	"commission" numeric DEFAULT '0' NOT NULL,
	"swap" numeric DEFAULT '0' NOT NULL,
	"swap_booked_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trading_accounts" ADD CONSTRAINT "trading_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_deals" ADD CONSTRAINT "trading_deals_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_idempotency_keys" ADD CONSTRAINT "trading_idempotency_keys_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_modifications" ADD CONSTRAINT "trading_modifications_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_orders" ADD CONSTRAINT "trading_orders_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_positions" ADD CONSTRAINT "trading_positions_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trading_accounts_user_idx" ON "trading_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_accounts_platform_token_key" ON "trading_accounts" USING btree ("platform_token");--> statement-breakpoint
CREATE UNIQUE INDEX "trading_accounts_one_active" ON "trading_accounts" USING btree ("user_id") WHERE "trading_accounts"."is_active";--> statement-breakpoint
CREATE INDEX "trading_deals_account_idx" ON "trading_deals" USING btree ("account_id","seq");--> statement-breakpoint
CREATE INDEX "trading_deals_position_idx" ON "trading_deals" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "trading_idempotency_created_idx" ON "trading_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trading_modifications_position_idx" ON "trading_modifications" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "trading_modifications_order_idx" ON "trading_modifications" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "trading_orders_account_idx" ON "trading_orders" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "trading_orders_pending_idx" ON "trading_orders" USING btree ("account_id") WHERE "trading_orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "trading_positions_account_idx" ON "trading_positions" USING btree ("account_id","opened_at");--> statement-breakpoint
CREATE INDEX "trading_positions_open_idx" ON "trading_positions" USING btree ("account_id") WHERE "trading_positions"."status" = 'open';