import { Trash2 } from "lucide";
import { Form, Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { FormAlert } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { DraftActionResult } from "~/modules/staff-orders/draft-action.server";
import { salesChannels } from "~/modules/staff-orders/sales-channels";
import { DraftCustomerSection } from "./draft-customer-section";
import { DraftDeliverySection } from "./draft-delivery-section";
import { DraftPiecesSection } from "./draft-pieces-section";
import { DraftPlaced } from "./draft-placed";
import { DraftSummary } from "./draft-summary";
import { errorsOf, type DraftEditorData } from "./draft-types";

/**
 * Admin → Orders → New order (issue 46): one form, saved by whichever button is pressed, priced
 * by the server after each (the loader's `priced`), placed in one of three ways.
 */
export function DraftEditor({ data, result }: { data: DraftEditorData; result: DraftActionResult | undefined }) {
  if (result?.ok) return <DraftPlaced placed={result.placed} currency={data.currency} timeZone={data.timeZone} />;
  const errors = errorsOf(result);
  const channel = salesChannels.find((c) => c.value === data.draft.channel)?.label ?? data.draft.channel;
  const problems = result && !result.ok && result.problems ? result.problems : data.priced.problems;
  return (
    <>
      <AdminPageHeader
        title={`New order · ${data.draft.reference}`}
        description={`A draft taken by ${data.draft.createdBy} (${channel}). Nothing is reserved until it is placed.`}
        actions={
          <Link to="/admin/orders/drafts" className="text-sm underline underline-offset-4">
            All drafts
          </Link>
        }
      />
      {result && !result.ok && !result.problems && (
        <div className="mb-4">
          <FormAlert title={result.message} />
        </div>
      )}
      {/* Multipart: a custom piece may come with its photo. */}
      <Form method="post" encType="multipart/form-data" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" noValidate>
        {/*
          The form's default button, first in it: Enter in a field presses the first submit button,
          which must save the draft, never search, discard or place it. Hidden from sight and from
          assistive technology (the Summary's "Save draft" is the one to press); the search boxes
          send Enter to their own Find (DraftSearch).
        */}
        <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only">
          Save draft
        </button>
        <div className="grid content-start gap-6">
          <DraftCustomerSection data={data} errors={errors} />
          <DraftPiecesSection data={data} errors={errors} typed={result && !result.ok ? result.custom : undefined} />
          <DraftDeliverySection data={data} errors={errors} />
          <div>
            <Button type="submit" name="intent" value="discard" variant="ghost" className="text-destructive">
              <Icon of={Trash2} /> Discard this draft
            </Button>
          </div>
        </div>
        <DraftSummary data={data} errors={errors} problems={problems} />
      </Form>
    </>
  );
}
