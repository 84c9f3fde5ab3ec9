import assert from "node:assert/strict";
import { runBaton } from "../_helpers/cli.ts";
import { commitAll, makeRepo, writeFiles } from "../_helpers/git.ts";

Deno.test("8 finalize processes at once: all archived, one consistent chain, latest valid", async () => {
  const dir = await makeRepo();
  await writeFiles(dir, { "a.txt": "a\n" });
  await commitAll(dir);
  const runs = await Promise.all(
    Array.from(
      { length: 8 },
      (_, i) =>
        runBaton(["finalize", "--draft", "-", "--json"], {
          cwd: dir,
          stdin: JSON.stringify({ now: `writer ${i}` }),
        }),
    ),
  );
  for (const r of runs) assert.equal(r.code, 0, r.stderr);
  const ids = runs.map((r) => JSON.parse(r.stdout).id as string);
  assert.equal(new Set(ids).size, 8);
  const list = JSON.parse((await runBaton(["list", "--json"], { cwd: dir })).stdout).capsules as {
    id: string;
    previous: string | null;
  }[];
  assert.equal(list.length, 8);
  // Walk the chain from latest back: it must visit all 8 exactly once and end at null.
  const byId = new Map(list.map((c) => [c.id, c]));
  const latest =
    JSON.parse((await runBaton(["show", "latest", "--json"], { cwd: dir })).stdout).capsule;
  const seen: string[] = [];
  for (let cur: string | null = latest.id; cur !== null; cur = byId.get(cur)!.previous) {
    seen.push(cur);
  }
  assert.deepEqual(new Set(seen), new Set(ids));
  assert.equal(seen.length, 8);
  assert.equal((await runBaton(["validate", ".baton/latest.md"], { cwd: dir })).code, 0);
  assert.equal(
    await Deno.lstat(`${dir}/.baton/lock`).then(() => true, () => false),
    false,
    "lock released",
  );
});
