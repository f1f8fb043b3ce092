import { isRouteErrorResponse } from "react-router";
import { AccessDenied } from "~/components/admin/access-denied";
import { buttonVariants } from "~/components/ui/button";

/**
 * An admin route's error: a 401/403 from requireAdmin (a customer posting to an admin
 * action) shows docs/product-rules.md's Access Denied screen; anything else says the page could not be
 * loaded (the server logged it with the request id) and offers Retry.
 */
export function AdminRouteError({
  error,
  title,
  fallback,
  retryHref,
}: {
  error: unknown;
  title: string;
  fallback: string;
  retryHref: string;
}) {
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) {
    return deniedScreen(error.data);
  }
  const message = isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : fallback;
  // A 400 is the address's fault (e.g. a search the list cannot take): waiting will not help.
  const refused = isRouteErrorResponse(error) && error.status === 400;
  return (
    <div className="mx-auto max-w-3xl py-16 text-center">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-2 text-stone">
        {message}
        {refused ? "" : " Please try again in a moment."}
      </p>
      <a href={retryHref} className={buttonVariants({ className: "mt-6" })}>
        Retry
      </a>
    </div>
  );
}

/** docs/product-rules.md's Access Denied screen for a 401/403 from requireAdmin (it carries email and role), else null. */
export function accessDeniedFor(error: unknown) {
  if (!isRouteErrorResponse(error) || (error.status !== 401 && error.status !== 403)) return null;
  return deniedScreen(error.data);
}

/** A customer's refusal (not staff), or a staff member's whose role lacks the page, with its reason (decision 047). */
function deniedScreen(data: unknown) {
  const denied = (typeof data === "object" && data ? data : {}) as { email?: string; role?: string; isAdmin?: boolean; message?: string };
  return (
    <AccessDenied
      email={denied.email ?? null}
      role={denied.role ?? null}
      isAdmin={denied.isAdmin === true}
      message={denied.message ?? null}
    />
  );
}
