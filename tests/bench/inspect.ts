/**
 * Bench notes: one-line summaries of baton's --json output from each
 * scenario's validation run, so the report shows what was actually measured
 * (pure: no I/O; tolerant of shapes it does not know).
 * @module
 */

function parse(stdout: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(stdout);
    return typeof v === "object" && v !== null ? v as Record<string, unknown> : null;
  } catch {
    return null;
  }
}

function field(obj: unknown, key: string): unknown {
  return typeof obj === "object" && obj !== null
    ? (obj as Record<string, unknown>)[key]
    : undefined;
}

/**
 * Summarizes `baton preflight --json`: changed and untracked counts, skips and publication.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inspectPreflight } from "./inspect.ts";
 * assert.match(inspectPreflight('{"facts":{"changed_count":1}}') ?? "", /changed 1/);
 * ```
 */
export function inspectPreflight(stdout: string): string | undefined {
  const facts = field(parse(stdout), "facts");
  if (facts === undefined) return "output is not the expected JSON";
  const published = field(facts, "published");
  const skipped = field(facts, "skipped");
  const notes = field(facts, "notes");
  const parts = [
    `changed ${String(field(facts, "changed_count"))}`,
    `untracked ${String(field(facts, "untracked_count"))}${
      field(facts, "untracked_truncated") === true ? "+" : ""
    }`,
    `published ${String(field(published, "status"))} (${String(field(published, "reason"))})`,
  ];
  if (typeof skipped === "object" && skipped !== null && Object.keys(skipped).length > 0) {
    parts.push(`skipped ${JSON.stringify(skipped)}`);
  }
  if (Array.isArray(notes) && notes.length > 0) parts.push(`notes ${JSON.stringify(notes)}`);
  return parts.join(", ");
}

/**
 * Summarizes `baton load --json`: the drift checks that did not match.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inspectLoad } from "./inspect.ts";
 * assert.equal(inspectLoad('{"drift":[{"check":"root","status":"match"}]}'), "every drift check matches");
 * ```
 */
export function inspectLoad(stdout: string): string | undefined {
  const out = parse(stdout);
  if (out === null) return "output is not JSON";
  if (out.capsule_id === null) return "no capsule loaded";
  const drift = out.drift;
  if (!Array.isArray(drift)) return undefined;
  const off = drift.filter((d) => field(d, "status") !== "match")
    .map((d) => `${String(field(d, "check"))}=${String(field(d, "status"))}`);
  return off.length === 0 ? "every drift check matches" : `drift: ${off.join(", ")}`;
}

/**
 * Summarizes `baton finalize --json`: status and budget.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inspectFinalize } from "./inspect.ts";
 * assert.match(inspectFinalize('{"status":"active"}') ?? "", /active/);
 * ```
 */
export function inspectFinalize(stdout: string): string | undefined {
  const out = parse(stdout);
  if (out === null) return "output is not JSON";
  return `status ${String(out.status)}, budget ${JSON.stringify(out.budget)}`;
}

/** What a preflight must report on a fixture. */
export interface PreflightExpectation {
  /** Fewest and most changed entries (baton counts untracked files as changed entries). */
  changed: [number, number];
  untracked: number;
}

/**
 * Returns why a preflight's output does not match the fixture, or undefined.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyPreflight } from "./inspect.ts";
 * const out = '{"facts":{"changed_count":0,"untracked_count":0}}';
 * assert.equal(verifyPreflight(out, { changed: [0, 0], untracked: 0 }), undefined);
 * ```
 */
export function verifyPreflight(
  stdout: string,
  expected: PreflightExpectation,
): string | undefined {
  const facts = field(parse(stdout), "facts");
  if (facts === undefined) return "output is not preflight JSON";
  const changed = field(facts, "changed_count");
  const untracked = field(facts, "untracked_count");
  const [lo, hi] = expected.changed;
  if (
    typeof changed !== "number" || changed < lo || changed > hi || untracked !== expected.untracked
  ) {
    return `reported changed ${String(changed)}, untracked ${String(untracked)}; expected changed ${
      lo === hi ? lo : `${lo}-${hi}`
    }, untracked ${expected.untracked}`;
  }
  return undefined;
}

/**
 * Returns why `baton load --json` did not load a capsule, or undefined.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyLoad } from "./inspect.ts";
 * assert.match(verifyLoad('{"capsule_id":null}') ?? "", /no capsule/);
 * ```
 */
export function verifyLoad(stdout: string): string | undefined {
  const out = parse(stdout);
  if (out === null) return "output is not JSON";
  return typeof out.capsule_id === "string" ? undefined : "no capsule loaded";
}

/**
 * Returns why `baton finalize --json` did not write a capsule, or undefined.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyFinalize } from "./inspect.ts";
 * assert.equal(verifyFinalize('{"id":"sha256:00"}'), undefined);
 * ```
 */
export function verifyFinalize(stdout: string): string | undefined {
  const out = parse(stdout);
  if (out === null) return "output is not JSON";
  return typeof out.id === "string" ? undefined : "no capsule id in the output";
}

/**
 * Returns a verifier requiring stdout to match `pattern`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyText } from "./inspect.ts";
 * assert.equal(verifyText(/^hello$/m)("hello\n"), undefined);
 * ```
 */
export function verifyText(pattern: RegExp): (stdout: string) => string | undefined {
  return (stdout) =>
    pattern.test(stdout)
      ? undefined
      : `stdout ${JSON.stringify(stdout.slice(0, 80))} does not match ${pattern}`;
}
