import { Expand } from "lucide";
import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { productImageSources } from "~/lib/images";
import { useMountedAfterHydration } from "~/lib/use-hydrated";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { ProductImage } from "../product-image";
import type { ProductSelection } from "./use-product-selection";

const loadZoom = () => import("./product-zoom-dialog");
const ProductZoomDialog = lazy(loadZoom);

/**
 * The product page's pictures: the chosen colour's gallery as a row of slides (swiped on a phone,
 * snapping one picture at a time, its place shown as "2 / 3"; from 1024 px thumbnails that show a
 * picture, so a phone's first screen keeps room for the name, price and Add to Cart), and a full-screen zoom whose
 * code loads on first open. Only the first picture loads at once; the others are lazy and
 * sized, so nothing shifts. Changing colour starts its gallery at its cover (the parent keys
 * this component by colour).
 */
export function ProductGallery({
  product,
  selection,
  overlay,
}: {
  product: ProductDetail;
  selection: ProductSelection;
  /** Drawn over the main picture (the wishlist heart). */
  overlay?: ReactNode;
}) {
  const colorName = selection.color?.name;
  const images = selection.color?.images.length ? selection.color.images : [selection.image];
  const [index, setIndex] = useState(0);
  const [zoomOpen, setZoomOpen] = useState(false);
  const [zoomWanted, setZoomWanted] = useState(false);
  const track = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  // Another colour's gallery fades in; the one in the server's HTML is the page's largest paint
  // and shows at once.
  const fadeIn = useMountedAfterHydration();
  const count = images.length;
  const altFor = (i: number) =>
    `${product.name}${colorName ? ` in ${colorName}` : ""}${count > 1 && i > 0 ? `, picture ${i + 1} of ${count}` : ""}`;

  function show(i: number) {
    setIndex(i);
    const slides = track.current;
    if (slides) slides.scrollTo({ left: i * slides.clientWidth, behavior: reducedMotion ? "auto" : "smooth" });
  }

  function openZoom() {
    setZoomWanted(true);
    setZoomOpen(true);
  }

  return (
    <div className="lg:space-y-3">
      <div className="relative overflow-hidden rounded-sm bg-sand">
        <div
          ref={track}
          className="flex snap-x snap-mandatory [scrollbar-width:none] overflow-x-auto overscroll-x-contain [&::-webkit-scrollbar]:hidden"
          onScroll={(event) => {
            const slides = event.currentTarget;
            const current = Math.round(slides.scrollLeft / Math.max(slides.clientWidth, 1));
            if (current !== index && current >= 0 && current < count) setIndex(current);
          }}
        >
          {images.map((base, i) => (
            <button
              key={base}
              type="button"
              className="relative w-full shrink-0 cursor-zoom-in snap-center snap-always"
              onClick={() => {
                setIndex(i);
                openZoom();
              }}
              onPointerEnter={() => void loadZoom()}
              aria-label={`Zoom picture ${i + 1} of ${count}`}
              // Off-screen slides stay out of the tab order; the thumbnails reach them.
              tabIndex={i === index ? 0 : -1}
            >
              <ProductImage
                base={base}
                alt={altFor(i)}
                sizes="(min-width: 1280px) 640px, (min-width: 1024px) 55vw, 100vw"
                priority={i === 0}
                className={i === 0 && fadeIn ? "animate-[overlay-in_300ms_ease-out]" : undefined}
              />
            </button>
          ))}
        </div>
        <span
          className="pointer-events-none absolute bottom-4 left-4 inline-flex items-center gap-1.5 rounded-full bg-ivory/90 px-3 py-1.5 text-xs font-semibold text-charcoal shadow-sm"
          aria-hidden
        >
          <Icon of={Expand} className="size-3.5" />
          {count > 1 ? `${index + 1} / ${count}` : "Zoom"}
        </span>
        {overlay}
      </div>

      {count > 1 && (
        <div
          className="hidden gap-2 overflow-x-auto pb-1 lg:flex"
          role="group"
          aria-label={`Pictures${colorName ? ` of ${colorName}` : ""}`}
        >
          {images.map((base, i) => (
            <button
              key={base}
              type="button"
              onClick={() => show(i)}
              aria-label={`Show picture ${i + 1} of ${count}`}
              aria-pressed={i === index}
              className={cn(
                "w-16 shrink-0 cursor-pointer overflow-hidden rounded-sm border-2 transition sm:w-20",
                i === index ? "border-gold" : "border-transparent opacity-75 hover:opacity-100",
              )}
            >
              <img
                {...productImageSources(base, "(min-width: 640px) 80px, 64px")}
                alt=""
                width={80}
                height={100}
                loading="lazy"
                className="aspect-[4/5] w-full bg-sand object-cover"
              />
            </button>
          ))}
        </div>
      )}

      {zoomWanted && (
        <Suspense fallback={null}>
          <ProductZoomDialog
            open={zoomOpen}
            onOpenChange={setZoomOpen}
            images={images}
            index={index}
            onIndexChange={show}
            altFor={altFor}
            title={`${product.name}${colorName ? `, ${colorName}` : ""}`}
            onClosed={() => track.current?.querySelectorAll<HTMLButtonElement>(":scope > button")[index]?.focus({ preventScroll: true })}
          />
        </Suspense>
      )}
    </div>
  );
}
