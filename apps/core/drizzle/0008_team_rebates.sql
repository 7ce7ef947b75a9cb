CREATE TABLE "rebate_periods" (
	"period" date NOT NULL,
	"kind" text NOT NULL,
	"time_zone" text NOT NULL,
	"transfers" integer NOT NULL,
	"total" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rebate_periods_period_kind_pk" PRIMARY KEY("period","kind"),
	CONSTRAINT "rebate_periods_kind" CHECK ("rebate_periods"."kind" in ('bet', 'recharge', 'register')),
	CONSTRAINT "rebate_periods_figures" CHECK ("rebate_periods"."transfers" >= 0 and "rebate_periods"."total" >= 0)
);
--> statement-breakpoint
CREATE INDEX "game_bets_settled_idx" ON "game_bets" USING btree ("settled_at") WHERE "game_bets"."status" in ('WIN', 'LOSE');--> statement-breakpoint
CREATE INDEX "game_bets_user_valid_idx" ON "game_bets" USING btree ("user_id","coin","total") WHERE "game_bets"."status" in ('WIN', 'LOSE');--> statement-breakpoint
CREATE INDEX "ledger_transfers_recharge_day_idx" ON "ledger_transfers" USING btree ("created_at") WHERE "ledger_transfers"."type" = 'recharge';--> statement-breakpoint
CREATE INDEX "ledger_transfers_recharge_to_idx" ON "ledger_transfers" USING btree ("to_account_id","amount") WHERE "ledger_transfers"."type" = 'recharge';--> statement-breakpoint
CREATE INDEX "ledger_transfers_power_from_idx" ON "ledger_transfers" USING btree ("from_account_id","amount") WHERE "ledger_transfers"."type" = 'power';