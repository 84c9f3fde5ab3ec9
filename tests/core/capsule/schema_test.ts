// Tests for core/capsule/schema.ts: the capsule schema, declared with the
// shape checker, against the same declarations built with zod (the oracle):
// on a full capsule and on thousands of mutations of it (every field given
// every wrong kind of value, unknown keys, over-long strings and lists), both
// accept the same inputs, and for a refused one report the same first issue,
// so the error line a user reads is unchanged.

import assert from "node:assert/strict";
import { z as zod } from "zod";
import {
  CAPSULE_KEYS,
  CapsuleSchema,
  declareCapsuleShape,
  type SchemaBuilders,
} from "../../../core/capsule/schema.ts";
import { describeZodIssue, type IssueLike } from "../../../core/capsule/zod_issue.ts";
import { claim, makeCapsule } from "../../_helpers/capsule.ts";

const ZodCapsule = zod.strictObject(
  declareCapsuleShape(zod as unknown as SchemaBuilders)
    .capsuleShape as unknown as Record<
      string,
      zod.ZodType
    >,
);

const HEX = "a".repeat(64);
const TIME = "2026-11-01T00:00:00.000Z";

/** A capsule with every optional part filled and every list holding one element. */
async function fullCapsule(): Promise<Record<string, unknown>> {
  const c = await makeCapsule((b) => {
    b.previous = `sha256:${HEX}`;
    b.origin = {
      tool: "baton",
      version: "1.0.0",
      host: "claude-code",
      session: "s1",
    };
    b.meaning = {
      now: "working",
      completed: [claim("done", { evidence_refs: ["e1"] })],
      decisions: [{
        ...claim("use x"),
        id: "d1",
        why: "because",
        status: "active",
        supersedes: null,
      }],
      verified_facts: [
        claim("fact", { trust: "verified", provenance: "tool" }),
      ],
      hypotheses: [claim("maybe")],
      blockers: [{ ...claim("stuck"), question: "why?" }],
      next_steps: [claim("next")],
      next_action: { ...claim("run"), command: "npm test" },
      plan_changes: [claim("changed")],
      pointers: ["src/a.ts"],
      fold: false,
    };
    b.evidence = [{
      id: "e1",
      kind: "command",
      source: "npm test",
      digest: `sha256:${HEX}`,
      summary: "ok",
      captured_at: TIME,
      provenance: "tool",
      trust: "observed",
      head: "b".repeat(40),
      worktree: null,
    }];
    b.facts = {
      status: "collected",
      captured_at: TIME,
      repo_root: "/r",
      remotes: [{ name: "origin", url: "https://x/y" }],
      branch: "main",
      detached: false,
      head: "b".repeat(40),
      has_commits: true,
      operation: null,
      dirty: true,
      changed_files: [{
        path: "a.ts",
        status: "modified",
        xy: ".M",
        orig_path: null,
        kind: "file",
        sha256: `sha256:${HEX}`,
        size: 10,
        mtime_ms: 1.5,
        executable: false,
        hash_skipped: null,
      }],
      changed_count: 1,
      untracked_count: 0,
      untracked_truncated: false,
      skipped: { large: 1 },
      published: { status: "unknown", refs: ["origin/main"], reason: "r" },
      notes: ["n"],
      tree: {
        status: "complete",
        reason: "",
        changed: ["a.ts"],
        changed_total: 1,
        untracked: [],
        untracked_total: 0,
        untracked_complete: true,
        unchecked: [],
        unchecked_total: 0,
        changed_xy: [".M"],
      },
      unavailable: [{ part: "config", reason: "r" }],
    } as typeof b.facts;
    b.carried_from = { id: `sha256:${HEX}`, created_at: TIME };
    b.pointers_dropped = [{ index: 0, reason: "absolute" }];
    b.sanitize = {
      scan_status: "passed",
      redactions: [{ field: "now", kind: "token" }],
    };
    b.budget = {
      limit_chars: 100,
      used_chars: 10,
      dropped: [{ field: "hypotheses", count: 1, reason: "budget" }],
      truncated: [{ field: "now", from_chars: 10, to_chars: 5 }],
    };
    b.downgrades = [{
      field: "x",
      what: "trust",
      from: "verified",
      to: "claimed",
      why: "w",
    }];
    b.session = {
      provenance: "transcript",
      host: "claude-code",
      source_id: null,
      format: "jsonl",
      reader_confidence: "documented",
      user_requests: [{ text: "do it", at: null }],
      commands: [{
        command: "ls",
        exit_code: 0,
        ok: true,
        class: "read_only",
        families: ["fs"],
        trust: "observed",
        at: TIME,
      }],
      files_read: ["a"],
      files_edited: ["b"],
      tests: [{ command: "npm test", outcome: "passed", exit_code: 0 }],
      last_assistant_message: "bye",
      read: {
        bytes: 1,
        file_bytes: 1,
        complete: true,
        turns: 1,
        skipped: 0,
        unknown: 0,
        invalid: 0,
      },
      dropped: [{ field: "x", count: 1 }],
    } as NonNullable<typeof b.session>;
    b.signature = {
      algorithm: "ed25519",
      public_key: "k",
      fingerprint: "f",
      value: "v",
    };
  });
  return structuredClone(c) as unknown as Record<string, unknown>;
}

