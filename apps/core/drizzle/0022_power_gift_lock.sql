ALTER TABLE "power_holdings" ADD COLUMN "lock_principal" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "power_holdings" ADD COLUMN "lock_required" bigint DEFAULT 0 NOT NULL;