import { UserRound } from "lucide";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { salesChannels } from "~/modules/staff-orders/sales-channels";
import { DraftField, DraftSearch, DraftSection } from "./draft-field";
import type { DraftEditorData, DraftErrors } from "./draft-types";

/** Who ordered and how: the channel, a search of earlier customers, and name, email and phone. */
export function DraftCustomerSection({ data, errors }: { data: DraftEditorData; errors: DraftErrors }) {
  const { draft, customers } = data;
  return (
    <DraftSection id="draft-customer-heading" title="Customer" description="Find someone who ordered before, or type their details.">
      <DraftField name="channel" label="Order came in by" error={errors.channel} className="max-w-xs">
        {(control) => (
          <NativeSelect key={draft.channel} {...control} defaultValue={draft.channel}>
            {salesChannels.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </DraftField>
      <DraftSearch
        name="customerSearch"
        label="Find a customer"
        hint="Name, email or phone: at least 3 characters."
        defaultValue={customers?.text ?? ""}
        intent="find-customer"
      />
      {customers && (
        <div aria-live="polite">
          {customers.matches.length === 0 ? (
            <p className="text-sm text-stone">No earlier customer matches “{customers.text}”.</p>
          ) : (
            <ul className="divide-y divide-border rounded-sm border border-border" aria-label="Earlier customers">
              {customers.matches.map((c) => (
                <li key={c.email} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
                  <div className="min-w-0 text-sm">
                    <p className="font-medium">{c.name}</p>
                    <p className="truncate text-stone">
                      {c.email} · {c.phone}
                    </p>
                  </div>
                  <Button
                    type="submit"
                    name="intent"
                    value="use-customer"
                    formAction={`?pick=${encodeURIComponent(c.email)}`}
                    size="sm"
                    variant="outline"
                    aria-label={`Use ${c.name}, ${c.email}`}
                  >
                    <Icon of={UserRound} /> Use
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-3">
        <DraftField name="customerName" label="Full name" error={errors.customerName}>
          {(control) => <Input {...control} defaultValue={draft.customerName} autoComplete="off" />}
        </DraftField>
        <DraftField name="customerEmail" label="Email" error={errors.customerEmail}>
          {(control) => <Input {...control} type="email" defaultValue={draft.customerEmail} autoComplete="off" />}
        </DraftField>
        <DraftField name="customerPhone" label="Phone or WhatsApp" error={errors.customerPhone}>
          {(control) => <Input {...control} type="tel" defaultValue={draft.customerPhone} autoComplete="off" />}
        </DraftField>
      </div>
    </DraftSection>
  );
}
