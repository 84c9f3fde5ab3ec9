/**
 * fast-check as every property test imports it (`import fc from
 * "fast-check"` resolves here through tests/dev.json): the upstream package
 * with one fixed seed, so the suite draws the same cases on every run and a
 * CI run cannot fail on a case no earlier run met. `BATON_PROPERTY_SEED=N`
 * draws from seed N instead, `BATON_PROPERTY_SEED=random` from a new seed
 * each run (fast-check prints the seed of any failure, which reproduces it).
 * @module
 */
import fc from "fast-check-upstream";

/** The seed the suite uses when none is asked for. */
export const DEFAULT_PROPERTY_SEED = 20261205;

const asked = Deno.env.get("BATON_PROPERTY_SEED");
if (asked !== "random") {
  const seed = asked === undefined || asked === "" ? DEFAULT_PROPERTY_SEED : Number(asked);
  if (!Number.isSafeInteger(seed)) throw new Error("BATON_PROPERTY_SEED is an integer or random");
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}

export * from "fast-check-upstream";
export { default } from "fast-check-upstream";
