import assert from "node:assert/strict";
import { LOAD_PHASES, loadBriefing } from "../../../core/workflow/load.ts";
import { FACTS_PHASES } from "../../../core/facts/collect.ts";
import { finalizeDraft } from "../../../core/workflow/finalize.ts";
import { commitAll, git, writeFiles } from "../../_helpers/git.ts";
import { ownKeys, testContext, withRepo } from "../../_helpers/temp_fs.ts";
import { makeCapsule } from "../../_helpers/capsule.ts";
import { commitCapsule } from "../../../core/store/capsule_store.ts";
import { batonLayout } from "../../../core/store/layout.ts";
import type { SessionRecord } from "../../../core/capsule/types.ts";

const enc = new TextEncoder();

/** A repo with one commit, a.txt changed uncommitted, and a capsule recording that. */
async function withCapsule(f: (dir: string) => Promise<void>): Promise<void> {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n", "b.txt": "b\n" });
    await commitAll(dir);
    await writeFiles(dir, { "a.txt": "edited\n" });
    await finalizeDraft(
      testContext(dir),
      enc.encode(JSON.stringify({
        now: "halfway through the parser",
        next_action: { description: "run the tests", command: "deno test" },
      })),
    );
    await f(dir);
  });
}

/**
 * `fs` with `seen(path, stack)` called once each call of its method `method`
 * has returned (`stack`: the caller's, taken when the call was made).
 */
function spyFs<T extends object>(
  fs: T,
  method: string,
  seen: (path: string, stack: string) => void,
): T {
  return new Proxy(fs, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver);
      if (typeof v !== "function") return v;
      if (prop !== method) return v.bind(target);
      return async (path: string, ...rest: unknown[]) => {
        const stack = new Error().stack ?? "";
        const r = await v.call(target, path, ...rest);
        seen(path, stack);
        return r;
      };
    },
  });
}

const fileCheck = (r: { drift: { check: string; status: string; detail: string }[] }) =>
  r.drift.find((d) => d.check.includes("a.txt"));

Deno.test("loadBriefing() is null where there is no capsule", async () => {
  await withRepo(async (dir) => {
    assert.equal(await loadBriefing(testContext(dir)), null);
  });
});

Deno.test("loadBriefing() renders the latest capsule with its drift checks matching an unchanged tree", async () => {
  await withCapsule(async (dir) => {
    await Deno.mkdir(`${dir}/sub`);
    const r = await loadBriefing(testContext(`${dir}/sub`));
    assert.ok(r !== null);
    assert.match(r.text, /halfway through the parser/);
    assert.equal(r.degraded, null);
    assert.equal(r.integrity.status, "ok");
    assert.equal(r.authorship.status, "unsigned");
    assert.equal(r.command_safety?.class, "review");
    assert.equal(fileCheck(r)?.status, "match", JSON.stringify(r.drift));
    assert.ok(r.drift.every((d) => d.status === "match"), JSON.stringify(r.drift));
  });
});

Deno.test("loadBriefing() tells onPhase its steps in order: without a deadline the fact collection's phases first, with one between (the facts bench reads them)", async () => {
  await withCapsule(async (dir) => {
    const told: string[] = [];
    const r = await loadBriefing(testContext(dir), { onPhase: (p) => told.push(p) });
    assert.ok(r !== null);
    assert.deepEqual(told, [...FACTS_PHASES, ...LOAD_PHASES]);
    const bounded: string[] = [];
    await loadBriefing(testContext(dir), { budgetMs: 60_000, onPhase: (p) => bounded.push(p) });
    const recorded = LOAD_PHASES.indexOf("recorded files re-checked");
    assert.deepEqual(bounded, [
      ...LOAD_PHASES.slice(0, recorded + 1),
      ...FACTS_PHASES,
      ...LOAD_PHASES.slice(recorded + 1),
    ]);
    const none: string[] = [];
    await withRepo(async (empty) => {
      assert.equal(await loadBriefing(testContext(empty), { onPhase: (p) => none.push(p) }), null);
    });
    assert.deepEqual(none, [], "no capsule: nothing is told");
  });
});

