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
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_ticket_messages" ADD CONSTRAINT "help_ticket_messages_ticket_id_help_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."help_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_ticket_messages" ADD CONSTRAINT "help_ticket_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_tickets" ADD CONSTRAINT "help_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_created_idx" ON "staff_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staff_audit_actor_idx" ON "staff_audit" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_audit_target_idx" ON "staff_audit" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "help_ticket_messages_ticket_idx" ON "help_ticket_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "help_tickets_reply_token_key" ON "help_tickets" USING btree ("reply_token");--> statement-breakpoint
CREATE INDEX "help_tickets_user_idx" ON "help_tickets" USING btree ("user_id","last_message_at");--> statement-breakpoint
CREATE INDEX "help_tickets_status_idx" ON "help_tickets" USING btree ("status","last_message_at");