/**
 * Test helper: the publication fact against git's own answer. git's
 * `for-each-ref --contains HEAD refs/remotes` is the oracle: baton's
 * `published` may be yes or no only where git exits 0 with that answer (some
 * ref listed, or none); where git stops, or answers otherwise, baton must say
 * unknown. baton is asked first: git may fetch missing objects from a
 * promisor remote as it answers, and baton never does.
 * @module
 */
import assert from "node:assert/strict";
import { batonFacts, gitAs, type UserEnv } from "./git_oracle.ts";
import type { Facts } from "../../core/capsule/recorded_facts.ts";

/** git's answer: yes/no, or stopped (a non-zero exit). */
export type GitPublished = "yes" | "no" | "stopped";

/** `git for-each-ref --contains HEAD refs/remotes` under `env`. */
export async function gitPublished(env: UserEnv, dir: string): Promise<GitPublished> {
  const out = await gitAs(env, dir, ["for-each-ref", "--contains", "HEAD", "refs/remotes"], {
    allowFail: true,
  });
  if (out.code !== 0) return "stopped";
  return out.stdout.length > 0 ? "yes" : "no";
}

/**
 * Asserts baton's `published` is git's answer or unknown; returns both
 * (baton's facts collected first, or the `facts` given).
 */
export async function assertPublishedAgrees(
  env: UserEnv,
  dir: string,
  options: { label?: string; facts?: Facts } = {},
): Promise<{ git: GitPublished; baton: Facts["published"] }> {
  const facts = options.facts ?? await batonFacts(env, dir);
  const git = await gitPublished(env, dir);
  const baton = facts.published;
  if (baton.status !== "unknown") {
    assert.equal(
      baton.status,
      git,
      `${options.label ?? dir}: published ${baton.status} (${baton.reason}) where git says ${git}`,
    );
  }
  return { git, baton };
}
