import { data, type AppLoadContext } from "react-router";
import { getStoreSettings, saveStoreSettings } from "~/modules/settings/settings.server";
import { guardAction, type GuardFailure } from "./action-guard.server";
import { confirmationNeeded, confirmIdentity } from "./identity-confirmation.server";
import { headersForAuth } from "./session.server";
import { securityForms, type SecurityActionResult, type SecurityIntent } from "./two-factor.schema";
import { recordTwoFactorChanges, twoFactorState } from "./two-factor-activity.server";
import { finishTwoFactorSetup, replaceRecoveryCodes, startTwoFactorSetup, turnOffTwoFactor, twoFactorEnabled } from "./two-factor.server";

const answer = (result: SecurityActionResult, init?: { status?: number; headers?: Headers }) => data(result, init);

function refusal(failure: GuardFailure): SecurityActionResult {
  return {
    intent: (failure.intent ?? "start-setup") as SecurityIntent,
    ok: false,
    message: failure.firstMessage ?? "Please check the form and try again.",
    fieldErrors: failure.fieldErrors,
  };
}

/** Admin → Sign-in security's forms (decision 048), each told apart by its `intent`. */
export async function securityPageAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const guarded = await guardAction({ request, context }, { access: { route: "admin/security" }, intents: securityForms, reply: refusal });
  if (!guarded.ok) return guarded.response;
  const { viewer, intent } = guarded;
  const db = context.database.db;
  const headers = headersForAuth(request, context);
  const refuse = (message: string, status = 400) => answer({ intent, ok: false, message }, { status });
  // better-auth's plugin writes the app's row outside our transactions: its changes are recorded
  // in the activity log from the state before and after (two-factor-activity.server.ts).
  const before = intent === "confirm-identity" || intent === "sign-in-rules" ? null : await twoFactorState(db, viewer.id);
  const recorded = async <T extends { ok: boolean }>(outcome: T): Promise<T> => {
    if (outcome.ok) await recordTwoFactorChanges(db, viewer.id, before);
    return outcome;
  };

  switch (guarded.intent) {
    case "start-setup": {
      const settings = await getStoreSettings(db);
      const started = await recorded(
        await startTwoFactorSetup(context.auth, headers, { password: guarded.value.password, issuer: settings.storeName }),
      );
      if (!started.ok) return refuse(started.message, started.status);
      const { qrSvg, key, recoveryCodes } = started;
      return answer({
        intent,
        ok: true,
        message: "Scan the code with your app, then enter the code it shows.",
        setup: { qrSvg, key, recoveryCodes },
      });
    }
    case "finish-setup": {
      const done = await recorded(await finishTwoFactorSetup(context.auth, headers, guarded.value.code));
      if (!done.ok) return refuse(done.message, done.status);
      return answer(
        { intent, ok: true, message: "Two-step sign-in is on. Your next sign-in asks for a code from your app." },
        { headers: done.headers },
      );
    }
    case "turn-off": {
      if ((await getStoreSettings(db)).staffTwoFactorRequired)
        return refuse("The shop requires two-step sign-in of all staff, so it stays on. The owner can change that below.", 409);
      const done = await recorded(await turnOffTwoFactor(context.auth, headers, guarded.value.password));
      if (!done.ok) return refuse(done.message, done.status);
      return answer({ intent, ok: true, message: "Two-step sign-in is off. Your password alone signs you in." }, { headers: done.headers });
    }
    case "new-codes": {
      const made = await recorded(await replaceRecoveryCodes(context.auth, headers, guarded.value.password));
      if (!made.ok) return refuse(made.message, made.status);
      return answer({
        intent,
        ok: true,
        message: "New recovery codes made. The old ones no longer work.",
        recoveryCodes: made.recoveryCodes,
      });
    }
    case "confirm-identity": {
      const confirmed = await confirmIdentity(request, context, viewer, guarded.value);
      if (!confirmed.ok) return refuse(confirmed.message, confirmed.status);
      return answer({ intent, ok: true, message: "Confirmed. You can go on for the next 15 minutes.", confirmedUntil: confirmed.until });
    }
    case "sign-in-rules": {
      const needed = await confirmationNeeded(request, context);
      if (needed) return refuse(needed, 403);
      // Requiring the app of everyone locks out whoever has none: the one asking must have theirs first.
      if (guarded.value.staffTwoFactorRequired && !(await twoFactorEnabled(db, viewer.id)))
        return refuse("Turn on two-step sign-in for yourself first (above), then require it of all staff.", 409);
      await saveStoreSettings(db, guarded.value);
      return answer({ intent, ok: true, message: "Sign-in rules saved" });
    }
  }
}
