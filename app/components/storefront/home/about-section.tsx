import { Award, Globe2, ShieldCheck, Scissors } from "lucide";
import { Link } from "~/components/ui/link";
import { Icon } from "~/components/ui/icon";
import { useFormatMoneyBrief, useFreeShippingThreshold } from "../use-store-settings";

/** The four promises; the delivery one states the free-shipping amount of the zones in Ghana, when there is one. */
const features = (freeFrom: string | null) =>
  [
    {
      icon: Award,
      title: "Premium Quality",
      text: "Hand-woven kente, heavyweight linens and wax prints from Ghana's finest mills and weavers.",
    },
    {
      icon: Scissors,
      title: "Expert Artisans",
      text: "Master tailors with decades at the cutting table finish every seam and buttonhole by hand.",
    },
    {
      icon: Globe2,
      title: "Global Shipping",
      text: freeFrom
        ? `Tracked delivery from Accra across Ghana and worldwide, free in Ghana on orders over ${freeFrom}.`
        : "Tracked delivery from Accra across Ghana and worldwide, priced by destination at checkout.",
    },
    {
      icon: ShieldCheck,
      title: "Satisfaction Guarantee",
      text: "A 30-day return policy and complimentary alterations on every ready-to-wear piece.",
    },
  ] as const;

export function AboutSection() {
  const freeShippingThreshold = useFreeShippingThreshold();
  const money = useFormatMoneyBrief();
  return (
    <section id="about" className="mx-auto max-w-7xl px-4 py-20 md:px-8 md:py-28">
      <div className="grid items-center gap-14 lg:grid-cols-2">
        <div className="grid grid-cols-2 gap-4">
          <img
            src="/images/about/workshop-960.webp"
            srcSet="/images/about/workshop-480.webp 480w, /images/about/workshop-960.webp 960w"
            sizes="(min-width: 1024px) 300px, 50vw"
            alt="Our tailoring workshop in Osu, Accra"
            width={960}
            height={1200}
            loading="lazy"
            className="aspect-[4/5] w-full rounded-sm object-cover"
          />
          <img
            src="/images/about/fabric-960.webp"
            srcSet="/images/about/fabric-480.webp 480w, /images/about/fabric-960.webp 960w"
            sizes="(min-width: 1024px) 300px, 50vw"
            alt="Folded kente and ankara cloth ready for cutting"
            width={960}
            height={1200}
            loading="lazy"
            className="mt-12 aspect-[4/5] w-full rounded-sm object-cover"
          />
        </div>
        <div>
          <p className="mb-3 text-xs font-bold tracking-[0.28em] text-gold-ink uppercase">About the House</p>
          <h2 className="text-4xl font-semibold md:text-5xl">Cloth with a story, cut with care</h2>
          <p className="mt-5 leading-relaxed text-stone">
            Since 2011 our workshop on Oxford Street in Osu has dressed grooms, chiefs, diplomats and anyone who wants to wear Ghana with
            pride. We work with weavers in Bonwire and smock-makers in Tamale, and every garment leaves Accra finished by the hands that cut
            it.
          </p>
          <ul className="mt-10 grid gap-8 sm:grid-cols-2">
            {features(freeShippingThreshold === null ? null : money(freeShippingThreshold)).map(({ icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-forest text-gold">
                  <Icon of={icon} className="size-5" />
                </span>
                <div>
                  <h3 className="font-sans text-base font-bold">{title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-stone">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <Link
            to="/about"
            className="mt-10 inline-flex border-b border-gold pb-1 text-xs font-bold tracking-[0.2em] text-charcoal uppercase hover:text-forest"
          >
            Our story
          </Link>
        </div>
      </div>
    </section>
  );
}
