import { useFetcher } from "react-router";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { notify } from "~/components/ui/toaster";
import { formatDateTime } from "~/lib/dates";
import { customRequestStatuses, customRequestStatusLabel } from "~/modules/custom-requests/custom-request.schema";
import type { AdminCustomRequest } from "~/modules/custom-requests/custom-requests-admin.server";
import type { CustomRequestUpdateResult } from "./custom-request-update-result";

/** Staff set where a request stands and keep notes on it (the page's action; admins only). */
export function CustomRequestUpdateForm({ request, timeZone }: { request: AdminCustomRequest; timeZone: string }) {
  const fetcher = useFetcher<CustomRequestUpdateResult>();
  useFetcherResult(fetcher, (result) => {
    if (result.ok) notify.success(result.changed ? "Request saved" : "No changes", { description: result.message });
    else notify.error("Request not saved", { description: result.message });
  });
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="grid gap-4 rounded-md border border-border bg-white p-4">
      <input type="hidden" name="reference" value={request.reference} />
      <div className="grid gap-1.5 sm:max-w-64">
        <label htmlFor="custom-request-status" className="text-sm font-medium text-charcoal">
          Status
        </label>
        <NativeSelect id="custom-request-status" name="status" defaultValue={request.status}>
          {customRequestStatuses.map((status) => (
            <option key={status} value={status}>
              {customRequestStatusLabel[status]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="custom-request-notes" className="text-sm font-medium text-charcoal">
          Staff notes
        </label>
        <Textarea
          id="custom-request-notes"
          name="staffNotes"
          rows={4}
          maxLength={4000}
          defaultValue={request.staffNotes ?? ""}
          aria-describedby="custom-request-notes-hint"
        />
        <p id="custom-request-notes-hint" className="text-xs text-stone">
          Only staff see these. Last changed {formatDateTime(request.updatedAt, timeZone)}.
        </p>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving…" : "Save request"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
