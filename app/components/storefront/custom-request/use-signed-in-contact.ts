import { useEffect, useRef } from "react";

export interface SignedInContact {
  name: string;
  email: string;
  phone: string;
}

/**
 * A signed-in customer's name, email and phone, asked of /api/my-contact after the page has
 * loaded: the custom request page is cached and shared, so nothing personal is in its HTML.
 * `onArrive` runs once with them; a guest gets no call.
 */
export function useSignedInContact(onArrive: (contact: SignedInContact) => void): void {
  const arrive = useRef(onArrive);
  useEffect(() => {
    arrive.current = onArrive;
  });
  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/my-contact", { signal: controller.signal, headers: { Accept: "application/json" }, cache: "no-store" })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { contact: SignedInContact | null } | null) => {
        if (body?.contact) arrive.current(body.contact);
      })
      .catch(() => {});
    return () => controller.abort();
  }, []);
}
