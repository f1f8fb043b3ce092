import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import type { UrlDialog } from "~/components/admin/list/use-url-dialog";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { notify } from "~/components/ui/toaster";
import type { CurrencyCode } from "~/lib/money";
import type { ShippingZone } from "~/modules/shipping/shipping-zones";
import type { ZoneActionResult } from "./zone-action";
import { ZoneForm } from "./zone-form";

/**
 * "Add zone" / "Edit zone", opened by ?zone=new or ?zone=<id> (useUrlDialog). Every zone comes
 * with the page, so the form shows at once. It stays open while saving and closes after a
 * successful save, once the list has reloaded with the change.
 */
export function ZoneDialog({
  dialog,
  requested,
  zones,
  currency,
}: {
  dialog: UrlDialog;
  /** The ?zone= value: "new" or an id. */
  requested: string | null;
  zones: ShippingZone[];
  currency: CurrencyCode;
}) {
  if (requested === null || dialog.state === "closed") return null;
  const zone = requested === "new" ? null : (zones.find((z) => String(z.id) === requested) ?? null);
  return (
    <ZoneDialogContent
      key={requested}
      mode={requested === "new" ? "add" : "edit"}
      zone={zone}
      zones={zones}
      currency={currency}
      onClose={dialog.close}
    />
  );
}

function ZoneDialogContent({
  mode,
  zone,
  zones,
  currency,
  onClose,
}: {
  mode: "add" | "edit";
  zone: ShippingZone | null;
  zones: ShippingZone[];
  currency: CurrencyCode;
  onClose: () => void;
}) {
  const fetcher = useFetcher<ZoneActionResult>();
  const busy = fetcher.state === "submitting";
  const saved = fetcher.data?.ok === true;

  useFetcherResult(fetcher, (result) => {
    if (!result.ok) notify.error("Zone not saved", { description: result.message });
    else notify.success(result.intent === "create" ? "Zone added" : "Zone saved", { description: result.zone.name });
  });

  const closed = useRef(false);
  useEffect(() => {
    if (!saved || fetcher.state !== "idle" || closed.current) return;
    closed.current = true;
    onClose();
  }, [saved, fetcher.state, onClose]);

  const missing = mode === "edit" && !zone;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-w-2xl" onInteractOutside={(event) => event.preventDefault()}>
        <div className="px-6 pt-6 pb-5">
          <DialogTitle>{mode === "add" ? "Add zone" : "Edit zone"}</DialogTitle>
          <DialogDescription className="mt-1">
            {mode === "add"
              ? "Where it covers, what it costs and how long delivery takes. Checkout uses it as soon as it is saved."
              : missing
                ? "This zone could not be found."
                : `Changes to ${zone!.name} apply to new orders at once; orders already placed keep what they were charged.`}
          </DialogDescription>
        </div>
        {missing ? (
          <div className="grid gap-4 px-6 pb-6">
            <p role="alert" className="text-sm text-charcoal">
              This zone no longer exists. Another member of staff may have deleted it.
            </p>
            <Button type="button" variant="outline" className="justify-self-start" onClick={onClose}>
              Close
            </Button>
          </div>
        ) : (
          <ZoneForm zone={zone} zones={zones} currency={currency} fetcher={fetcher} onCancel={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}