type Path = (string | number)[];

/** Every path to a value inside `v` (objects' keys, arrays' indexes), the top included. */
function paths(v: unknown, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(v)) v.forEach((e, i) => out.push(...paths(e, [...at, i])));
  else if (typeof v === "object" && v !== null) {
    for (const [k, e] of Object.entries(v)) out.push(...paths(e, [...at, k]));
  }
  return out;
}

const DELETE = Symbol("delete");

/** A copy of `root` with the value at `path` replaced (or its key removed). */
function replaced(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value === DELETE ? undefined : value;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    node = node[key] as Record<string | number, unknown>;
  }
  const last = path.at(-1)!;
  if (value === DELETE) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

const WRONG_VALUES: unknown[] = [
  DELETE,
  null,
  0,
  -1,
  1.5,
  2 ** 60,
  Infinity,
  "",
  "x",
  "sha256:" + HEX,
  "2026-11-01T00:00:00Z",
  "active",
  "observed",
  "x".repeat(100_001),
  true,
  [],
  ["x"],
  [{}],
  {},
  { a: 1 },
  { text: "t" },
];

/**
 * The first issue, reduced to what the error line reads. Only the first: a
 * reader prints that one, and zod adds a second issue in some odd cases (a
 * string of over 10,000 characters where a list is expected is also "too
 * big") that no reader shows.
 */
function firstIssue(issues: readonly IssueLike[]): string {
  const i = issues[0]!;
  return JSON.stringify([
    i.code,
    i.path,
    i.keys ?? null,
    i.expected ?? null,
    i.values ?? null,
  ]);
}

function compare(input: unknown, what: string): boolean {
  const ours = CapsuleSchema.safeParse(input);
  const theirs = ZodCapsule.safeParse(input);
  assert.equal(ours.success, theirs.success, `${what}: accepted by one only`);
  if (!ours.success && !theirs.success) {
    assert.equal(
      describeZodIssue(ours.error, CAPSULE_KEYS),
      describeZodIssue(theirs.error, CAPSULE_KEYS),
      `${what}: the error line differs`,
    );
    assert.equal(
      firstIssue(ours.error.issues),
      firstIssue(theirs.error.issues as unknown as IssueLike[]),
      `${what}: the first issue differs`,
    );
  }
  return ours.success;
}

Deno.test("the capsule schema accepts a full capsule, as zod's does (the control)", async () => {
  const full = await fullCapsule();
  assert.ok(compare(full, "full capsule"));
  const minimal = structuredClone(await makeCapsule());
  assert.ok(compare(minimal, "minimal capsule"));
});

Deno.test("the capsule schema agrees with zod on every field given every wrong value", async () => {
  const full = await fullCapsule();
  let refused = 0;
  let cases = 0;
  for (const path of paths(full)) {
    for (const value of WRONG_VALUES) {
      cases++;
      if (
        !compare(
          replaced(full, path, value),
          `${JSON.stringify(path)} <- ${String(value).slice(0, 20)}`,
        )
      ) {
        refused++;
      }
    }
  }
  // Both ways are exercised: most mutations are refused, some are accepted
  // (an optional field removed, a string replaced by another string).
  assert.ok(cases > 4000, `${cases} cases`);
  assert.ok(
    refused > cases / 2 && refused < cases,
    `${refused} of ${cases} refused`,
  );
});

Deno.test("the capsule schema agrees with zod on unknown keys, over-long lists and odd containers", async () => {
  const full = await fullCapsule();
  for (const path of paths(full)) {
    const at = path.reduce<unknown>(
      (n, k) => (n as Record<string | number, unknown>)[k],
      full,
    );
    if (Array.isArray(at)) {
      compare(
        replaced(full, path, [...at, ...at]),
        `${JSON.stringify(path)} doubled`,
      );
      compare(
        replaced(full, path, [...at, 12345]),
        `${JSON.stringify(path)} + a number`,
      );
      compare(
        replaced(full, path, [...at, {}]),
        `${JSON.stringify(path)} + an empty object`,
      );
      compare(
        replaced(
          full,
          path,
          Array.from({ length: 10_001 }, () => at[0] ?? "x"),
        ),
        `${JSON.stringify(path)} over the cap`,
      );
    } else if (typeof at === "object" && at !== null) {
      compare(
        replaced(full, path, { ...at, zzz: 1 }),
        `${JSON.stringify(path)} + unknown key`,
      );
      compare(
        replaced(full, path, { zzz: 1, ...at, nexr_steps: [] }),
        `${JSON.stringify(path)} + two unknown keys`,
      );
      compare(
        replaced(
          full,
          path,
          JSON.parse(`{"__proto__": 1, ${JSON.stringify(at).slice(1)}`),
        ),
        `${JSON.stringify(path)} + __proto__`,
      );
    }
  }
  for (const top of [null, 1, "x", [], [full], true]) {
    compare(top, `top level ${typeof top}`);
  }
});
