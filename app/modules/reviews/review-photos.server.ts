import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { productReviews } from "~db/schema/customers";
import { lookupViewer } from "~/modules/auth/session.server";
import { REVIEW_PHOTO_PATH } from "~/modules/uploads/uploaded-files.server";

type AuthContext = Pick<AppLoadContext, "auth" | "database" | "log" | "clientIp">;

/**
 * Who may see a review's photo (`reviews/<name>-<width>.webp` under /uploads/): anyone once staff
 * have approved the review; before that, and after staff hide it, only staff (the admin's
 * reviews list) and the review's author (their own form). A photo no review names is nobody's.
 * Served with a short public lifetime (server/uploads.ts), so hiding a review takes the photo
 * out of public view within a minute, from every instance.
 */
export async function reviewPhotoVisible(request: Request, filePath: string, context: AuthContext): Promise<"public" | "private" | null> {
  const match = REVIEW_PHOTO_PATH.exec(filePath);
  if (!match) return null;
  const rows = await context.database.db
    .select({ status: productReviews.status, userId: productReviews.userId })
    .from(productReviews)
    .where(eq(productReviews.photoUrl, `/uploads/reviews/${match[1]}`));
  if (rows.length === 0) return null;
  if (rows.some((row) => row.status === "approved")) return "public";
  const { viewer } = await lookupViewer(request, context);
  if (viewer && (viewer.isAdmin || rows.some((row) => row.userId === viewer.id))) return "private";
  return null;
}
