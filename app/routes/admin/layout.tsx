import { Outlet, useRouteError } from "react-router";
import { accessDeniedFor } from "~/components/admin/admin-route-error";
import { AdminShell } from "~/components/admin/admin-shell";
import { sidebarOpenFromCookie } from "~/components/admin/sidebar-state";
import { ROLE_LABELS } from "~/modules/auth/capabilities";
import { requireStaff } from "~/modules/auth/session.server";
import { identityState } from "~/modules/auth/identity-confirmation.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { privatePageHeaders } from "~/lib/cache-control";
import type { Route } from "./+types/layout";

// Private, and so is every admin page below this layout (they inherit it): never stored.
export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

/**
 * Every admin page: guests → /auth, customers and suspended members → / (requireStaff); each page's
 * own loader checks its capability (requireStaffPage). The role goes to the menu and to every
 * page's buttons (useAdminViewer).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaff(request, context);
  const settings = await getStoreSettings(context.database.db);
  return {
    viewer: { email: viewer.email, role: viewer.role, roleLabel: ROLE_LABELS[viewer.role] },
    email: viewer.email,
    storeName: settings.storeName,
    sidebarOpen: sidebarOpenFromCookie(request.headers.get("cookie")),
    // For "Confirm it's you" before a sensitive post (components/admin/security/use-identity-gate.tsx).
    identity: await identityState(request, context, viewer, settings.confirmRefundsAbove),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell
      email={loaderData.email}
      roleLabel={loaderData.viewer.roleLabel}
      storeName={loaderData.storeName}
      initialOpen={loaderData.sidebarOpen}
    >
      <Outlet />
    </AdminShell>
  );
}

/** 403 from an admin action (a customer posting to it) shows docs/product-rules.md's Access Denied screen. */
export function ErrorBoundary() {
  const denied = accessDeniedFor(useRouteError());
  if (denied) return denied;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-ivory p-8 text-center">
      <div>
        <h1 className="text-3xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-stone">The admin page could not be shown. Please reload, or try again in a moment.</p>
      </div>
    </main>
  );
}
