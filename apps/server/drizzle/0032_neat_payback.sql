CREATE TABLE "billing_customers" (
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_customers_pkey" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "billing_test_charges" (
	"ref" text PRIMARY KEY NOT NULL,
	"customer_ref" text NOT NULL,
	"method_ref" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"refunded" numeric NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "billing_test_charges_idempotency_key" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "billing_test_customers" (
	"ref" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_test_customers_user_key" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "billing_test_methods" (
	"ref" text PRIMARY KEY NOT NULL,
	"customer_ref" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"outcome" text NOT NULL,
	"is_default" boolean NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "billing_test_methods_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_test_refunds" (
	"ref" text PRIMARY KEY NOT NULL,
	"charge_ref" text NOT NULL,
	"amount" numeric NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_test_refunds_idempotency_key" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "billing_test_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_ref" text NOT NULL,
	"user_id" uuid NOT NULL,
	"return_url" text NOT NULL,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_test_charges" ADD CONSTRAINT "billing_test_charges_customer_ref_billing_test_customers_ref_fk" FOREIGN KEY ("customer_ref") REFERENCES "public"."billing_test_customers"("ref") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_test_customers" ADD CONSTRAINT "billing_test_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_test_methods" ADD CONSTRAINT "billing_test_methods_customer_ref_billing_test_customers_ref_fk" FOREIGN KEY ("customer_ref") REFERENCES "public"."billing_test_customers"("ref") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_test_refunds" ADD CONSTRAINT "billing_test_refunds_charge_ref_billing_test_charges_ref_fk" FOREIGN KEY ("charge_ref") REFERENCES "public"."billing_test_charges"("ref") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_test_sessions" ADD CONSTRAINT "billing_test_sessions_customer_ref_billing_test_customers_ref_fk" FOREIGN KEY ("customer_ref") REFERENCES "public"."billing_test_customers"("ref") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_test_sessions" ADD CONSTRAINT "billing_test_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_test_charges_customer_idx" ON "billing_test_charges" USING btree ("customer_ref");--> statement-breakpoint
CREATE INDEX "billing_test_methods_customer_idx" ON "billing_test_methods" USING btree ("customer_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_test_methods_one_default" ON "billing_test_methods" USING btree ("customer_ref") WHERE "billing_test_methods"."is_default";