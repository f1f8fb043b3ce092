import { ArrowRight } from "lucide";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import {
  describeChanges,
  HIDDEN_VALUE,
  shorten,
  type ChangeLine,
  type DescribedEntry,
  type DescribeOptions,
} from "~/modules/activity/describe-change";

/** How many changes a row of the log, or of a history, lists before "and N more". */
const LISTED = 3;
/** Characters of a value in a row: the whole value is in the entry's details. */
const VALUE_LENGTH = 48;

function Value({ text, tone }: { text: string; tone: "before" | "after" }) {
  return (
    <span className={cn("break-words", tone === "before" ? "text-stone" : "font-semibold text-charcoal")}>
      {shorten(text, VALUE_LENGTH)}
    </span>
  );
}

/** One change on one line: "Price ₵299.99 → ₵300.99", values shortened. */
function ChangeRow({ line }: { line: ChangeLine }) {
  return (
    <li className="min-w-0 text-sm leading-6">
      <span className="text-stone">{line.label}:</span>{" "}
      {line.hidden ? (
        <span className="text-stone italic">{HIDDEN_VALUE}</span>
      ) : line.before !== null && line.after !== null ? (
        <>
          <Value text={line.before} tone="before" />
          <span className="text-stone">{" → "}</span>
          <Value text={line.after} tone="after" />
        </>
      ) : (
        <Value text={line.after ?? line.before ?? "none"} tone="after" />
      )}
    </li>
  );
}

/**
 * An entry's changes in a row of the log or a record's history: the first few that matter
 * (bookkeeping left out), values shortened, then how many more the details hold.
 */
export function ActivityChangesBrief({
  entry,
  options,
  className,
}: {
  entry: DescribedEntry;
  options: DescribeOptions;
  className?: string;
}) {
  const all = describeChanges(entry, options);
  const telling = all.filter((line) => !line.technical);
  const lines = (telling.length > 0 ? telling : all).slice(0, LISTED);
  const more = (telling.length > 0 ? telling.length : all.length) - lines.length;
  if (lines.length === 0) return null;
  return (
    <ul className={cn("grid gap-0.5", className)}>
      {lines.map((line) => (
        <ChangeRow key={line.field} line={line} />
      ))}
      {more > 0 && (
        <li className="text-xs text-stone">
          and {more} more {more === 1 ? "change" : "changes"}
        </li>
      )}
    </ul>
  );
}

/** A value in full: JSON laid out on lines, text as typed. */
function FullValue({ text }: { text: string }) {
  const json = /^[[{]/.test(text) ? prettyJson(text) : null;
  return json ? (
    <pre className="max-h-64 overflow-auto rounded-sm bg-sand/50 p-2 font-mono text-xs whitespace-pre-wrap">{json}</pre>
  ) : (
    <span className="break-words whitespace-pre-wrap">{text}</span>
  );
}

function prettyJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}

const th = "text-xs font-semibold tracking-[0.12em] text-stone uppercase";

/** Every change of an entry, values in full: the entry's details dialog. */
export function ActivityChangesFull({ entry, options }: { entry: DescribedEntry; options: DescribeOptions }) {
  const lines = describeChanges(entry, options);
  if (lines.length === 0) return <p className="text-sm text-stone">No field values were recorded.</p>;
  const single = entry.operation !== "changed";
  return (
    <div className="overflow-hidden rounded-md border border-border bg-white text-sm">
      {!single && (
        // Each value also says "Before:" / "After:" to assistive technology: this row is for the eye.
        <div aria-hidden className="hidden border-b border-border bg-sand/40 px-4 py-2 md:grid md:grid-cols-[11rem_1fr_1fr] md:gap-3">
          {["Field", "Before", "After"].map((heading) => (
            <span key={heading} className={cn(th, heading === "After" && "pl-6")}>
              {heading}
            </span>
          ))}
        </div>
      )}
      <dl className="divide-y divide-border/70">
        {lines.map((line) => (
          <div
            key={line.field}
            className={cn("grid gap-1 px-4 py-3", single ? "md:grid-cols-[11rem_1fr]" : "md:grid-cols-[11rem_1fr_1fr]", "md:gap-3")}
          >
            <dt className="text-xs font-semibold tracking-[0.12em] text-stone uppercase md:pt-0.5">{line.label}</dt>
            {line.hidden ? (
              <dd className="text-stone italic md:col-span-2">{HIDDEN_VALUE}</dd>
            ) : single ? (
              <dd className="min-w-0 text-charcoal">
                <FullValue text={(entry.operation === "removed" ? line.before : line.after) ?? "none"} />
              </dd>
            ) : (
              <>
                <dd className="min-w-0 text-stone">
                  <span className="sr-only">Before: </span>
                  <FullValue text={line.before ?? "none"} />
                </dd>
                <dd className="flex min-w-0 gap-2 font-semibold text-charcoal">
                  <Icon of={ArrowRight} className="mt-1 size-4 shrink-0 text-stone" />
                  <span className="sr-only">After: </span>
                  <span className="min-w-0 flex-1">
                    <FullValue text={line.after ?? "none"} />
                  </span>
                </dd>
              </>
            )}
          </div>
        ))}
      </dl>
    </div>
  );
}
