import { Info, Ruler } from "lucide";
import type { RefObject } from "react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { anyInStock, NO_COLOR, sizesInColor, variantLabel } from "~/modules/catalog/variants";
import { useFormatMoney } from "../use-store-settings";
import { SoldOutSlash } from "./colour-swatches";
import type { ProductSelection } from "./use-product-selection";

/**
 * The sizes in the chosen colour, Made to measure beside them when offered, and one line below
 * that says what the shopper has chosen is like: in stock, "Only 2 left in Royal Gold, S", or
 * sold out. A size sold out in the colour stays in the grid, struck through and not choosable
 * (aria-disabled, so it can still be reached and heard: "XXL, sold out in Royal Gold"). The
 * line below is always there (no layout shift) and polite-live: it also says when a colour
 * change swapped a size.
 */
export function SizePicker({
  product,
  selection,
  compact,
  sizeMissing,
  onChosen,
  firstSize,
  panelId,
}: {
  product: ProductDetail;
  selection: ProductSelection;
  compact: boolean;
  /** Add to Cart was pressed with no size: "Please choose a size." */
  sizeMissing: boolean;
  /** A size or made to measure was picked. */
  onChosen(): void;
  firstSize: RefObject<HTMLButtonElement | null>;
  /** The made-to-measure panel's id, for the button's aria-controls. */
  panelId: string;
}) {
  const formatMoney = useFormatMoney();
  const { size, setSize, madeToMeasure, setMadeToMeasure, color } = selection;
  const offer = product.madeToMeasure;
  const bespoke = madeToMeasure && offer !== null;
  const colorName = color?.name ?? NO_COLOR;
  const sizes = sizesInColor(product.variants, product.sizes, colorName);

  return (
    <fieldset>
      <legend className="mb-3 flex w-full items-baseline justify-between text-xs font-bold tracking-[0.16em] text-stone uppercase">
        <span>
          Size:{" "}
          <span className="font-semibold tracking-normal text-charcoal normal-case">
            {bespoke ? "Made to measure" : (size ?? "Please choose")}
          </span>
        </span>
        {!compact && (
          <a href="/size-guide" className="font-semibold tracking-normal text-forest normal-case underline underline-offset-4">
            Size guide
          </a>
        )}
      </legend>
      <div className="grid grid-cols-5 gap-2">
        {sizes.map(({ size: s, level }, index) => {
          const chosen = !bespoke && s === size;
          const soldOut = level === "sold-out";
          return (
            <button
              key={s}
              ref={index === 0 ? firstSize : undefined}
              type="button"
              onClick={() => {
                if (soldOut) return selection.explainSoldOut(s);
                setSize(s);
                setMadeToMeasure(false);
                onChosen();
              }}
              aria-pressed={chosen}
              aria-disabled={soldOut || undefined}
              aria-label={soldOut ? `${s}, sold out${color ? ` in ${color.name}` : ""}` : undefined}
              title={soldOut ? `Sold out${color ? ` in ${color.name}` : ""}` : undefined}
              className={cn(
                "relative h-11 overflow-hidden rounded-sm border text-sm font-semibold transition",
                soldOut
                  ? "cursor-not-allowed border-border/70 bg-sand/40 text-stone"
                  : chosen
                    ? "cursor-pointer border-forest bg-forest text-ivory"
                    : "cursor-pointer border-border bg-white hover:border-charcoal",
              )}
            >
              {soldOut && <SoldOutSlash className="w-[130%] -rotate-[24deg] bg-stone/45 shadow-none" />}
              <span className={cn("relative", soldOut && "opacity-70")}>{s}</span>
            </button>
          );
        })}
        {offer && (
          <button
            type="button"
            onClick={() => {
              setMadeToMeasure(true);
              onChosen();
            }}
            aria-pressed={bespoke}
            aria-controls={bespoke ? panelId : undefined}
            className={cn(
              "col-span-5 flex h-11 cursor-pointer items-center justify-center gap-2 rounded-sm border text-sm font-semibold transition",
              bespoke ? "border-forest bg-forest text-ivory" : "border-gold/60 bg-ivory text-charcoal hover:border-charcoal",
            )}
          >
            <Icon of={Ruler} className="size-4" />
            Made to measure
            <span className={cn("font-normal", bespoke ? "text-ivory/80" : "text-stone")}>
              {offer.surcharge > 0 ? `+ ${formatMoney(offer.surcharge)}` : "no surcharge"}
            </span>
          </button>
        )}
      </div>
      {sizeMissing ? (
        <p role="alert" className="mt-2.5 min-h-5 text-sm font-semibold text-terracotta">
          Please choose a size.
        </p>
      ) : (
        <div aria-live="polite" className={cn("mt-2.5 space-y-1 text-sm", !bespoke && "min-h-5")}>
          {selection.notice && !bespoke && (
            <p className="flex items-start gap-2 text-charcoal">
              <span aria-hidden className="flex h-5 w-4 shrink-0 items-center justify-center">
                <Icon of={Info} className="size-4 text-gold-ink" />
              </span>
              {selection.notice}
            </p>
          )}
          {!bespoke && <StockLine product={product} selection={selection} />}
        </div>
      )}
    </fieldset>
  );
}

/** What is left of the chosen colour and size, or why nothing can be bought in it. */
function StockLine({ product, selection }: { product: ProductDetail; selection: ProductSelection }) {
  const { size, color } = selection;
  const sizes = sizesInColor(product.variants, product.sizes, color?.name ?? NO_COLOR);
  const tailorNote = product.madeToMeasure ? " Made to measure is still available." : "";
  if (!anyInStock(product.variants)) return <Dot tone="muted">{`Sold out in every size.${tailorNote}`}</Dot>;
  if (!sizes.some((s) => s.stock > 0)) {
    return <Dot tone="muted">{`${color?.name} is sold out in every size. Please choose another colour.${tailorNote}`}</Dot>;
  }
  const chosen = size === null ? undefined : sizes.find((s) => s.size === size);
  if (!chosen) return null;
  if (chosen.level === "sold-out") return <Dot tone="muted">{`${variantLabel(color?.name, chosen.size)} is sold out.`}</Dot>;
  if (chosen.level === "low") return <Dot tone="low">{`Only ${chosen.stock} left in ${variantLabel(color?.name, chosen.size)}`}</Dot>;
  return <Dot tone="ok">{`In stock in ${variantLabel(color?.name, chosen.size)}`}</Dot>;
}

function Dot({ tone, children }: { tone: "ok" | "low" | "muted"; children: string }) {
  return (
    <p
      className={cn(
        "flex items-start gap-2",
        tone === "low" ? "font-semibold text-terracotta" : tone === "ok" ? "text-forest" : "font-semibold text-stone",
      )}
    >
      <span aria-hidden className="flex h-5 w-4 shrink-0 items-center justify-center">
        <span
          className={cn("size-1.5 rounded-full", tone === "low" ? "bg-terracotta" : tone === "ok" ? "bg-forest-soft" : "bg-stone/60")}
        />
      </span>
      {children}
    </p>
  );
}
