import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Undo2 } from "lucide";
import { useRef, useState } from "react";
import { useIdentityGate } from "~/components/admin/security/use-identity-gate";
import { useFetcher } from "react-router";
import { Icon } from "~/components/ui/icon";
import { money } from "~/components/admin/admin-format";
import { Field, FormAlert, MoneyInput, TextareaInput } from "~/components/forms/field";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { notify } from "~/components/ui/toaster";
import { currencySymbols, parseMoney, toDecimalString, type CurrencyCode } from "~/lib/money";
import type { StaffRefundability } from "~/modules/payments/order-payments.server";
import {
  REFUND_REASON_MAX,
  refundFormSchema,
  type RefundForm as RefundInput,
  type RefundFormInput,
} from "~/modules/payments/refunds.schema";
import type { RefundActionResult } from "./order-update";

/**
 * Refund (or, for Pay on Delivery, record a refund of) a paid order: the amount in the order's
 * currency, at most what is left, and a reason the customer will read. Checked in the browser
 * with the action's schema (and the amount left), then confirmed, then posted with the refund id
 * the page's loader chose (a new one after every answer), so a second post of the same form
 * refunds once.
 */
export function RefundForm({
  orderId,
  orderNumber,
  customerName,
  refundId,
  refundability,
  currency,
}: {
  orderId: string;
  orderNumber: string;
  customerName: string;
  refundId: string;
  refundability: StaffRefundability;
  currency: string;
}) {
  const fetcher = useFetcher<RefundActionResult>();
  const [confirming, setConfirming] = useState<FormData | null>(null);
  // A refund above the owner's amount asks "Confirm it's you" first on an old sign-in (decision 048).
  const gate = useIdentityGate();
  const lastPost = useRef<FormData | null>(null);
  const post = (formData: FormData) => {
    lastPost.current = formData;
    void fetcher.submit(formData, { method: "post" });
  };
  const postConfirmed = (formData: FormData) => {
    const amount = parseMoney(String(formData.get("amount") ?? "")) ?? 0;
    const above = gate.identity ? amount > gate.identity.refundsAbove : false;
    if (above) gate.guard(`refund ${money(amount, currency)}`, () => post(formData));
    else post(formData);
  };
  const schema = refundFormSchema(refundability.refundable);
  const throughPaystack = refundability.provider === "paystack";
  const answer = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const [form, fields] = useForm<RefundFormInput, RefundInput>({
    id: `refund-${orderId}`,
    defaultValue: { orderId, refundId, amount: toDecimalString(refundability.refundable), reason: "" },
    lastResult: answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema, disableAutoCoercion: true });
    },
    onSubmit(event, { formData }) {
      // Money moves: ask first (the dialog's button posts).
      event.preventDefault();
      setConfirming(formData);
    },
  });
  useFetcherResult(fetcher, (result) => {
    // The server found the sign-in too old (another tab, a clock off): ask, then post the same again.
    const again = lastPost.current;
    if (!result.ok && result.confirmIdentity && again) {
      const amount = parseMoney(String(again.get("amount") ?? "")) ?? 0;
      gate.guard(`refund ${money(amount, currency)}`, () => post(again));
      return;
    }
    if (result.ok)
      notify.success(result.status === "processed" ? "Refund recorded" : "Refund sent to Paystack", { description: result.message });
    else notify.error("Refund not made", { description: result.message });
  });

  const busy = fetcher.state !== "idle";
  const symbol = currency in currencySymbols ? currencySymbols[currency as CurrencyCode] : currency;
  const confirmAmount = confirming ? parseMoney(String(confirming.get("amount") ?? "")) : null;
  const left = money(refundability.refundable, currency);

  return (
    <section aria-labelledby={`${form.id}-title`} className="rounded-md border border-border bg-ivory p-4">
      <h4 id={`${form.id}-title`} className="text-sm font-semibold text-charcoal">
        {throughPaystack ? "Refund through Paystack" : "Record a refund"}
      </h4>
      <p className="mt-0.5 text-sm text-stone">
        {throughPaystack
          ? `Up to ${left} goes back to the card or mobile money wallet the customer paid with. The order shows it as refunded once Paystack confirms.`
          : `Pay on Delivery: give the money back yourself (cash or mobile money), then record it here, up to ${left}. Nothing is sent to Paystack.`}
      </p>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-[12rem_1fr]">
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name={fields.orderId.name} value={orderId} />
        <input type="hidden" name={fields.refundId.name} value={refundId} />
        <Field field={fields.amount} label={`Amount (${currency})`} hint={`At most ${left}`}>
          <MoneyInput field={fields.amount} symbol={symbol} hint max={toDecimalString(refundability.refundable)} min={0.01} required />
        </Field>
        <Field field={fields.reason} label="Reason" hint="The customer reads this in their email and order timeline.">
          <TextareaInput field={fields.reason} hint rows={2} maxLength={REFUND_REASON_MAX} required />
        </Field>
        <div className="flex flex-wrap items-center justify-end gap-3 sm:col-span-2">
          {answer && <FormAlert id={form.errorId} inline title={answer.message} className="mr-auto" />}
          <Button type="submit" variant="outline" disabled={busy}>
            <Icon of={Undo2} />
            {busy ? "Refunding…" : throughPaystack ? "Refund…" : "Record refund…"}
          </Button>
        </div>
      </fetcher.Form>
      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>{throughPaystack ? "Refund this payment?" : "Record this refund?"}</AlertDialogTitle>
          <AlertDialogDescription>
            {throughPaystack ? "Paystack will return " : "You are recording that you gave back "}
            <span className="font-semibold text-charcoal">{confirmAmount === null ? "" : money(confirmAmount, currency)}</span> to{" "}
            {customerName} for {orderNumber}. This cannot be undone; the customer is emailed once it is done.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (confirming) postConfirmed(confirming);
                setConfirming(null);
              }}
            >
              {throughPaystack ? "Refund" : "Record refund"}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      {gate.dialog}
    </section>
  );
}
