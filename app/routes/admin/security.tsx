import { AdminPageHeader } from "~/components/admin/page-header";
import { SignInRulesCard } from "~/components/admin/security/sign-in-rules-card";
import { TwoFactorCard } from "~/components/admin/security/two-factor-card";
import { FormAlert } from "~/components/forms/field";
import { currencySymbols } from "~/lib/money";
import { securityPageAction } from "~/modules/auth/security-action.server";
import { requireStaffPage } from "~/modules/auth/session.server";
import { can } from "~/modules/auth/capabilities";
import { twoFactorEnabled } from "~/modules/auth/two-factor.server";
import { getStoreSettings } from "~/modules/settings/settings.server";
import type { Route } from "./+types/security";

export const meta: Route.MetaFunction = () => [{ title: "Sign-in security | Admin" }];

/** Admin → Sign-in security (decision 048): the viewer's two-step sign-in, and the rules for all staff. */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const viewer = await requireStaffPage(request, context, "admin/security");
  const db = context.database.db;
  const [settings, enabled] = await Promise.all([getStoreSettings(db), twoFactorEnabled(db, viewer.id)]);
  return {
    email: viewer.email,
    storeName: settings.storeName,
    enabled,
    required: settings.staffTwoFactorRequired,
    refundsAbove: settings.confirmRefundsAbove,
    currencySymbol: currencySymbols[settings.currency],
    // The rules for all staff are the owner's (staff.manage, decision 047).
    setsRules: can(viewer.role, "staff.manage"),
    // Sent here by the owner's rule (staff-two-factor.server.ts).
    sentHere: url.searchParams.get("required") === "1" && !enabled,
  };
}

export const action = securityPageAction;

export default function AdminSecurity({ loaderData }: Route.ComponentProps) {
  const { email, storeName, enabled, required, refundsAbove, currencySymbol, sentHere, setsRules } = loaderData;
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <AdminPageHeader title="Sign-in security" description={`How ${email} signs in to the admin, and the rules for all staff.`} />
      {sentHere && (
        <FormAlert
          title="Set up two-step sign-in to go on"
          description="The shop requires a code from an authenticator app of all staff. Once it is on, the rest of the admin opens again."
        />
      )}
      <TwoFactorCard enabled={enabled} required={required} storeName={storeName} email={email} />
      {setsRules && <SignInRulesCard required={required} refundsAbove={refundsAbove} currencySymbol={currencySymbol} />}
    </div>
  );
}
