CREATE TABLE "level_task_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"asset" text NOT NULL,
	"reward" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "level_task_claims_reward_not_negative" CHECK ("level_task_claims"."reward" >= 0)
);
--> statement-breakpoint
CREATE TABLE "level_tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"kind" text NOT NULL,
	"target" bigint NOT NULL,
	"asset" text NOT NULL,
	"reward" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "level_tasks_kind" CHECK ("level_tasks"."kind" in ('recharge', 'invite', 'bet', 'power')),
	CONSTRAINT "level_tasks_asset" CHECK ("level_tasks"."asset" in ('CASH', 'USDT', 'CHIP', 'GOLD', 'POINT')),
	CONSTRAINT "level_tasks_target_positive" CHECK ("level_tasks"."target" > 0),
	CONSTRAINT "level_tasks_reward_not_negative" CHECK ("level_tasks"."reward" >= 0)
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"promotion" boolean DEFAULT false NOT NULL,
	CONSTRAINT "levels_level_not_negative" CHECK ("levels"."level" >= 0)
);
--> statement-breakpoint
ALTER TABLE "level_task_claims" ADD CONSTRAINT "level_task_claims_task_id_level_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."level_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_tasks" ADD CONSTRAINT "level_tasks_level_levels_level_fk" FOREIGN KEY ("level") REFERENCES "public"."levels"("level") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "level_task_claims_user_task" ON "level_task_claims" USING btree ("user_id","task_id");--> statement-breakpoint
CREATE INDEX "level_tasks_level" ON "level_tasks" USING btree ("level","id");