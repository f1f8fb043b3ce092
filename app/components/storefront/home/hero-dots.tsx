import { useLayoutEffect, useRef } from "react";
import { cn } from "~/lib/cn";

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
  const lastBoxes = useRef<{ left: number; width: number }[] | null>(null);

  useLayoutEffect(() => {
    // Offsets within the row, so a scroll or a resize between slides does not count as a move.
    const boxes = bars.current.map((bar) => ({ left: bar?.offsetLeft ?? 0, width: bar?.offsetWidth ?? 0 }));
    const before = lastBoxes.current;
    lastBoxes.current = boxes;
    if (!before || !animate) return;
    boxes.forEach((box, index) => {
      const was = before[index];
      const bar = bars.current[index];
      if (!was || !bar || !box.width || (was.left === box.left && was.width === box.width)) return;
      bar.animate([{ transform: `translateX(${was.left - box.left}px) scaleX(${was.width / box.width})` }, { transform: "none" }], {
        duration: 500,
        easing: "ease-out",
      });
    });
  }, [selected, animate]);

  return (
    <div className="flex gap-2">
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
            className={cn(
              "relative block h-0.5 origin-left overflow-hidden rounded-full bg-ivory/50 group-hover:bg-ivory",
              index === selected ? "w-12" : "w-6",
            )}
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
