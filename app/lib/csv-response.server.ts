import type { AppLoadContext } from "react-router";
import { CSV_BOM } from "./csv";
import { localDay } from "./dates";

/**
 * CSV text pieces (a header line, then batches of rows) as the bytes of a download, with a
 * byte-order mark first so Excel reads UTF-8 (₵, accented names). The next batch is read only
 * when the client has taken the last one, so an export of any size holds one batch at a time.
 */
export function csvByteStream(chunks: AsyncIterable<string>, onError?: (error: unknown) => void): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await iterator.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(started ? next.value : CSV_BOM + next.value));
        started = true;
      } catch (error) {
        onError?.(error);
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/**
 * An admin CSV export as a streamed download: "<name>-<day in the store's timezone>.csv",
 * never cached, never sniffed. Headers go out before the rows are read, so a failure mid-way
 * can only cut the download short; it is logged with the request id.
 */
export function csvResponse(
  chunks: AsyncIterable<string>,
  { name, timeZone, context }: { name: string; timeZone: string; context: Pick<AppLoadContext, "log"> },
): Response {
  const body = csvByteStream(chunks, (error) => context.log.error({ err: error, export: name }, `admin ${name}: CSV export failed`));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${localDay(timeZone)}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
