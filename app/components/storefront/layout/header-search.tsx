import { Search, X } from "lucide";
import { lazy, Suspense, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { navigateTo } from "~/lib/navigation";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { searchResultsHref } from "~/modules/catalog/search-suggestions";
import type { SuggestionsKeyHandler } from "./search-suggestions-popup";

const loadSuggestions = () => import("./search-suggestions-popup");
const SuggestionsPopup = lazy(loadSuggestions);
/** MAX_SEARCH_LENGTH of app/lib/input.ts, which brings Zod with it: not worth it on the first page. */
const MAX_QUERY_LENGTH = 100;

/**
 * The header's search field: a WAI-ARIA combobox over the catalog. What the first page downloads
 * is only this field (a plain GET form to the collection search, so it works before hydration
 * and without JavaScript); the suggestions (fetching, the listbox, arrow keys) load on first focus
 * or hover, from search-suggestions-popup.tsx.
 */
export function SearchField({
  id,
  autoFocus = false,
  onDismiss,
  className,
  popupClassName,
  placeholder = "Search kaftans, kente, agbada…",
}: {
  /**
   * The field's own id, from which its list's is made. Fixed rather than `useId()`: the header
   * is an island (decision 021), hydrated as its own root, where React would number it otherwise
   * than the server did within the whole page.
   */
  id: string;
  autoFocus?: boolean;
  /** The header's narrow field says less, so its hint is not cut off. */
  placeholder?: string;
  /** Escape on a closed list (the phone's search row closes). */
  onDismiss?(): void;
  className?: string;
  popupClassName?: string;
}) {
  const listboxId = `${id}-suggestions`;
  const inputRef = useRef<HTMLInputElement>(null);
  const keyHandlerRef = useRef<SuggestionsKeyHandler | null>(null);
  const [query, setQuery] = useState("");
  const [wanted, setWanted] = useState(autoFocus);
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [activeId, setActiveId] = useState<string | undefined>();
  // Focused as it mounts when asked. Not the autoFocus prop: React focuses such a field itself,
  // Preact (the pages of islands, decision 036) only writes the attribute, which a browser honours
  // on the page's load alone.
  useLayoutEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  function go(href: string) {
    setOpen(false);
    inputRef.current?.blur();
    onDismiss?.();
    navigateTo(href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (keyHandlerRef.current?.(event)) return;
    if (event.key === "Escape") {
      if (open && query) setOpen(false);
      else onDismiss?.();
    }
  }

  return (
    <form
      role="search"
      action="/collections/all"
      method="get"
      className={cn("relative", className)}
      onSubmit={(event) => {
        event.preventDefault();
        go(searchResultsHref(query));
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        Search the shop
      </label>
      <Icon of={Search} className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone" />
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded ? activeId : undefined}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={MAX_QUERY_LENGTH}
        placeholder={placeholder}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadSuggestions()}
        onKeyDown={onKeyDown}
        className={cn(
          "h-10 w-full rounded-full border border-border bg-white/70 pr-4 pl-10 text-sm text-charcoal transition-colors",
          "placeholder:text-stone/80 hover:border-sand-deep focus:border-gold focus:bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-gold/40",
          "[&::-webkit-search-cancel-button]:appearance-none",
        )}
      />
      {wanted && (
        <Suspense fallback={null}>
          <SuggestionsPopup
            query={query}
            open={open}
            listboxId={listboxId}
            className={popupClassName}
            keyHandlerRef={keyHandlerRef}
            onExpandedChange={setExpanded}
            onActiveChange={setActiveId}
            onChoose={go}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </form>
  );
}

/**
 * Search in the header: an inline field on wide screens; below `xl` a search button that opens a
 * full-width search row under the header bar.
 */
export function HeaderSearch({ iconButtonClassName }: { iconButtonClassName: string }) {
  const [open, setOpen] = useState(false);
  const rowId = "header-search-row";
  const buttonRef = useRef<HTMLButtonElement>(null);
  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }
  return (
    <>
      <SearchField
        id="header-search"
        className="mr-2 hidden w-44 xl:block"
        popupClassName="right-0 w-[26rem]"
        placeholder="Search the shop"
      />
      <button
        ref={buttonRef}
        type="button"
        className={cn(iconButtonClassName, "xl:hidden")}
        aria-label={open ? "Close search" : "Search"}
        aria-expanded={open}
        aria-controls={rowId}
        onClick={() => (open ? close() : setOpen(true))}
        onPointerEnter={() => void loadSuggestions()}
      >
        {open ? <Icon of={X} className="size-5" /> : <Icon of={Search} className="size-5" />}
      </button>
      <div
        id={rowId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-b border-border/70 bg-ivory px-4 py-3 shadow-[0_12px_24px_-18px_rgba(30,27,24,0.45)] md:px-8 xl:hidden"
      >
        {open && (
          <SearchField id="header-search-phone" autoFocus onDismiss={close} className="mx-auto max-w-2xl" popupClassName="inset-x-0" />
        )}
      </div>
    </>
  );
}
