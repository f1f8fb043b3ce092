import { ArrowRight, MessageCircle } from "lucide";
import { data } from "react-router";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { Breadcrumbs } from "~/components/storefront/breadcrumbs";
import { findContentPage, type ContentBlock } from "~/content/pages";
import { fillContentPage } from "~/content/fill-content";
import { getStoreSettings } from "~/modules/settings/settings.server";
import { storeProfile } from "~/modules/settings/store-profile";
import { listShippingZones } from "~/modules/shipping/shipping-zones.server";
import { siteOrigin } from "~/lib/http.server";
import { breadcrumbJsonLd, pageMeta } from "~/lib/seo";
import { publicPageHeaders } from "~/lib/cache-control";
import type { Route } from "./+types/content-page";
import type { IslandsHandle } from "~/islands/pages";

// Public: the same for every anonymous visitor, so the page cache may keep it (app/lib/cache-control.ts).
export const headers = publicPageHeaders;

// Hydrated as islands, without React Router in the browser (decision 021).
export const handle = { islands: "content-page" } satisfies IslandsHandle;

export async function loader({ context, url }: Route.LoaderArgs) {
  const page = findContentPage(url.pathname.replace(/^\/+|\/+$/g, ""));
  if (!page) throw data("Not found", { status: 404 });
  // Contact details, WhatsApp and the store name as set in Settings; the shipping zones as staff
  // set them (a zone edit announces a storefront change, which drops the cached page).
  const [settings, zones] = await Promise.all([getStoreSettings(context.database.db), listShippingZones(context.database.db)]);
  return {
    page: fillContentPage(page, { store: storeProfile(settings), zones }),
    storeName: settings.storeName,
    origin: siteOrigin(context),
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: "Page not found" }];
  const path = `/${d.page.slug}`;
  return pageMeta({
    title: `${d.page.title} | ${d.storeName}`,
    description: d.page.metaDescription,
    canonical: `${d.origin}${path}`,
    siteName: d.storeName,
    type: "article",
    jsonLd: [
      breadcrumbJsonLd(d.origin, [
        { name: "Home", path: "/" },
        { name: d.page.title, path },
      ]),
    ],
  });
};

function Block({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case "shipping-zones":
      return null; // filled in by the loader (fill-content.ts) as a table
    case "h2":
      return <h2 className="mt-12 mb-4 text-3xl font-semibold">{block.text}</h2>;
    case "p":
      return <p className="my-4 leading-[1.8] text-charcoal/85">{block.text}</p>;
    case "list":
      return (
        <ul className="my-5 space-y-2.5">
          {block.items.map((item) => (
            <li key={item} className="flex gap-3 leading-relaxed text-charcoal/85">
              <span className="mt-2.5 size-1.5 shrink-0 rotate-45 bg-gold" aria-hidden />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      );
    case "action":
      return (
        <div className="my-8 flex flex-col gap-5 rounded-sm border border-gold/40 bg-sand/60 p-6 md:p-8 sm:flex-row sm:items-center sm:justify-between">
          <p className="max-w-xl leading-relaxed text-charcoal/85">{block.text}</p>
          <Link
            to={block.to}
            className="inline-flex min-h-12 shrink-0 items-center justify-center gap-2 rounded-sm bg-forest px-6 py-3 text-sm font-semibold tracking-[0.12em] text-ivory uppercase transition-colors hover:bg-forest-deep focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
          >
            {block.label}
            <Icon of={ArrowRight} className="size-4 text-gold" />
          </Link>
        </div>
      );
    case "note":
      return <p className="my-6 border-l-2 border-gold bg-sand/60 px-5 py-4 text-sm leading-relaxed">{block.text}</p>;
    case "whatsapp":
      return block.href ? (
        <p className="my-8">
          <a
            href={block.href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-12 items-center gap-3 rounded-sm bg-forest px-6 py-3 text-left text-sm font-semibold tracking-[0.12em] text-ivory uppercase transition-colors hover:bg-forest-deep focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
          >
            <Icon of={MessageCircle} className="size-5 text-gold" />
            {block.text}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null;
    case "table": {
      // A table with a wrapping column (the shipping zones) is kept compact enough to fit the page.
      const compact = block.wrapColumn !== undefined;
      const pad = compact ? "px-3 py-3" : "px-4 py-3";
      const table = (
        <div
          className={`my-6 overflow-x-auto rounded-sm border border-border ${block.stackOnPhones ? "hidden sm:block" : ""}`}
          tabIndex={0}
          role="region"
          aria-label={block.caption}
        >
          <table className="w-full min-w-[520px] border-collapse text-sm">
            <caption className="bg-sand/60 px-4 py-3 text-left font-semibold">{block.caption}</caption>
            <thead>
              <tr className="bg-forest text-ivory">
                {block.head.map((h) => (
                  <th key={h} scope="col" className={`${pad} text-left font-semibold ${compact ? "" : "whitespace-nowrap"}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, i) => (
                <tr key={i} className="border-t border-border odd:bg-white/70">
                  {row.map((cell, j) =>
                    j === 0 ? (
                      <th key={j} scope="row" className={`${pad} text-left font-semibold ${compact ? "" : "whitespace-nowrap"}`}>
                        {cell}
                      </th>
                    ) : (
                      <td key={j} className={j === block.wrapColumn ? `min-w-40 ${pad}` : `${pad} whitespace-nowrap tabular-nums`}>
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
      if (!block.stackOnPhones) return table;
      // Phones: one card per row (the first cell its title), so nothing scrolls sideways; the table
      // above is hidden there, and this list from 640 px, so a screen reader meets one of them.
      return (
        <>
          {table}
          <section aria-label={block.caption} className="my-6 sm:hidden">
            <p className="mb-3 text-sm font-semibold">{block.caption}</p>
            <ul className="space-y-3">
              {block.rows.map((row, i) => (
                <li key={i} className="rounded-sm border border-border bg-white/70 p-4">
                  <h3 className="font-display text-xl font-semibold">{row[0]}</h3>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
                    {row.slice(1).map((cell, j) => (
                      <div key={j} className="contents">
                        <dt className="text-stone">{block.head[j + 1]}</dt>
                        <dd className="tabular-nums">{cell}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
          </section>
        </>
      );
    }
  }
}

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <main>
      <div className="border-b border-border bg-sand/50">
        <div className="mx-auto max-w-3xl px-4 pt-8 pb-14 md:px-8">
          <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: page.title }]} />
          <p className="mt-10 mb-3 text-xs font-bold tracking-[0.28em] text-gold-ink uppercase">{page.eyebrow}</p>
          <h1 className="text-5xl font-semibold md:text-6xl">{page.title}</h1>
          <p className="mt-5 text-lg leading-relaxed text-stone">{page.intro}</p>
        </div>
      </div>
      <article className="mx-auto max-w-3xl px-4 py-12 md:px-8 md:py-16">
        {page.blocks.map((block, i) => (
          <Block key={i} block={block} />
        ))}
      </article>
    </main>
  );
}
