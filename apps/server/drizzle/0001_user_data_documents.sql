CREATE TABLE "user_data_documents" (
	"user_id" uuid NOT NULL,
	"store" text NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_data_documents_pkey" PRIMARY KEY("user_id","store","name")
);
--> statement-breakpoint
ALTER TABLE "user_data_documents" ADD CONSTRAINT "user_data_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;