/**
 * The facts bench runs each baton case from main.ts and from the npm
 * package's staged form, and its targets judge the package's row (what
 * users run); a before checkout's twin is added for the main.ts row only,
 * run on the before build's own copy of the repository.
 */
import assert from "node:assert/strict";
import { MAIN } from "../_helpers/cli.ts";
import { buildFactsGroup, buildPublicationGroup, packageCmd } from "./facts.ts";
import type { FilesRepo } from "./repos.ts";

const REPO: FilesRepo = { size: 50_000, clean: "/r/clean", dirty: "/r/dirty" };

Deno.test("with a staged package, each baton case has a [package] row that the targets judge", () => {
  const group = buildFactsGroup(REPO, 5, 60, "/stage");
  const byId = new Map(group.cases.map((c) => [c.id, c]));
  for (const id of ["fx-pf-clean-50k", "fx-pf-dirty-50k", "fx-load-50k"]) {
    const source = byId.get(id)!;
    const packaged = byId.get(`${id}-pkg`)!;
    assert.ok(source.cmd.includes(MAIN), id);
    assert.deepEqual(source.targets, [], id);
    assert.deepEqual(packaged.cmd.slice(0, packageCmd("/stage").length), packageCmd("/stage"));
    assert.ok(!packaged.cmd.includes(MAIN), id);
    assert.deepEqual(packaged.cmd.slice(-2), source.cmd.slice(-2), id);
    assert.deepEqual(packaged.targets?.map((t) => t.kind), ["ratio", "rssMb"], id);
    assert.equal(packaged.baseline, source.baseline, id);
  }
  assert.ok(packageCmd("/stage").includes("--config=/stage/deno.json"));
  assert.equal(packageCmd("/stage").at(-1), "/stage/main.js");
  // git's rows stay single.
  assert.ok(!byId.has("fx-git-clean-50k-pkg"));
});

Deno.test("without a staged package the main.ts rows keep the targets (control)", () => {
  const group = buildFactsGroup(REPO, 5, 60);
  assert.ok(!group.cases.some((c) => c.id.endsWith("-pkg")));
  const load = group.cases.find((c) => c.id === "fx-load-50k")!;
  assert.deepEqual(load.targets?.map((t) => t.kind), ["ratio", "rssMb"]);
});

const BEFORE_REPO: FilesRepo = { size: 50_000, clean: "/b/clean", dirty: "/b/dirty" };

Deno.test("a before checkout's twin follows the main.ts row, not the package's, on its own copy", () => {
  const before = "/before/main.ts";
  Deno.env.set("BATON_BENCH_BEFORE", before);
  try {
    const cases = buildFactsGroup(REPO, 5, 60, "/stage", BEFORE_REPO).cases;
    const ids = cases.map((c) => c.id);
    assert.ok(ids.includes("fx-load-50k-before"));
    assert.ok(!ids.includes("fx-load-50k-pkg-before"));
    const byId = new Map(cases.map((c) => [c.id, c]));
    const twin = byId.get("fx-load-50k-before")!;
    assert.ok(twin.cmd.includes(before) && !twin.cmd.includes("/stage/main.js"));
    // Each twin runs in the before build's copy; its own row and git's stay on the cached one.
    const rows: [string, string][] = [["fx-pf-clean-50k", "/b/clean"], [
      "fx-pf-dirty-50k",
      "/b/dirty",
    ]];
    for (const [id, cwd] of rows) {
      assert.equal(byId.get(`${id}-before`)!.cwd, cwd, id);
      assert.equal(byId.get(id)!.cwd, cwd.replace("/b/", "/r/"), id);
      assert.equal(byId.get(`${id}-before`)!.baseline, byId.get(id)!.baseline, id);
    }
    assert.equal(twin.cwd, "/b/clean");
    const hook = byId.get("fx-inject-50k-before")!;
    assert.equal(JSON.parse(hook.stdin!).cwd, "/b/clean");
    assert.equal(byId.get("fx-git-clean-50k")!.cwd, "/r/clean");
    assert.ok(!ids.includes("fx-git-clean-50k-before"));
    // The checkout's folder names the same main.ts (the secrets bench takes a folder too).
    Deno.env.set("BATON_BENCH_BEFORE", "/before/");
    const fromFolder = buildFactsGroup(REPO, 5, 60, "/stage", BEFORE_REPO).cases;
    assert.ok(fromFolder.find((c) => c.id === "fx-load-50k-before")!.cmd.includes(before));
  } finally {
    Deno.env.delete("BATON_BENCH_BEFORE");
  }
});

Deno.test("BATON_BENCH_BEFORE without the before build's copy is refused, not run on the shared one", () => {
  Deno.env.set("BATON_BENCH_BEFORE", "/before/main.ts");
  try {
    assert.throws(() => buildFactsGroup(REPO, 5, 60, "/stage"), /own copy/);
    assert.throws(() => buildPublicationGroup("/p", 5), /own copy/);
    const pub = buildPublicationGroup("/p", 5, "/p-before").cases;
    assert.equal(pub.find((c) => c.id === "fx-pf-pub-before")!.cwd, "/p-before");
    assert.equal(pub.find((c) => c.id === "fx-pf-pub")!.cwd, "/p");
  } finally {
    Deno.env.delete("BATON_BENCH_BEFORE");
  }
  // Control: without it there is no twin and no copy is needed.
  const ids = buildFactsGroup(REPO, 5, 60, "/stage").cases.map((c) => c.id);
  assert.ok(!ids.some((id) => id.endsWith("-before")));
});
