CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid,
	"subscription_id" text NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"coupon_code" text,
	"tax" numeric(14, 2) NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"reverse_charge" boolean NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"refunded" numeric(14, 2) DEFAULT '0' NOT NULL,
	"buyer" jsonb NOT NULL,
	"test_mode" boolean NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"charge_ref" text,
	"voided_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "invoices_number_key" UNIQUE("number"),
	CONSTRAINT "invoices_key_key" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","issued_at");