CREATE TABLE "help_activity" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"from_status" text,
	"to_status" text,
	"note" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_feedback" (
	"id" uuid PRIMARY KEY NOT NULL,
	"author_id" uuid,
	"message" text NOT NULL,
	"rating" integer,
	"page" text,
	"app_version" text,
	"browser" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_likes" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "help_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "help_posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" text,
	"author_id" uuid,
	"app_version" text,
	"page" text,
	"browser" text,
	"screenshot_key" text,
	"version" text,
	"video_url" text,
	"merged_into_id" uuid,
	"changelog_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_update_features" (
	"update_id" uuid NOT NULL,
	"feature_id" uuid NOT NULL,
	CONSTRAINT "help_update_features_update_id_feature_id_pk" PRIMARY KEY("update_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "help_votes" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"vote_type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "help_votes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "help_ticket_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid,
	"from_staff" boolean NOT NULL,
	"body" text NOT NULL,
	"source" text DEFAULT 'web' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_tickets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reply_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_audit" (
	"id" uuid PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "help_activity" ADD CONSTRAINT "help_activity_post_id_help_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."help_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_activity" ADD CONSTRAINT "help_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_comments" ADD CONSTRAINT "help_comments_post_id_help_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."help_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_comments" ADD CONSTRAINT "help_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_feedback" ADD CONSTRAINT "help_feedback_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_likes" ADD CONSTRAINT "help_likes_post_id_help_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."help_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_likes" ADD CONSTRAINT "help_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_posts" ADD CONSTRAINT "help_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_posts" ADD CONSTRAINT "help_posts_merged_into_id_help_posts_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."help_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_posts" ADD CONSTRAINT "help_posts_changelog_id_help_posts_id_fk" FOREIGN KEY ("changelog_id") REFERENCES "public"."help_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_update_features" ADD CONSTRAINT "help_update_features_update_id_help_posts_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."help_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_update_features" ADD CONSTRAINT "help_update_features_feature_id_help_posts_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."help_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_votes" ADD CONSTRAINT "help_votes_post_id_help_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."help_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_votes" ADD CONSTRAINT "help_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_ticket_messages" ADD CONSTRAINT "help_ticket_messages_ticket_id_help_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."help_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_ticket_messages" ADD CONSTRAINT "help_ticket_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_tickets" ADD CONSTRAINT "help_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_activity_post_idx" ON "help_activity" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "help_comments_post_idx" ON "help_comments" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "help_feedback_created_idx" ON "help_feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "help_posts_kind_created_idx" ON "help_posts" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "help_posts_author_idx" ON "help_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "help_ticket_messages_ticket_idx" ON "help_ticket_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "help_tickets_reply_token_key" ON "help_tickets" USING btree ("reply_token");--> statement-breakpoint
CREATE INDEX "help_tickets_user_idx" ON "help_tickets" USING btree ("user_id","last_message_at");--> statement-breakpoint
CREATE INDEX "help_tickets_status_idx" ON "help_tickets" USING btree ("status","last_message_at");--> statement-breakpoint
CREATE INDEX "staff_audit_created_idx" ON "staff_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staff_audit_actor_idx" ON "staff_audit" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_audit_target_idx" ON "staff_audit" USING btree ("target_kind","target_id");