import type { FieldMetadata } from "@conform-to/react";
import { ChevronLeft, ChevronRight, ImagePlus, X } from "lucide";
import { useEffect, useId, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { imageSrc } from "~/lib/images";
import { checkPickedImage, PRODUCT_IMAGE_ACCEPT } from "~/modules/catalog/product-image-rules";
import { MAX_COLOR_IMAGES } from "~/modules/catalog/product.schema";

/** A picture in the gallery: stored (its base URL) or picked here and sent on save (its file). */
interface GalleryItem {
  key: string;
  url: string;
  file?: File;
  preview?: string;
}

let nextKey = 0;
const newKey = () => `picture-${++nextKey}`;

/**
 * One colour's gallery: its pictures in order, the first the cover (what cards, the cart and
 * orders show). Staff add several photos at once, remove one, or move one left or right with
 * buttons (keyboard and touch alike). Each slot posts `colors[i].images[j]` (a stored picture's
 * URL, empty for a new photo) and, for a new photo, `colors[i].imageFiles[j]`, which the server
 * checks, stores and puts in slot j (product-form.server.ts), so the order on screen is the
 * order saved.
 */
export function ColorGalleryField({
  field,
  colorLabel,
  fileFieldPrefix,
}: {
  field: FieldMetadata<string[]>;
  /** "Colour 2" or "Colour 2 (Royal Gold)": names the buttons. */
  colorLabel: string;
  /** `colors[i].imageFiles` */
  fileFieldPrefix: string;
}) {
  const [items, setItems] = useState<GalleryItem[]>(() =>
    (Array.isArray(field.initialValue) ? field.initialValue : [])
      .filter((url): url is string => typeof url === "string" && url !== "")
      .map((url) => ({ key: newKey(), url })),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; direction: "left" | "right" } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const addId = useId();
  const hintId = `${addId}-hint`;

  // Blob URLs hold the file in memory until revoked.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const held = previews.current;
    return () => held.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  // After a move, focus stays on the same button of the moved picture (or its other one at an end).
  useEffect(() => {
    if (!focusAfterMove || !listRef.current) return;
    const tile = listRef.current.querySelector<HTMLElement>(`[data-key="${focusAfterMove.key}"]`);
    const wanted = tile?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.direction}"]`);
    const other = tile?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.direction === "left" ? "right" : "left"}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  function move(index: number, direction: "left" | "right") {
    const target = direction === "left" ? index - 1 : index + 1;
    if (target < 0 || target >= items.length) return;
    const next = [...items];
    [next[index], next[target]] = [next[target]!, next[index]!];
    setItems(next);
    setFocusAfterMove({ key: items[index]!.key, direction });
  }

  function remove(index: number) {
    const gone = items[index];
    if (gone?.preview) {
      URL.revokeObjectURL(gone.preview);
      previews.current.delete(gone.preview);
    }
    setItems(items.filter((_, i) => i !== index));
    setProblem(null);
  }

  function add(files: File[]) {
    const refused: string[] = [];
    const added: GalleryItem[] = [];
    for (const file of files) {
      const why = checkPickedImage(file);
      if (why) {
        refused.push(`${file.name}: ${why}`);
        continue;
      }
      if (items.length + added.length >= MAX_COLOR_IMAGES) {
        refused.push(`${file.name}: at most ${MAX_COLOR_IMAGES} pictures per colour.`);
        continue;
      }
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      added.push({ key: newKey(), url: "", file, preview });
    }
    setItems([...items, ...added]);
    setProblem(refused.length > 0 ? `Not added: ${refused.join(" ")}` : null);
  }

  const slotErrors = field.getFieldList();
  const serverErrors = [
    ...(field.errors ?? []),
    ...slotErrors.flatMap((slot, j) => (slot.errors ?? []).map((e) => `Picture ${j + 1}: ${e}`)),
  ];
  const messages = [...(problem ? [problem] : []), ...serverErrors];
  const full = items.length >= MAX_COLOR_IMAGES;

  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium text-charcoal">{colorLabel} pictures</legend>
      <ul ref={listRef} className="grid grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] gap-2" aria-label={`${colorLabel} gallery`}>
        {items.map((item, index) => {
          const position = `picture ${index + 1} of ${items.length}`;
          return (
            <li key={item.key} data-key={item.key} className="grid gap-1">
              <div className="relative aspect-[4/5] overflow-hidden rounded-sm bg-sand ring-1 ring-border">
                <img
                  src={item.preview ?? imageSrc(item.url, 480)}
                  alt={`${colorLabel}, ${position}${index === 0 ? " (cover)" : ""}`}
                  className="size-full object-cover"
                />
                {index === 0 && (
                  <span className="absolute bottom-1 left-1 rounded-sm bg-forest px-1.5 py-0.5 text-[0.6rem] font-bold tracking-[0.12em] text-ivory uppercase">
                    Cover
                  </span>
                )}
                {item.file && (
                  <span className="absolute top-1 left-1 rounded-sm bg-gold px-1.5 py-0.5 text-[0.6rem] font-bold tracking-[0.12em] text-charcoal uppercase">
                    New
                  </span>
                )}
                <button
                  type="button"
                  onClick={() => remove(index)}
                  aria-label={`Remove ${position} of ${colorLabel}`}
                  title="Remove"
                  className="absolute top-1 right-1 inline-flex size-7 cursor-pointer items-center justify-center rounded-full bg-ivory/90 text-charcoal shadow-sm transition-colors hover:bg-destructive hover:text-ivory"
                >
                  <Icon of={X} className="size-4" />
                </button>
              </div>
              <div className="flex justify-between">
                <MoveButton
                  direction="left"
                  disabled={index === 0}
                  label={`Move ${position} of ${colorLabel} left`}
                  onClick={() => move(index, "left")}
                />
                <MoveButton
                  direction="right"
                  disabled={index === items.length - 1}
                  label={`Move ${position} of ${colorLabel} right`}
                  onClick={() => move(index, "right")}
                />
              </div>
              <input type="hidden" name={`${field.name}[${index}]`} value={item.url} />
              {item.file && <PickedFileInput name={`${fileFieldPrefix}[${index}]`} file={item.file} />}
            </li>
          );
        })}
        {!full && (
          <li className="grid">
            <label
              htmlFor={addId}
              className={cn(
                "flex aspect-[4/5] cursor-pointer flex-col items-center justify-center gap-1 rounded-sm border border-dashed border-sand-deep bg-white p-2 text-center text-xs font-semibold text-forest transition-colors hover:border-forest hover:bg-sand/40",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold",
              )}
            >
              <Icon of={ImagePlus} className="size-5" />
              Add photos
              <input
                id={addId}
                type="file"
                multiple
                accept={PRODUCT_IMAGE_ACCEPT}
                aria-label={`Add photos to ${colorLabel}`}
                aria-describedby={hintId}
                className="sr-only"
                onChange={(event) => {
                  add([...(event.currentTarget.files ?? [])]);
                  // Cleared so the same photo can be picked again after removing it.
                  event.currentTarget.value = "";
                }}
              />
            </label>
          </li>
        )}
      </ul>
      <p id={hintId} className="text-xs text-stone">
        Up to {MAX_COLOR_IMAGES} pictures, JPEG, PNG or WebP, 8 MB each. The first is the cover.
      </p>
      {messages.length > 0 && (
        <ul id={field.errorId} className="grid gap-0.5 text-sm font-medium text-destructive" role="alert">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function MoveButton({
  direction,
  disabled,
  label,
  onClick,
}: {
  direction: "left" | "right";
  disabled: boolean;
  label: string;
  onClick(): void;
}) {
  const icon = direction === "left" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      data-move={direction}
      disabled={disabled}
      onClick={onClick}
      aria-label={label}
      title={direction === "left" ? "Move left" : "Move right"}
      className="inline-flex size-8 cursor-pointer items-center justify-center rounded-sm text-charcoal transition-colors hover:bg-sand disabled:cursor-default disabled:opacity-30 disabled:hover:bg-transparent"
    >
      <Icon of={icon} className="size-4" />
    </button>
  );
}

/** A hidden file input holding one picked photo, so it is posted under its slot's name. */
function PickedFileInput({ name, file }: { name: string; file: File }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = ref.current;
    if (!input || input.files?.[0] === file) return;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.files = transfer.files;
  });
  return <input ref={ref} type="file" name={name} hidden tabIndex={-1} aria-hidden />;
}
