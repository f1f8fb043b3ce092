import { contentPageSlugs } from "~/content/pages";
import { listCategories, sitemapProducts } from "~/modules/catalog/storefront-queries.server";
import { siteOrigin } from "~/lib/http.server";
import type { Route } from "./+types/sitemap";

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function loader({ context }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  const db = context.database.db;
  const [categories, products] = await Promise.all([listCategories(db), sitemapProducts(db)]);
  const urls: { loc: string; lastmod?: string; priority: string }[] = [
    { loc: `${origin}/`, priority: "1.0" },
    { loc: `${origin}/collections/all`, priority: "0.8" },
    ...categories.map((c) => ({ loc: `${origin}/collections/${c.slug}`, priority: "0.8" })),
    ...products.map((p) => ({ loc: `${origin}/product/${p.id}`, lastmod: p.updatedAt.toISOString().slice(0, 10), priority: "0.7" })),
    ...contentPageSlugs.map((slug) => ({ loc: `${origin}/${slug}`, priority: "0.4" })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (u) =>
        `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}<priority>${u.priority}</priority></url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
