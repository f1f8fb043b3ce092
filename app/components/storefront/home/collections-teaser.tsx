import { ArrowRight } from "lucide";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { Button } from "~/components/ui/button";

const collections = [
  {
    title: "Premium Kaftans",
    text: "Relaxed, regal and made for the heat of the day and the glow of the evening.",
    image: "/images/collections/kaftans",
    to: "/collections/kaftans",
  },
  {
    title: "Bespoke Suits",
    text: "Structured tailoring finished with kente lapels, ankara linings and hand-set buttons.",
    image: "/images/collections/suits",
    to: "/collections/suits",
  },
] as const;

export function CollectionsTeaser() {
  return (
    <section id="categories" className="mx-auto max-w-7xl px-4 py-20 md:px-8 md:py-28">
      <div className="mb-12 flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl">
          <p className="mb-3 text-xs font-bold tracking-[0.28em] text-gold-ink uppercase">Categories</p>
          <h2 className="text-4xl font-semibold md:text-5xl">Our Collections</h2>
          <p className="mt-4 text-stone">
            Two houses of style, one standard of craft. Every piece is cut, sewn and finished by hand in our Osu workshop.
          </p>
        </div>
        <Button asChild variant="outline" size="lg">
          <Link to="/custom-orders/request">Request Custom Order</Link>
        </Button>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        {collections.map((c) => (
          <article key={c.title} className="group relative overflow-hidden rounded-sm bg-forest">
            <img
              src={`${c.image}-1280.webp`}
              srcSet={`${c.image}-640.webp 640w, ${c.image}-960.webp 960w, ${c.image}-1280.webp 1280w`}
              sizes="(min-width: 768px) 50vw, 100vw"
              alt=""
              width={1280}
              height={960}
              loading="lazy"
              className="aspect-[4/3] w-full object-cover transition-transform duration-[1.2s] ease-out group-hover:scale-105"
            />
            <div className="absolute inset-0 bg-gradient-to-t from-forest-deep/95 via-forest-deep/30 to-transparent" />
            <div className="absolute inset-x-0 bottom-0 p-6 text-ivory md:p-10">
              <h3 className="text-3xl font-semibold md:text-4xl">{c.title}</h3>
              <p className="mt-2 max-w-sm text-sm text-ivory/85">{c.text}</p>
              <Link
                to={c.to}
                className="mt-5 inline-flex items-center gap-2 border-b border-gold pb-1 text-xs font-bold tracking-[0.2em] text-ivory uppercase transition-colors hover:text-gold-light"
              >
                Explore Collection <Icon of={ArrowRight} className="size-4" />
                <span className="sr-only">: {c.title}</span>
              </Link>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
