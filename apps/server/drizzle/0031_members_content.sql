CREATE TABLE "community_moderator_offers" (
	"community_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"offered_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_moderator_offers_pkey" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"community_id" uuid NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community_post_pins" (
	"community_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"pinned_by" uuid,
	"pinned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_post_pins_pkey" PRIMARY KEY("community_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "community_ratings" (
	"community_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"review" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "community_ratings_pkey" PRIMARY KEY("community_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"community_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_moderator_offers" ADD CONSTRAINT "community_moderator_offers_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_moderator_offers" ADD CONSTRAINT "community_moderator_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_moderator_offers" ADD CONSTRAINT "community_moderator_offers_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_links" ADD CONSTRAINT "community_links_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_pins" ADD CONSTRAINT "community_post_pins_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_pins" ADD CONSTRAINT "community_post_pins_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_post_pins" ADD CONSTRAINT "community_post_pins_pinned_by_users_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_ratings" ADD CONSTRAINT "community_ratings_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_ratings" ADD CONSTRAINT "community_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_rules" ADD CONSTRAINT "community_rules_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_moderator_offers_user_idx" ON "community_moderator_offers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "community_links_community_idx" ON "community_links" USING btree ("community_id","position");--> statement-breakpoint
CREATE INDEX "community_ratings_recent_idx" ON "community_ratings" USING btree ("community_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "community_rules_community_idx" ON "community_rules" USING btree ("community_id","position");--> statement-breakpoint
CREATE INDEX "social_posts_community_idx" ON "social_posts" USING btree ("community_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "social_posts"."community_id" is not null;