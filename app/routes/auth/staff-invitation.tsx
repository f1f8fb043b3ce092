import { data, redirect } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { FormAlert } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Link } from "~/components/ui/link";
import { privatePageHeaders } from "~/lib/cache-control";
import { storeNameOf } from "~/lib/store-meta";
import { guardAction } from "~/modules/auth/action-guard.server";
import { ROLE_LABELS, ROLE_SUMMARIES } from "~/modules/auth/capabilities";
import { headersForAuth } from "~/modules/auth/session.server";
import { acceptInvitation, acceptInvitationSchema } from "~/modules/auth/staff-invitation-accept.server";
import { readInvitation } from "~/modules/auth/staff-invitations.server";
import type { IslandsHandle } from "~/islands/pages";
import type { Route } from "./+types/staff-invitation";

// Private: the address carries someone's invitation; never stored (app/lib/cache-control.ts).
export const headers = privatePageHeaders;

// Plain forms posted to the server: only the shell is hydrated (decision 038).
export const handle = { islands: "staff-invitation" } satisfies IslandsHandle;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Join the team | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/**
 * A staff invitation's link (decision 047). Opening it changes nothing (mail scanners open links
 * too): the page shows the invitation, or why the link no longer works.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await readInvitation(context.database.db, params.token.slice(0, 200));
  if (invitation.state !== "open") return { state: invitation.state };
  return { state: "open" as const, email: invitation.email, role: invitation.role, accountExists: invitation.accountExists };
}

type AcceptResult = { message: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const guarded = await guardAction(
    { request, context },
    {
      access: "anyone",
      schema: acceptInvitationSchema,
      reply: (refused): AcceptResult => ({ message: refused.firstMessage ?? "Please check the form and try again." }),
    },
  );
  if (!guarded.ok) return guarded.response;
  const db = context.database.db;
  const token = params.token.slice(0, 200);
  const invitation = await readInvitation(db, token);
  // A new account chooses its password twice; an existing one signs in with its own.
  if (invitation.state === "open" && !invitation.accountExists && guarded.value.confirmPassword === undefined)
    return data<AcceptResult>({ message: "Type the password twice." }, { status: 400 });
  try {
    const outcome = await acceptInvitation(context.auth, db, headersForAuth(request, context), { token, ...guarded.value });
    if (outcome.ok) {
      context.log.info({ role: outcome.role }, "staff invitation accepted");
      return redirect("/admin", { headers: outcome.headers });
    }
    // The link stopped working meanwhile: the page shows why (its loader reads the new state).
    if (outcome.state !== "open") return redirect(`/staff-invitation/${token}`);
    return data<AcceptResult>({ message: outcome.message }, { status: outcome.status });
  } catch (error) {
    context.log.error({ err: error }, "accepting a staff invitation failed");
    return data<AcceptResult>({ message: "Something went wrong on our side. Please try again." }, { status: 500 });
  }
}

const closed = {
  invalid: {
    title: "This link does not work",
    text: "Check that the whole address from the email was opened, or ask the shop's owner for a new invitation.",
  },
  expired: { title: "This invitation has expired", text: "Invitation links work for 72 hours. Ask the shop's owner to invite you again." },
  used: { title: "This invitation was already used", text: "Sign in with the email and password you chose." },
  revoked: { title: "This invitation was withdrawn", text: "The shop's owner cancelled it. Ask them if you think this is a mistake." },
} as const;

export default function StaffInvitation({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state !== "open") {
    const { title, text } = closed[loaderData.state];
    return (
      <AuthShell title="Staff invitation">
        <FormAlert title={title} description={text} />
        <Button asChild size="lg" className="mt-6 w-full">
          <Link to="/auth">Go to Sign In</Link>
        </Button>
      </AuthShell>
    );
  }
  const { email, role, accountExists } = loaderData;
  const message = (actionData as AcceptResult | undefined)?.message;
  return (
    <AuthShell
      title="Join the team"
      intro={
        <>
          You are invited as <strong className="text-charcoal">{ROLE_LABELS[role]}</strong>: {ROLE_SUMMARIES[role].toLowerCase()}
        </>
      }
    >
      <form method="post" className="grid gap-5" aria-describedby={message ? "invitation-error" : undefined}>
        {message && <FormAlert id="invitation-error" title="Not yet" description={message} />}
        <div className="grid gap-2">
          <Label htmlFor="invitation-email">Email</Label>
          <Input id="invitation-email" value={email} readOnly autoComplete="username" />
        </div>
        {accountExists ? (
          <>
            <p className="text-sm text-stone">
              You already have an account with this email. Sign in with its password to join; forgot it?{" "}
              <Link to="/auth?forgot=1" className="font-semibold text-forest underline underline-offset-4">
                Reset it
              </Link>{" "}
              and open this link again.
            </p>
            <div className="grid gap-2">
              <Label htmlFor="invitation-password">Your password</Label>
              <Input id="invitation-password" name="password" type="password" required autoComplete="current-password" />
            </div>
          </>
        ) : (
          <>
            <div className="grid gap-2">
              <Label htmlFor="invitation-name">Your name</Label>
              <Input id="invitation-name" name="name" required maxLength={100} autoComplete="name" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="invitation-password">Choose a password</Label>
              <Input
                id="invitation-password"
                name="password"
                type="password"
                required
                minLength={6}
                maxLength={128}
                autoComplete="new-password"
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="invitation-confirm">Type it again</Label>
              <Input id="invitation-confirm" name="confirmPassword" type="password" required autoComplete="new-password" />
            </div>
          </>
        )}
        <Button type="submit" size="lg" className="w-full">
          {accountExists ? "Sign in and join" : "Set password and join"}
        </Button>
      </form>
    </AuthShell>
  );
}
