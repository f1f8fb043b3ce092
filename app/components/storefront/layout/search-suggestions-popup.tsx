import { ArrowRight, LayoutGrid } from "lucide";
import { useEffect, useLayoutEffect, useState, type KeyboardEvent, type MouseEvent, type RefObject } from "react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { useFormatMoney } from "../use-store-settings";
import {
  MIN_SUGGESTION_QUERY,
  SUGGESTIONS_PATH,
  searchResultsHref,
  type ProductSuggestion,
  type SearchSuggestions,
} from "~/modules/catalog/search-suggestions";

/** Handles a key in the search field; true when it did (the field then does nothing more). */
export type SuggestionsKeyHandler = (event: KeyboardEvent<HTMLInputElement>) => boolean;

/** Waits this long after the last key before asking the server, so typing "kaftan" asks once or twice. */
const DEBOUNCE_MS = 150;

/** Answers already fetched in this tab, by query in lower case (the server caches them too). */
const answered = new Map<string, SearchSuggestions>();

type Option =
  | { id: string; href: string; kind: "product"; product: ProductSuggestion }
  | { id: string; href: string; kind: "collection" | "search"; label: string };

/**
 * The header search's suggestions (lazy-loaded by header-search.tsx): fetches as the shopper types
 * (debounced, the previous request aborted), shows products, collections and "Search for …" in a
 * listbox, and drives it from the field's keys: arrows move, Enter opens, Escape closes.
 */
