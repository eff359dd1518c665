CREATE TABLE "chart_drawings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"chart_id" uuid,
	"symbol" text NOT NULL,
	"tool" text NOT NULL,
	"points" jsonb NOT NULL,
	"style" jsonb NOT NULL,
	"text" text,
	"locked" boolean NOT NULL,
	"hidden" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chart_layouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"count" integer NOT NULL,
	"direction" text NOT NULL,
	"charts" jsonb NOT NULL,
	"sync" jsonb NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chart_shares" (
	"chart_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token" text NOT NULL,
	"timeframe" text NOT NULL,
	"settings" jsonb NOT NULL,
	"indicators" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chart_shares_token_key" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "chart_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"is_default" boolean NOT NULL,
	"settings" jsonb NOT NULL,
	"indicators" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"symbol" text NOT NULL,
	"timeframe" text NOT NULL,
	"settings" jsonb NOT NULL,
	"indicators" jsonb NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_symbols" (
	"id" uuid PRIMARY KEY NOT NULL,
	"watchlist_id" uuid NOT NULL,
	"source" text NOT NULL,
	"ticker" text NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watchlist_symbols_ticker_key" UNIQUE("watchlist_id","ticker")
);
--> statement-breakpoint
CREATE TABLE "watchlists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean NOT NULL,
	"share_token" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watchlists_share_token_key" UNIQUE("share_token")
);
--> statement-breakpoint
ALTER TABLE "chart_drawings" ADD CONSTRAINT "chart_drawings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_drawings" ADD CONSTRAINT "chart_drawings_chart_id_charts_id_fk" FOREIGN KEY ("chart_id") REFERENCES "public"."charts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_layouts" ADD CONSTRAINT "chart_layouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_shares" ADD CONSTRAINT "chart_shares_chart_id_charts_id_fk" FOREIGN KEY ("chart_id") REFERENCES "public"."charts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_shares" ADD CONSTRAINT "chart_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chart_templates" ADD CONSTRAINT "chart_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charts" ADD CONSTRAINT "charts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_symbols" ADD CONSTRAINT "watchlist_symbols_watchlist_id_watchlists_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chart_drawings_chart_symbol_idx" ON "chart_drawings" USING btree ("chart_id","symbol","seq");--> statement-breakpoint
CREATE INDEX "chart_drawings_user_symbol_idx" ON "chart_drawings" USING btree ("user_id","symbol","seq");--> statement-breakpoint
CREATE INDEX "chart_layouts_user_idx" ON "chart_layouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "chart_templates_user_idx" ON "chart_templates" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chart_templates_one_default" ON "chart_templates" USING btree ("user_id","kind") WHERE "chart_templates"."is_default";--> statement-breakpoint
CREATE INDEX "charts_user_symbol_idx" ON "charts" USING btree ("user_id","symbol","updated_at");--> statement-breakpoint
CREATE INDEX "watchlists_user_idx" ON "watchlists" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlists_one_default" ON "watchlists" USING btree ("user_id") WHERE "watchlists"."is_default";