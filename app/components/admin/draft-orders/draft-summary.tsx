import { Banknote, Link2, Save, Truck } from "lucide";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { formatMoney, formatMoneyWithCode, type CurrencyCode } from "~/lib/money";
import { recordedPaymentMethods } from "~/modules/staff-orders/sales-channels";
import { DraftField } from "./draft-field";
import type { DraftEditorData, DraftErrors } from "./draft-types";

/** The totals as the server priced them, what still stops the order, and the three ways to place it. */
export function DraftSummary({ data, errors, problems }: { data: DraftEditorData; errors: DraftErrors; problems: string[] }) {
  const { priced, draft } = data;
  const currency = data.currency as CurrencyCode;
  const money = (pesewas: number) => formatMoney(pesewas, currency);
  const totals = priced.totals;
  const delivery =
    priced.delivery.kind === "zone"
      ? `Delivery (${priced.delivery.zone.name}, ${priced.delivery.estimate})`
      : priced.delivery.kind === "collect"
        ? "Collected from the showroom"
        : "Delivery";
  return (
    <aside aria-labelledby="draft-summary-heading" className="grid content-start gap-4 self-start lg:sticky lg:top-20">
      <section className="rounded-sm border border-border bg-white p-5">
        <h2 id="draft-summary-heading" className="text-xl font-semibold">
          Summary
        </h2>
        <dl className="mt-4 space-y-2 text-sm">
          <Row label="Subtotal" value={totals ? money(totals.subtotal) : "—"} />
          {draft.discountAmount > 0 && <Row label="Discount" value={`−${money(draft.discountAmount)}`} />}
          <Row label={delivery} value={totals ? (totals.shipping === 0 ? "Free" : money(totals.shipping)) : "—"} />
          <div className="flex justify-between border-t border-border pt-3 text-lg font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums" data-testid="draft-total">
              {totals ? formatMoneyWithCode(totals.total, currency) : "—"}
            </dd>
          </div>
          {totals && priced.deposit !== null && (
            <>
              <Row label="Deposit, before the work begins" value={money(priced.deposit)} testId="draft-deposit" />
              <Row label="Balance, when it is ready" value={money(totals.total - priced.deposit)} />
            </>
          )}
        </dl>
        {problems.length > 0 && (
          <div className="mt-4 rounded-sm border border-gold/50 bg-gold/10 p-3 text-sm" role="status">
            <p className="font-medium">Before it can be placed:</p>
            <ul className="mt-1 list-disc pl-5">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        )}
        <Button type="submit" name="intent" value="save" variant="outline" className="mt-4 w-full">
          <Icon of={Save} /> Save draft
        </Button>
        <p className="mt-2 text-xs text-stone">Saved by {draft.updatedBy}. Anyone on staff can pick it up from Orders → Drafts.</p>
      </section>

      <section aria-labelledby="draft-place-heading" className="rounded-sm border border-border bg-white p-5">
        <h2 id="draft-place-heading" className="text-xl font-semibold">
          Place the order
        </h2>
        <div className="mt-4 grid gap-3">
          <div className="grid gap-2 rounded-sm bg-sand/40 p-3">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="emailLink" defaultChecked className="size-4 accent-forest" />
              Also email the link to the customer
            </label>
            <Button type="submit" name="intent" value="place-link" disabled={!data.paystackConnected}>
              <Icon of={Link2} /> Place and send {priced.deposit !== null ? "deposit" : "payment"} link
            </Button>
            {!data.paystackConnected && <p className="text-xs text-stone">Payment links need Paystack (Settings → Payments).</p>}
            <p className="text-xs text-stone">The pieces are held for the customer while the link is open.</p>
          </div>
          <div className="grid gap-2 rounded-sm bg-sand/40 p-3">
            <input type="hidden" name="paymentId" value={data.paymentId} />
            <input type="hidden" name="seenTotal" value={totals?.total ?? ""} />
            <DraftField name="paymentMethod" label="Paid already by" error={errors.paymentMethod}>
              {(control) => (
                <NativeSelect {...control} defaultValue="">
                  <option value="">Choose</option>
                  {recordedPaymentMethods.map((m) => (
                    <option key={m.value} value={m.value}>
                      {m.label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </DraftField>
            <DraftField name="paymentReference" label="Receipt or transaction reference" optional error={errors.paymentReference}>
              {(control) => <Input {...control} autoComplete="off" />}
            </DraftField>
            {totals && priced.deposit !== null ? (
              <DraftField name="paidPart" label="Paid">
                {(control) => (
                  <NativeSelect {...control} defaultValue="deposit">
                    <option value="deposit">The deposit: {money(priced.deposit!)}</option>
                    <option value="full">Everything: {money(totals.total)}</option>
                  </NativeSelect>
                )}
              </DraftField>
            ) : (
              <input type="hidden" name="paidPart" value="full" />
            )}
            <Button type="submit" name="intent" value="place-recorded" variant="outline">
              <Icon of={Banknote} />{" "}
              {priced.deposit !== null ? "Place with the payment taken" : `Place as paid${totals ? ` (${money(totals.total)})` : ""}`}
            </Button>
          </div>
          <Button type="submit" name="intent" value="place-on-delivery" variant="ghost">
            <Icon of={Truck} /> Place, paid on delivery or collection
          </Button>
        </div>
      </section>
    </aside>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
