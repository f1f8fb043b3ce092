import { data, redirect } from "react-router";
import type { Db } from "~db/client";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { twoFactorEnabled } from "./two-factor.server";

/** Where staff set up their authenticator app (routes/admin/security.tsx). */
export const SECURITY_PAGE = "/admin/security";

/**
 * When the owner requires two-step sign-in of all staff (Admin → Sign-in security, decision 048),
 * a staff member without it reaches only the Sign-in security page until they turn it on: other
 * pages send them there, other posts are refused. Called by requireStaff with the page's path.
 */
export async function enforceStaffTwoFactor(
  db: Db,
  request: Request,
  path: string,
  viewer: { id: string; email: string; role: string },
): Promise<void> {
  if (path === SECURITY_PAGE) return;
  const settings = await getStoreSettings(db);
  if (!settings.staffTwoFactorRequired) return;
  if (await twoFactorEnabled(db, viewer.id)) return;
  if (request.method === "GET" || request.method === "HEAD") throw redirect(`${SECURITY_PAGE}?required=1`);
  throw data(
    { message: "Turn on two-step sign-in first (Admin → Sign-in security).", email: viewer.email, role: viewer.role },
    { status: 403 },
  );
}
