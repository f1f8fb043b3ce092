import { z } from "zod";
import { plainText } from "~/lib/input";

/**
 * A customer's review as the form sends it (one Zod schema in the browser and the action).
 * The photo travels beside it as the `photo` file field and is checked by content on the
 * server (product-images.server.ts); `removePhoto` drops the photo of a review being edited.
 */
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2_000;
export const RATING_MESSAGE = "Choose a rating from 1 to 5 stars.";

export const reviewFormSchema = z.object({
  rating: z
    .string({ error: RATING_MESSAGE })
    .regex(/^[1-5]$/, RATING_MESSAGE)
    .transform(Number),
  title: z
    .string()
    .optional()
    .transform((text) => text ?? "")
    .pipe(plainText("The title", REVIEW_TITLE_MAX)),
  body: z
    .string({ error: `Write at least ${REVIEW_BODY_MIN} characters about the piece.` })
    .pipe(plainText("Your review", REVIEW_BODY_MAX))
    .pipe(z.string().min(REVIEW_BODY_MIN, `Write at least ${REVIEW_BODY_MIN} characters about the piece.`)),
  removePhoto: z.literal("on").optional(),
});

export type ReviewFormInput = z.input<typeof reviewFormSchema>;
export type ReviewInput = z.output<typeof reviewFormSchema>;

export const reviewStatuses = ["pending", "approved", "hidden"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** Staff moderation: approve or hide one review. */
export const moderateReviewSchema = z.object({
  reviewId: z
    .string({ error: "Review not found." })
    .regex(/^\d{1,10}$/, "Review not found.")
    .transform(Number)
    .pipe(z.number().int().min(1).max(2_147_483_647, "Review not found.")),
  status: z.enum(["approved", "hidden"], { error: "Choose approve or hide." }),
});

/**
 * The largest review post (the form and its one photo of at most 8 MB). The server's body
 * limit lets a signed-in customer's post to the review page reach it (server/body-limit.ts);
 * everyone else's forms stay at 64 KB.
 */
export const REVIEW_FORM_MAX_BYTES = 9 * 1024 * 1024;
