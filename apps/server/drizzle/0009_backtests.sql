CREATE TABLE "backtests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"strategy_id" uuid NOT NULL,
	"status" text NOT NULL,
	"progress" double precision NOT NULL,
	"request" jsonb NOT NULL,
	"graph" jsonb NOT NULL,
	"graph_version" integer NOT NULL,
	"strategy_updated_at" timestamp with time zone NOT NULL,
	"data_source" text NOT NULL,
	"data_label" text NOT NULL,
	"bars" integer NOT NULL,
	"first_bar_at" timestamp with time zone,
	"last_bar_at" timestamp with time zone,
	"result" jsonb,
	"signals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" jsonb,
	"final_balance" text,
	"error" text,
	"duration_ms" integer,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "backtests" ADD CONSTRAINT "backtests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backtests" ADD CONSTRAINT "backtests_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backtests_strategy_idx" ON "backtests" USING btree ("strategy_id","created_at");--> statement-breakpoint
CREATE INDEX "backtests_user_idx" ON "backtests" USING btree ("user_id");