Deno.test("loadBriefing() without a deadline checks the signature after the scan (its keys asked for once the fact collection is done), with one before it", async () => {
  await withCapsule(async (dir) => {
    for (const budgetMs of [undefined, 60_000]) {
      const told: string[] = [];
      let keysAskedAfter = -1;
      const keys = {
        signingKey: () => Promise.resolve({ ok: false as const, reason: "none in this test" }),
        trustedKeys: () => {
          keysAskedAfter = told.length;
          return Promise.resolve({ keys: new Map(), problem: null });
        },
      };
      const r = await loadBriefing(testContext(dir, { keys }), {
        ...(budgetMs === undefined ? {} : { budgetMs }),
        onPhase: (p) => told.push(p),
      });
      assert.equal(r?.authorship.status, "unsigned");
      const scanEnd = told.indexOf(FACTS_PHASES.at(-1)!) + 1;
      if (budgetMs === undefined) assert.equal(keysAskedAfter, scanEnd, told.join(", "));
      else assert.equal(keysAskedAfter, 0, told.join(", "));
    }
  });
});

Deno.test("loadBriefing() without a deadline reads latest.md only once the fact collection is done, and closes a big scan with the memory-reducing collection; with one, before it and an ordinary one", async () => {
  const { TestFs } = await import("../../_helpers/fs.ts");
  const { FULL_GC_PATHS, REDUCING_GC } = await import("../../../core/facts/worktree/scan.ts");
  await withCapsule(async (dir) => {
    // FULL_GC_PATHS more index entries (none in the work tree): a scan big enough to close with a full collection.
    const blob = (await git(dir, ["hash-object", "-w", "--stdin"], { stdin: "x\n" })).stdout.trim();
    const lines: string[] = [];
    for (let i = 0; i < FULL_GC_PATHS; i++) lines.push(`100644 ${blob}\tbig/d${i % 100}/f${i}.txt`);
    await git(dir, ["update-index", "--index-info"], { stdin: `${lines.join("\n")}\n` });
    const g = globalThis as { gc?: unknown };
    const saved = g.gc;
    try {
      for (const budgetMs of [undefined, 1e12]) {
        const told: string[] = [];
        const gcs: unknown[][] = [];
        g.gc = (...args: unknown[]) => gcs.push(args);
        let latestReadAfter = -1;
        const fs = spyFs(new TestFs(), "readRange", (path) => {
          if (path.endsWith("/.baton/latest.md") && latestReadAfter < 0) {
            latestReadAfter = told.length;
          }
        });
        const r = await loadBriefing(testContext(dir, { fs }), {
          ...(budgetMs === undefined ? {} : { budgetMs }),
          onPhase: (p) => told.push(p),
        });
        assert.match(r!.text, /halfway through the parser/);
        const scanEnd = told.indexOf(FACTS_PHASES.at(-1)!) + 1;
        if (budgetMs === undefined) {
          assert.equal(latestReadAfter, scanEnd, told.join(", "));
          // The closing collection (the scan may run ordinary ones before, mem22g's before the walk).
          assert.deepEqual(gcs.at(-1), [REDUCING_GC]);
          assert.ok(gcs.slice(0, -1).every((a) => a.length === 0), JSON.stringify(gcs));
        } else {
          assert.equal(latestReadAfter, 0, told.join(", "));
          assert.ok(gcs.length > 0 && gcs.every((a) => a.length === 0), JSON.stringify(gcs));
        }
      }
    } finally {
      g.gc = saved;
    }
  });
});

Deno.test("loadBriefing() refuses a capsule that does not parse with or without a deadline, and finds nothing to load where latest.md is gone", async () => {
  await withCapsule(async (dir) => {
    const latest = `${dir}/.baton/latest.md`;
    const text = await Deno.readTextFile(latest);
    const altered = text.replace('"now":"halfway', '"now":"altered');
    assert.notEqual(altered, text);
    await Deno.writeTextFile(latest, altered);
    for (const budgetMs of [undefined, 60_000]) {
      await assert.rejects(
        () => loadBriefing(testContext(dir), budgetMs === undefined ? {} : { budgetMs }),
        (e: Error & { code?: string }) => e.code === "capsule_id_mismatch",
      );
    }
    await Deno.remove(latest);
    assert.equal(await loadBriefing(testContext(dir)), null);
  });
});

Deno.test("loadBriefing() reports a recorded file changed since, and one deleted since", async () => {
  await withCapsule(async (dir) => {
    await writeFiles(dir, { "a.txt": "edited again\n" });
    const changed = await loadBriefing(testContext(dir));
    assert.equal(fileCheck(changed!)?.status, "different");
    await Deno.remove(`${dir}/a.txt`);
    const gone = await loadBriefing(testContext(dir));
    assert.equal(fileCheck(gone!)?.status, "missing");
  });
});

