import type { ReactNode } from "react";
import { useId } from "react";
import { useFetcher } from "react-router";
import { FormAlert } from "~/components/forms/field";
import { useFetcherResult } from "~/components/forms/use-fetcher-result";
import { Input } from "~/components/ui/input";
import { notify } from "~/components/ui/toaster";
import type { SecurityActionResult, SecurityIntent } from "~/modules/auth/two-factor.schema";

/** A fetcher for one of the Sign-in security forms, whose answers are toasted (successes) or shown under the form (refusals). */
export function useSecurityFetcher(intent: SecurityIntent) {
  const fetcher = useFetcher<SecurityActionResult>({ key: `security-${intent}` });
  useFetcherResult(fetcher, (r) => {
    if (r.ok) notify.success(r.message);
  });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return { fetcher, answer, refused: answer && !answer.ok ? answer.message : null, busy: fetcher.state !== "idle" };
}

/** A labelled box of the page's small forms, with the form's refusal under it. */
export function SecretField({
  name,
  label,
  kind,
  refused,
  hint,
}: {
  name: string;
  label: string;
  kind: "password" | "code";
  refused: string | null;
  hint?: ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, refused ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-charcoal">
        {label}
      </label>
      <Input
        id={`${id}-input`}
        name={name}
        type={kind === "password" ? "password" : "text"}
        inputMode={kind === "code" ? "numeric" : undefined}
        autoComplete={kind === "password" ? "current-password" : "one-time-code"}
        maxLength={kind === "password" ? 128 : 7}
        required
        aria-invalid={refused ? true : undefined}
        aria-describedby={described}
        className={kind === "code" ? "max-w-48 font-mono text-lg tracking-[0.3em]" : "max-w-sm"}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone">
          {hint}
        </p>
      )}
      {refused && <FormAlert id={`${id}-error`} inline title={refused} />}
    </div>
  );
}
