import { useCallback, useEffect, useRef, useState, type FormHTMLAttributes, type SubmitEvent } from "react";
import { navigateTo } from "./navigation";

/**
 * React Router's fetcher, for the forms of a page that may be a page of islands (decision 021,
 * issue 44 part 3): the form is drawn with `method="post"` and its page's `action`, so without
 * JavaScript the browser posts it to the route's action as before; with JavaScript it goes to
 * `endpoint`, a JSON answer of the same action (`answerInJson`, app/lib/answer-in-json.server.ts),
 * without leaving the page. `state` is "submitting" while it is on its way, then `data` is the
 * answer. An answer that is not JSON (offline, a proxy's error page) becomes `unreachable`; an
 * answer `{ redirect }` (the action redirected) opens that page.
 *
 * Fields go URL-encoded, as React Router's fetcher sent them, unless the form is multipart (a
 * file). `key` keeps the last answer for a form drawn again later (as a fetcher's key did).
 */
export interface ActionFetcher<T> {
  state: "idle" | "submitting";
  data: T | undefined;
  /** The form: posts to `action` natively, to the endpoint from script. */
  Form: (props: ActionFormProps) => React.ReactNode;
  /** Sends these fields as if a form had. */
  submit: (fields: Record<string, string>) => void;
}

export type ActionFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, "method"> & { method: "post" };

const lastAnswers = new Map<string, unknown>();

export function useActionFetcher<T>(endpoint: string, options: { unreachable: T; key?: string }): ActionFetcher<T> {
  const { unreachable, key } = options;
  const [state, setState] = useState<"idle" | "submitting">("idle");
  const [data, setData] = useState<T | undefined>(() => (key ? (lastAnswers.get(key) as T | undefined) : undefined));
  const sending = useRef(false);
  const send = useCallback(
    async (body: URLSearchParams | FormData) => {
      if (sending.current) return;
      sending.current = true;
      setState("submitting");
      let next: T = unreachable;
      try {
        const response = await fetch(endpoint, { method: "POST", body, headers: { Accept: "application/json" } });
        if (response.headers.get("Content-Type")?.includes("application/json")) {
          const answer = (await response.json()) as T | { redirect: string };
          if (answer && typeof answer === "object" && "redirect" in answer && typeof answer.redirect === "string") {
            navigateTo(answer.redirect);
            return; // state stays "submitting" while the next page loads
          }
          next = answer as T;
        }
      } catch {
        // offline: `unreachable` says so
      }
      sending.current = false;
      if (key) lastAnswers.set(key, next);
      setState("idle");
      setData(next);
    },
    [endpoint, unreachable, key],
  );
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });
  const [Form] = useState(
    () =>
      // One component for the life of the hook: a new one each render would remount the form.
      function ActionForm({ onSubmit, ...props }: ActionFormProps) {
        const submitForm = (event: SubmitEvent<HTMLFormElement>) => {
          onSubmit?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          const form = event.currentTarget;
          const fields = new FormData(form);
          const submitter = event.nativeEvent.submitter;
          if (submitter instanceof HTMLButtonElement && submitter.name) fields.append(submitter.name, submitter.value);
          if (form.enctype === "multipart/form-data") return void sendRef.current(fields);
          const body = new URLSearchParams();
          for (const [name, value] of fields) if (typeof value === "string") body.append(name, value);
          void sendRef.current(body);
        };
        return <form {...props} onSubmit={submitForm} />;
      },
  );
  const submit = useCallback((fields: Record<string, string>) => void send(new URLSearchParams(fields)), [send]);
  return { state, data, Form, submit };
}
