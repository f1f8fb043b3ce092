import { History } from "lucide";
import { Icon } from "~/components/ui/icon";
import type { SavedMeasurements } from "~/modules/measurements/measurements";

const BUTTON_TEXT: Record<SavedMeasurements["kind"], string> = {
  order: "Use the measurements from my last order",
  request: "Use the measurements from my last request",
  saved: "Use my saved measurements",
};

/**
 * For a signed-in customer with measurements on file (from /api/my-measurements after load):
 * the button that fills the boxes with them, saying where they come from; once used, a line
 * asking to check them.
 */
export function UseLastMeasurements({ offer, used, onUse }: { offer: SavedMeasurements; used: boolean; onUse: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-sm border border-forest/25 bg-white p-4">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-charcoal">Measured before?</p>
        <p className="text-stone" data-testid="last-measurements-source">
          From your {offer.from}.
        </p>
        <p role="status" className="font-medium text-forest">
          {used ? "Filled in: check each box and change what has changed." : ""}
        </p>
      </div>
      <button
        type="button"
        onClick={onUse}
        className="inline-flex min-h-11 max-w-full items-center justify-center gap-2 rounded-sm border border-forest px-4 py-2 text-sm font-semibold text-forest transition-colors hover:bg-forest hover:text-ivory focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
      >
        <Icon of={History} className="size-4" />
        {BUTTON_TEXT[offer.kind]}
      </button>
    </div>
  );
}
