CREATE TABLE "content_pages" (
	"type" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_type_locale_pk" PRIMARY KEY("type","locale"),
	CONSTRAINT "content_pages_type" CHECK ("content_pages"."type" in ('project', 'guide', 'about', 'role', 'market')),
	CONSTRAINT "content_pages_locale" CHECK ("content_pages"."locale" in ('en-US', 'zh-TW', 'vi', 'fa', 'ar'))
);
