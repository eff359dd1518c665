CREATE TABLE "strategies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"symbols" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"timeframes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"indicators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"graph" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_approaches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"strategy_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"symbols" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"timeframes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"indicators" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_checklist_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"condition_id" uuid NOT NULL,
	"text" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_condition_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"condition_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_condition_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"condition_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_conditions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"criterion_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_criteria" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"approach_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_folders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"strategy_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_snapshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"strategy_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_key" text,
	"content_type" text,
	"width" integer,
	"height" integer,
	"chart_id" uuid,
	"symbol" text,
	"timeframe" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_approaches" ADD CONSTRAINT "strategy_approaches_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_approaches" ADD CONSTRAINT "strategy_approaches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_checklist_items" ADD CONSTRAINT "strategy_checklist_items_condition_id_strategy_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."strategy_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_condition_comments" ADD CONSTRAINT "strategy_condition_comments_condition_id_strategy_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."strategy_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_condition_images" ADD CONSTRAINT "strategy_condition_images_condition_id_strategy_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."strategy_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_conditions" ADD CONSTRAINT "strategy_conditions_criterion_id_strategy_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."strategy_criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_criteria" ADD CONSTRAINT "strategy_criteria_approach_id_strategy_approaches_id_fk" FOREIGN KEY ("approach_id") REFERENCES "public"."strategy_approaches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_folders" ADD CONSTRAINT "strategy_folders_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_snapshots" ADD CONSTRAINT "strategy_snapshots_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "strategies_user_idx" ON "strategies" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "strategy_approaches_strategy_idx" ON "strategy_approaches" USING btree ("strategy_id","created_at");--> statement-breakpoint
CREATE INDEX "strategy_approaches_user_idx" ON "strategy_approaches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "strategy_checklist_condition_idx" ON "strategy_checklist_items" USING btree ("condition_id","position");--> statement-breakpoint
CREATE INDEX "strategy_condition_comments_condition_idx" ON "strategy_condition_comments" USING btree ("condition_id","created_at");--> statement-breakpoint
CREATE INDEX "strategy_condition_images_condition_idx" ON "strategy_condition_images" USING btree ("condition_id","created_at");--> statement-breakpoint
CREATE INDEX "strategy_conditions_criterion_idx" ON "strategy_conditions" USING btree ("criterion_id","created_at");--> statement-breakpoint
CREATE INDEX "strategy_criteria_approach_idx" ON "strategy_criteria" USING btree ("approach_id","created_at");--> statement-breakpoint
CREATE INDEX "strategy_folders_strategy_idx" ON "strategy_folders" USING btree ("strategy_id","created_at");--> statement-breakpoint
CREATE INDEX "strategy_snapshots_strategy_idx" ON "strategy_snapshots" USING btree ("strategy_id","created_at");