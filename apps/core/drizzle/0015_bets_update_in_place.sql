DROP INDEX "game_bets_settled_idx";--> statement-breakpoint
DROP INDEX "game_bets_user_valid_idx";--> statement-breakpoint
DROP INDEX "game_bets_session_idx";--> statement-breakpoint
CREATE INDEX "game_bets_user_turnover_idx" ON "game_bets" USING btree ("user_id","coin","total","session_id");--> statement-breakpoint
CREATE INDEX "game_sessions_settled_idx" ON "game_sessions" USING btree ("settled_at");--> statement-breakpoint
CREATE INDEX "game_bets_session_idx" ON "game_bets" USING btree ("session_id");--> statement-breakpoint
-- Settlement rewrites every bet of a session once (status, payout, settled_at; no index names
-- them): with half of each page left free, the new version fits beside the old one (a HOT
-- update: no index entries, less WAL). Pages written from now on keep the room.
ALTER TABLE "game_bets" SET (fillfactor = 50);
