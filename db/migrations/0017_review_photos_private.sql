CREATE INDEX "product_reviews_photo_url_idx" ON "product_reviews" USING btree ("photo_url");--> statement-breakpoint
-- Review photos stored before issue 41 were named by their content under products/, where
-- anyone who had the photo could compute the name and see it before staff approved the review.
-- Each is copied under reviews/ with a random name (served only as the review's status allows:
-- app/modules/reviews/review-photos.server.ts), the review points at the copy, and the old files
-- go unless a product or another review still shows the same picture.
CREATE TEMPORARY TABLE "legacy_review_photos" ON COMMIT DROP AS
  SELECT "id", substring("photo_url" from 19) AS "old_name", md5(gen_random_uuid()::text) AS "new_name"
  FROM "product_reviews" WHERE "photo_url" ~ '^/uploads/products/[0-9a-f]{32}$';--> statement-breakpoint
INSERT INTO "uploaded_files" ("path", "content_type", "bytes", "created_at")
  SELECT 'reviews/' || l."new_name" || substring(f."path" from 42), f."content_type", f."bytes", f."created_at"
  FROM "legacy_review_photos" l JOIN "uploaded_files" f ON f."path" LIKE 'products/' || l."old_name" || '-%';--> statement-breakpoint
UPDATE "product_reviews" r SET "photo_url" = '/uploads/reviews/' || l."new_name"
  FROM "legacy_review_photos" l WHERE r."id" = l."id";--> statement-breakpoint
DELETE FROM "uploaded_files" f USING "legacy_review_photos" l
  WHERE f."path" LIKE 'products/' || l."old_name" || '-%'
    AND NOT EXISTS (SELECT 1 FROM "products" p WHERE p."image_url" = '/uploads/products/' || l."old_name")
    AND NOT EXISTS (SELECT 1 FROM "product_colors" c WHERE c."image_url" = '/uploads/products/' || l."old_name" OR ('/uploads/products/' || l."old_name") = ANY (c."images"))
    AND NOT EXISTS (SELECT 1 FROM "product_reviews" r WHERE r."photo_url" = '/uploads/products/' || l."old_name");
