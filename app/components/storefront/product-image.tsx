import type { ComponentProps } from "react";
import { productImageHeight, productImageSources } from "~/lib/images";
import { cn } from "~/lib/cn";

/** A 4:5 product picture in the size the layout needs; lazy unless `priority`. */
export function ProductImage({
  base,
  alt,
  sizes,
  priority = false,
  className,
  ...props
}: { base: string; alt: string; sizes: string; priority?: boolean } & Omit<ComponentProps<"img">, "src" | "srcSet">) {
  return (
    <img
      {...productImageSources(base, sizes, 960)}
      alt={alt}
      width={960}
      height={1200}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      className={cn("aspect-[4/5] w-full bg-sand object-cover", className)}
      {...props}
    />
  );
}

/**
 * A 4:5 product picture at a fixed CSS `width` (cart lines, order lists, thumbnails): the browser
 * fetches the smallest file that is sharp at the screen's density. Decorative unless given `alt`.
 */
export function ProductThumbnail({
  base,
  width,
  alt = "",
  className,
  ...props
}: { base: string; width: number } & Omit<ComponentProps<"img">, "src" | "srcSet" | "sizes" | "width" | "height">) {
  return (
    <img
      {...productImageSources(base, width)}
      alt={alt}
      width={width}
      height={productImageHeight(width)}
      className={cn("rounded-sm bg-sand object-cover", className)}
      {...props}
    />
  );
}
