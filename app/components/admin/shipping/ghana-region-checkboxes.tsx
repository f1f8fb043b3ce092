import { Checkbox } from "~/components/ui/checkbox";
import { ghanaRegions } from "~/modules/shipping/areas";

/**
 * Regions of Ghana a zone can name (posted as `name` values beside the countries). An order to a
 * region named here is priced by this zone, before any zone naming Ghana as a whole.
 */
export function GhanaRegionCheckboxes({
  name,
  initial,
  ownerOf,
}: {
  name: string;
  initial: string[];
  ownerOf: (code: string) => string | undefined;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-charcoal">
        Regions of Ghana <span className="ml-0.5 text-xs font-normal text-stone">optional</span>
      </legend>
      <p className="-mt-1 text-xs text-stone">A region ticked here is priced by this zone, even when another zone names Ghana.</p>
      <div className="grid grid-cols-1 gap-1.5 sm:grid-cols-2">
        {ghanaRegions.map(([code, label]) => {
          const owner = ownerOf(code);
          return (
            <label
              key={code}
              className="flex cursor-pointer items-center gap-2 rounded-sm border border-border bg-white px-3 py-2 text-sm has-[:checked]:border-forest has-[:checked]:bg-forest/5"
            >
              <Checkbox name={name} value={code} defaultChecked={initial.includes(code)} />
              <span className="min-w-0 flex-1">{label}</span>
              {owner && <span className="shrink-0 text-xs text-stone">in {owner}</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
