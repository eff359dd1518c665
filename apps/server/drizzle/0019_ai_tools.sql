CREATE TABLE "ai_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"chat_id" text NOT NULL,
	"response_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"summary" text NOT NULL,
	"params" jsonb NOT NULL,
	"redirect_to" text,
	"from_content" boolean NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_actions" ADD CONSTRAINT "ai_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_actions_user_idx" ON "ai_actions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_actions_chat_idx" ON "ai_actions" USING btree ("chat_id");