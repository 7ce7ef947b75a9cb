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
