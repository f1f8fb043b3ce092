import { useSubmit } from "react-router";

/**
 * Submits an admin filter form (GET) without its blank fields, so the URL reads
 * ?status=delivered rather than ?q=&status=delivered&payment=. Without JavaScript the form
 * still works natively (blanks included). Filters start again at page 1 (forms carry no page).
 */
export function useFilterSubmit() {
  const submit = useSubmit();
  return (form: HTMLFormElement | null | undefined) => {
    if (!form) return;
    const data = new FormData(form);
    for (const [key, value] of [...data.entries()]) if (typeof value === "string" && value.trim() === "") data.delete(key);
    void submit(data, { method: "get", action: form.getAttribute("action") ?? undefined, preventScrollReset: true });
  };
}
