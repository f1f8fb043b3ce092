import { RotateCcw } from "lucide";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Link } from "~/components/ui/link";
import { addToCart, cartItemCount } from "~/modules/cart/cart";
import type { OrderAgainAnswer } from "~/modules/orders/order-again-action.server";
import { cartStore, useCart } from "../cart/use-cart";

type Outcome = { added: number; leftOut: string[]; changes: string[] } | { error: string };

const pieces = (n: number) => `${n} ${n === 1 ? "piece" : "pieces"}`;

/**
 * "Order again" on one order of the history (an island): the server answers the order's lines at
 * today's prices and stock, and they join the bag (a line already there grows, up to its stock).
 * What was left out, and why, stays on the page under the button until the shopper moves on.
 */
export function OrderAgainButton({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function orderAgain() {
    setBusy(true);
    let answer: OrderAgainAnswer | null = null;
    try {
      const response = await fetch(`/api/account/orders/${orderId}/order-again`, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
      });
      if (response.headers.get("Content-Type")?.includes("application/json")) answer = (await response.json()) as OrderAgainAnswer;
    } catch {
      // offline: said below
    }
    setBusy(false);
    if (!answer) return setOutcome({ error: "We could not reach the shop. Check your connection and try again." });
    if (!answer.ok) return setOutcome({ error: answer.message });
    const before = cartStore.get();
    let lines = before;
    for (const { quantity, ...line } of answer.lines) lines = addToCart(lines, line, quantity).lines;
    const added = cartItemCount(lines) - cartItemCount(before);
    cartStore.set(lines);
    setOutcome({ added, leftOut: answer.leftOut, changes: answer.changes });
  }

  return (
    <>
      <Button
        type="button"
        size="sm"
        className="h-10"
        disabled={busy}
        onClick={() => void orderAgain()}
        aria-label={`Order ${orderNumber} again`}
      >
        <Icon of={RotateCcw} /> {busy ? "Adding…" : "Order again"}
      </Button>
      {outcome && (
        <div
          role="status"
          className="order-last basis-full rounded-sm border border-border bg-ivory/70 p-4 text-left text-sm md:col-span-full"
          data-testid="order-again-outcome"
        >
          {"error" in outcome ? (
            <p className="text-destructive">{outcome.error}</p>
          ) : (
            <>
              <p className="font-semibold text-charcoal">
                {outcome.added > 0
                  ? `${pieces(outcome.added)} from ${orderNumber} ${outcome.added === 1 ? "is" : "are"} in your bag, at today's prices.`
                  : `Nothing from ${orderNumber} could go back in your bag.`}
              </p>
              {outcome.changes.length > 0 && (
                <ul className="mt-2 list-disc space-y-1 pl-5 text-charcoal/85">
                  {outcome.changes.map((change) => (
                    <li key={change}>{change}</li>
                  ))}
                </ul>
              )}
              {outcome.leftOut.length > 0 && (
                <>
                  <p className="mt-3 font-semibold text-charcoal">Left out</p>
                  <ul className="mt-1 list-disc space-y-1 pl-5 text-charcoal/85" aria-label="Left out">
                    {outcome.leftOut.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                </>
              )}
              {outcome.added > 0 && (
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button type="button" variant="outline" size="sm" onClick={() => cart.setOpen(true)}>
                    View bag
                  </Button>
                  <Button asChild size="sm">
                    <Link to="/checkout">Checkout</Link>
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
      )}
    </>
  );
}
