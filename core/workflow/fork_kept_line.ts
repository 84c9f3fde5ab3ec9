/**
 * The line a capture hook and finalize print when the capsule they wrote
 * continues this clone's newest instead of latest.md's capsule, a trusted
 * teammate's from another fork (./fork_head.ts): that capsule is kept in the
 * archive, and says where to read it. Pure and light (the hook's runner
 * imports it on every capture).
 * @module
 */
import { shortId } from "../capsule/short_id.ts";

/**
 * The line for the kept capsule `id` (a capsule id the store parsed; anything else is not named).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { forkKeptLine } from "./fork_kept_line.ts";
 * const id = "sha256:" + "0123456789abcdef".repeat(4);
 * assert.match(forkKeptLine(id), /capsule 0123456789ab, .* kept in \.baton\/capsules/);
 * assert.doesNotMatch(forkKeptLine("sha256:\u001b[2J"), /\u001b/);
 * ```
 */
export function forkKeptLine(id: string): string {
  const named = /^sha256:[0-9a-f]{64}$/.test(id) ? `capsule ${shortId(id)}` : "its capsule";
  return `.baton/latest.md held ${named}, which a key this machine trusts signed, from another fork of the chain that leaves out the newest capsule this clone made current: the new capsule continues that newest one, and ${named} is kept in .baton/capsules, no longer current (${
    named === "its capsule" ? "baton list shows it" : `baton show ${shortId(id)} reads it`
  })`;
}
