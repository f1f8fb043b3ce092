import { useEffect, useState } from "react";
import { notify } from "~/components/ui/toaster";
import type { FormMessage } from "~/modules/auth/auth.schema";

type Result = FormMessage & { ok: boolean };

/**
 * The message a form shows and toasts: the browser's own check (set when submitting) wins,
 * otherwise the server's last answer. Each new answer is toasted once.
 */
export function useFormFeedback<T extends Result>(fetcher: { state: string; data?: T }) {
  const [local, setLocal] = useState<FormMessage | null>(null);
  const server = fetcher.state === "idle" ? fetcher.data : undefined;

  useEffect(() => {
    if (!server) return;
    (server.ok ? notify.success : notify.error)(server.title, { description: server.description });
  }, [server]);

  return {
    /** What to show under the form, if anything. */
    shown: local ? { ...local, ok: false } : (server ?? null),
    server,
    /** The browser's check failed: show and toast it, and keep the form from submitting. */
    reject(message: FormMessage) {
      setLocal(message);
      notify.error(message.title, { description: message.description });
    },
    /** The browser's check passed: the server's answer will be shown. */
    accept() {
      setLocal(null);
    },
  };
}
