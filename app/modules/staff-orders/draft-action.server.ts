import crypto from "node:crypto";
import { data, redirect, type AppLoadContext } from "react-router";
import { siteOrigin } from "~/lib/http.server";
import { guardAction } from "~/modules/auth/action-guard.server";
import type { Viewer } from "~/modules/auth/session.server";
import type { Measurements } from "~/modules/measurements/measurements";
import { measurementsSchema } from "~/modules/measurements/measurements.schema";
import { PRODUCT_IMAGE_MESSAGES } from "~/modules/catalog/product-image-rules";
import { OrderRefusedError } from "~/modules/orders/order-errors";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { CUSTOM_LINE_PHOTO_FIELD, DRAFT_FORM_MAX_BYTES } from "./custom-line-photo";
import { saveCustomLinePhoto } from "./custom-line-photo.server";
import { draftFormSchema, MADE_TO_MEASURE, newDraftSchema, type DraftForm } from "./draft-form.schema";
import { draftLinesOf } from "./draft-lines";
import { findCustomersForDraft } from "./draft-lookups.server";
import {
  addDraftLine,
  createDraft,
  DraftAlreadyPlacedError,
  DraftNotFoundError,
  DraftRefusedError,
  discardDraft,
  getDraft,
  removeDraftLine,
  saveDraftDetails,
  setDraftLineQuantity,
  type DraftDetails,
  type StaffMember,
} from "./draft-orders.server";
import { DraftIncompleteError, placeDraftOrder, type DraftPayment } from "./place-draft-order.server";
import type { RecordedPaymentMethod, SalesChannel } from "./sales-channels";

/**
 * The draft editor's action (routes/admin/draft-order.tsx), admins only through the action
 * guard: saves what staff typed, then does what the pressed button asks. Every answer that is
 * not a redirect is a `DraftActionResult` the page shows: field errors under their fields,
 * a refusal in words, or the placed order with its payment link.
 */
export type DraftActionResult =
  | { ok: false; message: string; fieldErrors?: Record<string, string>; problems?: string[]; custom?: TypedCustomPiece }
  | {
      ok: true;
      placed: {
        orderId: string;
        orderNumber: string;
        total: number;
        link: { url: string; whatsappUrl: string; expiresAt: string; emailed: boolean } | null;
      };
    };

/**
 * The custom piece as typed, sent back with a refused photo so that the page shows it again
 * even when it is rendered anew (a browser without JavaScript).
 */
export interface TypedCustomPiece {
  description: string;
  price: string;
  quantity: string;
  days: string;
}

export function staffMember(viewer: Viewer): StaffMember {
  return { name: viewer.name.trim() || viewer.email, userId: viewer.id };
}

