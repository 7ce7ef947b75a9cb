-- Order numbers unique by construction (platform/sequenceNumbers.ts): each nextval is a block of
-- 1000 numbers for one process. Bets, recharge orders and withdrawals each have their own.
CREATE SEQUENCE IF NOT EXISTS bet_numbers;--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS recharge_numbers;--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS withdrawal_numbers;
