import type { FieldMetadata } from "@conform-to/react";
import { TriangleAlert } from "lucide";
import { FieldError } from "~/components/forms/field";
import { Checkbox } from "~/components/ui/checkbox";
import { Icon } from "~/components/ui/icon";
import { discountPercent } from "~/lib/money";
import { isDeepDiscount, MAX_PLAIN_DISCOUNT_PERCENT, parsePriceText } from "~/modules/catalog/product.schema";

/** "209.99" as typed → 20999, or null when it is not (yet) a price. */
function typedPesewas(value: unknown): number | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const pesewas = parsePriceText(value.trim(), "Price");
  return typeof pesewas === "number" && pesewas > 0 ? pesewas : null;
}

/**
 * Beside the prices: when the original price puts the price more than 70 % below it (as typed),
 * a warning and the box that confirms it ("Yes, sell at −85 %"), sending the figure confirmed.
 * The box is keyed by that figure, so changing a price again unticks it. The server checks the
 * same rule (productFormSchema), and its refusal shows here under the box.
 */
export function DiscountConfirmField<S>({
  price,
  originalPrice,
  field,
}: {
  price: FieldMetadata<S>;
  originalPrice: FieldMetadata<S>;
  field: FieldMetadata<S>;
}) {
  const pricePesewas = typedPesewas(price.value);
  const originalPesewas = typedPesewas(originalPrice.value);
  const deep = pricePesewas !== null && originalPesewas !== null && isDeepDiscount(pricePesewas, originalPesewas);
  if (!deep) return field.errors ? <FieldError field={field} /> : null;
  const percent = discountPercent(pricePesewas, originalPesewas)!;
  return (
    <div className="grid gap-2 rounded-sm border border-gold/60 bg-sand/60 p-3 text-sm" data-testid="deep-discount">
      <p className="flex items-start gap-2 text-charcoal">
        <Icon of={TriangleAlert} className="mt-0.5 size-4 shrink-0 text-gold-ink" />
        <span>
          The price is more than {MAX_PLAIN_DISCOUNT_PERCENT} % below the original price: shoppers will see <strong>−{percent} %</strong>.
          Check both prices, or confirm it is meant.
        </span>
      </p>
      <label className="flex cursor-pointer items-center gap-2 font-semibold text-charcoal">
        <Checkbox
          key={percent}
          id={field.id}
          name={field.name}
          value={String(percent)}
          defaultChecked={field.initialValue === String(percent)}
          aria-invalid={field.errors ? true : undefined}
          aria-describedby={field.errors ? field.errorId : undefined}
        />
        Yes, sell at −{percent} %
      </label>
      <FieldError field={field} />
    </div>
  );
}
