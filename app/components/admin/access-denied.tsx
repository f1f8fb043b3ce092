import { ShieldAlert } from "lucide";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";

export interface AccessDeniedProps {
  email: string | null;
  role: string | null;
  isAdmin: boolean;
  /** Why, for a member of staff whose role does not include the page (decision 047). */
  message?: string | null;
}

/** docs/product-rules.md's Access Denied screen: who is signed in, their role, and a way to check or leave. */
export function AccessDenied({ email, role, isAdmin, message }: AccessDeniedProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-ivory px-6 py-16">
      <div className="w-full max-w-md rounded-sm border border-border bg-white/80 p-8 text-center shadow-sm">
        <Icon of={ShieldAlert} className="mx-auto size-12 text-terracotta" />
        <h1 className="mt-4 text-3xl font-semibold">Access Denied</h1>
        <p className="mt-2 text-stone">
          {isAdmin && message ? message : email ? "You do not have admin privileges." : "Please log in to access the admin panel."}
        </p>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-sm bg-sand/60 p-4 text-left text-sm">
          <dt className="text-stone">Email</dt>
          <dd className="font-semibold break-all">{email ?? "Not signed in"}</dd>
          <dt className="text-stone">Role</dt>
          <dd className="font-semibold">{role ?? "No role"}</dd>
          <dt className="text-stone">Is Admin</dt>
          <dd className="font-semibold">{isAdmin ? "yes" : "no"}</dd>
        </dl>
        <div className="mt-6 grid grid-cols-2 gap-3">
          <Button asChild variant="outline">
            <Link to="/auth-test">Test Auth</Link>
          </Button>
          <Button asChild>
            <Link to="/">Go Home</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
