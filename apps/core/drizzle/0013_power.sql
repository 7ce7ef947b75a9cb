CREATE TABLE "power_daily_purchases" (
	"user_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "power_daily_purchases_user_id_session_id_day_pk" PRIMARY KEY("user_id","session_id","day"),
	CONSTRAINT "power_daily_purchases_count" CHECK ("power_daily_purchases"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "power_holdings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"giver_id" bigint,
	"name" text NOT NULL,
	"coin" text NOT NULL,
	"price" bigint NOT NULL,
	"power" bigint NOT NULL,
	"term_days" integer NOT NULL,
	"daily_rate_bps" integer NOT NULL,
	"fee_bps" integer NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"matured_at" timestamp with time zone,
	CONSTRAINT "power_holdings_kind" CHECK ("power_holdings"."kind" in ('basic', 'gift')),
	CONSTRAINT "power_holdings_figures" CHECK ("power_holdings"."price" > 0 and "power_holdings"."power" > 0 and "power_holdings"."start_day" <= "power_holdings"."end_day")
);
--> statement-breakpoint
CREATE TABLE "power_incomes" (
	"holding_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"coin" text NOT NULL,
	"amount" bigint NOT NULL,
	"rate_bps" integer NOT NULL,
	"fee" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "power_incomes_holding_id_day_pk" PRIMARY KEY("holding_id","day"),
	CONSTRAINT "power_incomes_figures" CHECK ("power_incomes"."amount" >= 0 and ("power_incomes"."fee" is null or "power_incomes"."fee" >= 0))
);
--> statement-breakpoint
CREATE TABLE "power_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"holding_id" bigint NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"counterparty" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "power_records_type" CHECK ("power_records"."type" in ('buy', 'gift_in', 'gift_out', 'maturity'))
);
--> statement-breakpoint
CREATE TABLE "power_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cate_id" integer NOT NULL,
	"cate_name" text NOT NULL,
	"name" text NOT NULL,
	"coin" text NOT NULL,
	"price" bigint NOT NULL,
	"power" bigint NOT NULL,
	"term_days" integer NOT NULL,
	"daily_rate_bps" integer NOT NULL,
	"fee_bps" integer NOT NULL,
	"daily_limit" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "power_sessions_figures" CHECK ("power_sessions"."price" > 0 and "power_sessions"."power" > 0 and "power_sessions"."term_days" between 1 and 3650),
	CONSTRAINT "power_sessions_rates" CHECK ("power_sessions"."daily_rate_bps" between 0 and 10000 and "power_sessions"."fee_bps" between 0 and 10000 and "power_sessions"."daily_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "power_holdings" ADD CONSTRAINT "power_holdings_session_id_power_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."power_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "power_holdings_user" ON "power_holdings" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "power_holdings_days" ON "power_holdings" USING btree ("end_day","start_day");--> statement-breakpoint
CREATE INDEX "power_incomes_user" ON "power_incomes" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "power_records_user" ON "power_records" USING btree ("user_id","id");