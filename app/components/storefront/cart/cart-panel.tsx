import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { lineTotal } from "~/modules/pricing/order-totals";
import { Minus, Plus, ShoppingBag, Trash2 } from "lucide";
import { navigateTo } from "~/lib/navigation";
import { Button } from "~/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { ProductThumbnail } from "~/components/storefront/product-image";
import { MadeToMeasureLine } from "~/components/measurements/made-to-measure-line";
import { ApproximatePrice } from "../approximate-price";
import { cartLineLabel } from "~/modules/cart/cart";
import { useCart } from "./use-cart";
import { useFormatMoney } from "~/components/storefront/use-store-settings";
import { IMPORT_DUTIES_NOTE, useShippingFeeText, useShopperShipping } from "~/components/storefront/shopper-delivery";
import { DiscountCodeField } from "../discount/discount-code-field";
import { useCodeSaving } from "../discount/discount-code-store";

/** The cart side panel (docs/product-rules.md §2): lines, quantity controls, total, checkout and clear. */
export function CartPanel() {
  const cart = useCart();
  const formatMoney = useFormatMoney();
  // The discount code kept with the cart (decision 044): its saving shows at once; checkout confirms it.
  const saving = useCodeSaving(cart.lines);
  const payable = cart.total - saving.discount;
  // The known destination's shipping, else Ghana's (the home zones); checkout confirms it.
  const shipping = useShopperShipping(payable, { homeWhenUnknown: true });
  const feeText = useShippingFeeText();
  const pieces = `${cart.itemCount} ${cart.itemCount === 1 ? "piece" : "pieces"} in your cart.`;
  const freeShippingNote =
    shipping && (shipping.maxFee === 0 || saving.freeShipping)
      ? `${pieces} Your order ships free to ${shipping.destination}.`
      : shipping?.freeFrom != null && payable < shipping.freeFrom
        ? `${pieces} Add ${formatMoney(shipping.freeFrom - payable)} more for free shipping to ${shipping.destination}.`
        : pieces;

  return (
    <Sheet open={cart.isOpen} onOpenChange={cart.setOpen}>
      <SheetContent side="right" aria-describedby="cart-description">
        <div className="border-b border-border px-6 pt-6 pb-5">
          <SheetTitle>Shopping Cart ({cart.lines.length})</SheetTitle>
          <SheetDescription id="cart-description" className="mt-1">
            {cart.lines.length === 0 ? "Nothing here yet." : freeShippingNote}
          </SheetDescription>
        </div>

        {cart.lines.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-5 px-6 text-center">
            <span className="flex size-20 items-center justify-center rounded-full bg-sand">
              <Icon of={ShoppingBag} className="size-8 text-forest" />
            </span>
            <p className="font-display text-2xl">Your cart is empty</p>
            <Button onClick={() => cart.setOpen(false)}>Continue Shopping</Button>
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y divide-border overflow-y-auto px-6" aria-label="Cart items">
              {cart.lines.map((line) => (
                <li key={line.key} className="flex gap-4 py-5" data-testid="cart-line">
                  <Link
                    to={`/product/${line.productId}`}
                    onClick={() => cart.setOpen(false)}
                    className="shrink-0"
                    tabIndex={-1}
                    aria-hidden
                  >
                    <ProductThumbnail base={line.image} width={80} className="h-[100px] w-20" />
                  </Link>
                  <div className="flex min-w-0 flex-1 flex-col">
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="truncate font-semibold">{line.name}</p>
                        <p className="text-xs text-stone">
                          {[line.category, line.color, line.size && `Size ${line.size}`].filter(Boolean).join(" · ")}
                        </p>
                        {line.madeToMeasure && (
                          <MadeToMeasureLine
                            line={line.madeToMeasure}
                            surcharge={line.madeToMeasure.surcharge > 0 ? formatMoney(line.madeToMeasure.surcharge) : null}
                          />
                        )}
                      </div>
                      <button
                        type="button"
                        onClick={() => cart.remove(line.key)}
                        className="-mt-1 -mr-2 cursor-pointer rounded-sm p-2 text-stone transition-colors hover:bg-sand hover:text-destructive"
                        aria-label={`Remove ${cartLineLabel(line)} from cart`}
                      >
                        <Icon of={Trash2} className="size-4" />
                      </button>
                    </div>
                    <div className="mt-auto flex items-end justify-between pt-3">
                      <div
                        className="inline-flex items-center rounded-sm border border-border bg-white"
                        role="group"
                        aria-label={`Quantity of ${cartLineLabel(line)}`}
                      >
                        <button
                          type="button"
                          className="inline-flex size-8 cursor-pointer items-center justify-center hover:bg-sand"
                          onClick={() => cart.decrease(line.key)}
                          aria-label={`Decrease quantity of ${cartLineLabel(line)}`}
                        >
                          <Icon of={Minus} className="size-3.5" />
                        </button>
                        <span className="w-8 text-center text-sm font-semibold tabular-nums" data-testid="line-quantity">
                          {line.quantity}
                        </span>
                        <button
                          type="button"
                          className="inline-flex size-8 cursor-pointer items-center justify-center hover:bg-sand disabled:opacity-40"
                          onClick={() => cart.increase(line.key)}
                          disabled={line.quantity >= line.maxQuantity}
                          aria-label={`Increase quantity of ${cartLineLabel(line)}`}
                        >
                          <Icon of={Plus} className="size-3.5" />
                        </button>
                      </div>
                      <div className="text-right">
                        <p className="font-semibold tabular-nums">
                          {formatMoney(lineTotal({ unitPrice: line.price, quantity: line.quantity }))}
                        </p>
                        {line.originalPrice != null && line.originalPrice > line.price && (
                          <s className="text-xs text-stone tabular-nums">
                            {formatMoney(lineTotal({ unitPrice: line.originalPrice, quantity: line.quantity }))}
                          </s>
                        )}
                        <ApproximatePrice
                          amount={lineTotal({ unitPrice: line.price, quantity: line.quantity })}
                          className="block text-xs"
                        />
                      </div>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <div className="space-y-3 border-t border-border bg-sand/40 px-6 pt-5 pb-6">
              <DiscountCodeField lines={cart.lines} saving={saving} className="pb-1" />
              {saving.discount > 0 && (
                <dl className="space-y-1 text-sm">
                  <div className="flex justify-between">
                    <dt>Subtotal</dt>
                    <dd className="tabular-nums">{formatMoney(cart.total)}</dd>
                  </div>
                  <div className="flex justify-between text-forest">
                    <dt>{`Discount (${saving.applied?.code ?? ""})`}</dt>
                    <dd className="tabular-nums" data-testid="cart-discount">
                      −{formatMoney(saving.discount)}
                    </dd>
                  </div>
                </dl>
              )}
              <p className="flex items-baseline justify-between text-lg">
                <span className="font-semibold">Total:</span>
                <span className="font-display text-3xl font-semibold tabular-nums" data-testid="cart-total">
                  {formatMoney(payable)}
                </span>
              </p>
              <ApproximatePrice amount={payable} className="-mt-2 block text-right" />
              <div className="space-y-1 text-xs text-stone" data-testid="cart-shipping">
                {shipping ? (
                  <p>
                    {`Shipping to ${shipping.destination}: ${saving.freeShipping ? `free with ${saving.applied?.code ?? "your code"}` : feeText(shipping)}, ${shipping.estimate}. Confirmed at checkout.`}
                  </p>
                ) : (
                  <p>Shipping is calculated at checkout.</p>
                )}
                {shipping?.abroad && <p>{IMPORT_DUTIES_NOTE}</p>}
              </div>
              <Button
                size="lg"
                className="w-full"
                onClick={() => {
                  cart.setOpen(false);
                  navigateTo("/checkout");
                }}
              >
                Proceed to Checkout
              </Button>
              <Button variant="ghost" className="w-full" onClick={() => cart.clear()}>
                Clear Cart
              </Button>
            </div>
          </>
        )}
      </SheetContent>
    </Sheet>
  );
}
