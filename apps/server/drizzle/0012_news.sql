CREATE TABLE "news_folders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"is_open" boolean NOT NULL,
	"providers" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"provider_name" text NOT NULL,
	"source" text NOT NULL,
	"simulated" boolean NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"link" text,
	"link_key" text,
	"title_key" text NOT NULL,
	"guid" text,
	"categories" text[] NOT NULL,
	"symbols" text[] NOT NULL,
	"sentiment" text NOT NULL,
	"event_id" text,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_reads" (
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_reads_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "news_recent" (
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_recent_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "news_saved" (
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_saved_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "news_folders" ADD CONSTRAINT "news_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_item_id_news_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."news_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_recent" ADD CONSTRAINT "news_recent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_recent" ADD CONSTRAINT "news_recent_item_id_news_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."news_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_saved" ADD CONSTRAINT "news_saved_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_saved" ADD CONSTRAINT "news_saved_item_id_news_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."news_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_folders_user_idx" ON "news_folders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "news_items_published_idx" ON "news_items" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "news_items_provider_idx" ON "news_items" USING btree ("provider_id","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "news_items_link_key" ON "news_items" USING btree ("link_key") WHERE "news_items"."link_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "news_items_title_key" ON "news_items" USING btree ("title_key") WHERE "news_items"."event_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "news_items_event_key" ON "news_items" USING btree ("event_id") WHERE "news_items"."event_id" is not null;--> statement-breakpoint
CREATE INDEX "news_recent_user_idx" ON "news_recent" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "news_saved_user_idx" ON "news_saved" USING btree ("user_id","saved_at");