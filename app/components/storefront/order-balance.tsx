import { formatMoney, formatMoneyWithCode, type CurrencyCode } from "~/lib/money";

const amountCell = "text-right whitespace-nowrap tabular-nums";

/**
 * An order paid in parts (issue 46, part 3): what came in, and what remains and when, under the
 * order's totals. Nothing for an order paid (or to be paid) in one go.
 */
export function OrderBalance({
  paid,
  deposit,
  balance,
  cancelled,
  currency,
}: {
  paid: number;
  deposit: number | null;
  balance: number;
  cancelled: boolean;
  currency: CurrencyCode;
}) {
  if (cancelled || (deposit === null && (paid === 0 || balance === 0))) return null;
  return (
    <dl className="mt-3 space-y-2 rounded-sm border border-gold/50 bg-sand/40 p-4 text-sm" data-testid="order-balance">
      {paid > 0 ? (
        <div className="flex justify-between gap-4">
          <dt>{balance > 0 ? "Deposit paid" : "Paid"}</dt>
          <dd className={amountCell}>{formatMoney(paid, currency)}</dd>
        </div>
      ) : (
        deposit !== null && (
          <div className="flex justify-between gap-4">
            <dt>Deposit to pay now</dt>
            <dd className={amountCell}>{formatMoney(deposit, currency)}</dd>
          </div>
        )
      )}
      {balance > 0 ? (
        <div className="flex justify-between gap-4 font-semibold">
          <dt>{paid > 0 || deposit !== null ? "Balance, due when your garment is ready" : "To pay"}</dt>
          <dd className={amountCell} data-testid="order-balance-due">
            {formatMoneyWithCode(paid > 0 ? balance : balance - (deposit ?? 0), currency)}
          </dd>
        </div>
      ) : (
        <p className="font-semibold text-forest">Paid in full. Thank you.</p>
      )}
    </dl>
  );
}
