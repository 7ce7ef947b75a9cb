CREATE TABLE "broadcast_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"broadcast_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"telegram_status" text NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "broadcasts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"recipients" integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_deliveries_once" ON "broadcast_deliveries" USING btree ("broadcast_id","user_id");--> statement-breakpoint
CREATE INDEX "broadcast_deliveries_pending" ON "broadcast_deliveries" USING btree ("id") WHERE "broadcast_deliveries"."telegram_status" = 'pending';