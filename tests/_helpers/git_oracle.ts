/**
 * Test helper for the differential suite: runs `git status --porcelain=v2 -z
 * -uall` as the oracle under a controlled user environment (HOME,
 * XDG_CONFIG_HOME, no system config) and collects baton's facts under the
 * same one, then judges them: every path baton calls changed or clean must be
 * so for git too; a path baton names unchecked may be either.
 * @module
 */
import assert from "node:assert/strict";
import { GIT_ENV } from "./git.ts";
import { TestFs } from "./fs.ts";
import { collectFacts } from "../../core/facts/collect.ts";
import { readGitEnvironment } from "../../core/facts/git/git_environment.ts";
import { escapePathBytes, unescapePath } from "../../core/facts/escape_path.ts";
import type { Facts } from "../../core/capsule/recorded_facts.ts";

/** The user's side of the environment both git and baton see. */
export interface UserEnv {
  home: string;
  /** $XDG_CONFIG_HOME, or null when unset. */
  xdg: string | null;
  /** git's own variables (GIT_DIR, GIT_INDEX_FILE...) both see. @default {none} */
  vars?: Record<string, string>;
}

/** git with HOME/XDG_CONFIG_HOME from `env` and the user's global config honoured. */
export async function gitAs(
  env: UserEnv,
  cwd: string,
  args: string[],
  options: { allowFail?: boolean } = {},
): Promise<{ code: number; stdout: Uint8Array; stderr: string }> {
  const { GIT_CONFIG_GLOBAL: _global, ...base } = GIT_ENV;
  const out = await new Deno.Command("git", {
    args,
    cwd,
    env: { ...base, HOME: env.home, XDG_CONFIG_HOME: env.xdg ?? "", ...env.vars },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  if (out.code !== 0 && options.allowFail !== true) {
    throw new Error(`git ${args.join(" ")} failed (${out.code}): ${stderr}`);
  }
  return { code: out.code, stdout: out.stdout, stderr };
}

/** git's answer: tracked path (escaped) -> XY, and untracked paths (escaped). */
export interface OracleView {
  tracked: Map<string, string>;
  /** Renamed or copied path (escaped) -> the path git gives as its source (escaped). */
  origins: Map<string, string>;
  untracked: string[];
  /** True when git status stopped with an error and gave no status (the sets are then empty). */
  stopped?: boolean;
  /** What git said when it stopped. */
  stderr?: string;
}

/** Splits NUL-separated raw bytes. */
function splitNul(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0) {
      out.push(bytes.subarray(at, i));
      at = i + 1;
    }
  }
  if (at < bytes.length) out.push(bytes.subarray(at));
  return out;
}

/** The bytes after the n-th space of a record. */
function afterFields(rec: Uint8Array, n: number): Uint8Array {
  let at = 0;
  for (let k = 0; k < n; k++) at = rec.indexOf(32, at) + 1;
  return rec.subarray(at);
}

/**
 * `git status --porcelain=v2 -z -uall` without refreshing the index; with
 * `allowStop`, a git that stops with an error gives `stopped` instead of
 * throwing.
 */
export async function oracle(
  env: UserEnv,
  dir: string,
  options: { allowStop?: boolean } = {},
): Promise<OracleView> {
  const out = await gitAs(env, dir, [
    "--no-optional-locks",
    "status",
    "--porcelain=v2",
    "-z",
    "--untracked-files=all",
  ], { allowFail: options.allowStop === true });
  if (out.code !== 0) {
    return {
      tracked: new Map(),
      origins: new Map(),
      untracked: [],
      stopped: true,
      stderr: out.stderr,
    };
  }
  const recs = splitNul(out.stdout);
  const tracked = new Map<string, string>();
  const origins = new Map<string, string>();
  const untracked: string[] = [];
  for (let k = 0; k < recs.length; k++) {
    const r = recs[k]!;
    if (r.length === 0) continue;
    const kind = String.fromCharCode(r[0]!);
    const xy = String.fromCharCode(r[2]!, r[3]!);
    if (kind === "?") untracked.push(escapePathBytes(r.subarray(2)));
    else if (kind === "1") tracked.set(escapePathBytes(afterFields(r, 8)), xy);
    else if (kind === "2") {
      const path = escapePathBytes(afterFields(r, 9));
      tracked.set(path, xy);
      k++;
      if (recs[k] !== undefined) origins.set(path, escapePathBytes(recs[k]!));
    } else if (kind === "u") tracked.set(escapePathBytes(afterFields(r, 10)), xy);
  }
  return { tracked, origins, untracked };
}

