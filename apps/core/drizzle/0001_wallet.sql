CREATE TABLE "idempotency_keys" (
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"outcome" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"user_id" bigint,
	"system_name" text,
	"shard" integer DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."user_id" is null) <> ("ledger_accounts"."system_name" is null)),
	CONSTRAINT "ledger_accounts_user_not_negative" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"from_account_id" bigint NOT NULL,
	"to_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"type" text NOT NULL,
	"reference" text NOT NULL,
	"idempotency_key" text,
	"meta" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_distinct_accounts" CHECK ("ledger_transfers"."from_account_id" <> "ledger_transfers"."to_account_id")
);
--> statement-breakpoint
CREATE TABLE "turnover" (
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"required" bigint DEFAULT 0 NOT NULL,
	"principal" bigint DEFAULT 0 NOT NULL,
	"done" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"tx_hash" text NOT NULL,
	"address" text NOT NULL,
	"user_id" bigint,
	"amount" bigint NOT NULL,
	"confirmations" integer NOT NULL,
	"status" text NOT NULL,
	"raw" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"pay_channel_name" text NOT NULL,
	"show_name" text NOT NULL,
	"gateway" text NOT NULL,
	"currency" text DEFAULT 'CASH' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pay_channels_pay_channel_name_unique" UNIQUE("pay_channel_name")
);
--> statement-breakpoint
CREATE TABLE "recharge_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"pay_channel_name" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"paid_amount" bigint,
	"status" text NOT NULL,
	"pay_url" text DEFAULT '' NOT NULL,
	"gateway_ref" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "recharge_orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "charge_withdraw_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"open_recharge" boolean NOT NULL,
	"open_withdraw" boolean NOT NULL,
	"charge_min_limit" bigint NOT NULL,
	"charge_max_limit" bigint NOT NULL,
	"withdraw_min_limit" bigint NOT NULL,
	"withdraw_max_limit" bigint NOT NULL,
	"withdraw_limit_single_day" bigint NOT NULL,
	"withdraw_fee_bps" integer NOT NULL,
	"auto_audit_amount" bigint NOT NULL,
	"turnover_multiple_bps" integer NOT NULL,
	"start_and_end_time" text NOT NULL,
	"week_days" text NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_withdraw_config_currency_unique" UNIQUE("currency")
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_asset" text NOT NULL,
	"to_asset" text NOT NULL,
	"rate" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"bank_name" text NOT NULL,
	"card_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"ifsc" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_wallets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"receive" bigint NOT NULL,
	"channel" text NOT NULL,
	"destination" jsonb NOT NULL,
	"status" text NOT NULL,
	"auto_approved" boolean DEFAULT false NOT NULL,
	"reason" text,
	"decided_by" text,
	"local_day" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "withdrawals_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "asset_password_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "asset_password_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_from_account_id_ledger_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_to_account_id_ledger_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_key" ON "ledger_accounts" USING btree ("user_id","asset") WHERE "ledger_accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_key" ON "ledger_accounts" USING btree ("system_name","asset","shard") WHERE "ledger_accounts"."system_name" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_key" ON "ledger_transfers" USING btree ("idempotency_key") WHERE "ledger_transfers"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transfers_from_idx" ON "ledger_transfers" USING btree ("from_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_to_idx" ON "ledger_transfers" USING btree ("to_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_reference_idx" ON "ledger_transfers" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "turnover_key" ON "turnover" USING btree ("user_id","currency");--> statement-breakpoint
CREATE INDEX "sys_messages_user_idx" ON "sys_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_tx_key" ON "chain_deposits" USING btree ("network","tx_hash");--> statement-breakpoint
CREATE INDEX "chain_deposits_user_idx" ON "chain_deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_user_key" ON "deposit_addresses" USING btree ("user_id","network");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_address_key" ON "deposit_addresses" USING btree ("network","address");--> statement-breakpoint
CREATE INDEX "recharge_orders_user_idx" ON "recharge_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_pair_key" ON "exchange_rates" USING btree ("from_asset","to_asset");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_user_number_key" ON "bank_cards" USING btree ("user_id","card_number") WHERE "bank_cards"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "bank_cards_user_idx" ON "bank_cards" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_wallets_user_network_key" ON "user_wallets" USING btree ("user_id","network");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");