CREATE TABLE "social_article_comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "social_article_likes" (
	"article_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "social_article_likes_pkey" PRIMARY KEY("article_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "social_article_media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_articles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"content_text" text DEFAULT '' NOT NULL,
	"cover_media_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"type" text DEFAULT 'my_article' NOT NULL,
	"audience" text DEFAULT 'everyone' NOT NULL,
	"who_can_replay" text DEFAULT 'account_follow' NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"repost_count" integer DEFAULT 0 NOT NULL,
	"share_token" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"moderated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "social_article_comments" ADD CONSTRAINT "social_article_comments_article_id_social_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."social_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_article_comments" ADD CONSTRAINT "social_article_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_article_likes" ADD CONSTRAINT "social_article_likes_article_id_social_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."social_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_article_likes" ADD CONSTRAINT "social_article_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_article_media" ADD CONSTRAINT "social_article_media_article_id_social_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."social_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_articles" ADD CONSTRAINT "social_articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_article_comments_article_idx" ON "social_article_comments" USING btree ("article_id","created_at","id");--> statement-breakpoint
CREATE INDEX "social_article_media_article_idx" ON "social_article_media" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "social_articles_published_idx" ON "social_articles" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "social_articles"."status" = 'published';--> statement-breakpoint
CREATE INDEX "social_articles_author_idx" ON "social_articles" USING btree ("author_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "social_articles_share_token_key" ON "social_articles" USING btree ("share_token");