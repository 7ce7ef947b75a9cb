CREATE TABLE "player_protection" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"excluded_until" timestamp with time zone,
	"limit_day" bigint,
	"limit_week" bigint,
	"limit_month" bigint,
	"pending_day" bigint,
	"pending_week" bigint,
	"pending_month" bigint,
	"pending_from" timestamp with time zone,
	"reality_check_minutes" integer DEFAULT 0 NOT NULL,
	"reality_ack_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_protection_limits_positive" CHECK (coalesce("player_protection"."limit_day", 1) > 0 and coalesce("player_protection"."limit_week", 1) > 0 and coalesce("player_protection"."limit_month", 1) > 0),
	CONSTRAINT "player_protection_reality_minutes" CHECK ("player_protection"."reality_check_minutes" in (0, 15, 30, 60))
);
