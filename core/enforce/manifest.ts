/**
 * The evidence manifest `<git dir>/baton/enforce/manifest.jsonl`: one JSON line per
 * enforcement change, each naming the sha256 of the line before it and
 * authenticated with an HMAC-SHA-256 key kept outside the repository (in
 * the baton home, never in an environment variable the agent sees). Pure:
 * lines in, lines or problems out.
 *
 * Decisions:
 * - The key authenticates, it never gates: a machine without the key still
 *   writes evidence (hmac null, reported by verify), so no recovery needs
 *   a key the user does not have.
 * @module
 */
import { sha256Hex } from "../hash.ts";

/** What happened. */
export type ManifestAction = "write" | "resume" | "bypass" | "unlock" | "repair" | "enforce";

/** One entry before it is chained. */
export interface ManifestEntry {
  at: string;
  action: ManifestAction;
  session: string | null;
  /** Content-free details (ids, counts, reasons a person typed are not kept here). */
  detail: Record<string, string | number | boolean | null>;
}

/** The sha256 the first line names as its predecessor. */
export const GENESIS = "0".repeat(64);

async function hmacHex(key: Uint8Array, text: string): Promise<string> {
  const k = await crypto.subtle.importKey(
    "raw",
    key as Uint8Array<ArrayBuffer>,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(text));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The line after `previousLine` (null for the first), without its newline. */
export async function manifestLine(
  previousLine: string | null,
  entry: ManifestEntry,
  key: Uint8Array | null,
): Promise<string> {
  const prev = previousLine === null ? GENESIS : await sha256Hex(previousLine);
  const body = JSON.stringify({ ...entry, prev });
  const hmac = key === null ? null : await hmacHex(key, body);
  return JSON.stringify({ ...entry, prev, hmac });
}

/** A problem verify found. */
export interface ManifestProblem {
  /** 1-based line number. */
  line: number;
  kind: "malformed" | "broken_link" | "bad_hmac" | "unauthenticated";
}

/** Checks every link and, with a key, every HMAC. */
export async function verifyManifest(
  lines: readonly string[],
  key: Uint8Array | null,
): Promise<ManifestProblem[]> {
  const problems: ManifestProblem[] = [];
  let previous: string | null = null;
  for (const [i, line] of lines.entries()) {
    let o: Record<string, unknown>;
    try {
      o = JSON.parse(line);
    } catch {
      problems.push({ line: i + 1, kind: "malformed" });
      previous = line;
      continue;
    }
    const expected = previous === null ? GENESIS : await sha256Hex(previous);
    if (o.prev !== expected) problems.push({ line: i + 1, kind: "broken_link" });
    const { hmac, ...rest } = o;
    if (typeof hmac !== "string") problems.push({ line: i + 1, kind: "unauthenticated" });
    else if (key !== null && hmac !== await hmacHex(key, JSON.stringify(rest))) {
      problems.push({ line: i + 1, kind: "bad_hmac" });
    }
    previous = line;
  }
  return problems;
}
