import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { cn } from "~/lib/cn";
import { SIZES } from "~/modules/catalog/catalog-constants";
import { FieldError, fieldState } from "./form-field";

/** Smaller controls of the product form. */

const switches = [
  { name: "isActive", label: "Active", hint: "Shown and sold on the storefront" },
  { name: "isFeatured", label: "Featured", hint: "Listed first and badged in the admin" },
  { name: "isNew", label: "New", hint: "Carries the New badge" },
  { name: "isBestseller", label: "Bestseller", hint: "Carries the Bestseller badge" },
] as const;

type SwitchName = (typeof switches)[number]["name"];

/** Active, Featured, New and Bestseller: each sends "on" when on (the schema's checkbox rule). */
export function StorefrontSwitches({ values }: { values: Record<SwitchName, boolean> }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {switches.map((s) => (
        <div key={s.name} className="flex items-center justify-between gap-4 rounded-sm border border-border bg-white px-3 py-2.5">
          <label htmlFor={`product-${s.name}`} className="cursor-pointer">
            <span className="block text-sm font-medium text-charcoal">{s.label}</span>
            <span className="block text-xs text-stone">{s.hint}</span>
          </label>
          <Switch id={`product-${s.name}`} name={s.name} defaultChecked={values[s.name]} />
        </div>
      ))}
    </div>
  );
}

/** S to XXL as checkboxes named "sizes"; at least one is required. */
export function SizesField({ chosen, error }: { chosen: readonly string[]; error?: string }) {
  return (
    <>
      <div
        role="group"
        aria-labelledby="product-sizes-label"
        aria-describedby={error ? "product-sizes-error" : undefined}
        className="flex flex-wrap gap-2"
      >
        <span id="product-sizes-label" className="sr-only">
          Sizes
        </span>
        {SIZES.map((size) => (
          <label
            key={size}
            className="flex cursor-pointer items-center gap-2 rounded-sm border border-border bg-white px-3 py-2 text-sm font-semibold has-[:checked]:border-forest has-[:checked]:bg-forest/5"
          >
            <Checkbox name="sizes" value={size} defaultChecked={chosen.includes(size)} aria-invalid={error ? true : undefined} />
            {size}
          </label>
        ))}
      </div>
      <FieldError id="product-sizes" error={error} />
    </>
  );
}

/** A price box with the currency symbol inside; step 0.01 as docs/product-rules.md asks. */
export function MoneyInput({
  id,
  name,
  symbol,
  defaultValue,
  error,
  hintId,
}: {
  id: string;
  name: string;
  symbol: string;
  defaultValue: string;
  error?: string;
  hintId?: string;
}) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-stone" aria-hidden>
        {symbol}
      </span>
      <Input
        {...fieldState(id, error, hintId)}
        name={name}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        defaultValue={defaultValue}
        className={cn("pl-7 tabular-nums", error && "border-destructive")}
      />
    </div>
  );
}
