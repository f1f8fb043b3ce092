import { RotateCcw, ShieldCheck, Truck } from "lucide";
import { Icon } from "~/components/ui/icon";
import { useFormatMoneyBrief, useFreeShippingThreshold } from "../use-store-settings";

/** The free-shipping amount is the lowest among the shipping zones covering Ghana (root data). */
const reassurances = (freeFrom: string | null) =>
  [
    freeFrom
      ? { icon: Truck, title: "Free Shipping", text: `in Ghana on orders over ${freeFrom}` }
      : { icon: Truck, title: "Shipping", text: "Priced by destination at checkout" },
    { icon: ShieldCheck, title: "Secure Payment", text: "Card, Mobile Money or on delivery" },
    { icon: RotateCcw, title: "Easy Returns", text: "30-day return policy" },
  ] as const;

export function Reassurances() {
  const freeShippingThreshold = useFreeShippingThreshold();
  const money = useFormatMoneyBrief();
  return (
    <ul className="grid grid-cols-3 gap-2 border-y border-border py-5 text-center">
      {reassurances(freeShippingThreshold === null ? null : money(freeShippingThreshold)).map(({ icon, title, text }) => (
        <li key={title} className="flex flex-col items-center gap-1.5 px-1">
          <Icon of={icon} className="size-5 text-forest" />
          <p className="text-xs font-bold tracking-[0.1em] uppercase">{title}</p>
          <p className="text-xs text-stone">{text}</p>
        </li>
      ))}
    </ul>
  );
}

export function DetailCard({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section className="rounded-sm border border-border bg-white/70 p-6">
      <h2 className="mb-4 font-display text-2xl font-semibold">{title}</h2>
      <ul className="space-y-2 text-sm leading-relaxed text-stone">
        {items.map((item) => (
          <li key={item} className="flex gap-3">
            <span className="mt-2 size-1.5 shrink-0 rotate-45 bg-gold" aria-hidden />
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
