import { money } from "~/components/admin/admin-format";
import type { CourierCash } from "~/modules/payments/cash-collection.server";

/**
 * The Cash to collect view's "Cash owed by couriers": delivered Pay on Delivery orders whose cash
 * is not recorded yet, summed by the carrier entered when each shipped.
 */
export function CashOwedTable({ rows }: { rows: CourierCash[] }) {
  return (
    <section aria-labelledby="cash-owed-title" className="rounded-lg border border-border bg-white p-4 sm:p-5">
      <h2 id="cash-owed-title" className="font-serif text-xl text-charcoal">
        Cash owed by couriers
      </h2>
      <p className="mt-0.5 text-sm text-stone">
        Delivered, paid on delivery, cash not recorded yet: by the carrier entered when each order shipped.
      </p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-charcoal">No cash to collect: every delivered order is paid.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-sm" aria-labelledby="cash-owed-title">
            <thead>
              <tr className="border-b border-border text-left text-xs tracking-wider text-stone uppercase">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Courier
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Orders
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Cash owed
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.carrier}-${r.currency}`} className="border-b border-border last:border-0">
                  <th scope="row" className="py-2 pr-4 text-left font-normal text-charcoal">
                    {r.carrier}
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">{r.orders}</td>
                  <td className="py-2 text-right font-semibold text-charcoal tabular-nums">{money(r.amount, r.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
