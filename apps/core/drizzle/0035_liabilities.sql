CREATE TABLE "liability_leaves" (
	"snapshot_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"amounts" text NOT NULL,
	CONSTRAINT "liability_leaves_snapshot_id_user_id_pk" PRIMARY KEY("snapshot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "liability_nodes" (
	"snapshot_id" bigint NOT NULL,
	"level" integer NOT NULL,
	"chunk" integer NOT NULL,
	"nodes" "bytea" NOT NULL,
	CONSTRAINT "liability_nodes_snapshot_id_level_chunk_pk" PRIMARY KEY("snapshot_id","level","chunk")
);
--> statement-breakpoint
CREATE TABLE "liability_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"day" text,
	"trigger" text NOT NULL,
	"root" text NOT NULL,
	"lines" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"players" integer NOT NULL,
	"secret" "bytea" NOT NULL,
	"ledger_check_at" timestamp with time zone NOT NULL,
	"ledger_check_ok" boolean NOT NULL,
	"ledger_check" jsonb NOT NULL,
	"build_ms" integer NOT NULL,
	"pruned_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "liability_leaves" ADD CONSTRAINT "liability_leaves_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liability_nodes" ADD CONSTRAINT "liability_nodes_snapshot_id_liability_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."liability_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "liability_snapshots_day_key" ON "liability_snapshots" USING btree ("day") WHERE "liability_snapshots"."day" is not null;--> statement-breakpoint
CREATE INDEX "liability_snapshots_taken_idx" ON "liability_snapshots" USING btree ("taken_at");