import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import type { ActionFetcher } from "~/lib/use-action-fetcher";
import type { CustomRequestActionResult } from "~/modules/custom-requests/custom-request-action.server";
import { Field, FormAlert, TextareaInput, TextInput } from "~/components/forms/field";
import { SelectInput } from "~/components/forms/select-input";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import {
  BESPOKE_LEAD_DAYS,
  CUSTOM_REQUEST_NOTES_MAX,
  customRequestSchema,
  daysBetween,
  garmentTypes,
  type CustomRequestFormInput,
  type CustomRequestInput,
} from "~/modules/custom-requests/custom-request.schema";
import type { MeasurementUnit, SavedMeasurements } from "~/modules/measurements/measurements";
import { MeasurementsFields } from "~/components/storefront/measurements/measurements-fields";
import { useSavedMeasurements } from "~/components/storefront/measurements/use-saved-measurements";
import { checkPickedPhotos, RequestPhotosInput } from "./request-photos-input";
import { useSignedInContact } from "./use-signed-in-contact";

/** The browser's calendar day, for checking the date before sending (the server checks the store's). */
const browserToday = () => new Date().toLocaleDateString("en-CA");

function Step({ number, title, children, className }: { number: string; title: string; children: React.ReactNode; className?: string }) {
  const id = `request-step-${number}`;
  return (
    <section aria-labelledby={id} className={cn("border-t border-border pt-8 first:border-t-0 first:pt-0", className)}>
      <h2 id={id} className="mb-6 flex items-baseline gap-3 text-2xl font-semibold md:text-[1.7rem]">
        <span className="font-display text-base text-gold-ink" aria-hidden>
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The custom order request: contact, the garment, optional measurements (pre-filled with a
 * signed-in customer's saved ones, asked for after load because the page is shared) and up to
 * three reference photos. The action's schema checks it here first.
 */
export function CustomRequestForm({
  today,
  budgets,
  lastResult,
  photosSent,
  fetcher,
}: {
  /** The store's calendar day ("YYYY-MM-DD"): the earliest date needed. */
  today: string;
  budgets: { value: string; label: string }[];
  lastResult?: SubmissionResult<string[]>;
  photosSent: boolean;
  /** Sends it: to the page's action without JavaScript, to /api/custom-request from script (custom-request-panel.tsx). */
  fetcher: ActionFetcher<CustomRequestActionResult>;
}) {
  const busy = fetcher.state !== "idle";
  const [open, setOpen] = useState(false);
  const touchedOpen = useRef(false);
  const [unit, setUnit] = useState<MeasurementUnit>("cm");
  const [saved, setSaved] = useState<SavedMeasurements | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [photosPicked, setPhotosPicked] = useState(0);
  const [dateNeeded, setDateNeeded] = useState("");

  const [form, fields] = useForm<CustomRequestFormInput, CustomRequestInput>({
    id: "custom-request-form",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: customRequestSchema(browserToday()), disableAutoCoercion: true });
    },
    onSubmit(event) {
      if (photoError) event.preventDefault();
    },
  });

  // A signed-in customer's last measurements: the section opens (unless they already chose) with a button to fill them in.
  useSavedMeasurements((offer) => {
    setSaved(offer);
    if (!touchedOpen.current) setOpen(true);
  });

  // A signed-in customer's name, email and phone, filled in where the field is still empty.
  useSignedInContact((contact) => {
    const elements = (document.getElementById(form.id) as HTMLFormElement | null)?.elements;
    for (const [name, value] of [
      [fields.name.name, contact.name],
      [fields.email.name, contact.email],
      [fields.phone.name, contact.phone],
    ] as const) {
      const input = elements?.namedItem(name);
      if (value && input instanceof HTMLInputElement && !input.value) form.update({ name, value });
    }
  });

  const serverPhotoError = (lastResult?.error as Record<string, string[] | null> | undefined)?.photos?.[0] ?? null;
  const shownPhotoError = photoError ?? serverPhotoError;
  const daysAway = dateNeeded ? daysBetween(today, dateNeeded) : null;
  const soon = daysAway !== null && daysAway >= 0 && daysAway < BESPOKE_LEAD_DAYS;

  const formProps = getFormProps(form);
  return (
    <fetcher.Form method="post" encType="multipart/form-data" action="/custom-orders/request" {...formProps} className="grid gap-10">
      {form.errors && <FormAlert id={form.errorId} title={form.errors[0]!} description={form.errors[1]} />}

      <Step number="01" title="About you">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field field={fields.name} label="Full name" className="sm:col-span-2">
            <TextInput field={fields.name} autoComplete="name" maxLength={120} />
          </Field>
          <Field field={fields.email} label="Email">
            <TextInput field={fields.email} type="email" autoComplete="email" maxLength={254} />
          </Field>
          <Field field={fields.phone} label="Phone or WhatsApp" hint="With the country code if you live outside Ghana.">
            <TextInput field={fields.phone} type="tel" autoComplete="tel" hint maxLength={40} />
          </Field>
        </div>
      </Step>

      <Step number="02" title="The garment">
        <div className="grid gap-5 sm:grid-cols-2">
          <Field field={fields.garmentType} label="Garment">
            <SelectInput field={fields.garmentType} defaultValue="">
              <option value="" disabled>
                Choose a garment
              </option>
              {garmentTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </SelectInput>
          </Field>
          <Field field={fields.occasion} label="Occasion" optional>
            <TextInput field={fields.occasion} maxLength={120} placeholder="e.g. our wedding, a naming ceremony" />
          </Field>
          <Field
            field={fields.dateNeeded}
            label="Date needed"
            optional
            hint={
              <span aria-live="polite">
                {soon
                  ? `That is ${daysAway === 0 ? "today" : `in ${daysAway} day${daysAway === 1 ? "" : "s"}`}. Bespoke pieces usually take 3–6 weeks; send the request anyway and we will tell you honestly whether we can make it in time.`
                  : "Bespoke pieces usually take 3–6 weeks from confirmed measurements."}
              </span>
            }
          >
            <TextInput
              field={fields.dateNeeded}
              type="date"
              hint
              min={today}
              onChange={(event) => setDateNeeded(event.currentTarget.value)}
            />
          </Field>
          <Field field={fields.budget} label="Budget">
            <SelectInput field={fields.budget} defaultValue="">
              <option value="" disabled>
                Choose a budget
              </option>
              {budgets.map((b) => (
                <option key={b.value} value={b.value}>
                  {b.label}
                </option>
              ))}
            </SelectInput>
          </Field>
          <Field
            field={fields.notes}
            label="Tell us about it"
            optional
            className="sm:col-span-2"
            hint="The style, the cloth, colours, anything a tailor should know."
          >
            <TextareaInput field={fields.notes} hint rows={5} maxLength={CUSTOM_REQUEST_NOTES_MAX} />
          </Field>
        </div>
      </Step>

      <Step number="03" title="Measurements">
        <label className="flex cursor-pointer items-start gap-3 rounded-sm border border-border bg-white p-4 has-[:checked]:border-forest/50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold">
          <input
            type="checkbox"
            name="includeMeasurements"
            checked={open}
            aria-controls="request-measurements"
            onChange={(event) => {
              touchedOpen.current = true;
              setOpen(event.currentTarget.checked);
            }}
            className="mt-0.5 size-5 shrink-0 accent-forest"
          />
          <span>
            <span className="block font-semibold text-charcoal">Add my measurements</span>
            <span className="block text-sm text-stone">
              {saved
                ? "Your measurements from before can be filled in below with one tap; check them and change what has changed."
                : "Optional: you can also give them at your consultation, in Osu or by video."}
            </span>
          </span>
        </label>
        <fieldset id="request-measurements" disabled={!open} hidden={!open} className="mt-6">
          <legend className="sr-only">Your measurements</legend>
          <MeasurementsFields unit={unit} onUnitChange={setUnit} offer={saved} errors={form.allErrors} />
        </fieldset>
      </Step>

      <Step number="04" title="Reference photos">
        <RequestPhotosInput
          error={shownPhotoError}
          chooseAgain={photosSent && photosPicked === 0}
          onPick={(files) => {
            setPhotosPicked(files?.length ?? 0);
            setPhotoError(checkPickedPhotos(files));
          }}
        />
      </Step>

      <div className="flex flex-col gap-4 border-t border-border pt-8 sm:flex-row sm:items-center">
        <Button type="submit" size="lg" disabled={busy} className="sm:min-w-56">
          {busy ? "Sending…" : "Send my request"}
        </Button>
        <p className="text-xs leading-relaxed text-stone">
          A tailor replies within two working days. Nothing is charged until you accept a written quote.
        </p>
      </div>
    </fetcher.Form>
  );
}