Deno.test("loadBriefing() with a spent time budget says the files were not re-checked, never that they match", async () => {
  await withCapsule(async (dir) => {
    // The test clock stands still, so a zero budget is spent before the first file.
    const r = await loadBriefing(testContext(dir), { budgetMs: 0 });
    const a = fileCheck(r!);
    assert.equal(a?.status, "unknown");
    assert.match(a!.detail, /time budget/);
  });
});

Deno.test("loadBriefing() under a deadline re-checks the recorded files first; the cut-short scan prints no partial count and names no unsettled path", async () => {
  const { TestFs } = await import("../../_helpers/fs.ts");
  await withCapsule(async (dir) => {
    await writeFiles(dir, { "new1.txt": "n\n", "new2.txt": "n\n" }); // untracked since capture
    // The clock stands still until a.txt's content has been read, then jumps past the deadline.
    const t0 = Date.parse("2026-06-01T12:00:00.000Z");
    let readA = false;
    const fs = spyFs(new TestFs(), "readFile", (path) => {
      if (path.endsWith("/a.txt")) readA = true;
    });
    const now = () => new Date(readA ? t0 + 60_000 : t0);
    const r = await loadBriefing(testContext(dir, { fs, now }), { budgetMs: 450 });
    assert.ok(readA, "the recorded file was read");
    assert.equal(fileCheck(r!)?.status, "match", JSON.stringify(r!.drift));
    for (const d of r!.drift.filter((x) => /tracked|untracked/.test(x.check))) {
      assert.notEqual(d.status, "match", JSON.stringify(d));
      assert.doesNotMatch(d.detail, /\d+ now/, `a partial count was printed: ${d.detail}`);
      assert.doesNotMatch(d.detail, /no longer changed|since capture/, d.detail);
    }
    // Positive control: without a deadline the same tree is fully compared, counts and paths named.
    const full = await loadBriefing(testContext(dir));
    const u = full!.drift.find((x) => x.check.startsWith("untracked"))!;
    assert.equal(u.status, "different");
    assert.match(u.detail, /new untracked since capture: new1\.txt, new2\.txt/);
    assert.match(u.detail, /0 then, 2 now/);
  });
});

Deno.test("loadBriefing() of a trusted capsule with a previous lists .baton/capsules once, and still reads the chain's decisions", async () => {
  const { TestFs } = await import("../../_helpers/fs.ts");
  const keys = await ownKeys(7);
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const at = (t: string) => testContext(dir, { keys, now: () => new Date(t) });
    const first = { now: "first", decisions: [{ text: "use sqlite", why: "small" }] };
    await finalizeDraft(at("2026-06-01T10:00:00.000Z"), enc.encode(JSON.stringify(first)));
    await finalizeDraft(
      at("2026-06-01T11:00:00.000Z"),
      enc.encode(JSON.stringify({ now: "second" })),
    );
    const listings: string[] = [];
    const fs = spyFs(new TestFs(), "readDir", (path, stack) => {
      // The archive listings (the work-tree scan walks the folder too, as files).
      if (path.endsWith("/.baton/capsules") && stack.includes("listArchive")) listings.push(stack);
    });
    const r = await loadBriefing(testContext(dir, { fs, keys }));
    assert.equal(r!.authorship.status, "trusted");
    assert.match(
      r!.text,
      /use sqlite/,
      "the previous capsule's decision was read from the archive",
    );
    assert.equal(listings.length, 1, listings.join("\n---\n"));
  });
});

