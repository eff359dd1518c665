CREATE TABLE "social_bookmark_folders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_bookmarks" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"folder_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "social_bookmarks_pkey" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "social_post_trades" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"position_id" uuid,
	"order_id" uuid,
	"author_id" uuid NOT NULL,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "social_post_trades_one_of" CHECK (("social_post_trades"."position_id" is null) <> ("social_post_trades"."order_id" is null))
);
--> statement-breakpoint
ALTER TABLE "social_bookmark_folders" ADD CONSTRAINT "social_bookmark_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_bookmarks" ADD CONSTRAINT "social_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_bookmarks" ADD CONSTRAINT "social_bookmarks_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_bookmarks" ADD CONSTRAINT "social_bookmarks_folder_id_social_bookmark_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."social_bookmark_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_trades" ADD CONSTRAINT "social_post_trades_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_trades" ADD CONSTRAINT "social_post_trades_account_id_trading_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."trading_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_post_trades" ADD CONSTRAINT "social_post_trades_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_bookmark_folders_name_key" ON "social_bookmark_folders" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "social_bookmarks_user_idx" ON "social_bookmarks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "social_post_trades_author_idx" ON "social_post_trades" USING btree ("author_id");