/**
 * Island props JSON would drop or change, refused when compiling (`npm run typecheck` fails if
 * one of these ever compiles): `defineIsland` in island.tsx. Never run.
 */
import { defineIsland } from "./island";

export function propsJsonRefuses() {
  // @ts-expect-error a function does not survive JSON
  defineIsland("with-callback", (_props: { onPick: () => void }) => null);
  // @ts-expect-error a Date comes back as a string
  defineIsland("with-date", (_props: { placedAt: Date }) => null);
  // @ts-expect-error a Map comes back as {}
  defineIsland("with-map", (_props: { stock: Map<string, number> }) => null);
  // @ts-expect-error a bigint cannot be written as JSON at all
  defineIsland("with-bigint", (_props: { pesewas: bigint }) => null);
  // @ts-expect-error nested: a callback deep in an object
  defineIsland("with-nested-callback", (_props: { product: { name: string; format: (n: number) => string } }) => null);
}