Deno.test("loadBriefing(): archive files dated after latest are read within the budget; those left unread make the rollback check 'unchecked', never 'ok'", async () => {
  const keys = await ownKeys(9);
  const own = await keys.signingKey();
  assert.ok(own.ok);
  const key = own.key;
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    await finalizeDraft(
      testContext(dir, { keys, now: () => new Date("2026-06-01T10:00:00.000Z") }),
      enc.encode(JSON.stringify({ now: "mine" })),
    );
    // Files a commit brought in, dated after latest, naming this machine's fingerprint.
    for (let i = 0; i < 6; i++) {
      await Deno.writeTextFile(
        `${dir}/.baton/capsules/20260601T11000${i}Z-0000000${i}.md`,
        `{"fingerprint":"${key.fingerprint}","junk":"${"x".repeat(1000)}"}\n`,
      );
    }
    // Control: with no budget every file is read; none is a capsule, none is fatal.
    const whole = await loadBriefing(testContext(dir, { keys }));
    assert.deepEqual(whole!.integrity, { status: "ok" });
    // A clock that moves a second at every reading: the budget is spent once the newest four
    // (ROLLBACK_MIN_READS) are read.
    let t = Date.parse("2026-06-01T12:00:00.000Z");
    const slow = testContext(dir, { keys, now: () => new Date(t += 1000) });
    const r = await loadBriefing(slow, { budgetMs: 600 });
    assert.deepEqual(r!.integrity, { status: "unchecked", unread: 2 });
    assert.match(
      r!.text,
      /Whether \.baton\/latest\.md was rolled back is not known: 2 archive file/,
    );
    assert.match(r!.text, /mine/, "the briefing is still delivered");
  });
});

/** A session section that recorded `commands` (as ran, exit 0) and nothing else. */
function sessionWith(commands: string[]): SessionRecord {
  return {
    provenance: "transcript",
    host: "codex",
    source_id: "codex:019a2d7a-41c4-78b1-b7cc-a45d62a89cd5",
    format: "codex 0.171.0",
    reader_confidence: "verified",
    user_requests: [],
    commands: commands.map((command) => ({
      command,
      exit_code: 0,
      ok: true,
      // Stored as read_only: load must classify each again from its text.
      class: "read_only" as const,
      families: [],
      trust: "observed" as const,
      at: null,
    })),
    files_read: [],
    files_edited: [],
    tests: [],
    last_assistant_message: null,
    read: { bytes: 1, file_bytes: 1, complete: true, turns: 1, skipped: 0, unknown: 0, invalid: 0 },
    dropped: [],
  };
}

Deno.test("loadBriefing() classifies the commands a session recorded when no command is carried (the classifier is loaded for them), and carries no class without any", async () => {
  await withRepo(async (dir) => {
    await writeFiles(dir, { "a.txt": "a\n" });
    await commitAll(dir);
    const ctx = testContext(dir);
    const write = async (session: SessionRecord | undefined) =>
      await commitCapsule(ctx.fs, batonLayout(dir), async (previous) =>
        await makeCapsule((c) => {
          c.previous = previous?.id ?? null;
          c.meaning.now = "mid-task";
          if (session !== undefined) c.session = session;
        }), {
        lock: {
          token: crypto.randomUUID(),
          pid: Deno.pid,
          host: "test-host",
          now: () => Date.now(),
          sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
        },
      });
    await write(sessionWith(["rm -rf ~", "git status"]));
    const r = await loadBriefing(ctx);
    assert.ok(r !== null);
    assert.equal(r.command_safety, null);
    assert.match(r.text, /ran \[[^\]]*dangerous: recursive_delete\]/);
    assert.match(r.text, /ran \[[^\]]*read_only\]: git status/);
    // Positive control for the lazy branch: no command anywhere, nothing to classify, no error.
    await write(undefined);
    const none = await loadBriefing(ctx);
    assert.ok(none !== null);
    assert.equal(none.command_safety, null);
    assert.match(none.text, /mid-task/);
    assert.doesNotMatch(none.text, /\bran \[/);
  });
});

Deno.test("loadBriefing() asks one object reader of its own for the recorded commit, whether written elsewhere and whether the evidence's objects exist (the fact collection has its own)", async () => {
  const { TestFs } = await import("../../_helpers/fs.ts");
  await withCapsule(async (dir) => {
    // Loose objects packed, so a reader has packs to list and open.
    await git(dir, ["gc", "-q"]);
    const listed: string[] = [];
    const fs = spyFs(new TestFs(), "readDir", (path, stack) => {
      if (path.endsWith("/objects/pack")) listed.push(stack);
    });
    const r = await loadBriefing(testContext(dir, { fs }));
    // Positive control: the recorded commit was looked for and found.
    assert.equal(r!.written_elsewhere, false);
    assert.ok(r!.drift.every((d) => d.status === "match"), JSON.stringify(r!.drift));
    // The collection's reader and load's: the chain check and the evidence re-check share one.
    assert.equal(listed.length, 2, listed.join("\n---\n"));
    assert.ok(listed.some((s) => s.includes("collectFacts")), listed.join("\n---\n"));
  });
});
