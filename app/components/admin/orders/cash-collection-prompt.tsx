import { Banknote } from "lucide";
import { useFetcher } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import { money } from "~/components/admin/admin-format";
import { FormAlert } from "~/components/forms/field";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import type { CashCollectedResult } from "./order-update";

const cashCollectionFetcherKey = (orderId: string) => `cash-collected-${orderId}`;

/**
 * Toasts the prompt's answer. The order details dialog calls it, not the prompt: recorded cash
 * removes the prompt in the same reload that brings the answer (see usePaymentRequestToasts).
 */
export function useCashCollectionToast(orderId: string | undefined) {
  const fetcher = useFetcher<CashCollectedResult>({ key: cashCollectionFetcherKey(orderId ?? "none") });
  useFetcherResult(fetcher, (result) => {
    if (result.ok) notify.success(result.recorded ? "Cash recorded" : "Already recorded", { description: result.message });
    else notify.error("Cash not recorded", { description: result.message });
  });
}

/**
 * A delivered Pay on Delivery order whose payment is pending asks "Cash collected? ₵949.99"
 * with one button recording it (app/modules/payments/cash-collection.server.ts): the payment
 * becomes paid and the order leaves the Cash to collect view. The post names the amount, so a
 * form shown before the order changed records nothing; a second click records nothing more.
 */
export function CashCollectionPrompt({
  orderId,
  amount,
  currency,
  carrier,
}: {
  orderId: string;
  amount: number;
  currency: string;
  carrier: string | null;
}) {
  const fetcher = useFetcher<CashCollectedResult>({ key: cashCollectionFetcherKey(orderId) });
  const owed = money(amount, currency);
  const busy = fetcher.state !== "idle";
  const refused = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const titleId = `cash-${orderId}-title`;
  return (
    <section aria-labelledby={titleId} className="mt-4 rounded-md border border-gold/60 bg-ivory p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-display text-xl font-semibold text-charcoal">
            Cash collected? <span className="tabular-nums">{owed}</span>
          </h3>
          <p className="mt-0.5 text-sm text-stone">
            Delivered and paid on delivery, with no payment recorded yet
            {carrier ? `: ${carrier} should hand over the cash` : ""}. Record it once the money is with the shop.
          </p>
        </div>
        <fetcher.Form method="post" className="shrink-0">
          <input type="hidden" name="intent" value="cash-collected" />
          <input type="hidden" name="orderId" value={orderId} />
          <input type="hidden" name="amount" value={String(amount)} />
          <Button type="submit" disabled={busy} className="w-full sm:w-auto">
            <Icon of={Banknote} />
            {busy ? "Recording…" : `Record ${owed} collected`}
          </Button>
        </fetcher.Form>
      </div>
      {refused && <FormAlert id={`cash-${orderId}-error`} inline title={refused.message} className="mt-3" />}
    </section>
  );
}
