CREATE TABLE "journal_days" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"date" date NOT NULL,
	"account_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"review" text DEFAULT '' NOT NULL,
	"mood" integer,
	"discipline" integer,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"snapshots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_mistakes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"mistakes_seeded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "journal_trade_annotations" (
	"position_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"screenshots" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"strategy_id" uuid,
	"approach_id" uuid,
	"checklist_item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mistake_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rating" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_days" ADD CONSTRAINT "journal_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_images" ADD CONSTRAINT "journal_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_mistakes" ADD CONSTRAINT "journal_mistakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_profiles" ADD CONSTRAINT "journal_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_trade_annotations" ADD CONSTRAINT "journal_trade_annotations_position_id_trading_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."trading_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_trade_annotations" ADD CONSTRAINT "journal_trade_annotations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_trade_annotations" ADD CONSTRAINT "journal_trade_annotations_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_trade_annotations" ADD CONSTRAINT "journal_trade_annotations_approach_id_strategy_approaches_id_fk" FOREIGN KEY ("approach_id") REFERENCES "public"."strategy_approaches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_days_user_date_key" ON "journal_days" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "journal_images_user_idx" ON "journal_images" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_mistakes_user_name_key" ON "journal_mistakes" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "journal_trade_annotations_user_idx" ON "journal_trade_annotations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "journal_trade_annotations_strategy_idx" ON "journal_trade_annotations" USING btree ("user_id","strategy_id") WHERE "journal_trade_annotations"."strategy_id" is not null;