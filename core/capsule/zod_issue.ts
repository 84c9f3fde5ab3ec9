/**
 * Turns a zod error into one content-free line: the location by field names
 * from our own schema and array indexes, never the offending value and never
 * an unknown key the input invented.
 * @module
 */
import type { z } from "zod";

/** Describes the first issue of a zod error without echoing input. */
export function describeZodIssue(error: z.ZodError, knownKeys: readonly string[]): string {
  const issue = error.issues[0];
  if (issue === undefined) return "the value does not match the schema";
  const path = issue.path.map((p) => {
    if (typeof p === "number") return `[${p}]`;
    const key = String(p);
    return knownKeys.includes(key) ? `.${key}` : ".<field>";
  }).join("").replace(/^\./, "");
  const where = path === "" ? "top level" : `"${path}"`;
  switch (issue.code) {
    case "unrecognized_keys":
      return `unknown field at ${where} (${issue.keys.length} unknown); expected only: ${
        knownKeys.slice(0, 12).join(", ")
      }`;
    case "invalid_type":
      return `wrong type at ${where}: expected ${issue.expected}`;
    case "invalid_value":
      return `value not allowed at ${where}`;
    case "invalid_union":
      return `value at ${where} matches none of the accepted forms`;
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
