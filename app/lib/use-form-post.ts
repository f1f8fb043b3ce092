import { useCallback, useRef, useState } from "react";

/**
 * Sends a form to a JSON endpoint of the shop without leaving the page, as React Router's
 * fetcher did, in any kind of page (decision 021): `busy` while it is on its way, then the
 * answer. An answer that is not the endpoint's JSON (offline, a proxy's error page) becomes
 * `unreachable`, so the form always has something to say. A second submit while one is on its
 * way is ignored (a double click sends once).
 *
 * The fields go URL-encoded, as a browser sends a form by default and as React Router's fetcher
 * did: a multipart body would turn a text area's line breaks into CRLF (an address would be
 * stored as "Ridge\r\nAccra"). For forms of text fields: files are not sent.
 */
export function useFormPost<T>(action: string, unreachable: T) {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<T | undefined>(undefined);
  const sending = useRef(false);
  const submit = useCallback(
    async (form: HTMLFormElement) => {
      if (sending.current) return;
      sending.current = true;
      setBusy(true);
      let next: T = unreachable;
      try {
        const body = new URLSearchParams();
        for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
        const response = await fetch(action, { method: "POST", body, headers: { Accept: "application/json" } });
        if (response.headers.get("Content-Type")?.includes("application/json")) next = (await response.json()) as T;
      } catch {
        // offline: `unreachable` says so
      }
      sending.current = false;
      setBusy(false);
      setAnswer(next);
    },
    [action, unreachable],
  );
  return { busy, answer, submit };
}
