import { Lock, ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import { useCart } from "~/components/storefront/cart/cart-provider";
import { Button } from "~/components/ui/button";
import { brand } from "~/lib/brand";
import { formatMoney, multiplyMoney } from "~/lib/money";
import { imageSrc } from "~/lib/images";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/checkout";

const FREE_SHIPPING_THRESHOLD = 50_000;
const FLAT_SHIPPING_FEE = 5_000;

export const meta: Route.MetaFunction = () => [
  { title: `Checkout | ${brand.name}` },
  { name: "description", content: `Review your ${brand.name} cart: your pieces, shipping and total before you order.` },
  // A checkout is personal: search engines should not list it (robots.txt disallows it too).
  { name: "robots", content: "noindex" },
];

/**
 * The cart summary. Placing orders (customer details, payment, stock checks) is the
 * checkout issue's work; until then this page reviews the cart and says how to order.
 */
export default function Checkout() {
  const cart = useCart();
  const hydrated = useHydrated();

  if (!hydrated) {
    return (
      <main className="mx-auto max-w-5xl px-4 py-16 md:px-8" aria-busy="true">
        <h1 className="text-5xl font-semibold">Checkout</h1>
        <div className="mt-10 h-64 animate-pulse rounded-sm bg-sand" />
      </main>
    );
  }

  if (cart.lines.length === 0) {
    return (
      <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
        <span className="flex size-20 items-center justify-center rounded-full bg-sand">
          <ShoppingBag className="size-8 text-forest" aria-hidden />
        </span>
        <h1 className="mt-6 text-4xl font-semibold">Your cart is empty</h1>
        <p className="mt-3 text-stone">Find something made for your next occasion.</p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/">Continue Shopping</Link>
        </Button>
      </main>
    );
  }

  const shipping = cart.total >= FREE_SHIPPING_THRESHOLD ? 0 : FLAT_SHIPPING_FEE;
  return (
    <main className="mx-auto max-w-5xl px-4 py-12 md:px-8 md:py-16">
      <h1 className="text-5xl font-semibold">Checkout</h1>
      <div className="mt-10 grid gap-10 lg:grid-cols-[1.3fr_1fr]">
        <section aria-labelledby="summary-heading" className="rounded-sm border border-border bg-white/70 p-6">
          <h2 id="summary-heading" className="mb-4 text-2xl font-semibold">
            Order Summary
          </h2>
          <ul className="divide-y divide-border">
            {cart.lines.map((line) => (
              <li key={line.key} className="flex gap-4 py-4">
                <img src={imageSrc(line.image, 480)} alt="" width={64} height={80} className="h-20 w-16 rounded-sm bg-sand object-cover" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{line.name}</p>
                  <p className="text-xs text-stone">
                    {[line.color, line.size && `Size ${line.size}`, `Qty ${line.quantity}`].filter(Boolean).join(" · ")}
                  </p>
                </div>
                <p className="font-semibold tabular-nums">{formatMoney(multiplyMoney(line.price, line.quantity))}</p>
              </li>
            ))}
          </ul>
          <dl className="mt-4 space-y-2 border-t border-border pt-4 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd className="tabular-nums">{formatMoney(cart.total)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Shipping</dt>
              <dd className="tabular-nums">{shipping === 0 ? "Free" : formatMoney(shipping)}</dd>
            </div>
            <div className="flex justify-between border-t border-border pt-3 text-lg font-semibold">
              <dt>Total</dt>
              <dd className="tabular-nums">{formatMoney(cart.total + shipping)}</dd>
            </div>
          </dl>
        </section>
        <aside className="h-fit space-y-4 rounded-sm bg-forest p-6 text-ivory">
          <Lock className="size-6 text-gold" aria-hidden />
          <h2 className="text-2xl font-semibold">Online checkout is opening shortly</h2>
          <p className="text-sm leading-relaxed text-ivory/85">
            Your cart is saved on this device. To order today, send your cart to our tailors and we will confirm sizes, delivery and payment
            with you personally.
          </p>
          <p className="text-sm">
            <a className="font-semibold text-gold-light underline underline-offset-4" href={`mailto:${brand.contact.email}`}>
              {brand.contact.email}
            </a>
            <br />
            WhatsApp {brand.contact.whatsapp}
          </p>
        </aside>
      </div>
    </main>
  );
}
