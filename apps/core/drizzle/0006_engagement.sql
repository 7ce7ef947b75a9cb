CREATE TABLE "gift_code_redemptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"once" boolean NOT NULL,
	"amount" bigint NOT NULL,
	"asset" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_code_redemptions_amount_positive" CHECK ("gift_code_redemptions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	"total_uses" integer NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"per_user_once" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_codes_amount_positive" CHECK ("gift_codes"."amount" > 0),
	CONSTRAINT "gift_codes_uses" CHECK ("gift_codes"."total_uses" >= 1 and "gift_codes"."used_count" >= 0 and "gift_codes"."used_count" <= "gift_codes"."total_uses")
);
--> statement-breakpoint
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
CREATE TABLE "tap_batches" (
	"user_id" bigint NOT NULL,
	"batch_id" text NOT NULL,
	"requested" integer NOT NULL,
	"accepted" integer NOT NULL,
	"earned" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tap_batches_user_id_batch_id_pk" PRIMARY KEY("user_id","batch_id"),
	CONSTRAINT "tap_batches_counts" CHECK ("tap_batches"."accepted" >= 0 and "tap_batches"."accepted" <= "tap_batches"."requested" and "tap_batches"."earned" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tap_states" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"energy" integer NOT NULL,
	"energy_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"tapped_today" integer NOT NULL,
	CONSTRAINT "tap_states_counts" CHECK ("tap_states"."energy" >= 0 and "tap_states"."tapped_today" >= 0)
);
--> statement-breakpoint
ALTER TABLE "gift_code_redemptions" ADD CONSTRAINT "gift_code_redemptions_code_id_gift_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."gift_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_code_redemptions_once" ON "gift_code_redemptions" USING btree ("code_id","user_id") WHERE "gift_code_redemptions"."once";--> statement-breakpoint
CREATE INDEX "gift_code_redemptions_user" ON "gift_code_redemptions" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_codes_code" ON "gift_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_ins_user_day" ON "sign_ins" USING btree ("user_id","sign_date");