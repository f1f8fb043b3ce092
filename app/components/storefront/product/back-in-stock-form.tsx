import { BellRing, Check } from "lucide";
import { useId, useState, type FormEvent } from "react";
import { Icon } from "~/components/ui/icon";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { NO_COLOR, variantLabel } from "~/modules/catalog/variants";
import type { BackInStockResult } from "~/modules/catalog/back-in-stock";
import type { ProductSelection } from "./use-product-selection";

const UNREACHABLE: BackInStockResult = { ok: false, error: "We could not reach the shop. Check your connection and try again." };

/**
 * Posts the form and reads the answer. Written out here rather than with useFormPost, whose
 * chunk the product page does not load: pulling it in would grow the page's first download.
 */
async function post(form: HTMLFormElement): Promise<BackInStockResult> {
  try {
    const response = await fetch(form.action, {
      method: "POST",
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      headers: { Accept: "application/json" },
    });
    return response.headers.get("Content-Type")?.includes("application/json")
      ? ((await response.json()) as BackInStockResult)
      : UNREACHABLE;
  } catch {
    return UNREACHABLE;
  }
}

/**
 * "Tell me when it is back" under the sizes, once the shopper presses a sold-out one: an email
 * address, posted to /api/back-in-stock without leaving the page (docs/product-rules.md §13 "Bringing shoppers back").
 * Loaded on demand (product-purchase.tsx), so the product page's first download stays as it was.
 */
export default function BackInStockForm({ product, selection }: { product: ProductDetail; selection: ProductSelection }) {
  const [busy, setBusy] = useState(false);
  const [lastAnswer, setAnswer] = useState<BackInStockResult>();
  const id = useId();
  const color = selection.color?.name ?? NO_COLOR;
  const size = selection.soldOutAsked ?? "";
  const label = variantLabel(color, size);
  // The answer belongs to the colour and size it was sent for; another sold-out size asks afresh.
  const [sentFor, setSentFor] = useState("");
  const answer = sentFor === label ? lastAnswer : undefined;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setSentFor(label);
    setAnswer(await post(event.currentTarget));
    setBusy(false);
  };

  if (answer?.ok)
    return (
      <p role="status" className="flex items-start gap-2 rounded-sm border border-forest/30 bg-forest/5 px-4 py-3 text-sm text-forest">
        <Icon of={Check} className="mt-0.5 size-4 shrink-0" />
        {answer.message}
      </p>
    );

  return (
    <form
      method="post"
      action="/api/back-in-stock"
      onSubmit={(event) => void onSubmit(event)}
      className="rounded-sm border border-border bg-sand/40 px-4 py-4"
      aria-labelledby={`${id}-title`}
    >
      <p id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold text-charcoal">
        <Icon of={BellRing} className="size-4 text-gold-ink" />
        Tell me when {label} is back
      </p>
      <p className="mt-1 text-sm text-stone">One email, once it is in stock again. Nothing else.</p>
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="color" value={color} />
      <input type="hidden" name="size" value={size} />
      <div className="mt-3 flex gap-2">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="Your email address"
          aria-describedby={answer && !answer.ok ? `${id}-error` : undefined}
          className="h-11 min-w-0 flex-1 rounded-sm border border-border bg-white px-3 text-sm placeholder:text-stone/80 focus:border-charcoal focus:outline-none"
        />
        <button
          type="submit"
          disabled={busy}
          className="h-11 shrink-0 cursor-pointer rounded-sm bg-forest px-4 text-xs font-bold tracking-[0.14em] text-ivory uppercase hover:bg-forest-deep disabled:opacity-70"
        >
          {busy ? "Saving…" : "Notify me"}
        </button>
      </div>
      {answer && !answer.ok && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-semibold text-terracotta">
          {answer.error}
        </p>
      )}
    </form>
  );
}
