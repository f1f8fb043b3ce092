import { BellRing, Check } from "lucide";
import { useId, type FormEvent } from "react";
import { Icon } from "~/components/ui/icon";
import { useFormPost } from "~/lib/use-form-post";
import { variantLabel } from "~/modules/catalog/variants";
import type { BackInStockResult } from "~/routes/api/back-in-stock";

const UNREACHABLE: BackInStockResult = { ok: false, error: "We could not reach the shop. Check your connection and try again." };

/**
 * "Tell me when it is back" under the sizes, once the shopper presses a sold-out one: an email
 * address, posted to /api/back-in-stock without leaving the page (docs/product-rules.md §14).
 * Loaded on demand (product-purchase.tsx), so the product page's first download stays as it was.
 */
export function BackInStockForm({ productId, color, size }: { productId: number; color: string; size: string }) {
  const { busy, answer, submit } = useFormPost<BackInStockResult>("/api/back-in-stock", UNREACHABLE);
  const id = useId();
  const label = variantLabel(color, size);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(event.currentTarget);
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
      onSubmit={onSubmit}
      className="rounded-sm border border-border bg-sand/40 px-4 py-4"
      aria-labelledby={`${id}-title`}
    >
      <p id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold text-charcoal">
        <Icon of={BellRing} className="size-4 text-gold-ink" />
        Tell me when {label} is back
      </p>
      <p className="mt-1 text-sm text-stone">One email, once it is in stock again. Nothing else.</p>
      <input type="hidden" name="productId" value={productId} />
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
