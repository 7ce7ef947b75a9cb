CREATE TABLE "notification_prefs" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"results" boolean DEFAULT true NOT NULL,
	"income" boolean DEFAULT true NOT NULL,
	"reminder" boolean DEFAULT false NOT NULL,
	"notices" boolean DEFAULT true NOT NULL,
	"reminder_time" text DEFAULT '20:00' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"chosen_at" timestamp with time zone,
	"blocked_at" timestamp with time zone,
	"reminded_on" date,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_prefs_reminder_time" CHECK ("notification_prefs"."reminder_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "notify_daily_runs" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"messages" integer NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notify_daily_runs_job_day_pk" PRIMARY KEY("job","day")
);
--> statement-breakpoint
DROP INDEX "bot_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD COLUMN "topic" text;--> statement-breakpoint
ALTER TABLE "notification_prefs" ADD CONSTRAINT "notification_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_prefs_reminder_idx" ON "notification_prefs" USING btree ("user_id") WHERE "notification_prefs"."reminder";--> statement-breakpoint
CREATE INDEX "bot_outbox_due_idx" ON "bot_outbox" USING btree ("next_attempt_at") WHERE "bot_outbox"."status" in ('queued', 'failed', 'sending') and "bot_outbox"."next_attempt_at" is not null;