import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { DraftField, DraftSection } from "./draft-field";
import type { DraftEditorData, DraftErrors } from "./draft-types";

/**
 * The deposit the order asks before the rest (issue 46, part 3): the shop's on bespoke pieces,
 * none, a percentage of the whole order (e.g. a wholesale order) or a fixed amount. The figure
 * is worked out by the server (order-balance.ts) and shown in the summary.
 */
export function DraftDepositFields({
  draft,
  errors,
  shopPercent,
}: {
  draft: DraftEditorData["draft"];
  errors: DraftErrors;
  shopPercent: number;
}) {
  const choices = [
    ["auto", shopPercent > 0 ? `The shop's ${shopPercent} % on made-to-measure and custom pieces` : "The shop's deposit (none is set)"],
    ["none", "No deposit: paid in full"],
    ["percent", "A percentage of the whole order"],
    ["amount", "A fixed amount"],
  ] as const;
  return (
    <DraftSection
      id="draft-deposit-heading"
      title="Deposit"
      description="What the customer pays before the work begins; the balance is asked when the garment is ready."
    >
      <div className="grid gap-4 md:grid-cols-[2fr_1fr_1fr]">
        <DraftField name="depositKind" label="Deposit" error={errors.depositKind}>
          {(control) => (
            <NativeSelect key={draft.depositKind} {...control} defaultValue={draft.depositKind}>
              {choices.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          )}
        </DraftField>
        <DraftField name="depositPercent" label="Percentage (%)" error={errors.depositPercent} optional hint="With a percentage.">
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              defaultValue={draft.depositKind === "percent" && draft.depositValue ? String(draft.depositValue) : ""}
            />
          )}
        </DraftField>
        <DraftField name="depositAmount" label="Amount (₵)" error={errors.depositAmount} optional hint="With a fixed amount.">
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              defaultValue={draft.depositKind === "amount" && draft.depositValue ? (draft.depositValue / 100).toFixed(2) : ""}
            />
          )}
        </DraftField>
      </div>
    </DraftSection>
  );
}
