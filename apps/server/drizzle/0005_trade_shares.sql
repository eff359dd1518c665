CREATE TABLE "trading_trade_shares" (
	"token" text PRIMARY KEY NOT NULL,
	"position_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"show_money" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trading_trade_shares_position_id_unique" UNIQUE("position_id")
);
--> statement-breakpoint
ALTER TABLE "trading_trade_shares" ADD CONSTRAINT "trading_trade_shares_position_id_trading_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."trading_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_trade_shares" ADD CONSTRAINT "trading_trade_shares_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;