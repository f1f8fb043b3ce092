import { data } from "react-router";
import { guardAction, type GuardFailure } from "~/modules/auth/action-guard.server";
import { requireStaffPage } from "~/modules/auth/session.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { removeStoreLogo, saveStoreLogo, StoreLogoError } from "~/modules/settings/store-logo.server";
import { logoForms, STORE_LOGO_FORM_MAX_BYTES, STORE_LOGO_MESSAGES, type StoreLogoResult } from "~/modules/settings/store-logo-rules";
import type { Route } from "./+types/settings-logo";

function refusal(refused: GuardFailure): StoreLogoResult {
  if (refused.reason === "too-large") return { ok: false, message: STORE_LOGO_MESSAGES.size };
  return { ok: false, message: refused.firstMessage ?? "The logo could not be saved. Reload the page and try again." };
}

/** The logo now in use ({ logo: null } without one), for admins: a GET here answers what a post would change. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(request, context, "admin/settings/logo");
  const { logo } = await getStoreSettings(context.database.db);
  return Response.json({ logo }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * Settings → General's logo (decision 032): admins only, same origin, the body's size checked
 * before it is read (server/body-limit.ts lets an admin's post here reach 2 MB and a little).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    { access: { route: "admin/settings/logo" }, intents: logoForms, maxBodyBytes: STORE_LOGO_FORM_MAX_BYTES, reply: refusal },
  );
  if (!guarded.ok) return guarded.response;
  const db = context.database.db;
  if (guarded.intent === "remove") {
    await removeStoreLogo(db);
    return { ok: true, message: "Logo removed: the store name shows instead.", logo: null } satisfies StoreLogoResult;
  }
  const file = guarded.form.get("logo");
  if (!(file instanceof File) || file.size === 0)
    return data<StoreLogoResult>({ ok: false, message: STORE_LOGO_MESSAGES.missing }, { status: 400 });
  try {
    const logo = await saveStoreLogo(db, new Uint8Array(await file.arrayBuffer()));
    return { ok: true, message: "Logo saved: it shows in the header and footer.", logo } satisfies StoreLogoResult;
  } catch (error) {
    if (error instanceof StoreLogoError) return data<StoreLogoResult>({ ok: false, message: error.message }, { status: 400 });
    context.log.error({ err: error }, "store logo upload failed");
    return data<StoreLogoResult>({ ok: false, message: "The logo could not be saved. Please try again." }, { status: 500 });
  }
}
