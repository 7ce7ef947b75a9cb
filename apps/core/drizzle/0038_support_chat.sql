CREATE TABLE "support_conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"player_read_id" bigint DEFAULT 0 NOT NULL,
	"operator_read_id" bigint DEFAULT 0 NOT NULL,
	"telegram_topic_id" integer,
	"telegram_chat_id" bigint
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"author" text NOT NULL,
	"operator_id" bigint,
	"operator_login" text,
	"via" text NOT NULL,
	"body" text NOT NULL,
	"attachment_upload_id" bigint,
	"attachment_url" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_messages_author" CHECK ("support_messages"."author" in ('player', 'operator')),
	CONSTRAINT "support_messages_via" CHECK ("support_messages"."via" in ('app', 'console', 'api', 'telegram')),
	CONSTRAINT "support_messages_operator" CHECK (("support_messages"."author" = 'operator') = ("support_messages"."operator_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "bot_outbox" ADD COLUMN "thread_id" integer;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_user" ON "support_conversations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "support_conversations_latest" ON "support_conversations" USING btree ("last_message_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_topic" ON "support_conversations" USING btree ("telegram_chat_id","telegram_topic_id");--> statement-breakpoint
CREATE INDEX "support_messages_conversation" ON "support_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "uploads_user_file_idx" ON "uploads" USING btree ("user_id","file_name");