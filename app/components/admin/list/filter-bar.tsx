import { Search, X } from "lucide";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, useNavigate, useSearchParams } from "react-router";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { cn } from "~/lib/cn";
import { filterQuery, SEARCH_PARAM } from "./list-url";

const SEARCH_DELAY_MS = 350;

/**
 * The filter bar of an admin list: a GET form, so its filters live in the URL (?q= for the
 * search, a named param per select) and the back button returns to the previous filter.
 * Applying sends only the values that filter (list-url.ts), so any change starts again at page
 * 1 and closes a dialog. Without script it is an ordinary GET form.
 *
 * `live`: the search applies as it is typed (with a clear button); otherwise on Enter or the
 * submit button. The selects apply as soon as one is chosen; dates (FilterDate) with the
 * submit button, or with a select (a date typed digit by digit is not yet the one meant).
 */
export function FilterBar({
  label,
  search,
  submitLabel,
  live = false,
  children,
}: {
  /** The form's name for assistive technology, e.g. "Filter orders". */
  label: string;
  /** The search box (?q=); a list without a search (the activity log) has none. */
  search?: SearchFieldProps;
  /** A visible submit button ("Search"). */
  submitLabel?: string;
  live?: boolean;
  /** The selects (FilterSelect). */
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const query = params.get(SEARCH_PARAM) ?? "";
  // The search this box last sent: any other value in the URL came from back/forward or a link.
  const sent = useRef(query);

  useEffect(() => {
    if (query === sent.current) return;
    sent.current = query;
    if (searchRef.current) searchRef.current.value = query;
  }, [query]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = () => {
    clearTimeout(timer.current);
    if (!formRef.current) return;
    const next = filterQuery(formRef.current);
    sent.current = next.get(SEARCH_PARAM) ?? "";
    const search = next.size ? `?${next}` : "";
    if (search === window.location.search) return;
    void navigate({ search }, { preventScrollReset: true });
  };

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      {search && (
        <div className="grid w-full min-w-0 gap-1.5 md:w-auto md:flex-1">
          <Label htmlFor={search.id} className={cn(search.hideLabel && "sr-only")}>
            {search.label}
          </Label>
          <div className="relative">
            <Icon of={Search} className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone" />
            <Input
              ref={searchRef}
              id={search.id}
              name={SEARCH_PARAM}
              type="search"
              defaultValue={query}
              placeholder={search.placeholder}
              autoComplete="off"
              maxLength={100}
              aria-describedby={search.hint ? `${search.id}-hint` : undefined}
              aria-invalid={search.invalid || undefined}
              className={cn("pl-9", live && "pr-10 [&::-webkit-search-cancel-button]:hidden")}
              onChange={
                live
                  ? () => {
                      clearTimeout(timer.current);
                      timer.current = setTimeout(apply, SEARCH_DELAY_MS);
                    }
                  : undefined
              }
            />
            {live && query && (
              <button
                type="button"
                className="absolute top-1/2 right-2 inline-flex size-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-sm text-stone hover:bg-sand hover:text-charcoal"
                aria-label="Clear search"
                onClick={() => {
                  if (searchRef.current) searchRef.current.value = "";
                  apply();
                }}
              >
                <Icon of={X} className="size-4" />
              </button>
            )}
          </div>
        </div>
      )}
      {children}
      {submitLabel && (
        <Button type="submit" className="max-md:w-full">
          {submitLabel}
        </Button>
      )}
      {search?.hint && (
        <p id={`${search.id}-hint`} className={cn("w-full", search.invalid ? "text-sm font-medium text-terracotta" : "text-xs text-stone")}>
          {search.hint}
        </p>
      )}
    </Form>
  );
}

interface SearchFieldProps {
  id: string;
  label: string;
  hideLabel?: boolean;
  placeholder: string;
  /** Said under the bar and tied to the box (aria-describedby). */
  hint?: ReactNode;
  invalid?: boolean;
}

/**
 * A labelled select of the filter bar, showing the URL's value. Its first option is the one
 * that does not filter (`defaultValue`: "" for "All …", or the default sort), which the URL
 * leaves out. Choosing an option applies the bar.
 */
export function FilterSelect({
  id,
  label,
  name,
  options,
  defaultValue = "",
  hideLabel = false,
  className,
}: {
  id: string;
  label: string;
  name: string;
  /** [value, label] pairs; the first is the default. */
  options: readonly (readonly [value: string, label: string])[];
  defaultValue?: string;
  hideLabel?: boolean;
  /** Width on wider screens, e.g. "md:w-52". */
  className?: string;
}) {
  const [params] = useSearchParams();
  const value = params.get(name) ?? defaultValue;
  return (
    <div className={cn("grid min-w-[9rem] flex-1 gap-1.5 md:w-44 md:flex-none", className)}>
      <Label htmlFor={id} className={cn(hideLabel && "sr-only")}>
        {label}
      </Label>
      <NativeSelect
        key={value}
        id={id}
        name={name}
        defaultValue={value}
        data-default={defaultValue}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * A labelled day of the filter bar (?from=2026-12-01), showing the URL's value: applied with the
 * bar's submit button, or with the next select chosen.
 */
export function FilterDate({ id, label, name, className }: { id: string; label: string; name: string; className?: string }) {
  const [params] = useSearchParams();
  const value = params.get(name) ?? "";
  return (
    <div className={cn("grid min-w-[9rem] flex-1 gap-1.5 md:w-40 md:flex-none", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input key={value} id={id} name={name} type="date" defaultValue={value} className="tabular-nums" />
    </div>
  );
}
