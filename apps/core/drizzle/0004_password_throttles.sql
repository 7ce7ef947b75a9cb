CREATE TABLE "password_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "asset_password_failures";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "asset_password_locked_until";