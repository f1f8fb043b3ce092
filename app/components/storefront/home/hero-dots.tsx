import { useLayoutEffect, useRef } from "react";
import { cn } from "~/lib/cn";

/** The bars' widths and the gap between their buttons, in rem: the current slide's bar is the long one. */
const LONG_REM = 3;
const SHORT_REM = 1.5;
const GAP_REM = 0.5;

const barWidth = (index: number, selected: number) => (index === selected ? LONG_REM : SHORT_REM);
/** Where a bar starts in the row: each bar before it short, but the long one. */
const barLeft = (index: number, selected: number) => index * (SHORT_REM + GAP_REM) + (selected < index ? LONG_REM - SHORT_REM : 0);

/**
 * The carousel's dots: the current slide's is a long gold bar, the others short ones.
 *
 * When the slide changes, the bars' sizes change at once in the layout, and each bar is animated
 * from where it was to where it is with a transform (FLIP), and its gold fades with opacity. Both
 * run on the compositor. Animating their width instead made the browser lay out and repaint the
 * hero on every frame for half a second each 5 s: some 300 ms of main-thread work per slide on a
 * phone (4× slowed CPU), which kept Lighthouse from ever finding the page idle.
 */
export function HeroDots({
  titles,
  selected,
  onSelect,
  animate,
}: {
  titles: readonly string[];
  selected: number;
  onSelect: (index: number) => void;
  animate: boolean;
}) {
  const bars = useRef<(HTMLSpanElement | null)[]>([]);
  const lastSelected = useRef(selected);

  useLayoutEffect(() => {
    // Where each bar was and is, from the sizes the row is drawn with, not read from the layout:
    // reading it here, on the first render too, made the hero's hydration lay out whatever was
    // pending (the whole page when the web fonts had just arrived).
    const before = lastSelected.current;
    lastSelected.current = selected;
    if (before === selected || !animate) return;
    bars.current.forEach((bar, index) => {
      const [wasLeft, left] = [barLeft(index, before), barLeft(index, selected)];
      const [wasWidth, width] = [barWidth(index, before), barWidth(index, selected)];
      if (!bar || (wasLeft === left && wasWidth === width)) return;
      bar.animate([{ transform: `translateX(${wasLeft - left}rem) scaleX(${wasWidth / width})` }, { transform: "none" }], {
        duration: 500,
        easing: "ease-out",
      });
    });
  }, [selected, animate]);

  return (
    <div className="flex" style={{ gap: `${GAP_REM}rem` }}>
      {titles.map((title, index) => (
        <button
          key={title}
          type="button"
          onClick={() => onSelect(index)}
          aria-label={`Go to slide ${index + 1}: ${title}`}
          aria-current={index === selected}
          className="group flex h-8 cursor-pointer items-center"
        >
          <span
            ref={(bar) => {
              bars.current[index] = bar;
            }}
            className="relative block h-0.5 origin-left overflow-hidden rounded-full bg-ivory/50 group-hover:bg-ivory"
            style={{ width: `${barWidth(index, selected)}rem` }}
          >
            <span
              className={cn("absolute inset-0 bg-gold transition-opacity duration-500", index === selected ? "opacity-100" : "opacity-0")}
            />
          </span>
        </button>
      ))}
    </div>
  );
}
