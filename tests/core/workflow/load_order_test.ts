/**
 * Load's two orders give one answer: without a deadline it scans the
 * repository before it parses the capsule and checks its signature, with one
 * it re-checks the capsule, the chain and the recorded files first
 * (core/workflow/load.ts). With a deadline too far to be reached, both orders
 * run every step to its end, so their results must be equal, in real
 * repositories whose files, attributes and index change between capture and
 * load.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { loadBriefing } from "../../../core/workflow/load.ts";
import { finalizeDraft } from "../../../core/workflow/finalize.ts";
import { commitAll, git, makeRepo, writeFiles } from "../../_helpers/git.ts";
import { ownKeys, testContext } from "../../_helpers/temp_fs.ts";

const GIT_NOSYSTEM = { GIT_CONFIG_NOSYSTEM: "1", GIT_ATTR_NOSYSTEM: "1" };
const enc = new TextEncoder();

/** A step that changes the repository: before capture (what the capsule records) or after. */
type Step =
  | { kind: "write"; path: string; crlf: boolean; text: string }
  | { kind: "remove"; path: string }
  | { kind: "stage" }
  | { kind: "attributes"; text: string }
  | { kind: "unlinkAttributes" }
  | { kind: "breakIndex" };

const PATHS = ["a.txt", "d/f.txt", "d/e/g.md", "n.txt"];

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("write" as const),
      path: fc.constantFrom(...PATHS),
      crlf: fc.boolean(),
      text: fc.constantFrom("x", "two\nlines", "changed"),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ kind: fc.constant("remove" as const), path: fc.constantFrom(...PATHS) }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: "stage" as const }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("attributes" as const),
      text: fc.constantFrom("*.txt text\n", "*.txt text eol=crlf\n", "*.md -text\n"),
    }),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: "unlinkAttributes" as const }), weight: 1 },
);

async function apply(dir: string, s: Step): Promise<void> {
  switch (s.kind) {
    case "write": {
      const body = s.crlf ? s.text.replaceAll("\n", "\r\n") + "\r\n" : s.text + "\n";
      await writeFiles(dir, { [s.path]: body });
      return;
    }
    case "remove":
      await Deno.remove(`${dir}/${s.path}`).catch(() => {});
      return;
    case "stage":
      await git(dir, ["add", "-A"]);
      return;
    case "attributes":
      await writeFiles(dir, { "d/.gitattributes": s.text });
      return;
    case "unlinkAttributes":
      await Deno.remove(`${dir}/d/.gitattributes`).catch(() => {});
      return;
    case "breakIndex":
      await Deno.writeFile(`${dir}/.git/index`, enc.encode("not an index"));
      return;
  }
}

Deno.test("loadBriefing() without a deadline (the scan first) gives what it gives with a deadline it does not reach (the capsule first)", async () => {
  const keys = await ownKeys(9);
  const ctx = (dir: string, at = "2026-06-01T12:00:00.000Z") =>
    testContext(dir, { keys, gitEnvironment: GIT_NOSYSTEM, now: () => new Date(at) });
  await fc.assert(
    fc.asyncProperty(
      fc.array(step, { maxLength: 5 }),
      fc.boolean(),
      fc.array(step, { maxLength: 5 }),
      fc.constantFrom(false, false, false, true),
      async (before, chained, after, breakIndex) => {
        const dir = await makeRepo();
        try {
          await writeFiles(dir, {
            "a.txt": "a\n",
            "d/f.txt": "f\n",
            "d/e/g.md": "g\n",
            "d/.gitattributes": "*.txt text\n",
          });
          await commitAll(dir);
          if (chained) {
            await finalizeDraft(
              ctx(dir, "2026-06-01T10:00:00.000Z"),
              enc.encode(JSON.stringify({
                now: "first",
                decisions: [{ text: "keep the parser", why: "it works" }],
              })),
            );
          }
          for (const s of before) await apply(dir, s);
          await finalizeDraft(
            ctx(dir, "2026-06-01T11:00:00.000Z"),
            enc.encode(JSON.stringify({
              now: "editing",
              next_action: { description: "run the tests", command: "deno test" },
            })),
          );
          for (const s of after) await apply(dir, s);
          if (breakIndex) await apply(dir, { kind: "breakIndex" });
          const scanFirst = await loadBriefing(ctx(dir));
          const capsuleFirst = await loadBriefing(ctx(dir), { budgetMs: 1e12 });
          assert.ok(scanFirst !== null);
          assert.deepEqual(scanFirst, capsuleFirst);
        } finally {
          await Deno.remove(dir, { recursive: true });
        }
      },
    ),
    {
      numRuns: 25,
      examples: [
        // A .gitattributes deleted but still staged over a recorded CRLF file: the scan is what
        // tells the re-check to take the index's copy (load_index_reads_test.ts).
        [
          [{ kind: "unlinkAttributes" }, {
            kind: "write",
            path: "d/f.txt",
            crlf: true,
            text: "changed",
          }],
          false,
          [],
          false,
        ],
        // A chain whose decisions are read, a file deleted and one added since capture.
        [[{ kind: "write", path: "a.txt", crlf: false, text: "x" }], true, [
          { kind: "remove", path: "a.txt" },
          { kind: "write", path: "n.txt", crlf: false, text: "x" },
        ], false],
        // An index that cannot be read now.
        [[{ kind: "write", path: "a.txt", crlf: false, text: "x" }], false, [], true],
      ],
    },
  );
});
