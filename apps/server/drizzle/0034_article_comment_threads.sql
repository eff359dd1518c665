ALTER TABLE "social_article_comments" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "social_article_comments" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_article_comments" ADD CONSTRAINT "social_article_comments_parent_id_social_article_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."social_article_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_article_comments_parent_idx" ON "social_article_comments" USING btree ("parent_id","created_at","id");