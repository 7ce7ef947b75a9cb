ALTER TABLE "bot_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD COLUMN "secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD COLUMN "telegram_message_id" bigint;--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD COLUMN "ref" text;--> statement-breakpoint
CREATE INDEX "bot_outbox_due_idx" ON "bot_outbox" USING btree ("next_attempt_at") WHERE "bot_outbox"."status" in ('failed', 'sending') and "bot_outbox"."next_attempt_at" is not null;--> statement-breakpoint
CREATE INDEX "bot_outbox_ref_idx" ON "bot_outbox" USING btree ("ref") WHERE "bot_outbox"."ref" is not null;--> statement-breakpoint
-- Messages that failed before the retry job existed: retry those Telegram did not refuse for the chat
-- (blocked, not found), within a week of their writing; withdrawal codes were discarded when they failed.
UPDATE "bot_outbox" SET "next_attempt_at" = now(), "expires_at" = "created_at" + interval '7 days'
WHERE "status" = 'failed' AND "kind" <> 'withdraw_code'
  AND coalesce("error", '') !~* 'forbidden|chat not found|user not found|peer_id_invalid|deactivated|kicked|no rights to send';
