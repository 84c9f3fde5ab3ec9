/**
 * Shared set-up of the e2e tests on where a capsule was written: one decision
 * to finalize, `baton decisions --json` read back, a `.baton` copied from one
 * repository into another (as a stranger's commit or archive would bring it).
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "./cli.ts";

/** A draft holding one decision (`db`). */
export const DB_DRAFT = {
  now: "choosing a database",
  decisions: [{ id: "db", text: "use sqlite everywhere", why: "simple" }],
};

/** The part of a `decisions --json` row these tests read. */
export interface DecisionJson {
  id: string;
  made: { trusted: boolean; elsewhere?: boolean };
}

/** `baton decisions --json` in `dir` (exit 0 asserted): its decisions. */
export async function decisionsJson(
  dir: string,
  env: Record<string, string> = {},
): Promise<DecisionJson[]> {
  const r = await runBaton(["decisions", "--json"], { cwd: dir, env });
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout).decisions;
}

/** Copies `from`'s .baton (latest and archive) into `to`. */
export async function copyBaton(from: string, to: string): Promise<void> {
  const cp = await new Deno.Command("cp", { args: ["-a", `${from}/.baton`, `${to}/`] }).output();
  assert.ok(cp.success);
}
