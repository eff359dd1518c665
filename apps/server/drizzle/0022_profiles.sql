CREATE TABLE "social_profile_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"track_record_account_id" uuid,
	"moderated_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "social_profile_settings" ADD CONSTRAINT "social_profile_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_profile_settings" ADD CONSTRAINT "social_profile_settings_track_record_account_id_trading_accounts_id_fk" FOREIGN KEY ("track_record_account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE set null ON UPDATE no action;