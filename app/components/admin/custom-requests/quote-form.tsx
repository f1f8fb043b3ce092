import { Plus, Trash2 } from "lucide";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { notify } from "~/components/ui/toaster";
import { formatMoney, parseMoney, toDecimalString } from "~/lib/money";
import { addDays, QUOTE_LIMITS } from "~/modules/quotes/quote-lines";
import type { AdminQuote } from "~/modules/quotes/quotes.server";
import type { QuoteWriteResult } from "./quote-write-result";

interface LineDraft {
  key: number;
  description: string;
  price: string;
  quantity: string;
  productionDays: string;
}

let nextKey = 1;
const blankLine = (): LineDraft => ({ key: nextKey++, description: "", price: "", quantity: "1", productionDays: "21" });

/**
 * "Write a quote" / "Revise" (issue 46, part 4): the pieces (description, price in cedi,
 * quantity, days to make), the deposit (the shop's percentage by default, or an amount), the last
 * day it holds (14 days by default) and a message. Posted to the page's action with `?quote`;
 * the server works out every figure again and emails the customer. A revision starts from the
 * latest quote.
 */
export function QuoteForm({
  reference,
  from,
  defaults,
  onDone,
}: {
  reference: string;
  from: AdminQuote | null;
  defaults: { depositPercent: number; today: string };
  onDone: () => void;
}) {
  const id = useId();
  const fetcher = useFetcher<QuoteWriteResult>();
  const [lines, setLines] = useState<LineDraft[]>(() =>
    from
      ? from.lines.map((l) => ({
          key: nextKey++,
          description: l.description,
          price: toDecimalString(l.unitPrice),
          quantity: String(l.quantity),
          productionDays: String(l.productionDays),
        }))
      : [blankLine()],
  );
  const [depositKind, setDepositKind] = useState<"percent" | "amount">(from?.depositKind ?? "percent");
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      notify.success("Quote sent", { description: result.message });
      onDone();
    } else notify.error("Quote not sent", { description: result.message });
  });
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {};
  const formError = fetcher.data && !fetcher.data.ok && Object.keys(errors).length === 0 ? fetcher.data.message : null;
  const sending = fetcher.state !== "idle";
  const update = (key: number, change: Partial<LineDraft>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
  // A running total for staff's eyes only; the server computes the one that counts.
  const total = lines.reduce((sum, l) => sum + (parseMoney(l.price) ?? 0) * (Number(l.quantity) || 0), 0);

  return (
    <fetcher.Form
      method="post"
      action="/admin/custom-requests?quote"
      className="grid gap-5 rounded-md border border-border bg-white p-4 md:p-5"
    >
      <input type="hidden" name="reference" value={reference} />
      <fieldset className="grid gap-4">
        <legend className="text-sm font-semibold text-charcoal">The pieces</legend>
        {lines.map((line, i) => (
          <div
            key={line.key}
            className="grid gap-3 rounded-md border border-border/70 bg-ivory/40 p-3 sm:grid-cols-[1fr_8rem_5rem_6rem_auto] sm:items-start"
          >
            <LineField label="Description" error={errors[`lines[${i}].description`]} id={`${id}-d${line.key}`}>
              <Input
                id={`${id}-d${line.key}`}
                {...describedBy(`${id}-d${line.key}`, errors[`lines[${i}].description`])}
                name={`lines[${i}].description`}
                value={line.description}
                maxLength={300}
                placeholder="e.g. Three-piece agbada in kente"
                onChange={(e) => update(line.key, { description: e.target.value })}
              />
            </LineField>
            <LineField label="Price (₵)" error={errors[`lines[${i}].price`]} id={`${id}-p${line.key}`}>
              <Input
                id={`${id}-p${line.key}`}
                {...describedBy(`${id}-p${line.key}`, errors[`lines[${i}].price`])}
                name={`lines[${i}].price`}
                inputMode="decimal"
                value={line.price}
                placeholder="2,400"
                onChange={(e) => update(line.key, { price: e.target.value })}
              />
            </LineField>
            <LineField label="Quantity" error={errors[`lines[${i}].quantity`]} id={`${id}-q${line.key}`}>
              <Input
                id={`${id}-q${line.key}`}
                {...describedBy(`${id}-q${line.key}`, errors[`lines[${i}].quantity`])}
                name={`lines[${i}].quantity`}
                inputMode="numeric"
                value={line.quantity}
                onChange={(e) => update(line.key, { quantity: e.target.value })}
              />
            </LineField>
            <LineField label="Days to make" error={errors[`lines[${i}].productionDays`]} id={`${id}-t${line.key}`}>
              <Input
                id={`${id}-t${line.key}`}
                {...describedBy(`${id}-t${line.key}`, errors[`lines[${i}].productionDays`])}
                name={`lines[${i}].productionDays`}
                inputMode="numeric"
                value={line.productionDays}
                onChange={(e) => update(line.key, { productionDays: e.target.value })}
              />
            </LineField>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="sm:mt-6"
              disabled={lines.length === 1}
              aria-label={`Remove piece ${i + 1}`}
              onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
            >
              <Icon of={Trash2} />
            </Button>
          </div>
        ))}
        {errors.lines && <p className="text-sm font-medium text-destructive">{errors.lines}</p>}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={lines.length >= QUOTE_LIMITS.lines}
            onClick={() => setLines((all) => [...all, blankLine()])}
          >
            <Icon of={Plus} /> Add a piece
          </Button>
          <p className="text-sm text-charcoal">
            Total <span className="font-semibold tabular-nums">{formatMoney(total)}</span>
          </p>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <LineField label="Deposit" id={`${id}-dk`}>
          <NativeSelect
            id={`${id}-dk`}
            name="depositKind"
            value={depositKind}
            onChange={(e) => setDepositKind(e.target.value as "percent" | "amount")}
          >
            <option value="percent">A percentage</option>
            <option value="amount">An amount</option>
          </NativeSelect>
        </LineField>
        {depositKind === "percent" ? (
          <LineField label="Deposit (%)" error={errors.depositPercent} id={`${id}-dp`}>
            <Input
              id={`${id}-dp`}
              {...describedBy(`${id}-dp`, errors.depositPercent)}
              name="depositPercent"
              inputMode="numeric"
              defaultValue={String(from?.depositKind === "percent" ? from.depositValue : defaults.depositPercent)}
            />
          </LineField>
        ) : (
          <LineField label="Deposit (₵)" error={errors.depositAmount} id={`${id}-da`}>
            <Input
              id={`${id}-da`}
              {...describedBy(`${id}-da`, errors.depositAmount)}
              name="depositAmount"
              inputMode="decimal"
              defaultValue={from?.depositKind === "amount" ? toDecimalString(from.depositValue) : ""}
            />
          </LineField>
        )}
        <LineField label="Valid until" error={errors.validUntil} id={`${id}-vu`}>
          <Input
            id={`${id}-vu`}
            {...describedBy(`${id}-vu`, errors.validUntil)}
            name="validUntil"
            type="date"
            min={defaults.today}
            max={addDays(defaults.today, QUOTE_LIMITS.validDays)}
            defaultValue={addDays(defaults.today, 14)}
          />
        </LineField>
      </div>

      <LineField label="Message to the customer (optional)" error={errors.message} id={`${id}-m`}>
        <Textarea
          id={`${id}-m`}
          {...describedBy(`${id}-m`, errors.message)}
          name="message"
          rows={3}
          maxLength={2000}
          defaultValue={from?.message ?? ""}
          placeholder="A word about the cloth, the fittings, or what changed in this revision."
        />
      </LineField>

      {formError && (
        <p role="alert" className="rounded-sm border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? "Sending…" : from ? "Send the revised quote" : "Send the quote"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** Ties a control to its error message (LineField writes it under `${id}-error`). */
const describedBy = (id: string, error: string | undefined) =>
  error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};

function LineField({ label, error, id, children }: { label: string; error?: string | undefined; id: string; children: React.ReactNode }) {
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-charcoal">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
