CREATE TABLE "candle_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"series_id" uuid NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"time_zone" text NOT NULL,
	"rows" integer NOT NULL,
	"first_time" bigint NOT NULL,
	"last_time" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candle_series" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid,
	"symbol" text NOT NULL,
	"timeframe" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "candle_series_key" UNIQUE NULLS NOT DISTINCT("owner_id","symbol","timeframe")
);
--> statement-breakpoint
CREATE TABLE "imported_candles" (
	"series_id" uuid NOT NULL,
	"time" bigint NOT NULL,
	"open" double precision NOT NULL,
	"high" double precision NOT NULL,
	"low" double precision NOT NULL,
	"close" double precision NOT NULL,
	"volume" double precision NOT NULL,
	"import_id" uuid NOT NULL,
	CONSTRAINT "imported_candles_pkey" PRIMARY KEY("series_id","time")
);
--> statement-breakpoint
ALTER TABLE "candle_imports" ADD CONSTRAINT "candle_imports_series_id_candle_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."candle_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candle_series" ADD CONSTRAINT "candle_series_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_candles" ADD CONSTRAINT "imported_candles_series_id_candle_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."candle_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_candles" ADD CONSTRAINT "imported_candles_import_id_candle_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."candle_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candle_imports_series_idx" ON "candle_imports" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "candle_series_symbol_idx" ON "candle_series" USING btree ("symbol","timeframe");--> statement-breakpoint
CREATE INDEX "imported_candles_import_idx" ON "imported_candles" USING btree ("import_id");