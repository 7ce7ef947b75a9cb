CREATE TABLE "sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"sign_date" date NOT NULL,
	"streak_day" integer NOT NULL,
	"asset" text NOT NULL,
	"reward" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_ins_streak_day_positive" CHECK ("sign_ins"."streak_day" >= 1),
	CONSTRAINT "sign_ins_reward_not_negative" CHECK ("sign_ins"."reward" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sign_ins_user_day" ON "sign_ins" USING btree ("user_id","sign_date");