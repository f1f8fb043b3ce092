import type { MetaDescriptor } from "react-router";

export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 160;

/** Cuts text to `max` characters, ending with an ellipsis when it had to cut. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

export interface PageMetaInput {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical: string;
  /** Absolute image URL for social cards. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "product" | "article";
  siteName: string;
  jsonLd?: object[];
  /** Extra Open Graph/product tags. */
  extra?: MetaDescriptor[];
  noindex?: boolean;
}

/** Title, description, canonical, Open Graph, Twitter and JSON-LD for one page. */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const title = truncate(input.title, TITLE_MAX);
  const description = truncate(input.description, DESCRIPTION_MAX);
  const image = input.image ?? new URL("/images/og-default.jpg", input.canonical).href;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: input.canonical },
    { property: "og:site_name", content: input.siteName },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: input.canonical },
    { property: "og:image", content: image },
    ...(input.imageAlt ? [{ property: "og:image:alt", content: input.imageAlt }] : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...(input.noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...(input.extra ?? []),
    ...(input.jsonLd ?? []).map((item) => ({ "script:ld+json": item })),
  ];
}

export function breadcrumbJsonLd(origin: string, items: { name: string; path: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: new URL(item.path, origin).href,
    })),
  };
}