/** baton's facts under the same user environment (no system config). */
export function batonFacts(
  env: UserEnv,
  dir: string,
  options: { maxHashBytes?: number; cache?: boolean; fs?: TestFs } = {},
): Promise<Facts> {
  const fs = options.fs ?? new TestFs();
  return collectFacts(fs, dir, {
    ...(options.maxHashBytes === undefined ? {} : { maxHashBytes: options.maxHashBytes }),
    // As production collects: the listing cache and the verified index
    // record in <git dir>/baton/, read and written.
    ...(options.cache === true ? { cacheFs: fs } : {}),
    now: () => new Date(),
    homeDir: env.home,
    xdgConfigHome: env.xdg,
    systemConfigPath: null,
    gitEnvironment: readGitEnvironment((name) => env.vars?.[name]),
    maxFiles: 10_000,
    maxTreePaths: 10_000,
  });
}

/** How a comparison came out. */
export interface Agreement {
  git: OracleView;
  facts: Facts;
  /** Paths baton left unchecked (escaped). */
  unchecked: string[];
}

/**
 * Runs both and asserts agreement: baton's changed tracked paths with their
 * XY equal git's except for paths baton names unchecked; baton's untracked
 * list equals git's. With `allowUnknown` false (the default) nothing may be
 * unchecked: the shape must be answered, not dodged. With `allowNoTree`, a
 * tree baton did not scan at all passes when baton gives the reason
 * (`unchecked` is then `["/"]`). Where git status stops with an error,
 * baton must scan no tree and say why (also `["/"]`). `maxHashBytes` is baton's hash cap (its
 * default when absent); `cache` collects as production does, through the
 * listing cache in the git directory.
 */
export async function assertAgreesWithGit(
  env: UserEnv,
  dir: string,
  options: {
    allowUnknown?: boolean;
    allowNoTree?: boolean;
    label?: string;
    maxHashBytes?: number;
    /** Collect with production's caches (`cacheFs`), reading and writing them. */
    cache?: boolean;
    /** The file system baton reads through (a counting one, say). */
    fs?: TestFs;
    /**
     * Collect baton's facts before git's status: in a partial clone git
     * fetches what it lacks as it compares, and baton (which never does)
     * would otherwise see the objects git fetched.
     */
    batonFirst?: boolean;
    /**
     * The one documented exception to "where git stops, baton scans no
     * tree": called where git stopped and baton scanned one anyway. A caller
     * that recognises a stop git can be brought past (a partial clone whose
     * promisor remote is gone, so git cannot fetch the index's
     * `.gitattributes` or `.gitmodules` blob, which baton names its
     * affected paths unchecked for) gives git what it lacks and returns
     * true: baton's facts, collected first, are then compared with git's
     * status as usual. False keeps the rule.
     */
    pastStop?: (stop: { stderr: string; facts: Facts }) => Promise<boolean>;
  } = {},
): Promise<Agreement> {
  const label = options.label ?? dir;
  const collect = () =>
    batonFacts(env, dir, {
      ...(options.maxHashBytes === undefined ? {} : { maxHashBytes: options.maxHashBytes }),
      ...(options.cache === true ? { cache: true } : {}),
      ...(options.fs === undefined ? {} : { fs: options.fs }),
    });
  const first = options.batonFirst === true ? await collect() : null;
  let git = await oracle(env, dir, { allowStop: true });
  const facts = first ?? await collect();
  if (
    git.stopped === true && facts.tree !== undefined && first !== null &&
    await options.pastStop?.({ stderr: git.stderr ?? "", facts }) === true
  ) {
    git = await oracle(env, dir, { allowStop: true });
    assert.notEqual(git.stopped, true, `${label}: git still stops: ${git.stderr}`);
  }
  if (git.stopped === true) {
    // git gives no status at all: baton must not give one either.
    assert.equal(facts.tree, undefined, `${label}: git stopped, baton scanned a tree`);
    assert.ok((facts.unavailable?.length ?? 0) > 0, `${label}: no tree and no reason`);
    return { git, facts, unchecked: ["/"] };
  }
  if (facts.tree === undefined && options.allowNoTree === true) {
    // The whole tree is unknown: allowed when baton says why.
    assert.ok((facts.unavailable?.length ?? 0) > 0, `${label}: no tree and no reason`);
    return { git, facts, unchecked: ["/"] };
  }
  assert.ok(
    facts.tree !== undefined,
    `${label}: baton scanned no tree (${facts.unavailable?.[0]?.reason})`,
  );
  const unchecked = facts.tree.unchecked;
  const uncheckedSet = new Set(unchecked.map((p) => p.replace(/\/$/, "")));
  const under = (p: string) =>
    uncheckedSet.has(p) || [...uncheckedSet].some((d) => p.startsWith(`${d}/`));
  const baton = new Map<string, string>();
  for (const f of facts.changed_files) {
    if (f.status !== "untracked") baton.set(f.path, f.xy);
  }
  // ".?" / "M?": a file over the hash cap judged by stat data alone, which
  // baton words as not compared: git's answer for it may be either.
  for (const [p, xy] of baton) if (xy.includes("?")) uncheckedSet.add(p);
  const gitSide = [...git.tracked].filter(([p]) => !under(p)).sort();
  const batonSide = [...baton].filter(([p]) => !under(p)).sort();
  assert.deepEqual(batonSide, gitSide, `${label}: tracked changes differ from git`);
  // A rename's (or copy's) source is git's too.
  const batonOrigins = facts.changed_files
    .filter((f) => f.orig_path !== null && f.status !== "untracked" && !under(f.path))
    .map((f) => [f.path, f.orig_path]).sort();
  const gitOrigins = [...git.origins].filter(([p]) => !under(p)).sort();
  assert.deepEqual(batonOrigins, gitOrigins, `${label}: rename sources differ from git`);
  // An unchecked file does not make the untracked files below a directory
  // that replaced it unknown (found by the random suite): both sides are
  // filtered alike, and only an unchecked directory ("d/") covers what is
  // below it.
  const dirs = unchecked.filter((p) => p.endsWith("/"));
  const untrackedUnknown = (p: string) =>
    uncheckedSet.has(p.replace(/\/$/, "")) || dirs.some((d) => p.startsWith(d));
  const gitUntracked = git.untracked.filter((p) => !untrackedUnknown(p));
  // A lossy name (`\\x??`) is baton's listing of a name it cannot read
  // back: where it stands for a path baton named unchecked (whose untracked
  // name git's side has just dropped) and for none of git's, it is dropped
  // too (seed 3056: `src/n\\x??.txt` for an unchecked `src/n\\xe9.txt`).
  const batonUntracked = facts.tree.untracked.filter((p) =>
    !untrackedUnknown(p) &&
    !(p.includes("\\x??") && !gitUntracked.some((g) => lossyPattern(p).test(g)) &&
      [...uncheckedSet, ...dirs].some((u) => lossyPattern(p).test(u)))
  );
  const covered = coverLossy(batonUntracked, gitUntracked);
  // An untracked list baton says is not whole (git may list otherwise) is
  // not compared, where the caller allows what baton does not know.
  const whole = facts.tree.untracked_complete || options.allowUnknown !== true;
  if (whole) {
    assert.deepEqual(
      covered ?? batonUntracked,
      covered === null ? gitUntracked : [...gitUntracked].sort(),
      `${label}: untracked differ from git`,
    );
  }
  if (options.allowUnknown !== true) {
    assert.deepEqual(unchecked, [], `${label}: baton left paths unchecked (${facts.tree.reason})`);
  }
  return { git, facts, unchecked };
}

