CREATE TABLE "ai_chunks" (
	"media_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"text" text NOT NULL,
	"page" integer,
	"overlap" integer DEFAULT 0 NOT NULL,
	"embedding" real[],
	CONSTRAINT "ai_chunks_media_id_idx_pk" PRIMARY KEY("media_id","idx")
);
--> statement-breakpoint
CREATE TABLE "ai_media" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"last_modified" bigint NOT NULL,
	"storage_key" text,
	"source_url" text,
	"pages" integer,
	"text_chars" integer NOT NULL,
	"chunk_count" integer NOT NULL,
	"embedding_dims" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_chunks" ADD CONSTRAINT "ai_chunks_media_id_ai_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."ai_media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_chunks" ADD CONSTRAINT "ai_chunks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_media" ADD CONSTRAINT "ai_media_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_chunks_user_idx" ON "ai_chunks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ai_media_user_idx" ON "ai_media" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_media_user_kind_idx" ON "ai_media" USING btree ("user_id","kind","created_at");