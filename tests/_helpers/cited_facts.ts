/**
 * Finalizes a draft whose verified facts cite evidence records, through the
 * real CLI, and reads back what the capsule kept: each fact's trust and the
 * reason a lowered one was given. The evidence tests share it.
 * @module
 */
import assert from "node:assert/strict";
import { runBaton } from "./cli.ts";
import { extractCapsuleJson } from "../../core/capsule/parse.ts";

/** The capsule's verdict on each cited fact, in the draft's order. */
export interface CitedVerdicts {
  trust: string[];
  /** Why the fact at `i` was lowered (undefined when it was not). */
  why(i: number): string | undefined;
}

/**
 * Finalizes `facts` (text and evidence id each) in `dir` and reads the capsule's verdicts;
 * `env` is the environment the evidence was recorded in (a record made under another PATH
 * is lowered).
 */
export async function finalizeCitations(
  dir: string,
  facts: { text: string; evidence: string }[],
  env?: Record<string, string>,
): Promise<CitedVerdicts> {
  await Deno.writeTextFile(
    `${dir}/.git/draft.json`,
    JSON.stringify({ now: "checking evidence", verified_facts: facts }),
  );
  const f = await runBaton(["finalize", "--draft", `${dir}/.git/draft.json`], {
    cwd: dir,
    ...(env === undefined ? {} : { env }),
  });
  assert.equal(f.code, 0, f.stderr);
  const capsule = JSON.parse(
    extractCapsuleJson(await Deno.readTextFile(`${dir}/.baton/latest.md`)),
  );
  return {
    trust: capsule.meaning.verified_facts.map((x: { trust: string }) => x.trust),
    why: (i) =>
      capsule.downgrades.find((d: { field: string }) => d.field === `verified_facts[${i}]`)?.why,
  };
}
