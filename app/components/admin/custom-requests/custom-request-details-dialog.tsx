import { DetailsDialog, ContactFields, DetailsField as Field, DetailsSection } from "~/components/admin/list/details-dialog";
import type { UrlDialog } from "~/components/admin/list/use-url-dialog";
import { formatDateTime } from "~/lib/dates";
import type { AdminCustomRequest } from "~/modules/custom-requests/custom-requests-admin.server";
import type { AdminQuote } from "~/modules/quotes/quotes.server";
import { CustomRequestQuotes } from "./custom-request-quotes";
import { formatMeasurement, measurementFields } from "~/modules/measurements/measurement-fields";
import { customRequestPhotoUrl, formatDay } from "./custom-request-format";
import { CustomRequestStatusBadge } from "./custom-request-status-badge";
import { CustomRequestUpdateForm } from "./custom-request-update-form";

const box = "rounded-md border border-border bg-white p-4";

/** One request in full: the customer, the garment, measurements, photos, its quotes, and staff's status and notes. */
export function CustomRequestDetailsDialog({
  dialog,
  request,
  quotes,
  quoteDefaults,
  timeZone,
}: {
  dialog: UrlDialog;
  request: AdminCustomRequest | null;
  quotes: AdminQuote[];
  quoteDefaults: { depositPercent: number; today: string };
  timeZone: string;
}) {
  return (
    <DetailsDialog
      id="custom-request-details"
      state={dialog.state}
      onClose={dialog.close}
      title={request ? `Custom request ${request.reference}` : null}
      description={request ? `From ${request.name}, received ${formatDateTime(request.createdAt, timeZone)}` : ""}
      loadingLabel="Loading custom request"
      missing={{ title: "Request not found", body: "This request no longer exists. It may have been opened from an old link." }}
    >
      {request && (
        <>
          <div className="mt-5">
            <CustomRequestStatusBadge status={request.status} />
          </div>
          <DetailsSection title="Customer" className="mt-6">
            <dl className={`grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 ${box}`}>
              <Field label="Name">{request.name}</Field>
              <ContactFields email={request.email} phone={request.phone} />
            </dl>
          </DetailsSection>
          <DetailsSection title="The garment">
            <dl className={`grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 ${box}`}>
              <Field label="Garment">{request.garmentType}</Field>
              <Field label="Occasion">{request.occasion ?? "—"}</Field>
              <Field label="Date needed">{request.dateNeeded ? formatDay(request.dateNeeded) : "Not given"}</Field>
              <Field label="Budget">{request.budget ?? "—"}</Field>
              <Field label="Notes" className="sm:col-span-2">
                <span className="whitespace-pre-line">{request.notes ?? "—"}</span>
              </Field>
            </dl>
          </DetailsSection>
          <DetailsSection title="Measurements">
            {request.measurements ? (
              <dl className={`grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-5 ${box}`}>
                {measurementFields.map((f) => (
                  <Field key={f.key} label={f.label}>
                    <span className="tabular-nums">
                      {formatMeasurement(request.measurements!.values[f.key], request.measurements!.unit)}
                    </span>
                  </Field>
                ))}
              </dl>
            ) : (
              <p className="text-sm text-stone">Not given: take them at the consultation.</p>
            )}
          </DetailsSection>
          <DetailsSection title="Reference photos">
            {request.photos.length ? (
              <ul className="flex flex-wrap gap-4">
                {request.photos.map((photo, index) => (
                  <li key={photo}>
                    <a href={customRequestPhotoUrl(photo)} target="_blank" rel="noreferrer" className="block w-36">
                      <img
                        src={customRequestPhotoUrl(photo)}
                        alt={`Reference photo ${index + 1} from ${request.name}`}
                        width={144}
                        height={180}
                        loading="lazy"
                        className="aspect-[4/5] w-36 rounded-md border border-border object-cover"
                      />
                      <span className="mt-1 block text-xs text-stone">
                        Open full size<span className="sr-only"> (photo {index + 1}, opens in a new tab)</span>
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-stone">No photos.</p>
            )}
          </DetailsSection>
          <DetailsSection title="Quotes">
            <CustomRequestQuotes
              key={request.reference}
              reference={request.reference}
              quotes={quotes}
              timeZone={timeZone}
              defaults={quoteDefaults}
            />
          </DetailsSection>
          <DetailsSection title="Status and notes">
            <CustomRequestUpdateForm key={`${request.reference}-${request.updatedAt}`} request={request} timeZone={timeZone} />
          </DetailsSection>
        </>
      )}
    </DetailsDialog>
  );
}
