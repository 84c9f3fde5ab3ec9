/**
 * goneMaybeRenamed(): a gone file is named where it scores at least half
 * against some conflicted file, or where a side cannot be read; never where
 * it scores below half against every one. Agreement with git itself is in
 * tests/core/facts/git_agreement_test.ts ("unmerged: a file gone ...").
 * @module
 */
import assert from "node:assert/strict";
import {
  goneMaybeRenamed,
  MAX_SCORED_PAIRS,
} from "../../../../core/facts/worktree/unmerged_renames.ts";

const enc = (t: string) => new TextEncoder().encode(t);
const lines = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `line ${from + i}\n`).join("");

function io(
  sources: Record<string, string | null>,
  destinations: Record<string, string | null | { unknown: string }>,
) {
  return {
    source: (p: string) => {
      const s = sources[p];
      return Promise.resolve(s === undefined || s === null ? null : enc(s));
    },
    destination: (p: string) => {
      const d = destinations[p];
      return Promise.resolve(
        d === undefined || d === null ? null : typeof d === "string" ? enc(d) : d,
      );
    },
  };
}

Deno.test("a gone file is named only where it scores at least half against a conflicted file", async () => {
  const sources = {
    same: lines(0, 40),
    // 30 of 40 lines shared: 75 %.
    most: lines(10, 40),
    // 10 of 40 lines shared: 25 %.
    few: lines(30, 40),
    other: "nothing alike\n",
  };
  const got = await goneMaybeRenamed(
    Object.keys(sources),
    ["conflict"],
    io(sources, {
      conflict: lines(0, 40),
    }),
  );
  assert.deepEqual(got, ["same", "most"]);
  // Control: nothing is named without a destination or without a gone file.
  assert.deepEqual(await goneMaybeRenamed(Object.keys(sources), [], io(sources, {})), []);
  assert.deepEqual(await goneMaybeRenamed([], ["conflict"], io({}, { conflict: "x\n" })), []);
});

Deno.test("what cannot be read or converted, and too many pairs, name every gone file", async () => {
  const sources = { a: "a\n", b: "b\n" };
  const unknown = { conflict: { unknown: "a clean filter that is not run here" } };
  assert.deepEqual(await goneMaybeRenamed(["a", "b"], ["conflict"], io(sources, unknown)), [
    "a",
    "b",
  ]);
  assert.deepEqual(
    await goneMaybeRenamed(["a", "b"], ["conflict"], io(sources, { conflict: null })),
    ["a", "b"],
  );
  // An unreadable source alone.
  assert.deepEqual(
    await goneMaybeRenamed(["a", "gone"], ["conflict"], io({ a: "a\n" }, { conflict: "z\n" })),
    ["gone"],
  );
  const many = Array.from({ length: MAX_SCORED_PAIRS + 1 }, (_, i) => `g${i}`);
  assert.equal(
    (await goneMaybeRenamed(many, ["conflict"], io({}, { conflict: "z\n" }))).length,
    many.length,
  );
});

Deno.test("each side is scored as text or binary as told; a reading not known here scores both", async () => {
  // A NUL makes both binary by content: the CRs count and the score stays low.
  const crlf = "\0" + lines(0, 40).replaceAll("\n", "\r\n");
  const lf = "\0" + lines(0, 40);
  const base = io({ old: crlf }, { c: lf });
  assert.deepEqual(await goneMaybeRenamed(["old"], ["c"], base), [], "control: binary by content");
  const told = (t: boolean | null | "either") => ({ ...base, text: () => Promise.resolve(t) });
  assert.deepEqual(
    await goneMaybeRenamed(["old"], ["c"], told(true)),
    ["old"],
    "text: CRs skipped",
  );
  assert.deepEqual(await goneMaybeRenamed(["old"], ["c"], told(false)), []);
  assert.deepEqual(await goneMaybeRenamed(["old"], ["c"], told(null)), []);
  assert.deepEqual(await goneMaybeRenamed(["old"], ["c"], told("either")), ["old"]);
});

Deno.test("the same blob pairs as git's exact pass does: the empty one too, a symlink only with a symlink", async () => {
  // Seed 91162: an empty gone file beside an emptied conflicted file (no score reaches it).
  assert.deepEqual(
    await goneMaybeRenamed(["empty", "short"], ["c"], io({ empty: "", short: "x" }, { c: "" })),
    ["empty"],
  );
  assert.deepEqual(
    await goneMaybeRenamed(["empty"], ["c"], io({ empty: "" }, { c: "x\n" })),
    [],
    "control: empty beside a non-empty file",
  );
  const links = (gone: string[], dsts: string[]) => ({
    ...io({ link: "target", file: "target", similar: "targets" }, { l: "target", f: "target" }),
    symlink: (p: string) => gone.includes(p) || dsts.includes(p),
  });
  assert.deepEqual(await goneMaybeRenamed(["link"], ["l"], links(["link"], ["l"])), ["link"]);
  // A symlink is never scored, and never pairs with a regular file.
  assert.deepEqual(await goneMaybeRenamed(["similar"], ["l"], links(["similar"], ["l"])), []);
  assert.deepEqual(await goneMaybeRenamed(["link"], ["f"], links(["link"], [])), []);
  assert.deepEqual(await goneMaybeRenamed(["file"], ["l"], links([], ["l"])), []);
  assert.deepEqual(await goneMaybeRenamed(["file"], ["f"], links([], [])), ["file"], "control");
});
