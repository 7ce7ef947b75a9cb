CREATE TABLE "deposit_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"coin" text DEFAULT 'CASH' NOT NULL,
	"days" integer NOT NULL,
	"annual_rate_bp" integer NOT NULL,
	"min_amount" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_products_terms" CHECK ("deposit_products"."days" between 1 and 3650 and "deposit_products"."annual_rate_bp" between 0 and 100000 and "deposit_products"."min_amount" > 0),
	CONSTRAINT "deposit_products_coin" CHECK ("deposit_products"."coin" in ('CASH', 'USDT', 'CHIP', 'GOLD', 'POINT'))
);
--> statement-breakpoint
CREATE TABLE "fixed_deposit_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"deposit_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fixed_deposit_transfers_amount" CHECK ("fixed_deposit_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "fixed_deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"coin" text NOT NULL,
	"principal" bigint NOT NULL,
	"original_amount" bigint NOT NULL,
	"annual_rate_bp" integer NOT NULL,
	"days" integer NOT NULL,
	"interest_paid" bigint DEFAULT 0 NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'holding' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "fixed_deposits_amounts" CHECK ("fixed_deposits"."principal" >= 0 and "fixed_deposits"."principal" <= "fixed_deposits"."original_amount" and "fixed_deposits"."original_amount" > 0 and "fixed_deposits"."interest_paid" >= 0),
	CONSTRAINT "fixed_deposits_status" CHECK ("fixed_deposits"."status" in ('holding', 'matured', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "advisor_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"blogger" text NOT NULL,
	"coin" text NOT NULL,
	"staking_amount" bigint NOT NULL,
	"gift_amount" bigint NOT NULL,
	"income_amount" bigint DEFAULT 0 NOT NULL,
	"daily_rate_bp" integer NOT NULL,
	"days" integer NOT NULL,
	"fee_rate_bp" integer NOT NULL,
	"fee_amount" bigint DEFAULT 0 NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'holding' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"matured_at" timestamp with time zone,
	CONSTRAINT "advisor_orders_amounts" CHECK ("advisor_orders"."staking_amount" > 0 and "advisor_orders"."gift_amount" >= 0 and "advisor_orders"."income_amount" >= 0 and "advisor_orders"."fee_amount" >= 0),
	CONSTRAINT "advisor_orders_status" CHECK ("advisor_orders"."status" in ('holding', 'matured')),
	CONSTRAINT "advisor_orders_term" CHECK ("advisor_orders"."days" >= 1 and "advisor_orders"."end_day" >= "advisor_orders"."start_day")
);
--> statement-breakpoint
CREATE TABLE "advisor_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"advisor_name" text NOT NULL,
	"avatar_url" text DEFAULT '' NOT NULL,
	"coin" text DEFAULT 'CASH' NOT NULL,
	"price" bigint NOT NULL,
	"days" integer NOT NULL,
	"daily_rate_bp" integer NOT NULL,
	"gift_rate_bp" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"available_until" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "advisor_products_price_positive" CHECK ("advisor_products"."price" > 0),
	CONSTRAINT "advisor_products_terms" CHECK ("advisor_products"."days" between 1 and 3650 and "advisor_products"."daily_rate_bp" between 0 and 10000 and "advisor_products"."gift_rate_bp" between 0 and 10000),
	CONSTRAINT "advisor_products_coin" CHECK ("advisor_products"."coin" in ('CASH', 'USDT', 'CHIP', 'GOLD', 'POINT'))
);
--> statement-breakpoint
ALTER TABLE "fixed_deposit_transfers" ADD CONSTRAINT "fixed_deposit_transfers_deposit_id_fixed_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."fixed_deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fixed_deposits" ADD CONSTRAINT "fixed_deposits_product_id_deposit_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."deposit_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_orders" ADD CONSTRAINT "advisor_orders_product_id_advisor_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."advisor_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fixed_deposit_transfers_deposit" ON "fixed_deposit_transfers" USING btree ("deposit_id","created_at");--> statement-breakpoint
CREATE INDEX "fixed_deposits_user" ON "fixed_deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "fixed_deposits_days" ON "fixed_deposits" USING btree ("end_day","start_day");--> statement-breakpoint
CREATE INDEX "advisor_orders_user" ON "advisor_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "advisor_orders_days" ON "advisor_orders" USING btree ("end_day","start_day");