/**
 * baton's untracked list with each lossy name (`\\x??` for a byte that is
 * not UTF-8: the runtime cannot read it back) replaced by git's names it
 * stands for: the same text with any byte there, and for a directory
 * (`d\\x??/`) every git name below it. A lossy name that covers nothing
 * stays as it is, so the comparison fails. Null when baton has no lossy name
 * (the lists are then compared in order).
 */
function coverLossy(baton: readonly string[], git: readonly string[]): string[] | null {
  if (!baton.some((b) => b.includes("\\x??"))) return null;
  const out: string[] = [];
  for (const b of baton) {
    if (!b.includes("\\x??")) {
      out.push(b);
      continue;
    }
    const re = lossyPattern(b);
    const covered = git.filter((g) => re.test(g));
    out.push(...(covered.length === 0 ? [b] : covered));
  }
  return out.sort();
}

/**
 * The escaped names a lossy one stands for: the same text with any byte at
 * each `\\x??`, and for a directory (`d\\x??/`) every name below it.
 */
function lossyPattern(lossy: string): RegExp {
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    `^${lossy.split("\\x??").map(esc).join("\\\\x[0-9a-f]{2}")}${lossy.endsWith("/") ? "" : "$"}`,
  );
}

/** The real path of an escaped one, for tests that touch files by it. */
export function realPath(escaped: string): string {
  const p = unescapePath(escaped);
  if (p === null) throw new Error("not valid UTF-8");
  return p;
}

/**
 * Runs a shape's bash `script` in `dir` with git's test environment and HOME
 * pointing at the shape's own home (`c` commits everything); fails the test
 * when the script fails.
 */
export async function runShapeScript(dir: string, script: string, env: UserEnv): Promise<void> {
  const { GIT_CONFIG_GLOBAL: _g, ...base } = GIT_ENV;
  const out = await new Deno.Command("bash", {
    args: ["-c", `set -e\nc(){ git add -A && git commit -qm c; }\n${script}`],
    cwd: dir,
    env: { ...base, HOME: env.home, XDG_CONFIG_HOME: "" },
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
}
