import fs from "node:fs";
import zlib from "node:zlib";
import { escapeHtml } from "~/lib/escape-html";

/**
 * How fast this machine is at the moment a bench runs. The same build measured on the same
 * virtual machine has cost 4.4 ms of CPU per uncached page one morning and 11 ms that evening:
 * the host's other tenants take cycles (steal) and slow the caches. These two figures, printed
 * beside the results, say which kind of hour a run had, so runs from different hours can be
 * read side by side.
 */

/** Fixed work shaped like a render (strings built and escaped, JSON, a level-1 gzip): CPU ms per round, best of five. */
export function referenceWorkMs(): number {
  const rows = Array.from({ length: 600 }, (_, id) => ({ id, name: `Kente Kaftan <${id}> & "Adinkra"`, price: id * 125 }));
  const round = () => {
    const html = rows
      .map((row) => `<li class="card"><a href="/product/${row.id}">${escapeHtml(row.name)}</a><span>₵${row.price}</span></li>`)
      .join("");
    const data = JSON.parse(JSON.stringify(rows)) as typeof rows;
    return zlib.deflateRawSync(Buffer.from(html + data.length), { level: 1 }).length;
  };
  for (let i = 0; i < 50; i++) round();
  let best = Infinity;
  for (let sample = 0; sample < 5; sample++) {
    const before = process.cpuUsage();
    for (let i = 0; i < 40; i++) round();
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1000 / 40);
  }
  return best;
}

/** The share of the machine's CPU time the host gave to others (steal) from now until `share()`. */
export function watchSteal(): { share(): number } {
  const read = () => {
    // /proc/stat's first line: cpu user nice system idle iowait irq softirq steal …
    const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    return { steal: fields[7] ?? 0, total: fields.reduce((sum, value) => sum + value, 0) };
  };
  const start = read();
  return {
    share() {
      const now = read();
      return (now.steal - start.steal) / Math.max(1, now.total - start.total);
    },
  };
}
