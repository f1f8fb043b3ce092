import type { ReactNode } from "react";
import { useFormatMoney } from "../use-store-settings";

const card = "space-y-5 rounded-sm border border-border bg-white/70 p-6";
const option =
  "flex cursor-pointer items-start gap-3 rounded-sm border border-border bg-white px-4 py-3.5 has-[:checked]:border-forest has-[:checked]:bg-forest/5";

/**
 * Made-to-measure pieces paid online (issue 46, part 3): the shop's deposit now and the balance
 * when the garment is ready, or everything at once. The figures are the server's rule
 * (order-balance.ts depositForLines); the server works them out again when the order is placed.
 */
export function DepositFieldset({
  value,
  onChange,
  deposit,
  total,
  percent,
}: {
  value: "deposit" | "full";
  onChange(part: "deposit" | "full"): void;
  deposit: number;
  total: number;
  percent: number;
}) {
  const formatMoney = useFormatMoney();
  return (
    <fieldset className={card}>
      <legend className="float-left mb-5 w-full font-display text-2xl font-semibold">How much to pay now</legend>
      <div className="clear-both grid gap-3">
        <PartOption part="deposit" chosen={value} onChange={onChange}>
          <span className="font-medium">
            Pay the {percent} % deposit now: <span className="tabular-nums">{formatMoney(deposit)}</span>
          </span>
          <span className="text-sm text-stone">
            The balance of <span className="tabular-nums">{formatMoney(total - deposit)}</span> is due when your garment is ready: we send
            you a link to pay it.
          </span>
        </PartOption>
        <PartOption part="full" chosen={value} onChange={onChange}>
          <span className="font-medium">
            Pay everything now: <span className="tabular-nums">{formatMoney(total)}</span>
          </span>
          <span className="text-sm text-stone">Nothing more to pay when it is ready.</span>
        </PartOption>
      </div>
    </fieldset>
  );
}

/** One choice of the fieldset: a radio and its words. */
function PartOption({
  part,
  chosen,
  onChange,
  children,
}: {
  part: "deposit" | "full";
  chosen: "deposit" | "full";
  onChange(part: "deposit" | "full"): void;
  children: ReactNode;
}) {
  return (
    <label className={option}>
      <input
        type="radio"
        name="payPart"
        value={part}
        checked={chosen === part}
        onChange={() => onChange(part)}
        className="mt-1 size-4 accent-forest"
      />
      <span className="grid gap-0.5">{children}</span>
    </label>
  );
}
