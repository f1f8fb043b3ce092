import { data, type AppLoadContext } from "react-router";
import type { QuoteWriteResult } from "~/components/admin/custom-requests/quote-write-result";
import { siteOrigin } from "~/lib/http.server";
import { formatMoneyWithCode } from "~/lib/money";
import { guardAction } from "~/modules/auth/action-guard.server";
import { CustomRequestNotFoundError } from "~/modules/custom-requests/custom-requests-admin.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { staffMember } from "~/modules/staff-orders/draft-action.server";
import { writeQuoteSchema } from "./quote.schema";
import { QuoteRefusedError, writeQuote } from "./quotes.server";

/**
 * "Write a quote" and "Revise" in a custom request's dialog (admins only, through the guard):
 * the form checked, the quote written and emailed (quotes.server.ts). Posted to the Custom
 * requests page with `?quote`, beside its status and notes form.
 */
export async function writeQuoteFromList(request: Request, context: AppLoadContext) {
  const guarded = await guardAction(
    { request, context },
    {
      access: { route: "admin/custom-requests", form: "quote" },
      schema: writeQuoteSchema,
      reply: (refused): QuoteWriteResult => ({
        ok: false,
        message: refused.message ?? "Some fields need attention.",
        fieldErrors: refused.fieldErrors,
      }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const db = context.database.db;
  try {
    const settings = await getStoreSettings(db);
    const written = await writeQuote(db, guarded.value, {
      by: staffMember(guarded.viewer),
      origin: siteOrigin(context),
      storeName: settings.storeName,
    });
    const total = formatMoneyWithCode(written.total, "GHS");
    const message = `Quote ${written.version} (${total}) emailed to the customer${written.replaced ? `; quote ${written.replaced} is replaced` : ""}.`;
    return data<QuoteWriteResult>({ ok: true, message, url: written.url });
  } catch (error) {
    if (error instanceof QuoteRefusedError)
      return data<QuoteWriteResult>({ ok: false, message: error.message, fieldErrors: {} }, { status: 409 });
    if (error instanceof CustomRequestNotFoundError)
      return data<QuoteWriteResult>({ ok: false, message: error.message, fieldErrors: {} }, { status: 404 });
    context.log.error({ err: error }, "admin custom requests: quote not written");
    return data<QuoteWriteResult>(
      { ok: false, message: "The quote could not be sent. Please try again.", fieldErrors: {} },
      { status: 500 },
    );
  }
}
