CREATE TABLE "account_objectives" (
	"account_id" uuid NOT NULL,
	"objective_id" uuid NOT NULL,
	"value" numeric NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_objectives_account_id_objective_id_pk" PRIMARY KEY("account_id","objective_id")
);
--> statement-breakpoint
CREATE TABLE "prop_accounts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"firm_id" text NOT NULL,
	"challenge_id" text NOT NULL,
	"phase" text NOT NULL,
	"size" numeric NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"phase_started_at" timestamp with time zone NOT NULL,
	"paused_until" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"failed_equity" numeric,
	"failed_rule" text,
	"failed_reason" text,
	"passed_phases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evaluation" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_objectives" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"value" numeric NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_objectives" ADD CONSTRAINT "account_objectives_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_objectives" ADD CONSTRAINT "account_objectives_objective_id_user_objectives_id_fk" FOREIGN KEY ("objective_id") REFERENCES "public"."user_objectives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prop_accounts" ADD CONSTRAINT "prop_accounts_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prop_accounts" ADD CONSTRAINT "prop_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_objectives" ADD CONSTRAINT "user_objectives_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_objectives_objective_idx" ON "account_objectives" USING btree ("objective_id");--> statement-breakpoint
CREATE INDEX "prop_accounts_user_idx" ON "prop_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_objectives_user_idx" ON "user_objectives" USING btree ("user_id","created_at");