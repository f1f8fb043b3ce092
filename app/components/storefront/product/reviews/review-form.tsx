import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ImagePlus } from "lucide";
import { useState } from "react";
import { usePageContext } from "~/lib/page-context";
import { submitThroughRouter, useFormSending } from "~/lib/navigation";
import { Icon } from "~/components/ui/icon";
import { Field, FormAlert, TextareaInput, TextInput } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { ProductThumbnail } from "~/components/storefront/product-image";
import { checkPickedImage, PRODUCT_IMAGE_ACCEPT } from "~/modules/catalog/product-image-rules";
import {
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_TITLE_MAX,
  reviewFormSchema,
  type ReviewFormInput,
  type ReviewInput,
} from "~/modules/reviews/review.schema";
import type { OwnReview } from "~/modules/reviews/reviews.server";
import { StarRatingInput } from "./star-rating-input";
import { formatCount } from "~/lib/numbers";

/**
 * The review form: stars (a radio group), an optional title, the review and an optional photo.
 * The action's schema checks it here first; the photo is looked at (type, size) before sending
 * and judged by its content on the server.
 */
export function ReviewForm({ existing, lastResult }: { existing: OwnReview | null; lastResult?: SubmissionResult<string[]> }) {
  // Sent through the router where it runs (to this page's action), else by the browser.
  const { pathname, search, submitting } = usePageContext();
  // On a page of islands the browser posts it, and loads the answer as the next page.
  const { busy, sent } = useFormSending(submitting);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [form, fields] = useForm<ReviewFormInput, ReviewInput>({
    id: "review-form",
    lastResult,
    defaultValue: existing
      ? { rating: String(existing.rating), title: existing.title ?? "", body: existing.body }
      : { rating: undefined, title: "", body: "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: reviewFormSchema, disableAutoCoercion: true });
    },
    onSubmit(event) {
      if (photoError) event.preventDefault();
    },
  });
  const serverPhotoError = (lastResult?.error as Record<string, string[] | null> | undefined)?.photo?.[0];
  const shownPhotoError = photoError ?? serverPhotoError ?? null;

  const formProps = getFormProps(form);
  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={pathname + search}
      {...formProps}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        if (event.defaultPrevented) return;
        submitThroughRouter(event);
        sent();
      }}
      className="grid gap-6"
    >
      {form.errors && <FormAlert id={form.errorId} title={form.errors[0]!} description={form.errors[1]} />}
      <StarRatingInput
        key={form.key}
        name={fields.rating.name}
        defaultValue={existing?.rating}
        errorId={fields.rating.errorId}
        error={fields.rating.errors?.[0]}
      />
      <Field field={fields.title} label="Title" optional hint={`A few words, at most ${REVIEW_TITLE_MAX} characters.`}>
        <TextInput field={fields.title} hint maxLength={REVIEW_TITLE_MAX} placeholder="e.g. Perfect for the wedding" />
      </Field>
      <Field
        field={fields.body}
        label="Your review"
        hint={`How it fits, the cloth, the finish: ${REVIEW_BODY_MIN} to ${formatCount(REVIEW_BODY_MAX)} characters.`}
      >
        <TextareaInput field={fields.body} hint rows={6} maxLength={REVIEW_BODY_MAX} required minLength={REVIEW_BODY_MIN} />
      </Field>
      <div className="grid gap-1.5">
        <label htmlFor="review-photo" className="text-sm font-medium text-charcoal">
          Photo <span className="ml-0.5 text-xs font-normal text-stone">optional</span>
        </label>
        {existing?.photoUrl && (
          <div className="flex items-center gap-4 rounded-sm border border-border bg-white p-3">
            <ProductThumbnail base={existing.photoUrl} width={64} alt="Your review's current photo" className="h-20 w-16" />
            <label className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="checkbox" name="removePhoto" className="size-4 accent-forest" /> Remove this photo
            </label>
          </div>
        )}
        <div className="flex items-center gap-3 rounded-sm border border-dashed border-border bg-white px-3 py-3">
          <Icon of={ImagePlus} className="size-5 shrink-0 text-stone" />
          <input
            id="review-photo"
            name="photo"
            type="file"
            accept={PRODUCT_IMAGE_ACCEPT}
            aria-describedby={`review-photo-hint${shownPhotoError ? " review-photo-error" : ""}`}
            aria-invalid={shownPhotoError ? true : undefined}
            className="w-full text-sm file:mr-3 file:cursor-pointer file:rounded-sm file:border-0 file:bg-sand file:px-3 file:py-2 file:text-sm file:font-semibold file:text-charcoal"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              setPhotoError(file ? checkPickedImage(file) : null);
            }}
          />
        </div>
        <p id="review-photo-hint" className="text-xs text-stone">
          One picture of the piece as you wear it: JPEG, PNG or WebP, at most 8 MB.
          {existing?.photoUrl ? " A new one replaces the current photo." : ""}
        </p>
        {shownPhotoError && (
          <p id="review-photo-error" className="text-sm font-medium text-destructive">
            {shownPhotoError}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? "Sending…" : existing ? "Update review" : "Submit review"}
        </Button>
        <p className="text-xs text-stone">Our team reads every review before it appears on the shop.</p>
      </div>
    </form>
  );
}
