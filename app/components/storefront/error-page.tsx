import { Link } from "~/components/ui/link";
import { Button } from "~/components/ui/button";

/** The 404 page (docs/product-rules.md) and the friendly error page; no stack traces reach shoppers. */
export function ErrorPage({ status }: { status: 404 | 500 }) {
  const notFound = status === 404;
  return (
    <main className="relative flex min-h-[70vh] flex-col items-center justify-center overflow-hidden px-6 py-24 text-center">
      <p className="font-display text-[7rem] leading-none font-semibold text-gold-ink md:text-[10rem]" aria-hidden>
        {status}
      </p>
      <h1 className="mt-2 font-display text-4xl font-semibold md:text-5xl">{notFound ? "Oops! Page not found" : "Something went wrong"}</h1>
      <p className="mt-4 max-w-md text-stone">
        {notFound
          ? "The page you are looking for has moved or never existed. Our collections are still right where you left them."
          : "We could not load this page. Please try again in a moment."}
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
      <div className="kente-band absolute inset-x-0 bottom-0 h-1.5" aria-hidden />
    </main>
  );
}
