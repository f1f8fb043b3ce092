-- Uploaded photos move into the database (they were files in DATA_DIR), so every instance serves
-- the same ones. Files already on an instance's disk are copied in when it starts (importUploadedFiles).
CREATE TABLE "uploaded_files" (
	"path" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- WebP is compressed already: store the bytes as they are, without trying to compress them again.
ALTER TABLE "uploaded_files" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
