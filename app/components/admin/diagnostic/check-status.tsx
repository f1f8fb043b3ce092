import { CheckCircle2, XCircle, AlertTriangle } from "lucide";
import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";

const tones = {
  ok: { icon: CheckCircle2, className: "text-green-800" },
  warn: { icon: AlertTriangle, className: "text-yellow-800" },
  fail: { icon: XCircle, className: "text-destructive" },
} as const;

/** A result line with an icon whose meaning is also written out (never colour alone). */
export function CheckStatus({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  const { icon, className } = tones[tone];
  return (
    <span className={cn("inline-flex items-start gap-1.5 font-medium", className)}>
      <Icon of={icon} className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </span>
  );
}

/** A label/value row of a result card. */
export function ResultRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm text-stone">{label}</dt>
      <dd className="min-w-0 text-sm text-charcoal">{children}</dd>
    </div>
  );
}
