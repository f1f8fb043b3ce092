import { money } from "~/components/admin/admin-format";
import type { RevenueDay } from "~/modules/reports/dashboard-stats.server";
import { DashboardPanel } from "./dashboard-panel";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-03-07" (already a day in the store's timezone) → "7 Mar" */
export function shortDay(day: string): string {
  const [, month, date] = day.split("-").map(Number);
  return `${date} ${MONTHS[(month ?? 1) - 1]}`;
}

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `value` (an axis maximum that reads well). */
export function niceCeiling(value: number): number {
  if (value <= 0) return 0;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * magnitude >= value) ?? 10;
  return step * magnitude;
}

/** Axis labels in whole units: 250000 pesewas → "₵2,500". */
function axisMoney(pesewas: number, currency: string): string {
  return money(Math.round(pesewas / 100) * 100, currency).replace(/\.00$/, "");
}

const BAR_SLOT = 10;

/**
 * Revenue per day as an inline SVG bar chart: each bar is the day's revenue (orders not
 * cancelled), its dark part what is already paid. The SVG is one image for assistive
 * technology (title and description); the figures themselves are in a visually hidden table.
 */
export function RevenueChart({ days, currency, timeZone }: { days: RevenueDay[]; currency: string; timeZone: string }) {
  const total = days.reduce((sum, d) => sum + d.revenue, 0);
  const paid = days.reduce((sum, d) => sum + d.paidRevenue, 0);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  const best = days.reduce<RevenueDay | null>((top, d) => (d.revenue > (top?.revenue ?? 0) ? d : top), null);
  const max = niceCeiling(best?.revenue ?? 0);
  const width = days.length * BAR_SLOT;
  const heightOf = (pesewas: number) => (max === 0 || pesewas === 0 ? 0 : Math.max(0.8, (pesewas / max) * 100));
  const first = days[0];
  const last = days[days.length - 1];
  const middle = days[Math.floor(days.length / 2)];
  const description =
    total === 0
      ? `No revenue from ${first ? shortDay(first.day) : ""} to ${last ? shortDay(last.day) : ""}.`
      : `${money(total, currency)} from ${orders} orders, ${money(paid, currency)} of it paid, net of refunds. Best day ${best ? `${shortDay(best.day)} with ${money(best.revenue, currency)}` : ""}. Every day is listed in the table that follows.`;

  return (
    <DashboardPanel
      title="Revenue, last 30 days"
      description={`Per day in ${timeZone}, orders in ${currency}; cancelled orders left out`}
      action={
        <dl className="flex gap-6 text-right">
          <div>
            <dt className="text-xs text-stone">All orders</dt>
            <dd className="font-display text-2xl font-semibold lining-nums tabular-nums">{money(total, currency)}</dd>
          </div>
          <div>
            {/* Net of refunds, as the Revenue card's Net (decision 031): "Paid" there is before refunds. */}
            <dt className="text-xs text-stone">Paid, net of refunds</dt>
            <dd className="font-display text-2xl font-semibold text-forest lining-nums tabular-nums">{money(paid, currency)}</dd>
          </div>
        </dl>
      }
    >
      <figure>
        <div className="flex gap-3">
          <div className="relative h-52 w-14 shrink-0 text-right text-[0.7rem] text-stone tabular-nums" aria-hidden>
            {max > 0 && (
              <>
                <span className="absolute top-0 right-0 -translate-y-1/2">{axisMoney(max, currency)}</span>
                <span className="absolute top-1/2 right-0 -translate-y-1/2">{axisMoney(max / 2, currency)}</span>
              </>
            )}
            <span className="absolute right-0 bottom-0 translate-y-1/2">{axisMoney(0, currency)}</span>
          </div>
          <div className="relative h-52 min-w-0 flex-1">
            <svg
              viewBox={`0 0 ${width} 100`}
              preserveAspectRatio="none"
              className="absolute inset-0 size-full overflow-visible"
              role="img"
              aria-labelledby="revenue-chart-title revenue-chart-desc"
            >
              {/* One string: React renders a <title> with several text children empty on the server
                  (titles take one text), so the browser's first render differed (React #418). */}
              <title id="revenue-chart-title">{`Revenue per day, last ${days.length} days`}</title>
              <desc id="revenue-chart-desc">{description}</desc>
              {[0, 50, 100].map((y) => (
                <line key={y} x1={0} x2={width} y1={y} y2={y} stroke="#ddd2bd" strokeWidth={1} vectorEffect="non-scaling-stroke" />
              ))}
              {days.map((d, i) => {
                const all = heightOf(d.revenue);
                const paidHeight = d.paidRevenue === d.revenue ? all : heightOf(d.paidRevenue);
                return (
                  <g key={d.day} className="transition-opacity hover:opacity-75">
                    <title>{`${shortDay(d.day)}: ${money(d.revenue, currency)} from ${d.orders} order${d.orders === 1 ? "" : "s"}, ${money(d.paidRevenue, currency)} paid`}</title>
                    {/* A transparent full-height slot, so hovering anywhere above a small bar shows its figures. */}
                    <rect x={i * BAR_SLOT} y={0} width={BAR_SLOT} height={100} fill="transparent" />
                    {all > 0 && <rect x={i * BAR_SLOT + 1.5} y={100 - all} width={BAR_SLOT - 3} height={all} fill="#c9a227" rx={0.6} />}
                    {paidHeight > 0 && (
                      <rect x={i * BAR_SLOT + 1.5} y={100 - paidHeight} width={BAR_SLOT - 3} height={paidHeight} fill="#0f3d2e" rx={0.6} />
                    )}
                  </g>
                );
              })}
            </svg>
            {total === 0 && (
              <p className="absolute inset-0 flex items-center justify-center text-sm text-stone" aria-hidden>
                <span className="bg-ivory px-3">No orders in the last {days.length} days</span>
              </p>
            )}
          </div>
        </div>
        <div className="mt-2 ml-[4.25rem] flex justify-between text-[0.7rem] text-stone tabular-nums" aria-hidden>
          <span>{first && shortDay(first.day)}</span>
          <span>{middle && shortDay(middle.day)}</span>
          <span>Today</span>
        </div>
        <figcaption className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-xs text-stone">
          <span className="inline-flex items-center gap-1.5">
            <span className="size-3 rounded-[2px] bg-forest" aria-hidden /> Paid, net of refunds
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="size-3 rounded-[2px] bg-gold" aria-hidden /> Not paid yet (pay on delivery, pending)
          </span>
        </figcaption>
        {/* A table ignores the 1 px width sr-only gives it, so the clipping box is a wrapper: */}
        {/* otherwise the hidden table's columns widen a 390 px page sideways. */}
        <div className="sr-only">
          <table>
            <caption>
              Revenue per day in {currency}, last {days.length} days
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Revenue, all orders</th>
                <th scope="col">Paid, net of refunds</th>
                <th scope="col">Orders</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{shortDay(d.day)}</th>
                  <td>{money(d.revenue, currency)}</td>
                  <td>{money(d.paidRevenue, currency)}</td>
                  <td>{d.orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    </DashboardPanel>
  );
}
