import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from "lucide";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useState, type MouseEvent } from "react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { imageSrc } from "~/lib/images";

/**
 * The product picture, full screen (lazy-loaded by product-gallery.tsx on first open): the 960 px
 * picture as large as the screen allows; a click or tap zooms it to twice that size, following
 * the pointer to look around; arrows (buttons and keys) go through the colour's pictures.
 * Escape closes and focus returns to the picture that opened it (Radix Dialog).
 */
export default function ProductZoomDialog({
  open,
  onOpenChange,
  images,
  index,
  onIndexChange,
  altFor,
  title,
  onClosed,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  images: string[];
  index: number;
  onIndexChange(index: number): void;
  altFor(index: number): string;
  title: string;
  /** Where focus goes on close: the page's picture now shown (it may not be the one that opened). */
  onClosed(): void;
}) {
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState("50% 50%");
  const count = images.length;
  const base = images[Math.min(index, count - 1)]!;

  function go(step: number) {
    setZoomed(false);
    onIndexChange((index + step + count) % count);
  }

  function follow(event: MouseEvent<HTMLElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    setOrigin(`${Math.min(100, Math.max(0, x))}% ${Math.min(100, Math.max(0, y))}%`);
  }

  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) setZoomed(false);
        onOpenChange(next);
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-forest-deep/95 data-[state=open]:animate-[overlay-in_200ms_ease-out]" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col text-ivory outline-none data-[state=open]:animate-[overlay-in_200ms_ease-out]"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          onKeyDown={(event) => {
            if (count < 2) return;
            if (event.key === "ArrowRight") go(1);
            if (event.key === "ArrowLeft") go(-1);
          }}
        >
          <div className="flex items-center gap-4 px-4 py-3 md:px-8">
            <DialogPrimitive.Title className="min-w-0 flex-1 truncate font-display text-xl font-semibold md:text-2xl">
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">
              Picture {index + 1} of {count}. Select the picture to zoom in; arrow keys show the others.
            </DialogPrimitive.Description>
            {count > 1 && (
              <span className="text-sm font-semibold text-gold-light tabular-nums" aria-hidden>
                {index + 1} / {count}
              </span>
            )}
            <DialogPrimitive.Close className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full bg-ivory/10 transition-colors hover:bg-ivory/20">
              <Icon of={X} className="size-5" />
              <span className="sr-only">Close zoom</span>
            </DialogPrimitive.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 md:px-20">
            <button
              type="button"
              className={cn("relative h-full max-h-full w-full overflow-hidden", zoomed ? "cursor-zoom-out" : "cursor-zoom-in")}
              aria-label={zoomed ? "Zoom out" : "Zoom in"}
              aria-pressed={zoomed}
              onClick={(event) => {
                follow(event);
                setZoomed((z) => !z);
              }}
              onPointerMove={(event) => zoomed && follow(event)}
            >
              <img
                key={base}
                src={imageSrc(base, 960)}
                alt={altFor(index)}
                width={960}
                height={1200}
                className="size-full object-contain transition-transform duration-200 ease-out motion-reduce:transition-none"
                style={{ transform: zoomed ? "scale(2.2)" : undefined, transformOrigin: origin }}
              />
              <span
                className="pointer-events-none absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-charcoal/70 px-3 py-1.5 text-xs font-semibold"
                aria-hidden
              >
                {zoomed ? <Icon of={ZoomOut} className="size-3.5" /> : <Icon of={ZoomIn} className="size-3.5" />}
                {zoomed ? "Tap to zoom out" : "Tap to zoom in"}
              </span>
            </button>
            {count > 1 && (
              <>
                <ArrowButton
                  side="left"
                  onClick={() => go(-1)}
                  label={`Previous picture (${((index - 1 + count) % count) + 1} of ${count})`}
                />
                <ArrowButton side="right" onClick={() => go(1)} label={`Next picture (${((index + 1) % count) + 1} of ${count})`} />
              </>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function ArrowButton({ side, onClick, label }: { side: "left" | "right"; onClick(): void; label: string }) {
  const icon = side === "left" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        "absolute top-1/2 inline-flex size-11 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full bg-ivory/90 text-charcoal shadow-lg transition-colors hover:bg-ivory md:size-12",
        side === "left" ? "left-3 md:left-6" : "right-3 md:right-6",
      )}
    >
      <Icon of={icon} className="size-5" />
    </button>
  );
}
