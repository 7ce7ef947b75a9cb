CREATE TABLE "balance_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_id" bigint NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"request_audit_id" bigint NOT NULL,
	"decided_by_id" bigint,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"decision_audit_id" bigint,
	CONSTRAINT "balance_adjustments_amount_positive" CHECK ("balance_adjustments"."amount" > 0),
	CONSTRAINT "balance_adjustments_coin" CHECK ("balance_adjustments"."coin" in ('CASH', 'USDT', 'CHIP', 'GOLD', 'POINT')),
	CONSTRAINT "balance_adjustments_direction" CHECK ("balance_adjustments"."direction" in ('credit', 'debit')),
	CONSTRAINT "balance_adjustments_status" CHECK ("balance_adjustments"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "money_exceptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"amount" bigint NOT NULL,
	"expected_amount" bigint NOT NULL,
	"route" text NOT NULL,
	"reference" text NOT NULL,
	"gateway_ref" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"requested_by_id" bigint,
	"requested_by" text,
	"request_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"decision_audit_id" bigint,
	"refund_ref" text,
	CONSTRAINT "money_exceptions_kind" CHECK ("money_exceptions"."kind" in ('depositBelowMinimum', 'amountMismatch')),
	CONSTRAINT "money_exceptions_status" CHECK ("money_exceptions"."status" in ('open', 'creditRequested', 'refunding', 'credited', 'refunded')),
	CONSTRAINT "money_exceptions_amount" CHECK ("money_exceptions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rail" text NOT NULL,
	"key" text NOT NULL,
	"coin" text NOT NULL,
	"amount" bigint NOT NULL,
	"destination" jsonb NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_refunds_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD COLUMN "audit_id" bigint;--> statement-breakpoint
ALTER TABLE "charge_withdraw_config" ADD COLUMN "second_approval_above" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by_id" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "balance_adjustments_status_idx" ON "balance_adjustments" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "balance_adjustments_user_idx" ON "balance_adjustments" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "money_exceptions_source_key" ON "money_exceptions" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "money_exceptions_status_idx" ON "money_exceptions" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_audit_idx" ON "ledger_transfers" USING btree ("audit_id") WHERE "ledger_transfers"."audit_id" is not null;--> statement-breakpoint
-- Money that arrived before exceptions were recorded: deposits below the minimum and mismatched orders, still open.
INSERT INTO "money_exceptions" ("kind", "source_id", "user_id", "coin", "amount", "expected_amount", "route", "reference", "created_at")
SELECT 'depositBelowMinimum', d."id", d."user_id", 'USDT', d."amount", 100, d."network", d."tx_hash", d."created_at"
FROM "chain_deposits" d WHERE d."status" = 'below_minimum' AND d."user_id" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "money_exceptions" ("kind", "source_id", "user_id", "coin", "amount", "expected_amount", "route", "reference", "gateway_ref", "created_at")
SELECT 'amountMismatch', o."id", o."user_id", o."currency", o."paid_amount", o."amount", c."gateway", o."order_no", o."gateway_ref", coalesce(o."completed_at", o."created_at")
FROM "recharge_orders" o JOIN "pay_channels" c ON c."pay_channel_name" = o."pay_channel_name"
WHERE o."status" = 'amount_mismatch' AND o."paid_amount" > 0
ON CONFLICT DO NOTHING;
