import assert from "node:assert/strict";
import {
  archiveIndex,
  commitCapsule,
  findCapsuleFile,
  listArchive,
  readLatest,
  readTextOrNull,
} from "../../../core/store/capsule_store.ts";
import { archiveName, type BatonLayout, batonLayout } from "../../../core/store/layout.ts";
import { CapsuleInvalidError, UsageError } from "../../../core/errors.ts";
import { renderCapsuleFile } from "../../../core/store/render_capsule.ts";
import type { Capsule } from "../../../core/capsule/types.ts";
import type { LockOptions } from "../../../core/store/lock.ts";
import { makeCapsule } from "../../_helpers/capsule.ts";
import { TestFs } from "../../_helpers/fs.ts";
import { withRepo } from "../../_helpers/temp_fs.ts";
import { signCapsule } from "../../../core/capsule/capsule_signature.ts";
import { createSigningKeyFile, parseSigningKeyFile } from "../../../core/trust/signing_key.ts";

const fs = new TestFs();

function lock(extra: Partial<LockOptions> = {}): LockOptions {
  return {
    token: crypto.randomUUID(),
    pid: Deno.pid,
    host: "test-host",
    now: () => Date.now(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    ...extra,
  };
}

async function capsuleAfter(previous: Capsule | null, at: string, now = "x"): Promise<Capsule> {
  return await makeCapsule((b) => {
    b.previous = previous?.id ?? null;
    b.created_at = at;
    b.meaning.now = now;
  });
}

async function commit(layout: BatonLayout, at: string, extra: Partial<LockOptions> = {}) {
  return await commitCapsule(fs, layout, (prev) => capsuleAfter(prev, at), { lock: lock(extra) });
}

Deno.test("commitCapsule() writes latest.md and the archive, each capsule naming the one it replaces", async () => {
  await withRepo(async (dir) => {
    const layout = batonLayout(dir);
    const a = await commit(layout, "2026-06-01T10:00:00.000Z");
    const b = await commit(layout, "2026-06-01T11:00:00.000Z");
    assert.equal(a.capsule.previous, null);
    assert.equal(b.capsule.previous, a.capsule.id);
    assert.equal((await readLatest(fs, layout))?.capsule.id, b.capsule.id);
    assert.deepEqual(await listArchive(fs, layout), [
      archiveName(a.capsule.created_at, a.capsule.id),
      archiveName(b.capsule.created_at, b.capsule.id),
    ]);
    assert.equal(
      b.archivePath,
      `${layout.capsules}/${archiveName(b.capsule.created_at, b.capsule.id)}`,
    );
    // The lock is released: a third write does not wait.
    assert.equal(await fs.lstat(layout.lock), null);
  });
});

Deno.test("commitCapsule() rolls latest.md forward to an archived capsule a dead writer did not make latest, only when a trusted key signed it", async () => {
  const key = await parseSigningKeyFile(await createSigningKeyFile(new Uint8Array(32).fill(3)));
  const trustedKeys = new Map([[key.fingerprint, { name: "this machine", own: true }]]);
  for (const signed of [true, false]) {
    await withRepo(async (dir) => {
      const layout = batonLayout(dir);
      const a = await commit(layout, "2026-06-01T10:00:00.000Z");
      // A writer archived b (previous: a) and died before replacing latest.md;
      // unsigned, b stands for a pulled capsule continuing the chain.
      const plain = await capsuleAfter(a.capsule, "2026-06-01T11:00:00.000Z", "orphan");
      const b = signed ? await signCapsule(plain, key) : plain;
      await Deno.writeTextFile(
        `${layout.capsules}/${archiveName(b.created_at, b.id)}`,
        renderCapsuleFile(b),
      );
      assert.equal((await readLatest(fs, layout))?.capsule.id, a.capsule.id, "control");
      const c = await commitCapsule(
        fs,
        layout,
        (prev) => capsuleAfter(prev, "2026-06-01T12:00:00.000Z"),
        { lock: lock(), trustedKeys },
      );
      assert.equal(c.capsule.previous, signed ? b.id : a.capsule.id);
    });
  }
});

Deno.test("commitCapsule() sweeps a dead writer's temp file and keeps a live writer's", async () => {
  await withRepo(async (dir) => {
    const layout = batonLayout(dir);
    await commit(layout, "2026-06-01T10:00:00.000Z");
    const dead = `${layout.dir}/.latest.md.11.x.00112233445566ff.tmp`;
    const live = `${layout.dir}/.latest.md.22.x.00112233445566ff.tmp`;
    await Deno.writeTextFile(dead, "partial");
    await Deno.writeTextFile(live, "partial");
    await commit(layout, "2026-06-01T11:00:00.000Z", {
      processAlive: (pid) => pid === 22 ? true : pid === 11 ? false : null,
    });
    assert.equal(await fs.lstat(dead), null);
    assert.notEqual(await fs.lstat(live), null);
  });
});

Deno.test("listArchive() is empty without an archive and lists only archive names, oldest first", async () => {
  await withRepo(async (dir) => {
    const layout = batonLayout(dir);
    assert.deepEqual(await listArchive(fs, layout), []);
    await Deno.mkdir(layout.capsules, { recursive: true });
    for (
      const n of [
        "20261130T010203.456Z-bbbbbbbb.md",
        "20251130T010203.456Z-aaaaaaaa.md",
        "notes.md",
        ".20261130T010203.456Z-cccccccc.md.1.x.0011223344556677.tmp",
      ]
    ) await Deno.writeTextFile(`${layout.capsules}/${n}`, "");
    assert.deepEqual(await listArchive(fs, layout), [
      "20251130T010203.456Z-aaaaaaaa.md",
      "20261130T010203.456Z-bbbbbbbb.md",
    ]);
  });
});

Deno.test("findCapsuleFile() finds latest, an 8-digit prefix and a full id (with or without sha256:), and nothing else", async () => {
  await withRepo(async (dir) => {
    const layout = batonLayout(dir);
    assert.equal(await findCapsuleFile(fs, layout, "latest"), null);
    const a = await commit(layout, "2026-06-01T10:00:00.000Z");
    const hex = a.capsule.id.replace("sha256:", "");
    assert.equal(await findCapsuleFile(fs, layout, "latest"), layout.latest);
    assert.equal(await findCapsuleFile(fs, layout, hex.slice(0, 6)), a.archivePath);
    assert.equal(await findCapsuleFile(fs, layout, hex.toUpperCase()), a.archivePath);
    assert.equal(await findCapsuleFile(fs, layout, a.capsule.id), a.archivePath);
    const wrongTail = hex.slice(0, 8) + (hex[8] === "0" ? "1" : "0") + hex.slice(9);
    assert.equal(await findCapsuleFile(fs, layout, wrongTail), null);
    assert.equal(await findCapsuleFile(fs, layout, "../etc"), null);
    assert.equal(await findCapsuleFile(fs, layout, "abc"), null, "too short");
  });
});

Deno.test("findCapsuleFile() refuses a prefix two capsule ids start with, naming both, and finds each by a longer one", async () => {
  const byPrefix = new Map<string, Capsule>();
  let pair: [Capsule, Capsule] | null = null;
  for (let i = 0; pair === null; i++) {
    const c = await capsuleAfter(null, "2026-06-01T10:00:00.000Z", `state ${i}`);
    const prefix = c.id.slice(7, 11);
    const seen = byPrefix.get(prefix);
    if (seen !== undefined) pair = [seen, c];
    byPrefix.set(prefix, c);
  }
  await withRepo(async (dir) => {
    const layout = batonLayout(dir);
    await Deno.mkdir(layout.capsules, { recursive: true });
    for (const c of pair!) {
      await Deno.writeTextFile(
        `${layout.capsules}/${archiveName(c.created_at, c.id)}`,
        renderCapsuleFile(c),
      );
    }
    const [a, b] = pair!.map((c) => c.id.slice(7));
    await assert.rejects(
      findCapsuleFile(fs, layout, a!.slice(0, 4)),
      (e: unknown) =>
        e instanceof UsageError && /ambiguous: 2 capsules match/.test(e.message) &&
        e.message.includes(a!.slice(0, 12)) && e.message.includes(b!.slice(0, 12)),
    );
    let firstDiff = 4;
    while (a![firstDiff] === b![firstDiff]) firstDiff++;
    for (const hex of [a!, b!]) {
      assert.equal(
        await findCapsuleFile(fs, layout, hex.slice(0, firstDiff + 1)),
        `${layout.capsules}/${archiveName("2026-06-01T10:00:00.000Z", `sha256:${hex}`)}`,
      );
    }
  });
});

Deno.test("readTextOrNull() is null for a missing file and refuses one that is not UTF-8", async () => {
  await withRepo(async (dir) => {
    assert.equal(await readTextOrNull(fs, `${dir}/none.md`), null);
    await Deno.writeFile(`${dir}/bad.md`, new Uint8Array([0x23, 0xff, 0xfe]));
    await assert.rejects(
      readTextOrNull(fs, `${dir}/bad.md`),
      (e: unknown) => e instanceof CapsuleInvalidError && e.code === "capsule_not_utf8",
    );
    await Deno.writeTextFile(`${dir}/ok.md`, "# ok\n");
    assert.equal(await readTextOrNull(fs, `${dir}/ok.md`), "# ok\n");
  });
});

Deno.test("archiveIndex() names the archive files an id or prefix may be in, newest first, and nothing for a non-id", () => {
  const names = [
    "20260101T000000Z-aaaa1111.md",
    "20260102T000000Z-aaaa2222.md",
    "20260103T000000Z-aaaa1111.md",
    "20260104T000000Z-bbbb1111.md",
  ];
  const find = archiveIndex(names);
  assert.deepEqual(find("aaaa1111" + "f".repeat(56)), [names[2], names[0]]);
  assert.deepEqual(find("sha256:AAAA2222"), [names[1]]);
  assert.deepEqual(find("aaaa"), [names[2], names[1], names[0]]);
  assert.deepEqual(find("cccc1111"), []);
  assert.deepEqual(find("aaa"), [], "too short");
  assert.deepEqual(find("aaaa/../x"), []);
});
