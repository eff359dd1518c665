CREATE TABLE "ai_agent_marks" (
	"user_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"pinned_at" timestamp with time zone,
	"starred_at" timestamp with time zone,
	CONSTRAINT "ai_agent_marks_user_id_agent_id_pk" PRIMARY KEY("user_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "ai_agents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"commands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tool_names" jsonb,
	"knowledge" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"public_description" text,
	"allow_clone" boolean DEFAULT true NOT NULL,
	"show_instructions" boolean DEFAULT false NOT NULL,
	"shared_at" timestamp with time zone,
	"cloned_from" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_research" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid,
	"chat_id" uuid,
	"question" text NOT NULL,
	"status" text NOT NULL,
	"plan" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"report" text,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_agent_marks" ADD CONSTRAINT "ai_agent_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_agent_marks" ADD CONSTRAINT "ai_agent_marks_agent_id_ai_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."ai_agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD CONSTRAINT "ai_agents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_research" ADD CONSTRAINT "ai_research_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_research" ADD CONSTRAINT "ai_research_agent_id_ai_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."ai_agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_agents_owner_idx" ON "ai_agents" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "ai_agents_public_idx" ON "ai_agents" USING btree ("is_public");--> statement-breakpoint
CREATE INDEX "ai_research_user_idx" ON "ai_research" USING btree ("user_id","started_at");