CREATE TABLE "billing_daily_usage" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "billing_daily_usage_user_id_key_day_pk" PRIMARY KEY("user_id","key","day")
);
--> statement-breakpoint
ALTER TABLE "billing_daily_usage" ADD CONSTRAINT "billing_daily_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;