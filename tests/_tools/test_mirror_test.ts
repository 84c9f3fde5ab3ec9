import assert from "node:assert/strict";
import { listSources, mirroredTestPath, type MirrorLists, mirrorReport } from "./test_mirror.ts";

const NONE: MirrorLists = { exempt: {}, coveredBy: {}, notYetTested: [] };

Deno.test("mirroredTestPath() maps core/ and commands/ modules to tests/<same path>_test.ts", () => {
  assert.equal(mirroredTestPath("core/a/b.ts"), "tests/core/a/b_test.ts");
  assert.equal(mirroredTestPath("commands/_adapters/io.ts"), "tests/commands/_adapters/io_test.ts");
});

Deno.test("mirrorReport() fails a module with behaviour and no test (positive control), passes it with one", () => {
  const sources = ["core/a.ts", "commands/b.ts"];
  const without = mirrorReport(sources, new Set(sources), NONE);
  assert.deepEqual(without.missing, ["commands/b.ts", "core/a.ts"]);
  const files = new Set([...sources, "tests/core/a_test.ts", "tests/commands/b_test.ts"]);
  const withTests = mirrorReport(sources, files, NONE);
  assert.deepEqual(withTests.missing, []);
  assert.deepEqual(withTests.stale, []);
  assert.deepEqual(withTests.tested, ["commands/b.ts", "core/a.ts"]);
});

Deno.test("mirrorReport() sorts listed modules into their lists and keeps the lists honest", () => {
  const sources = ["core/types.ts", "core/_p.ts", "core/debt.ts"];
  const lists: MirrorLists = {
    exempt: { "core/types.ts": "types only" },
    coveredBy: { "core/_p.ts": { test: "tests/core/x_test.ts", reason: "private" } },
    notYetTested: ["core/debt.ts"],
  };
  const files = new Set([...sources, "tests/core/x_test.ts"]);
  const ok = mirrorReport(sources, files, lists);
  assert.deepEqual([ok.exempt, ok.coveredBy, ok.notYetTested], [
    ["core/types.ts"],
    ["core/_p.ts"],
    ["core/debt.ts"],
  ]);
  assert.deepEqual([ok.missing, ok.stale], [[], []]);

  // A debt entry that gained its test, a covering test that is gone, a file that is gone.
  const gained = mirrorReport(sources, new Set([...files, "tests/core/debt_test.ts"]), lists);
  assert.equal(gained.stale.length, 1);
  assert.match(gained.stale[0]!, /core\/debt\.ts: has tests\/core\/debt_test\.ts now/);
  const noCover = mirrorReport(sources, new Set(sources), lists);
  assert.match(noCover.stale.join("\n"), /covering test tests\/core\/x_test\.ts does not exist/);
  const gone = mirrorReport(["core/types.ts"], new Set(["core/types.ts"]), {
    ...lists,
    coveredBy: {},
  });
  assert.match(gone.stale.join("\n"), /core\/debt\.ts: listed but the file no longer exists/);
  const twice = mirrorReport(sources, files, {
    ...lists,
    notYetTested: ["core/debt.ts", "core/_p.ts"],
  });
  assert.match(twice.stale.join("\n"), /core\/_p\.ts: named in more than one list/);
});

Deno.test("the check run as a program exits 1 on a tree with an untested module and 0 once it has a test", async () => {
  const root = await Deno.makeTempDir({ prefix: "baton-mirror-" });
  try {
    await Deno.mkdir(`${root}/core/workflow`, { recursive: true });
    await Deno.mkdir(`${root}/tests/core/workflow`, { recursive: true });
    await Deno.writeTextFile(`${root}/core/workflow/new_step.ts`, "export const f = () => 1;\n");
    const run = async () => {
      const out = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--allow-read",
          new URL("./test_mirror.ts", import.meta.url).pathname,
          "--root",
          root,
        ],
        stdout: "piped",
        stderr: "piped",
      }).output();
      return { code: out.code, err: new TextDecoder().decode(out.stderr) };
    };
    // The real lists name files this tree lacks, so entries are stale here too; the
    // untested module must still be named.
    const failing = await run();
    assert.equal(failing.code, 1);
    assert.match(
      failing.err,
      /core\/workflow\/new_step\.ts: no test at tests\/core\/workflow\/new_step_test\.ts/,
    );
    await Deno.writeTextFile(`${root}/tests/core/workflow/new_step_test.ts`, "\n");
    const fixed = await run();
    assert.doesNotMatch(fixed.err, /new_step\.ts: no test/);
    const { sources } = listSources(root);
    assert.deepEqual(sources, ["core/workflow/new_step.ts"]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("the real tree passes the check", () => {
  const root = new URL("../../", import.meta.url).pathname;
  const { sources, files } = listSources(root);
  const r = mirrorReport(sources, files);
  assert.deepEqual([r.missing, r.stale], [[], []]);
  assert.ok(r.tested.length > 80);
});
