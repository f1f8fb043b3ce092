import { data } from "react-router";
import { requireStaffPage } from "~/modules/auth/session.server";
import { CUSTOM_REQUEST_PHOTO_NAME, readCustomRequestPhoto } from "~/modules/custom-requests/custom-request-photos.server";
import { isCustomRequestPhoto } from "~/modules/custom-requests/custom-requests-admin.server";
import type { Route } from "./+types/custom-request-photo";

/**
 * A custom request's reference photo, for staff only: the customer's pictures are private, so
 * they are never served under /uploads/ and never stored by a cache.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireStaffPage(request, context, "admin/custom-requests/photos/:name");
  const name = params.name;
  // Only a stored name's shape reaches the database (a NUL or a path never does).
  const known = CUSTOM_REQUEST_PHOTO_NAME.test(name) && (await isCustomRequestPhoto(context.database.db, name));
  const bytes = known ? await readCustomRequestPhoto(name, context.database.db) : null;
  if (!bytes) throw data({ message: "Photo not found" }, { status: 404 });
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
