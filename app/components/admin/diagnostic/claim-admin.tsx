import { ShieldCheck } from "lucide";
import { useFetcher } from "react-router";
import { Icon } from "~/components/ui/icon";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import type { ClaimAdminResult } from "./diagnostic-types";

/**
 * "Make Current User Admin" (docs/product-rules.md): works only while the shop has no admin at all
 * (docs/product-rules.md §13 "The first admin"); after that an admin grants access in Settings → Admin Users.
 */
export function ClaimAdminButton() {
  const fetcher = useFetcher<ClaimAdminResult>({ key: "diagnostic-claim-admin" });
  const busy = fetcher.state !== "idle";

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      notify.success(result.message);
      // docs/product-rules.md: the page reloads (after a moment, so the message can be read).
      window.setTimeout(() => window.location.reload(), 1500);
    } else notify.error(result.message);
  });

  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="claim-admin" />
      <Button type="submit" variant="outline" disabled={busy} aria-describedby="claim-admin-hint">
        <Icon of={ShieldCheck} />
        {busy ? "Working…" : "Make Current User Admin"}
      </Button>
    </fetcher.Form>
  );
}

export function ClaimAdminHint({ adminCount }: { adminCount: number }) {
  return (
    <p id="claim-admin-hint" className="text-sm text-stone">
      {adminCount === 0
        ? "This shop has no admin yet: Make Current User Admin gives your account admin access."
        : `Make Current User Admin works only while a shop has no admin. This shop has ${adminCount} admin${adminCount === 1 ? "" : "s"}: an admin grants access in Settings → Admin Users.`}
    </p>
  );
}