/** Staff start a new draft (the drafts page's "New order"): it opens at once. */
export async function createDraftFromList(request: Request, context: AppLoadContext) {
  const guarded = await guardAction(
    { request, context },
    {
      access: { route: "admin/orders/drafts", form: "new" },
      schema: newDraftSchema,
      reply: (refused): DraftActionResult => ({ ok: false, message: refused.firstMessage ?? "Please try again." }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const draft = await createDraft(context.database.db, guarded.value.channel as SalesChannel, staffMember(guarded.viewer));
  return redirect(`/admin/orders/drafts/${draft.id}`);
}

export async function runDraftAction(request: Request, context: AppLoadContext, draftId: string) {
  const guarded = await guardAction(
    { request, context },
    {
      access: { route: "admin/orders/drafts/:draftId" },
      schema: draftFormSchema,
      // A custom piece's photo comes with the form; anything larger is refused before it is read.
      maxBodyBytes: DRAFT_FORM_MAX_BYTES,
      reply: (refused): DraftActionResult =>
        refused.reason === "too-large"
          ? { ok: false, message: PRODUCT_IMAGE_MESSAGES.size, fieldErrors: { [CUSTOM_LINE_PHOTO_FIELD]: PRODUCT_IMAGE_MESSAGES.size } }
          : { ok: false, message: refused.firstMessage ?? "Please check the highlighted fields.", fieldErrors: refused.fieldErrors },
    },
  );
  if (!guarded.ok) return guarded.response;
  const db = context.database.db;
  const form = guarded.value;
  const by = staffMember(guarded.viewer);
  const url = new URL(request.url);
  const here = `/admin/orders/drafts/${draftId}`;
  try {
    if (form.intent === "discard") {
      await discardDraft(db, draftId);
      return redirect("/admin/orders/drafts");
    }
    await saveDetails(db, draftId, form, by);
    switch (form.intent) {
      case "save":
        return redirect(here);
      case "find-product":
        return redirect(`${here}?find=${encodeURIComponent(form.productSearch)}`);
      case "choose-product":
        return redirect(`${here}?product=${Number(url.searchParams.get("product")) || ""}`);
      case "find-customer":
        return redirect(`${here}?customer=${encodeURIComponent(form.customerSearch)}`);
      case "use-customer":
        await fillCustomerFromEarlierOrder(db, draftId, url.searchParams.get("pick") ?? "", form, by);
        return redirect(here);
      case "add-product":
        await addDraftLine(
          db,
          draftId,
          {
            kind: "product",
            productId: form.pickProduct!,
            colorIndex: form.pickColor,
            size: form.pickSize === MADE_TO_MEASURE ? null : form.pickSize,
            quantity: Number(form.pickQuantity),
            measurements: form.pickSize === MADE_TO_MEASURE ? (measurementsSchema.parse(form.measurements) as Measurements) : null,
          },
          by,
        );
        return redirect(here);
      case "add-custom": {
        // Stored only now that the rest of the form is valid (and the draft's details saved): a
        // refused photo loses nothing else typed.
        const stored = await saveCustomLinePhoto(guarded.form, db);
        if (!stored.ok)
          return data<DraftActionResult>(
            {
              ok: false,
              message: stored.message,
              fieldErrors: { [CUSTOM_LINE_PHOTO_FIELD]: stored.message },
              custom: typedCustomPiece(guarded.form),
            },
            { status: 400 },
          );
        await addDraftLine(
          db,
          draftId,
          {
            kind: "custom",
            description: form.customDescription,
            unitPrice: form.customPrice,
            quantity: Number(form.customQuantity),
            productionDays: Number(form.customDays),
            photo: stored.photo,
          },
          by,
        );
        return redirect(here);
      }
      case "remove-line":
        await removeDraftLine(db, draftId, Number(url.searchParams.get("line")), by);
        return redirect(here);
      case "place-link":
      case "place-recorded":
      case "place-on-delivery":
        return await place(context, draftId, form, by);
    }
  } catch (error) {
    if (error instanceof DraftNotFoundError) throw data("Draft not found", { status: 404 });
    if (error instanceof DraftAlreadyPlacedError) return redirect(`/admin/orders?order=${error.orderId}`);
    if (error instanceof DraftIncompleteError)
      return data<DraftActionResult>({ ok: false, message: "This draft cannot be placed yet.", problems: error.problems }, { status: 409 });
    if (error instanceof DraftRefusedError || error instanceof OrderRefusedError)
      return data<DraftActionResult>(
        { ok: false, message: error.message.replace(/ Please (remove it from|review) your cart\.$/, "") },
        { status: 409 },
      );
    throw error;
  }
}

function typedCustomPiece(form: FormData): TypedCustomPiece {
  const typed = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 200) : "";
  };
  return {
    description: typed("customDescription"),
    price: typed("customPrice"),
    quantity: typed("customQuantity"),
    days: typed("customDays"),
  };
}

/** The customer, delivery, discount, deposit and notes as the form has them. */
function detailsOf(form: DraftForm): DraftDetails {
  return {
    channel: form.channel as SalesChannel,
    customerName: form.customerName,
    customerEmail: form.customerEmail,
    customerPhone: form.customerPhone,
    delivery: form.delivery,
    customerAddress: form.customerAddress,
    customerCountry: form.customerCountry,
    customerRegion: form.customerRegion,
    discountAmount: form.discount,
    discountReason: form.discountReason,
    ...depositOfForm(form),
    notes: form.notes,
  };
}

/** The deposit as chosen: a percentage, pesewas for a fixed amount, nothing otherwise. */
function depositOfForm(form: DraftForm) {
  const value = form.depositKind === "percent" ? (form.depositPercent ?? 0) : form.depositKind === "amount" ? form.depositAmount : 0;
  return { depositKind: form.depositKind, depositValue: value };
}

/** The customer, delivery, discount and notes as typed, and each line's quantity where it changed. */
async function saveDetails(db: AppLoadContext["database"]["db"], draftId: string, form: DraftForm, by: StaffMember) {
  await saveDraftDetails(db, draftId, detailsOf(form), by);
  const lines = draftLinesOf((await getDraft(db, draftId)).lines);
  for (const [index, quantity] of form.quantities.entries())
    if (lines[index] && lines[index].quantity !== quantity) await setDraftLineQuantity(db, draftId, index, quantity, by);
}

/** Fills the customer from their latest order (a match of the customer search). */
async function fillCustomerFromEarlierOrder(
  db: AppLoadContext["database"]["db"],
  draftId: string,
  email: string,
  form: DraftForm,
  by: StaffMember,
) {
  const [match] = (await findCustomersForDraft(db, email)).filter((c) => c.email.toLowerCase() === email.toLowerCase());
  if (!match) throw new DraftRefusedError("That customer was not found. Search again.");
  await saveDraftDetails(
    db,
    draftId,
    {
      ...detailsOf(form),
      customerName: match.name,
      customerEmail: match.email,
      customerPhone: match.phone,
      customerAddress: match.address,
      customerCountry: match.country,
      customerRegion: match.region,
    },
    by,
  );
}

async function place(context: AppLoadContext, draftId: string, form: DraftForm, by: StaffMember) {
  const db = context.database.db;
  const settings = await getStoreSettings(db);
  const payment: DraftPayment =
    form.intent === "place-link"
      ? { kind: "link", email: form.emailLink }
      : form.intent === "place-recorded"
        ? {
            kind: "recorded",
            paymentId: form.paymentId ?? crypto.randomUUID(),
            method: form.paymentMethod as RecordedPaymentMethod,
            reference: form.paymentReference,
            seenTotal: form.seenTotal ?? -1,
            part: form.paidPart,
          }
        : { kind: "on-delivery" };
  const placed = await placeDraftOrder(db, draftId, payment, { by, origin: siteOrigin(context), storeName: settings.storeName });
  return data<DraftActionResult>({
    ok: true,
    placed: {
      orderId: placed.orderId,
      orderNumber: placed.orderNumber,
      total: placed.total,
      link: placed.link
        ? {
            url: placed.link.url,
            whatsappUrl: placed.link.whatsappUrl,
            expiresAt: placed.link.expiresAt.toISOString(),
            emailed: form.intent === "place-link" && form.emailLink,
          }
        : null,
    },
  });
}
