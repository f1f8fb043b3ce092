import { Tag, X } from "lucide";
import { useId, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { CartLine } from "~/modules/cart/cart";
import { cn } from "~/lib/cn";
import { applyCode, removeCode, type CodeSaving } from "./discount-code-store";

/**
 * The one discount code field (docs/product-rules.md §14), in the cart panel and at checkout:
 * type a code and Apply; the saving shows at once in the totals beside it. A refused code says
 * why, in the shop's plain words; an applied one shows as a tag with Remove. `email` gives
 * checkout's email so far (a code for named customers, or one use per customer).
 */
export function DiscountCodeField({
  lines,
  saving,
  email,
  className,
}: {
  lines: readonly CartLine[];
  saving: CodeSaving;
  email?: () => string | undefined;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const { applied, onCart, notice } = saving;
  const messageId = `${id}-message`;

  const apply = async () => {
    const code = text.trim();
    if (!code || busy) return;
    setBusy(true);
    const ok = await applyCode(code, lines, email?.());
    setBusy(false);
    if (ok) setText("");
  };

  return (
    <div className={cn("space-y-2", className)} data-testid="discount-code">
      {applied ? (
        <div className="flex items-center justify-between gap-3 rounded-sm border border-forest/25 bg-forest/5 px-3 py-2.5">
          <p className="flex min-w-0 items-center gap-2 text-sm">
            <Icon of={Tag} className="size-4 shrink-0 text-forest" />
            <span className="font-semibold tracking-wider text-forest" data-testid="applied-code">
              {applied.code}
            </span>
            <span className="truncate text-stone">{applied.description}</span>
          </p>
          <button
            type="button"
            onClick={() => removeCode()}
            className="-mr-1 inline-flex shrink-0 cursor-pointer items-center gap-1 rounded-sm px-1.5 py-1 text-xs font-semibold text-stone underline-offset-4 hover:text-charcoal hover:underline"
            aria-label={`Remove code ${applied.code}`}
          >
            <Icon of={X} className="size-3.5" />
            Remove
          </button>
        </div>
      ) : (
        <div>
          <label htmlFor={id} className="mb-1.5 block text-xs font-semibold tracking-[0.14em] text-stone uppercase">
            Discount code
          </label>
          <div className="flex gap-2">
            <Input
              id={id}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Enter applies the code, and never places the order around it.
                if (event.key === "Enter") {
                  event.preventDefault();
                  void apply();
                }
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              placeholder="Enter code"
              className="uppercase placeholder:normal-case"
              aria-invalid={notice ? true : undefined}
              aria-describedby={notice ? messageId : undefined}
            />
            <Button type="button" variant="outline" className="h-11 px-5" onClick={() => void apply()} disabled={busy || !text.trim()}>
              {busy ? "Checking…" : "Apply"}
            </Button>
          </div>
        </div>
      )}
      {!applied && notice && (
        <p id={messageId} role="alert" className="text-sm text-destructive" data-testid="discount-message">
          {notice}
        </p>
      )}
      {applied && onCart?.kind === "refused" && (
        <p role="status" className="text-sm text-charcoal" data-testid="discount-message">
          {onCart.message}
        </p>
      )}
    </div>
  );
}
