import { useRouteError } from "react-router";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { storeNameOf } from "~/lib/store-meta";

/** An admin list page's <title>, kept out of search engines. */
export const listMeta =
  (title: string) =>
  ({ matches }: { matches: readonly ({ id: string; data?: unknown } | undefined)[] }) => [
    { title: `${title} · Admin · ${storeNameOf(matches)}` },
    { name: "robots", content: "noindex, nofollow" },
  ];

/** A list page's ErrorBoundary: the failed load was logged on the server; the admin gets a Retry. */
export function listErrorBoundary(title: string, noun: string, retryHref: string) {
  return function ListErrorBoundary() {
    return (
      <AdminRouteError
        error={useRouteError()}
        title={`${title} unavailable`}
        fallback={`The ${noun} could not be loaded.`}
        retryHref={retryHref}
      />
    );
  };
}
