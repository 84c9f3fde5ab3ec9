/**
 * Turns a zod error (or a shape check's issues) into one content-free line: the location by field names
 * from our own schema and array indexes, never the offending value and never
 * an unknown key the input invented.
 *
 * Decisions:
 * - An unknown field is answered with the nearest known field (a known name
 *   is ours to print; the unknown one may be anything, even a secret), so a
 *   model fixes its draft in one retry.
 * - A value that matches none of a union's forms (a string or an object) is
 *   described by the form it came closest to: the branch whose issues lie
 *   deepest, so `decisions[0].status` is named instead of `decisions[0]`.
 * @module
 */
import { closestMatch } from "../closest.ts";

/**
 * The fields of an issue this reads: zod's issues and the shape checker's
 * (core/json/shape_check.ts) both have them.
 */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  keys?: readonly string[];
  expected?: string;
  values?: readonly unknown[];
  format?: string;
  errors?: readonly (readonly IssueLike[])[];
}

type Issue = IssueLike;

function location(path: readonly PropertyKey[], knownKeys: readonly string[]): string {
  const text = path.map((p) => {
    if (typeof p === "number") return `[${p}]`;
    const key = String(p);
    return knownKeys.includes(key) ? `.${key}` : ".<field>";
  }).join("").replace(/^\./, "");
  return text === "" ? "top level" : `"${text}"`;
}

/** The issue a union's closest branch reports, with the path made absolute. */
function closestBranch(issue: Issue): Issue | undefined {
  let best: Issue | undefined;
  for (const branch of issue.errors ?? []) {
    const first = branch[0];
    if (first === undefined) continue;
    // A branch that failed on the value's type at the union's own place is
    // not the form the writer meant.
    if (first.path.length === 0 && first.code === "invalid_type") continue;
    if (best === undefined || first.path.length > best.path.length) best = first;
  }
  return best === undefined ? undefined : { ...best, path: [...issue.path, ...best.path] };
}

function nearestKnown(unknown: readonly string[], knownKeys: readonly string[]): string[] {
  const out = new Set<string>();
  for (const key of unknown) {
    const near = closestMatch(key.toLowerCase(), knownKeys);
    if (near !== undefined) out.add(near);
  }
  return [...out];
}

function describeIssue(
  issue: Issue,
  knownKeys: readonly string[],
  names: readonly string[],
  depth: number,
): string {
  const where = location(issue.path, names);
  switch (issue.code) {
    case "unrecognized_keys": {
      const keys = issue.keys ?? [];
      const near = nearestKnown(keys, knownKeys);
      const hint = near.length > 0
        ? `did you mean ${near.map((k) => `"${k}"`).join(" or ")}?`
        : `expected only: ${knownKeys.slice(0, 12).join(", ")}`;
      return `unknown field at ${where} (${keys.length} unknown); ${hint}`;
    }
    case "invalid_type":
      return `wrong type at ${where}: expected ${issue.expected}`;
    case "invalid_value": {
      const values = issue.values ?? [];
      const allowed = values.filter((v) => typeof v === "string");
      return allowed.length > 0 && allowed.length === values.length
        ? `value not allowed at ${where}: expected one of ${allowed.join(", ")}`
        : `value not allowed at ${where}`;
    }
    case "invalid_union": {
      const inner = depth < 4 ? closestBranch(issue) : undefined;
      return inner === undefined
        ? `value at ${where} matches none of the accepted forms`
        : describeIssue(inner, knownKeys, names, depth + 1);
    }
    case "too_big":
      return `value too large at ${where}`;
    case "too_small":
      return `value too small at ${where}`;
    case "invalid_format":
      return `bad format at ${where}: expected ${issue.format}`;
    default:
      return `invalid value at ${where}`;
  }
}

/**
 * Describes the first issue of a zod error (or a shape check's) without echoing input.
 * `knownKeys` are the fields an unknown key is matched against; `names` the
 * schema's own words a location may print (nested field names too).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { z } from "zod";
 * import { describeZodIssue } from "./zod_issue.ts";
 * const schema = z.strictObject({ next_steps: z.array(z.string()).optional() });
 * const r = schema.safeParse({ next_stpes: ["x"] });
 * assert.ok(!r.success);
 * assert.match(describeZodIssue(r.error, ["next_steps"]), /did you mean "next_steps"\?/);
 * ```
 */
export function describeZodIssue(
  error: { issues: readonly IssueLike[] },
  knownKeys: readonly string[],
  names: readonly string[] = knownKeys,
): string {
  const issue = error.issues[0];
  if (issue === undefined) return "the value does not match the schema";
  return describeIssue(issue, knownKeys, [...knownKeys, ...names], 0);
}
