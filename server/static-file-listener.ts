import crypto from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { getMimeType } from "hono/utils/mime";
import { LRUCache } from "lru-cache";
import { headerText } from "./cached-page-listener";
import type { Logger } from "./logger";
import type { ShopMetrics } from "./metrics";
import { securityHeaders } from "./security-headers";
import { IMMUTABLE, isUnloggedFilePath, PUBLIC_FILE_CACHE_CONTROL } from "./static-files";

export interface StaticFileListenerOptions {
  /** The build's browser files: its fingerprinted `assets/` and public/'s files beside them. */
  clientDir: string;
  logger: Logger;
  metrics: ShopMetrics;
}

/** One way a file can be sent: as it is, or one of its copies compressed at build time. */
interface FileBody {
  file: string;
  size: number;
  /** The response's headers but the request id, as a flat [name, value, …] list for `writeHead`. */
  headers: string[];
}

interface StaticFile {
  /** As it is on disk; null when it is sent only compressed (a compressible file). */
  plain: FileBody | null;
  br: FileBody | null;
  gzip: FileBody | null;
}

/** Files at most this large are kept in memory once sent; larger ones are read from disk each time. */
const LARGEST_KEPT_FILE = 256 * 1024;
/** What the kept files may hold in all: a page's scripts, fonts and pictures several times over. */
const KEPT_FILES_BYTES = 4 * 1024 * 1024;

/**
 * Serves the build's files straight from Node's `http` layer, as the kept pages are
 * (server/cached-page-listener.ts): no Web `Request` or `Response`, no web stream over a file
 * stream, no middleware; the headers written as one list made at start, the bytes from memory.
 * A page's first load asks for some twenty of them (scripts, fonts, pictures), on the same two
 * cores as the browser in every Lighthouse run: through the framework each cost 3–6 ms of the
 * server's CPU when they came one by one (docs/performance.md, "2026-12-07, day").
 *
 * The answer is the framework's (server/http.ts, `staticFiles`): the same files, `Content-Type`,
 * `Cache-Control`, `Last-Modified`, precompressed copy chosen (`br`, then `gzip`) with its
 * `Vary`, security headers, request id and metrics, and no log line for `/assets/` and
 * `/images/`. The index of files is made once at start from `clientDir` (the build never changes
 * under a running server). Anything it does not know to be a plain answer goes on to the
 * framework: a method other than GET, a `Range`, a path with `%` or a dot-folder, a file not in the
 * index, and a compressible file the browser takes no precompressed copy of (the framework
 * compresses it as it goes).
 *
 * Returns a listener that answers and returns true, or returns false and writes nothing.
 */
export function staticFileListener(options: StaticFileListenerOptions): (request: IncomingMessage, response: ServerResponse) => boolean {
  const { logger, metrics } = options;
  const files = indexFiles(options.clientDir);
  const kept = new LRUCache<string, Buffer>({ maxSize: KEPT_FILES_BYTES, sizeCalculation: (bytes) => bytes.length || 1 });

  return (request, response) => {
    const url = request.url;
    if (request.method !== "GET" || !url || request.headers.range) return false;
    const query = url.indexOf("?");
    const pathname = query < 0 ? url : url.slice(0, query);
    const file = files.get(pathname);
    if (!file) return false;
    const body = chosenBody(file, headerText(request.headers["accept-encoding"]));
    if (!body) return false;
    const started = performance.now();
    const requestId = headerText(request.headers["x-request-id"])?.slice(0, 64) || crypto.randomUUID();
    response.writeHead(200, [...body.headers, "x-request-id", requestId]);
    const bytes = kept.get(body.file);
    if (bytes) response.end(bytes);
    else if (body.size <= LARGEST_KEPT_FILE) {
      fs.readFile(body.file, (error, read) => {
        if (error) return void response.destroy(error);
        kept.set(body.file, read);
        response.end(read);
      });
    } else {
      const stream = fs.createReadStream(body.file);
      stream.on("error", (error) => response.destroy(error));
      stream.pipe(response);
    }
    const ms = performance.now() - started;
    metrics.observe(pathname, 200, ms / 1000, null);
    if (!isUnloggedFilePath(pathname)) {
      logger.info({ requestId, method: "GET", path: pathname, status: 200, ms: Math.round(ms * 10) / 10 });
    }
    return true;
  };
}

/** The copy to send: `br`, then `gzip` where there is one and the browser takes it, else the file as it is (if it may go so). */
function chosenBody(file: StaticFile, acceptEncoding: string | undefined): FileBody | null {
  if (file.br || file.gzip) {
    // The framework matches the names exactly as listed (`gzip, deflate, br`), as @hono/node-server's serveStatic does.
    const accepted = new Set(acceptEncoding?.split(",").map((encoding) => encoding.trim()));
    if (file.br && accepted.has("br")) return file.br;
    if (file.gzip && accepted.has("gzip")) return file.gzip;
  }
  return file.plain;
}

/**
 * Every file the framework serves from `clientDir`, by URL path: under `assets/` with its
 * precompressed copies and cached for a year; public/'s files (the other top-level names) for a day.
 */
function indexFiles(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const security = securityHeaders("production").flat();
  for (const top of fs.readdirSync(clientDir, { withFileTypes: true })) {
    const assets = top.name === "assets";
    for (const relative of filesUnder(clientDir, top.name)) {
      const urlPath = `/${relative.split(path.sep).join("/")}`;
      // Copies compressed at build time are sent only in place of their file; dot-names are the framework's to judge.
      if (/\.(br|gz)$/.test(relative) || /(^|\/)\./.test(urlPath) || urlPath.includes("%")) continue;
      const file = path.join(clientDir, relative);
      const type = getMimeType(file) || "application/octet-stream";
      const compressible = type === "application/octet-stream" || COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type);
      const cacheControl = assets ? IMMUTABLE : PUBLIC_FILE_CACHE_CONTROL;
      const body = (onDisk: string, encoding?: "br" | "gzip"): FileBody | null => {
        const stats = fs.statSync(onDisk, { throwIfNoEntry: false });
        if (!stats?.isFile()) return null;
        const headers = ["cache-control", cacheControl, "content-type", type, "last-modified", stats.mtime.toUTCString()];
        if (encoding) headers.push("content-encoding", encoding, "vary", "Accept-Encoding");
        headers.push("content-length", String(stats.size), ...security);
        return { file: onDisk, size: stats.size, headers };
      };
      const br = assets && compressible ? body(`${file}.br`, "br") : null;
      const gzip = assets && compressible ? body(`${file}.gz`, "gzip") : null;
      // A compressible file goes out as it is only through the framework, which compresses it on the way.
      files.set(urlPath, { plain: compressible ? null : body(file), br, gzip });
    }
  }
  return files;
}

/** The files under `name` (itself if it is one), relative to `root`. */
function filesUnder(root: string, name: string): string[] {
  const full = path.join(root, name);
  const stats = fs.statSync(full, { throwIfNoEntry: false });
  if (stats?.isFile()) return [name];
  if (!stats?.isDirectory()) return [];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}