export default function SearchSuggestionsPopup({
  query,
  open,
  listboxId,
  className,
  keyHandlerRef,
  onExpandedChange,
  onActiveChange,
  onChoose,
  onClose,
}: {
  query: string;
  open: boolean;
  listboxId: string;
  className?: string;
  keyHandlerRef: RefObject<SuggestionsKeyHandler | null>;
  onExpandedChange(expanded: boolean): void;
  onActiveChange(id: string | undefined): void;
  onChoose(href: string): void;
  onClose(): void;
}) {
  const q = query.trim();
  const long = q.length >= MIN_SUGGESTION_QUERY;
  const formatMoney = useFormatMoney();
  const [result, setResult] = useState<SearchSuggestions | null>(null);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(-1);
  // A new query starts with nothing highlighted.
  const [activeQuery, setActiveQuery] = useState(q);
  if (activeQuery !== q) {
    setActiveQuery(q);
    setActive(-1);
  }

  useEffect(() => {
    const key = q.toLowerCase();
    if (!long || answered.has(key)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`${SUGGESTIONS_PATH}?${new URLSearchParams({ q })}`, { signal: controller.signal, headers: { accept: "application/json" } })
        .then(async (response) => {
          if (!response.ok) throw new Error(`suggestions: ${response.status}`);
          const body = (await response.json()) as SearchSuggestions;
          answered.set(key, body);
          setFailed(false);
          setResult(body);
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, long]);

  // The list shows the answer for what is typed; while the next one loads, the last stays.
  const shown = long ? (answered.get(q.toLowerCase()) ?? result) : null;
  const options: Option[] = shown
    ? [
        ...shown.products.map((product) => ({ id: `${listboxId}-p${product.id}`, href: product.href, kind: "product" as const, product })),
        ...shown.collections.map((c) => ({
          id: `${listboxId}-c-${c.href.split("/").pop()}`,
          href: c.href,
          kind: "collection" as const,
          label: c.name,
        })),
        { id: `${listboxId}-all`, href: searchResultsHref(q), kind: "search" as const, label: `Search for “${q}”` },
      ]
    : [];
  const visible = open && shown !== null;
  const activeOption = visible ? options[active] : undefined;
  const noMatches =
    shown !== null && shown.query.toLowerCase() === q.toLowerCase() && shown.products.length + shown.collections.length === 0;

  useLayoutEffect(() => onExpandedChange(visible), [visible, onExpandedChange]);
  useLayoutEffect(() => onActiveChange(activeOption?.id), [activeOption?.id, onActiveChange]);
  useLayoutEffect(() => {
    keyHandlerRef.current = (event) => {
      if (!visible) return false;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current) => (current === -1 && step === -1 ? options.length - 1 : (current + step + options.length) % options.length));
        return true;
      }
      if (event.key === "Enter" && activeOption) {
        event.preventDefault();
        onChoose(activeOption.href);
        return true;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setActive(-1);
        onClose();
        return true;
      }
      return false;
    };
  });
  useEffect(() => {
    if (activeOption) document.getElementById(activeOption.id)?.scrollIntoView({ block: "nearest" });
  }, [activeOption]);
  // (The list is short, at most ten rows, so it never scrolls itself: nothing to reach by Tab.)

  const products = options.filter((o) => o.kind === "product");
  const collections = options.filter((o) => o.kind === "collection");
  const searchAll = options.find((o) => o.kind === "search");

  function optionProps(option: Option) {
    const index = options.indexOf(option);
    return {
      id: option.id,
      role: "option",
      "aria-selected": index === active,
      // Keeps focus in the field; the click then opens the option.
      onMouseDown: (event: MouseEvent) => event.preventDefault(),
      onClick: () => onChoose(option.href),
      onPointerMove: () => setActive(index),
      className: cn(
        "flex cursor-pointer items-center gap-3 px-4 py-2.5 text-left transition-colors",
        index === active ? "bg-sand" : "hover:bg-sand/60",
      ),
    } as const;
  }

  const announcement = !shown ? "" : noMatches ? `No matches for “${shown.query}”` : `${products.length + collections.length} suggestions`;

  return (
    <>
      <p role="status" className="sr-only">
        {open && long ? (failed && !shown ? "Suggestions could not be loaded" : announcement) : ""}
      </p>
      <div
        hidden={!visible}
        className={cn(
          "absolute top-full z-50 mt-2 rounded-2xl border border-border bg-ivory py-2 shadow-[0_24px_48px_-24px_rgba(30,27,24,0.45)]",
          className,
        )}
      >
        {noMatches && (
          <p className="px-4 pt-2 pb-3 text-sm text-stone">
            No matches for <span className="font-semibold text-charcoal">“{shown.query}”</span>
          </p>
        )}
        <div role="listbox" id={listboxId} aria-label="Search suggestions">
          {products.length > 0 && (
            <div role="group" aria-label="Products">
              <div aria-hidden className="px-4 pt-1 pb-1.5 text-[0.65rem] font-bold tracking-[0.24em] text-gold-ink uppercase">
                Products
              </div>
              {products.map(
                (option) =>
                  option.kind === "product" && (
                    <div key={option.id} {...optionProps(option)}>
                      <img
                        src={option.product.image}
                        alt=""
                        width={40}
                        height={50}
                        loading="lazy"
                        className="h-[50px] w-10 shrink-0 rounded-md bg-sand object-cover"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate text-sm font-semibold text-charcoal">
                          <Highlighted text={option.product.name} query={q} />
                        </span>
                        <span className="mt-0.5 block text-xs text-stone">
                          {option.product.category && <>{option.product.category} · </>}
                          <span className="tabular-nums">{formatMoney(option.product.price)}</span>
                        </span>
                      </span>
                    </div>
                  ),
              )}
            </div>
          )}
          {collections.length > 0 && (
            <div role="group" aria-label="Collections" className={cn(products.length > 0 && "mt-1 border-t border-border/70 pt-2")}>
              <div aria-hidden className="px-4 pt-1 pb-1.5 text-[0.65rem] font-bold tracking-[0.24em] text-gold-ink uppercase">
                Collections
              </div>
              {collections.map(
                (option) =>
                  option.kind === "collection" && (
                    <div key={option.id} {...optionProps(option)}>
                      <Icon of={LayoutGrid} className="size-4 text-forest" />
                      <span className="text-sm font-semibold text-charcoal">{option.label}</span>
                    </div>
                  ),
              )}
            </div>
          )}
          {searchAll && searchAll.kind === "search" && (
            <div
              {...optionProps(searchAll)}
              className={cn(optionProps(searchAll).className, "mt-1 border-t border-border/70 pt-3 text-forest")}
            >
              <span className="flex-1 truncate text-sm font-semibold">{searchAll.label}</span>
              <Icon of={ArrowRight} className="size-4" />
            </div>
          )}
        </div>
      </div>
    </>
  );
}

/** The name with the typed part in bold (case-insensitive, first occurrence). */
function Highlighted({ text, query }: { text: string; query: string }) {
  const at = text.toLowerCase().indexOf(query.toLowerCase());
  if (at < 0 || !query) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark className="bg-transparent font-bold text-forest">{text.slice(at, at + query.length)}</mark>
      {text.slice(at + query.length)}
    </>
  );
}
