CREATE TABLE "game_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"period_id" text NOT NULL,
	"bet_name" text NOT NULL,
	"base_amount" bigint NOT NULL,
	"multiples" integer NOT NULL,
	"total" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"coin" text NOT NULL,
	"status" text NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_bets_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "game_chains" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"anchor" text NOT NULL,
	"length" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"origin_sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"level_name" text NOT NULL,
	"enable_flag" boolean DEFAULT true NOT NULL,
	"session_seconds" integer NOT NULL,
	"bet_close_seconds" integer NOT NULL,
	"bet_base_amounts" text NOT NULL,
	"bet_multiples" text NOT NULL,
	"chip_min_limit" bigint NOT NULL,
	"chip_max_limit" bigint NOT NULL,
	"bet_amount_max" bigint NOT NULL,
	"odds" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"period_id" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"bet_end_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"chain_id" integer NOT NULL,
	"chain_index" integer NOT NULL,
	"commitment" text NOT NULL,
	"seed_sealed" text NOT NULL,
	"seed" text,
	"beacon_name" text NOT NULL,
	"beacon_round" bigint NOT NULL,
	"beacon_value" text,
	"beacon_signature" text,
	"result" smallint,
	"status" text NOT NULL,
	"void_reason" text,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "game_bets_session_idx" ON "game_bets" USING btree ("session_id","status");--> statement-breakpoint
CREATE INDEX "game_bets_user_idx" ON "game_bets" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "game_bets_user_session_idx" ON "game_bets" USING btree ("user_id","session_id");--> statement-breakpoint
CREATE INDEX "game_chains_level_idx" ON "game_chains" USING btree ("level","id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_period_key" ON "game_sessions" USING btree ("period_id");--> statement-breakpoint
CREATE INDEX "game_sessions_due_idx" ON "game_sessions" USING btree ("status","end_at");--> statement-breakpoint
CREATE INDEX "game_sessions_level_idx" ON "game_sessions" USING btree ("level","end_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_chain_key" ON "game_sessions" USING btree ("chain_id","chain_index");