import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IslandsPageContext, defineIsland, scriptJson } from "./island";

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}
const GreetingIsland = defineIsland("greeting", Greeting);

describe("islands (decision 021)", () => {
  it("writes props no text can break out of: no </script>, no <!--, no line separators", () => {
    const json = scriptJson({ name: "</script><script>alert(1)</script><!-- \u2028 \u2029" });
    expect(json).not.toMatch(/<\/script|<!--|\u2028|\u2029/i);
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script><!-- \u2028 \u2029" });
  });

  it("writes characters past ASCII as \\u escapes, which JSON.parse reads back as they were", () => {
    const profile = { description: "Premium African menswear — kente, ₵2,500.00 🧵", hours: "Mon–Sat" };
    const json = scriptJson(profile);
    expect(json).toBe('{"description":"Premium African menswear \\u2014 kente, \\u20b52,500.00 \\ud83e\\uddf5","hours":"Mon\\u2013Sat"}');
    expect(JSON.parse(json)).toEqual(profile);
  });

  it("on a page of islands, draws the component with its props just before it, for the browser", () => {
    const html = renderToString(
      <IslandsPageContext.Provider value={true}>
        <GreetingIsland name="Kofi </script>" />
      </IslandsPageContext.Provider>,
    );
    expect(html).toBe(
      '<script type="application/json" data-island-props="greeting">{"name":"Kofi \\u003c/script>"}</script>' +
        '<div data-island="greeting" style="display:contents"><p>Hello, <!-- -->Kofi &lt;/script&gt;</p></div>',
    );
  });

  it("where the router hydrates the page, adds no props: the island is an ordinary part of the tree", () => {
    expect(renderToString(<GreetingIsland name="Ama" />)).toBe(
      '<div data-island="greeting" style="display:contents"><p>Hello, <!-- -->Ama</p></div>',
    );
    expect(GreetingIsland.island.name).toBe("greeting");
  });
});

describe("island props are JSON (island-props.typecheck.ts: what is refused)", () => {
  it("accepts props of strings, numbers, booleans, null, arrays and nested objects, optional ones included", () => {
    interface CardProps {
      title: string;
      price: number | null;
      sizes: readonly string[];
      colour?: { name: string; hex: string };
    }
    const Card = defineIsland("card", ({ title }: CardProps) => <p>{title}</p>);
    expect(renderToString(<Card title="Kente" price={null} sizes={["M"]} />)).toContain("Kente");
  });
});
