CREATE TABLE "news_provider_logos" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"source_url" text NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"hash" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
