CREATE TABLE "dashboard_daily" (
	"day" date NOT NULL,
	"coin" text NOT NULL,
	"kind" text NOT NULL,
	"room" integer DEFAULT 0 NOT NULL,
	"transfers" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_daily_day_coin_kind_room_pk" PRIMARY KEY("day","coin","kind","room")
);
--> statement-breakpoint
CREATE TABLE "dashboard_ledger_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"summary" jsonb NOT NULL,
	"operator_login" text NOT NULL,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_players" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"last_bet_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_watermark" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_transfer_id" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_ledger_checks_at_idx" ON "dashboard_ledger_checks" USING btree ("at");--> statement-breakpoint
CREATE INDEX "dashboard_players_last_bet_idx" ON "dashboard_players" USING btree ("last_bet_at");