ALTER TABLE "idempotency_keys" ADD COLUMN "generation" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_generation_positive" CHECK ("idempotency_keys"."generation" > 0);--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_total_positive" CHECK ("game_bets"."total" > 0 and "game_bets"."base_amount" > 0 and "game_bets"."multiples" > 0);--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_fee" CHECK ("game_bets"."fee" >= 0 and "game_bets"."fee" <= "game_bets"."total");--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_payout_not_negative" CHECK ("game_bets"."payout" >= 0);--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_status" CHECK ("game_bets"."status" in ('PENDING', 'WIN', 'LOSE', 'DRAW'));--> statement-breakpoint
ALTER TABLE "game_bets" ADD CONSTRAINT "game_bets_coin" CHECK ("game_bets"."coin" in ('CASH', 'USDT', 'CHIP', 'GOLD', 'POINT'));--> statement-breakpoint
ALTER TABLE "game_levels" ADD CONSTRAINT "game_levels_timing" CHECK ("game_levels"."session_seconds" > 0 and "game_levels"."bet_close_seconds" > 0);--> statement-breakpoint
ALTER TABLE "game_levels" ADD CONSTRAINT "game_levels_limits" CHECK ("game_levels"."chip_min_limit" >= 0 and "game_levels"."chip_max_limit" >= 0 and "game_levels"."bet_amount_max" >= 0);--> statement-breakpoint
ALTER TABLE "turnover" ADD CONSTRAINT "turnover_not_negative" CHECK ("turnover"."required" >= 0 and "turnover"."principal" >= 0 and "turnover"."done" >= 0);--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_amount" CHECK ("chain_deposits"."amount" > 0 and "chain_deposits"."confirmations" >= 0);--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_status" CHECK ("chain_deposits"."status" in ('pending', 'credited', 'below_minimum', 'unknown_address'));--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_amount_positive" CHECK ("recharge_orders"."amount" > 0 and ("recharge_orders"."paid_amount" is null or "recharge_orders"."paid_amount" >= 0));--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_status" CHECK ("recharge_orders"."status" in ('pending', 'paid', 'failed', 'amount_mismatch'));--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_currency" CHECK ("recharge_orders"."currency" in ('CASH', 'USDT', 'CHIP', 'GOLD', 'POINT'));--> statement-breakpoint
ALTER TABLE "charge_withdraw_config" ADD CONSTRAINT "charge_withdraw_config_charge_limits" CHECK ("charge_withdraw_config"."charge_min_limit" >= 0 and "charge_withdraw_config"."charge_max_limit" >= 0);--> statement-breakpoint
ALTER TABLE "charge_withdraw_config" ADD CONSTRAINT "charge_withdraw_config_withdraw_limits" CHECK ("charge_withdraw_config"."withdraw_min_limit" >= 0 and "charge_withdraw_config"."withdraw_max_limit" >= 0 and "charge_withdraw_config"."withdraw_limit_single_day" >= 0);--> statement-breakpoint
ALTER TABLE "charge_withdraw_config" ADD CONSTRAINT "charge_withdraw_config_auto_audit" CHECK ("charge_withdraw_config"."auto_audit_amount" >= 0);--> statement-breakpoint
ALTER TABLE "charge_withdraw_config" ADD CONSTRAINT "charge_withdraw_config_fee_bps" CHECK ("charge_withdraw_config"."withdraw_fee_bps" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "charge_withdraw_config" ADD CONSTRAINT "charge_withdraw_config_turnover_bps" CHECK ("charge_withdraw_config"."turnover_multiple_bps" >= 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_fee_receive" CHECK ("withdrawals"."fee" >= 0 and "withdrawals"."receive" >= 0 and "withdrawals"."fee" + "withdrawals"."receive" = "withdrawals"."amount");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('pending_review', 'paid', 'rejected'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_currency" CHECK ("withdrawals"."currency" in ('CASH', 'USDT'));