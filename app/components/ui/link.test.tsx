import { createRef } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Link } from "./link";

describe("Link", () => {
  it("draws an anchor to the address, with the anchor's own attributes and none of the link's", () => {
    const html = renderToStaticMarkup(
      <Link to={"/collections/all?q=kente&min=3"} className="underline" aria-current="page" target="_blank">
        Kente
      </Link>,
    );
    expect(html).toBe(
      '<a class="underline" aria-current="page" target="_blank" href="/collections/all?q=kente&amp;min=3" data-link="" data-discover="true">Kente</a>',
    );
  });

  it("marks a link whose page is fetched on intent", () => {
    const html = renderToStaticMarkup(
      <Link to="/product/12" prefetch="intent">
        Royal Kente Kaftan
      </Link>,
    );
    expect(html).toContain('data-link="intent"');
    expect(html).not.toMatch(/\bprefetch=|\bto=/);
  });

  it("passes a ref and event handlers through to the anchor", () => {
    const ref = createRef<HTMLAnchorElement>();
    // The server renderer drops handlers and refs; that the element gets them is what matters.
    const element = Link({ to: "/", ref, onClick: () => {} }) as { props: Record<string, unknown> };
    expect(element.props.ref).toBe(ref);
    expect(typeof element.props.onClick).toBe("function");
    expect(element.props).not.toHaveProperty("to");
    expect(element.props).not.toHaveProperty("prefetch");
  });
});
