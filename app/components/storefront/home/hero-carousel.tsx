import { ChevronLeft, ChevronRight } from "lucide";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";
import { HeroDots } from "./hero-dots";

export const HERO_INTERVAL_MS = 5_000;

const slides = [
  {
    image: "/images/hero/kaftans",
    eyebrow: "Hand-finished in Accra",
    title: "Authentic Ghanaian Kaftans",
    text: "Flowing silhouettes in hand-woven kente and embroidered linen, cut by master tailors in Osu.",
    cta: { label: "Shop Kaftans", to: "/collections/kaftans" },
  },
  {
    image: "/images/hero/suits",
    eyebrow: "Tailored to you",
    title: "Bespoke African Suits",
    text: "Sharp modern tailoring with the quiet confidence of West African cloth.",
    cta: { label: "Shop Suits", to: "/collections/suits" },
  },
  {
    image: "/images/hero/heritage",
    eyebrow: "Woven with meaning",
    title: "Heritage Collection",
    text: "Adinkra symbols and Bonwire kente, carried from ceremony to celebration.",
    cta: { label: "View Collection", to: "/collections/kaftans" },
  },
] as const;

const slideTitles = slides.map((slide) => slide.title);

/**
 * Three slides that cross-fade every 5 s and wrap; previous, next, dots and swipe. It pauses
 * while hovered or focused, and does not move by itself when the visitor prefers reduced
 * motion. Slides are stacked, so the first one renders on the server exactly where it
 * stays: no layout shift when the script arrives.
 */
export function HeroCarousel() {
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const touchStart = useRef<number | null>(null);
  // Slides 2 and 3 fetch their pictures once the page is idle, so the first slide's
  // picture has the network to itself.
  const [loadAll, setLoadAll] = useState(false);
  useEffect(() => {
    const start = () => setLoadAll(true);
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(start, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(start, 1500);
    return () => clearTimeout(id);
  }, []);

  const go = useCallback((index: number) => setSelected((index + slides.length) % slides.length), []);
  const next = useCallback(() => setSelected((s) => (s + 1) % slides.length), []);
  const previous = useCallback(() => setSelected((s) => (s - 1 + slides.length) % slides.length), []);

  useEffect(() => {
    // The media query read here too: the hydration render sees the server's answer (false), and
    // a timer started in that moment would move the slides for a visitor who asked for stillness.
    if (paused || reducedMotion || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = window.setInterval(next, HERO_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, reducedMotion, selected, next]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured collections"
      className="relative h-[78svh] max-h-[760px] min-h-[540px] overflow-hidden bg-forest-deep md:h-[80vh]"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocusCapture={() => setPaused(true)}
      onBlurCapture={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
      onTouchStart={(event) => (touchStart.current = event.touches[0]?.clientX ?? null)}
      onTouchEnd={(event) => {
        const start = touchStart.current;
        const end = event.changedTouches[0]?.clientX;
        touchStart.current = null;
        if (start == null || end == null || Math.abs(end - start) < 50) return;
        if (end < start) next();
        else previous();
      }}
      data-paused={paused || reducedMotion ? "true" : "false"}
    >
      {slides.map((slide, index) => {
        const active = index === selected;
        return (
          <div
            key={slide.title}
            className={cn("absolute inset-0 transition-opacity duration-1000 ease-out", active ? "z-10 opacity-100" : "z-0 opacity-0")}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            aria-hidden={!active}
            inert={!active}
          >
            {(index === 0 || loadAll) && (
              <img
                src={`${slide.image}-1280.webp`}
                srcSet={`${slide.image}-768.webp 768w, ${slide.image}-1280.webp 1280w, ${slide.image}-1920.webp 1920w`}
                sizes="100vw"
                alt=""
                width={1920}
                height={1080}
                fetchPriority={index === 0 ? "high" : "low"}
                className={cn(
                  "size-full object-cover object-[70%_center] transition-transform duration-[6000ms] ease-out",
                  active && !reducedMotion ? "scale-105" : "scale-100",
                )}
              />
            )}
            <div className="absolute inset-0 bg-gradient-to-t from-forest-deep via-forest-deep/75 to-forest-deep/5 md:bg-gradient-to-r md:from-forest-deep/90 md:via-forest-deep/40 md:to-transparent" />
            <div className="absolute inset-0 flex items-end pb-24 md:items-center md:pb-0">
              <div className="mx-auto w-full max-w-7xl px-6 md:px-8">
                <div className="max-w-xl text-ivory">
                  <p className="mb-4 text-xs font-bold tracking-[0.32em] text-gold-light uppercase">{slide.eyebrow}</p>
                  {index === 0 ? (
                    <h1 className="text-5xl leading-[0.95] font-semibold md:text-7xl">{slide.title}</h1>
                  ) : (
                    <h2 className="text-5xl leading-[0.95] font-semibold md:text-7xl">{slide.title}</h2>
                  )}
                  <p className="mt-5 max-w-md text-base leading-relaxed text-ivory/85 md:text-lg">{slide.text}</p>
                  {/* One button per line on phones, whatever their labels' width: a row that wraps or not
                      by a few pixels would jump when the web font replaces the fallback. */}
                  <div className="mt-8 flex flex-col items-start gap-3 sm:flex-row sm:flex-wrap">
                    <Button asChild variant="gold" size="lg">
                      <Link to={slide.cta.to}>{slide.cta.label}</Link>
                    </Button>
                    <Button asChild variant="outline-light" size="lg">
                      <a href="#about">Learn More</a>
                    </Button>
                  </div>
                </div>
              </div>
            </div>
          </div>
        );
      })}

      <div className="absolute inset-x-0 bottom-6 z-20 mx-auto flex max-w-7xl items-center justify-between px-6 md:bottom-10 md:px-8">
        <HeroDots titles={slideTitles} selected={selected} onSelect={go} animate={!reducedMotion} />
        <div className="flex gap-2">
          <button
            type="button"
            onClick={previous}
            aria-label="Previous slide"
            className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full border border-ivory/40 bg-forest-deep/30 text-ivory backdrop-blur-sm transition hover:bg-ivory hover:text-charcoal"
          >
            <Icon of={ChevronLeft} className="size-5" />
          </button>
          <button
            type="button"
            onClick={next}
            aria-label="Next slide"
            className="inline-flex size-11 cursor-pointer items-center justify-center rounded-full border border-ivory/40 bg-forest-deep/30 text-ivory backdrop-blur-sm transition hover:bg-ivory hover:text-charcoal"
          >
            <Icon of={ChevronRight} className="size-5" />
          </button>
        </div>
      </div>
    </section>
  );
}
