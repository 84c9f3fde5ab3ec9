import { dirBinding } from "../../../core/dir_binding.ts";
import assert from "node:assert/strict";
import {
  injectionStatePath,
  readInjectionState,
  writeInjectionRecord,
} from "../../../core/store/injection_state.ts";
import { batonLayout } from "../../../core/store/layout.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { tempDir } from "../../_helpers/temp.ts";

const REC = { capsule_id: "sha256:ab", created_at: "2026-01-01T00:00:00.000Z", injected_at: "t" };

Deno.test("writeInjectionRecord() keeps one record per host and readInjectionState() reads them back", async () => {
  const dir = (await tempDir()).path;
  const fs = new TestFs();
  const layout = batonLayout(dir);
  assert.deepEqual((await readInjectionState(fs, layout)).hosts, {}, "missing file: empty");
  await writeInjectionRecord(fs, layout, { hostKey: "codex", record: REC });
  await writeInjectionRecord(fs, layout, {
    hostKey: "cursor",
    record: { ...REC, capsule_id: "sha256:cd" },
  });
  await writeInjectionRecord(fs, layout, {
    hostKey: "codex",
    record: { ...REC, capsule_id: "sha256:ef" },
  });
  const state = await readInjectionState(fs, layout);
  assert.deepEqual(Object.keys(state.hosts).sort(), ["codex", "cursor"]);
  assert.equal(state.hosts.codex!.capsule_id, "sha256:ef");
});

Deno.test("readInjectionState() drops malformed entries and ignores an oversized file", async () => {
  const dir = (await tempDir()).path;
  const fs = new TestFs();
  const layout = batonLayout(dir);
  await Deno.mkdir(layout.state, { recursive: true });
  const path = injectionStatePath(layout.state);
  const dir2 = await dirBinding(fs, layout.state);
  const hosts = { good: REC, bad: { capsule_id: 1 }, "BAD KEY": REC };
  await Deno.writeTextFile(path, JSON.stringify({ version: 1, dir: dir2, hosts }));
  assert.deepEqual(Object.keys((await readInjectionState(fs, layout)).hosts), ["good"]);
  // Written in another directory (an archive, a copied .git), or unbound: nothing injected.
  for (const other of ["1:2", undefined]) {
    await Deno.writeTextFile(path, JSON.stringify({ version: 1, dir: other, hosts }));
    assert.deepEqual((await readInjectionState(fs, layout)).hosts, {}, String(other));
  }
  await Deno.writeTextFile(path, JSON.stringify({ hosts: { good: REC }, pad: "x".repeat(70_000) }));
  assert.deepEqual((await readInjectionState(fs, layout)).hosts, {});
});

Deno.test("in a repository the record lives under .git/baton: one a commit carries in .baton/ is never read", async () => {
  await using dir = await tempDir();
  const fs = new TestFs();
  await Deno.mkdir(`${dir.path}/.git`);
  const layout = batonLayout(dir.path);
  await Deno.mkdir(layout.state, { recursive: true });
  await Deno.writeTextFile(
    `${layout.state}/injected.json`,
    JSON.stringify({ version: 1, hosts: { codex: REC } }),
  );
  assert.deepEqual((await readInjectionState(fs, layout)).hosts, {});
  await writeInjectionRecord(fs, layout, { hostKey: "codex", record: REC });
  assert.equal((await readInjectionState(fs, layout)).hosts.codex?.capsule_id, REC.capsule_id);
  assert.ok(
    (await Deno.lstat(injectionStatePath(`${dir.path}/.git/baton`))).isFile,
    "written under the git directory",
  );
});

Deno.test("readInjectionState() never follows a link at injected.json, even to a bound record beside it", async () => {
  await using dir = await tempDir();
  const fs = new TestFs();
  const layout = batonLayout(dir.path);
  await writeInjectionRecord(fs, layout, { hostKey: "codex", record: REC });
  const path = injectionStatePath(layout.state);
  // Positive control: the record as written is read.
  assert.equal((await readInjectionState(fs, layout)).hosts.codex?.capsule_id, REC.capsule_id);
  await Deno.rename(path, `${layout.state}/elsewhere.json`);
  await Deno.symlink("elsewhere.json", path);
  assert.deepEqual((await readInjectionState(fs, layout)).hosts, {});
});

Deno.test("writeInjectionRecord() writes the record whole without fsync (a lost record injects again, never not at all)", async () => {
  const dir = (await tempDir()).path;
  const asked: (boolean | undefined)[] = [];
  const fs = new TestFs();
  const write = fs.writeFileAtomic.bind(fs);
  fs.writeFileAtomic = (path, data, options) => {
    asked.push(options?.durable);
    return write(path, data, options);
  };
  const layout = batonLayout(dir);
  await writeInjectionRecord(fs, layout, { hostKey: "codex", record: REC });
  assert.deepEqual(asked, [false]);
  // Positive control: written atomically all the same, and read back.
  assert.equal(
    (await readInjectionState(new TestFs(), layout)).hosts.codex?.capsule_id,
    REC.capsule_id,
  );
});
