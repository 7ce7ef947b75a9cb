CREATE TABLE "earning_days" (
	"step" text NOT NULL,
	"day" date NOT NULL,
	"time_zone" text NOT NULL,
	"rows" integer NOT NULL,
	"total" bigint NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	CONSTRAINT "earning_days_step_day_pk" PRIMARY KEY("step","day"),
	CONSTRAINT "earning_days_figures" CHECK ("earning_days"."rows" >= 0 and "earning_days"."total" >= 0)
);
