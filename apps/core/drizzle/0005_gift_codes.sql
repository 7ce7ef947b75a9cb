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
ALTER TABLE "gift_code_redemptions" ADD CONSTRAINT "gift_code_redemptions_code_id_gift_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."gift_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_code_redemptions_once" ON "gift_code_redemptions" USING btree ("code_id","user_id") WHERE "gift_code_redemptions"."once";--> statement-breakpoint
CREATE INDEX "gift_code_redemptions_user" ON "gift_code_redemptions" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_codes_code" ON "gift_codes" USING btree ("code");