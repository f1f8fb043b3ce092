import { createContext, useContext } from "react";

/**
 * The CSP nonce of the response being rendered. Provided by entry.server only: the nonce is
 * never sent in page data, and in the browser it is not needed once the scripts have run.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
