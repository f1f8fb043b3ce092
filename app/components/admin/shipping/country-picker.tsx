import { Search, X } from "lucide";
import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { Icon } from "~/components/ui/icon";
import { FieldError, type FieldIds } from "~/components/forms/field";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { countryName, countryOptions } from "~/modules/shipping/areas";

/**
 * The zone's countries: a search box over every country, a checkbox list of the matches (Tab
 * into it, Space ticks; Enter in the box ticks the first match), and the chosen ones as chips
 * with a Remove button each. Each chosen country is posted as one `name` value (hidden inputs),
 * so filtering the list never drops a choice. Countries in another zone say which, beside their
 * name; the server refuses them with the same words.
 */
export function CountryPicker({
  field,
  name,
  initial,
  ownerOf,
}: {
  field: FieldIds;
  /** The posted field's name ("areas"). */
  name: string;
  initial: string[];
  /** The other zone a country is in, if any. */
  ownerOf: (code: string) => string | undefined;
}) {
  const [chosen, setChosen] = useState<string[]>(initial);
  const [query, setQuery] = useState("");
  const listId = useId();
  const hintId = `${field.id}-picker-hint`;
  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return countryOptions;
    return countryOptions.filter(([code, label]) => label.toLowerCase().includes(needle) || code.toLowerCase() === needle);
  }, [query]);

  const toggle = (code: string, on: boolean) =>
    setChosen((current) => (on ? (current.includes(code) ? current : [...current, code]) : current.filter((c) => c !== code)));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    // Enter picks the first match instead of submitting the whole form.
    event.preventDefault();
    const first = matches[0];
    if (first) toggle(first[0], true);
  };
  const invalid = Boolean(field.errors?.length);

  return (
    <div className="grid gap-2">
      <label htmlFor={field.id} className="text-sm font-medium text-charcoal">
        Countries
      </label>
      {chosen.map((code) => (
        <input key={code} type="hidden" name={name} value={code} />
      ))}
      {chosen.length > 0 ? (
        <ul aria-label="Chosen countries" className="flex flex-wrap gap-1.5">
          {chosen.map((code) => (
            <li
              key={code}
              className="inline-flex items-center gap-1 rounded-sm border border-forest/30 bg-forest/5 py-0.5 pr-0.5 pl-2 text-sm"
            >
              {countryName(code)}
              <button
                type="button"
                onClick={() => toggle(code, false)}
                aria-label={`Remove ${countryName(code)}`}
                className="inline-flex size-7 cursor-pointer items-center justify-center rounded-sm text-stone hover:bg-forest/10 hover:text-charcoal focus-visible:outline-2 focus-visible:outline-gold"
              >
                <Icon of={X} className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone">No country chosen yet.</p>
      )}
      <div className="relative">
        <Icon of={Search} className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone" />
        <Input
          id={field.id}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Find a country"
          autoComplete="off"
          aria-controls={listId}
          aria-invalid={invalid || undefined}
          aria-describedby={cn(hintId, invalid && field.errorId)}
          className={cn("pl-9", invalid && "border-destructive")}
        />
      </div>
      <p id={hintId} className="text-xs text-stone">
        Type to filter, then tick. Enter ticks the first match.
      </p>
      <div
        id={listId}
        role="group"
        aria-label="Countries to choose from"
        className="max-h-56 overflow-y-auto rounded-sm border border-border bg-white"
      >
        {matches.length === 0 ? (
          <p className="px-3 py-2 text-sm text-stone">No country matches “{query.trim()}”.</p>
        ) : (
          <ul className="divide-y divide-border/60">
            {matches.map(([code, label]) => {
              const owner = ownerOf(code);
              return (
                <li key={code}>
                  <label className="flex cursor-pointer items-center gap-2.5 px-3 py-2 text-sm hover:bg-sand/40">
                    <Checkbox checked={chosen.includes(code)} onChange={(event) => toggle(code, event.target.checked)} />
                    <span className="min-w-0 flex-1">{label}</span>
                    {owner && <span className="shrink-0 text-xs text-stone">in {owner}</span>}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <FieldError field={field} />
    </div>
  );
}
