import autocannon from "autocannon";
const path = () => `/collections/all?q=${[..."kaftan"].map((c) => (Math.random() < 0.5 ? c.toUpperCase() : c)).join("")}&min=${Math.floor(Math.random() * 250)}`;
const conns = Number(process.argv[2] ?? 10), dur = Number(process.argv[3] ?? 10);
const r = await autocannon({ url: "http://127.0.0.1:3400", connections: conns, duration: dur, headers: { "accept-encoding": "gzip" }, requests: [{ setupRequest: (q) => ({ ...q, path: path() }) }] });
console.log(JSON.stringify({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, total: r.requests.total, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts }));
