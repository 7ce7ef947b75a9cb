DROP INDEX "game_bets_user_turnover_idx";--> statement-breakpoint
CREATE INDEX "game_bets_user_turnover_idx" ON "game_bets" USING btree ("user_id","session_id","coin","total");