// Run by react-writer.test.ts in a process of its own, with NODE_ENV=production: renders the same
// pages with React's Node renderer (patched, patches/react-dom+19.3.1.patch) and its edge
// renderer (React's own writer), and prints what the test compares.
import { createElement as h, Suspense, use } from "react";
import { renderToPipeableStream } from "react-dom/server.node";
import { renderToReadableStream } from "react-dom/server.edge";
import { Buffer } from "node:buffer";
import process from "node:process";
import { Writable } from "node:stream";
import { setTimeout } from "node:timers";

/** A value that arrives later, so its boundary is streamed after the shell. */
const later = (value) => new Promise((resolve) => setTimeout(() => resolve(value), 5));

function Price({ amount }) {
  return h("span", { className: "price" }, use(amount));
}

/** Markup drawn once and put into pages as UTF-8 bytes (app/lib/render-once.server.ts): the Node renderer writes this very Buffer. */
const drawn = Buffer.from('<p class="drawn">Drawn once: kente — ₵2,500.00 🧵</p>');

function Page({ rows, amount }) {
  const cards = Array.from({ length: rows }, (_, i) =>
    h(
      "li",
      { key: i, className: "card", "aria-label": `Kaftan ${i}` },
      h("a", { href: `/product/${i}` }, `Kaftan nº ${i} “Adinkra” — ₵${(1250 + i).toLocaleString("en")}.00 🧵`),
      h("input", { type: "checkbox", defaultChecked: i % 2 === 0 }),
      i % 100 === 1 ? h("div", { dangerouslySetInnerHTML: { __html: drawn } }) : null,
    ),
  );
  return h(
    "html",
    { lang: "en" },
    h("head", null, h("title", null, "Kente & agbada — ₵ prices")),
    h(
      "body",
      null,
      h("h1", { "data-brand": "Ahenfie" }, "Ahenfie — tailored in Accra"),
      h("ul", null, cards),
      h(Suspense, { fallback: h("p", null, "Loading the price…") }, h(Price, { amount })),
      h("p", null, "Long description, ₵ and ɛ and ɔ: ".repeat(400)),
    ),
  );
}

function renderNode(element) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let drawnWritten = 0;
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        if (chunk === drawn) drawnWritten += 1;
        chunks.push(Buffer.from(chunk));
        callback();
      },
      final(callback) {
        resolve({ html: Buffer.concat(chunks), writes: chunks.length - drawnWritten, drawnWritten });
        callback();
      },
    });
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onShellError: reject, progressiveChunkSize: 512 });
  });
}

async function renderEdge(element) {
  const stream = await renderToReadableStream(element, { progressiveChunkSize: 512 });
  await stream.allReady;
  const chunks = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const results = [];
for (const rows of [3, 600]) {
  const node = await renderNode(h(Page, { rows, amount: later("₵1,250.00") }));
  const edge = await renderEdge(h(Page, { rows, amount: later("₵1,250.00") }));
  results.push({
    rows,
    bytes: node.html.length,
    writes: node.writes,
    drawnWritten: node.drawnWritten,
    html: node.html.toString(),
    sameAsReact: node.html.equals(edge),
  });
}
process.stdout.write(JSON.stringify(results));
