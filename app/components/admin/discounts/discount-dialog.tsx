import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import type { UrlDialog } from "~/components/admin/list/use-url-dialog";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { notify } from "~/components/ui/toaster";
import type { CurrencyCode } from "~/lib/money";
import type { DiscountCodeRow } from "~/modules/discounts/discount-admin.server";
import { blankDiscountCode, discountFormValues } from "~/modules/discounts/discount-form-values";
import type { DiscountActionResult } from "./discount-action";
import { DiscountForm, type DiscountChoices } from "./discount-form";

/**
 * "Create code" / "Edit code", opened by ?code=new or ?code=<id> (useUrlDialog). It stays open
 * while saving and closes once saved and the list has reloaded with the change.
 */
export function DiscountDialog({
  dialog,
  requested,
  editing,
  choices,
  currency,
  timeZone,
}: {
  dialog: UrlDialog;
  requested: string | null;
  /** The code asked for (?code=<id>), loaded with the page; null for a new one or a code that is gone. */
  editing: DiscountCodeRow | null;
  choices: DiscountChoices;
  currency: CurrencyCode;
  timeZone: string;
}) {
  if (requested === null || dialog.state === "closed") return null;
  return (
    <DiscountDialogContent
      key={requested}
      mode={requested === "new" ? "add" : "edit"}
      code={editing}
      choices={choices}
      currency={currency}
      timeZone={timeZone}
      onClose={dialog.close}
    />
  );
}

function DiscountDialogContent({
  mode,
  code,
  choices,
  currency,
  timeZone,
  onClose,
}: {
  mode: "add" | "edit";
  code: DiscountCodeRow | null;
  choices: DiscountChoices;
  currency: CurrencyCode;
  timeZone: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<DiscountActionResult>();
  const busy = fetcher.state === "submitting";
  const saved = fetcher.data?.ok === true;
  useFetcherResult(fetcher, (result) => {
    if (!result.ok) notify.error("Code not saved", { description: result.message });
    else notify.success(result.intent === "create" ? "Code created" : "Code saved", { description: result.code.code });
  });
  const closed = useRef(false);
  useEffect(() => {
    if (!saved || fetcher.state !== "idle" || closed.current) return;
    closed.current = true;
    onClose();
  }, [saved, fetcher.state, onClose]);

  const missing = mode === "edit" && !code;
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-w-2xl" onInteractOutside={(event) => event.preventDefault()}>
        <div className="px-6 pt-6 pb-5">
          <DialogTitle>{mode === "add" ? "Create code" : `Edit ${code?.code ?? "code"}`}</DialogTitle>
          <DialogDescription className="mt-1">
            {mode === "add"
              ? "Shoppers type it in the cart or at checkout; the shop checks it again when the order is placed."
              : missing
                ? "This code could not be found."
                : code!.orders > 0
                  ? `Changes apply from now on; the ${code!.orders} order${code!.orders === 1 ? "" : "s"} placed with it keep what they were given.`
                  : "Changes apply from now on."}
          </DialogDescription>
        </div>
        {missing ? (
          <div className="grid gap-4 px-6 pb-6">
            <p role="alert" className="text-sm text-charcoal">
              This code no longer exists. Another member of staff may have deleted it.
            </p>
            <Button type="button" variant="outline" className="justify-self-start" onClick={onClose}>
              Close
            </Button>
          </div>
        ) : (
          <DiscountForm
            id={code?.id ?? null}
            values={code ? discountFormValues(code, timeZone) : blankDiscountCode}
            choices={choices}
            currency={currency}
            timeZone={timeZone}
            fetcher={fetcher}
            onCancel={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
