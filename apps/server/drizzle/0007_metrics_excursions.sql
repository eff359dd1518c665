CREATE TABLE "trading_position_excursions" (
	"position_id" uuid PRIMARY KEY NOT NULL,
	"mfe_price" double precision NOT NULL,
	"mfe_time" timestamp with time zone NOT NULL,
	"mfe_minor" bigint NOT NULL,
	"mae_price" double precision NOT NULL,
	"mae_time" timestamp with time zone NOT NULL,
	"mae_minor" bigint NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trading_position_excursions" ADD CONSTRAINT "trading_position_excursions_position_id_trading_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."trading_positions"("id") ON DELETE cascade ON UPDATE no action;