/**
 * The briefing's "Secret scan passed: N value(s) redacted" counts the
 * capsule's redaction list. That list is bounded: past 1000 entries finalize
 * kept one per field and kind, so a draft holding 1,100 keys in one field
 * was briefed as "1 value(s) redacted". A cut list now ends in a marker and
 * the line says the count is a floor. Real repository, the real CLI; the keys
 * are made up here (no vendor would accept them).
 * @module
 */
import assert from "node:assert/strict";
import { git, makeRepo } from "../_helpers/git.ts";
import { runBaton } from "../_helpers/cli.ts";
import { prng } from "../_helpers/prng.ts";

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `n` distinct values of a Stripe secret key's shape, the same on every run. */
function keys(n: number): string[] {
  const next = prng(105);
  const word = () => Array.from({ length: 24 }, () => ALNUM[Math.floor(next() * 62)]).join("");
  return Array.from({ length: n }, () => `sk_live_${word()}`);
}

async function briefedScan(now: string): Promise<string> {
  const dir = await makeRepo("baton-redaction-count-");
  try {
    await git(dir, ["commit", "-q", "--allow-empty", "-m", "first"]);
    const fin = await runBaton(["finalize", "--draft", "-"], {
      cwd: dir,
      stdin: JSON.stringify({ now }),
    });
    assert.equal(fin.code, 0, fin.stderr);
    const load = await runBaton(["load"], { cwd: dir });
    assert.equal(load.code, 0, load.stderr);
    const line = load.stdout.split("\n").find((l) => l.startsWith("- Secret scan"));
    assert.ok(line !== undefined, load.stdout);
    return line;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("1,100 keys redacted in one field are briefed as more than 1000, never as the cut list's length", async () => {
  assert.equal(
    await briefedScan(keys(1100).join(" ")),
    "- Secret scan passed: more than 1000 value(s) redacted (stripe_secret_key); the list of them was cut at its bound, so the count is a floor.",
  );
});

Deno.test("control: three keys are counted exactly", async () => {
  assert.equal(
    await briefedScan(keys(3).join(" ")),
    "- Secret scan passed: 3 value(s) redacted (stripe_secret_key x3).",
  );
});

Deno.test("1,100 [REDACTED:…] markers a draft typed are never briefed as values the scan redacted (attack112)", async () => {
  // Before: 'more than 1000 value(s) redacted (already_redacted)', a redaction that never happened.
  const markers = Array.from({ length: 1100 }, (_, i) => `[REDACTED:k${i}]`).join(" ");
  assert.equal(
    await briefedScan(markers),
    "- Secret scan passed: no secrets found; more than 1000 value(s) were already redacted in the text it was given; the list of them was cut at its bound, so the count is a floor.",
  );
  assert.equal(
    await briefedScan(`${markers} ${keys(1).join(" ")}`),
    "- Secret scan passed: more than 1000 value(s) redacted or already redacted in the text it was given (already_redacted, stripe_secret_key); the list of them was cut at its bound, so the count is a floor.",
  );
});
