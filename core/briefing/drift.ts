/**
 * Compares the facts a capsule recorded with the facts of the world now, one
 * check per line: match, different, missing or unknown. Each check says what
 * it compared (`compared`); `match` is given only when that comparison ran in
 * full on both sides, and a check that could not run (a part unavailable,
 * a budget spent, a list cut at its bound) is `unknown` with the reason. The
 * whole tree is compared as two sets, changed tracked paths and untracked
 * paths: what is new since the capture and what no longer is are named.
 * Pure: renderers receive the results as data.
 * @module
 */
import type {
  ChangedFileFact,
  Facts,
  TreeState,
  UnavailablePart,
} from "../capsule/recorded_facts.ts";
import { quotedName, shownPath, unescapePath } from "../facts/escape_path.ts";
import { withheldReasons } from "./writer_reasons.ts";
import { shortOid } from "../facts/git/short_oid.ts";
import type { StoredDigest } from "../facts/stored_form.ts";

/** The set comparison behind a whole-tree check. */
export interface DriftSets {
  then: number;
  now: number;
  /** Paths in the set now and certainly not then (at most {@linkcode NAMED_PATHS}). */
  added: string[];
  added_total: number;
  /** Paths in the set then and certainly not now (at most {@linkcode NAMED_PATHS}). */
  removed: string[];
  removed_total: number;
  /** Paths whose membership could not be settled (bounded lists, budgets). */
  unsettled: number;
  /**
   * Paths in both sets whose recorded status differs (tracked changes only:
   * git's XY code, and a rename's source), each as "path (then -> now)"; at
   * most {@linkcode NAMED_PATHS}. Absent when the statuses were not compared.
   */
  restated?: string[];
  restated_total?: number;
}

/** One drift check. */
export interface DriftCheck {
  check: string;
  status: "match" | "different" | "missing" | "unknown";
  /** What was compared, in a few words (e.g. "sha256 of content", "size and mtime"). */
  compared: string;
  /** Short, content-free detail for people. */
  detail: string;
  /** For the whole-tree checks: the set comparison. */
  sets?: DriftSets;
}

/** What a recorded file is like now. */
export type CurrentFile =
  | {
    kind: "hashed";
    sha256: string;
    /** What the path is now; absent means not told (compared as unchanged). */
    type?: "file" | "symlink";
    /** A file's executable bit now; null or absent when not known. */
    executable?: boolean | null;
    /** A file's content as git would store it now (core/facts/stored_form.ts); absent when not told. */
    stored?: StoredDigest;
  }
  | { kind: "absent" }
  /** Over the hash cap now: only size and mtime are known. */
  | { kind: "stat"; size: number; mtimeMs: number | null }
  | { kind: "unknown"; reason: string };

/** Current state of recorded files, by recorded (escaped) path. */
export type CurrentFiles = ReadonlyMap<string, CurrentFile>;

/** Most paths named in one whole-tree detail line. */
export const NAMED_PATHS = 5;

/** A value that cannot read as prose: no blank, bracket, quote or control. */
const PLAIN_VALUE = /^[A-Za-z0-9._/@:+~-]+$/;

/**
 * A recorded or current value as a check line shows it. The recorded one
 * comes from the capsule, a stranger's file until a signature says
 * otherwise: anything but a plain token is printed as a quoted string, so a
 * root or branch holding "), all tests verified passing (" cannot close the
 * line's own words and speak in baton's voice.
 */
function short(v: string | null): string {
  if (v === null) return "none";
  if (/^[0-9a-f]{40,64}$/.test(v)) return shortOid(v);
  const cut = v.length > 80 ? `${v.slice(0, 77)}...` : v;
  // A redaction marker is baton's own shape: "wip-[REDACTED:npm_token]" stays plain.
  const plain = PLAIN_VALUE.test(v.replace(/\[REDACTED:[a-z0-9_]+\]/g, "R"));
  return plain ? cut : quotedName(cut);
}

function compare(
  check: string,
  compared: string,
  then: string | null,
  now: string | null,
): DriftCheck {
  if (then === null && now === null) {
    return { check, compared, status: "match", detail: "none then, none now" };
  }
  if (then === null) return { check, compared, status: "unknown", detail: "not recorded" };
  if (now === null) {
    return { check, compared, status: "missing", detail: `was ${short(then)}, none now` };
  }
  return then === now
    ? { check, compared, status: "match", detail: short(now) }
    : { check, compared, status: "different", detail: `was ${short(then)}, now ${short(now)}` };
}

function reasonOf(parts: UnavailablePart[] | undefined, part: UnavailablePart["part"]) {
  return parts?.find((p) => p.part === part)?.reason ?? null;
}

/** Names a list of paths: "a, b, 3 more". */
export function namePaths(paths: readonly string[], total: number): string {
  const shown = paths.slice(0, NAMED_PATHS);
  const more = total - shown.length;
  return shown.join(", ") + (more > 0 ? `${shown.length > 0 ? ", " : ""}${more} more` : "");
}

interface SetSide {
  list: readonly string[];
  total: number;
  /** The list holds every member. */
  complete: boolean;
  /** Paths whose membership was not checked on this side. */
  unchecked: ReadonlySet<string>;
  /** Every path whose membership was not checked is in `unchecked`. */
  uncheckedComplete: boolean;
  /** Why the side is not complete. */
  why: string;
  /** Why a complete side is weaker than a content comparison ("" when it is not). */
  weaker: string;
  /** Each listed path's recorded status, when the side recorded one. */
  codes: ReadonlyMap<string, string> | null;
}

function trackedSide(t: TreeState): SetSide {
  // A scan cut short may not have reached a path at all: nothing it did not
  // settle is certain, listed or not.
  const uncheckedComplete = t.unchecked.length === t.unchecked_total && t.status === "complete";
  const parts = t.reason === "" ? [] : t.reason.split("; ");
  return {
    list: t.changed,
    total: t.changed_total,
    complete: t.changed.length === t.changed_total && t.status === "complete",
    unchecked: new Set(t.unchecked),
    uncheckedComplete,
    why: parts.filter((p) => !p.startsWith("weaker: ")).join("; "),
    weaker: parts.filter((p) => p.startsWith("weaker: ")).join("; "),
    codes: statusCodes(t),
  };
}

/**
 * A status code as core/facts/collect.ts records one: git's two letters (or
 * none), and for a rename a blank and the path it came from.
 */
const STATUS_CODE = /^(?:[.MTADRCU?!]{2}(?: .+)?)?$/s;

/**
 * path -> recorded status, or null when the tree recorded none, or a
 * malformed list (its length, or a code in no shape baton writes: a
 * stranger's words, never compared or printed).
 */
function statusCodes(t: TreeState): Map<string, string> | null {
  const xy = t.changed_xy;
  if (xy === undefined || xy.length !== t.changed.length) return null;
  if (!xy.every((code) => STATUS_CODE.test(code))) return null;
  return new Map(t.changed.map((p, i) => [p, xy[i]!]));
}

/**
 * How two recorded status codes compare. ".?" (or "M?", "R? old" when staged too) is a
 * file over the hash cap: its index half was read, its work-tree half judged
 * changed by stat data alone. An index half that differs is a certain
 * change; a work-tree half judged by stat data against one that was read
 * (changed or not) cannot be settled: git may have read the judged file's
 * content equal to the index, so it may not have been a changed path at all
 * (unless the read half is a deletion or a type change: certain). Two halves
 * both judged by stat data agree, weaker.
 */
function compareCodes(was: string, is: string): "same" | "weaker" | "different" | "unsettled" {
  if (!unhashed(was) && !unhashed(is)) return was === is ? "same" : "different";
  // The index half with a rename's or copy's source ("R? from old"): read on both sides.
  if (indexHalf(was) !== indexHalf(is)) return "different";
  // One side judged by stat data, the other read: git may have read the
  // judged side's content unchanged, so the path's membership is not settled;
  // but a judged file was there with its type, so a read half of deleted or
  // type-changed is a status git never gave it: certain.
  if (unhashed(was) !== unhashed(is)) {
    const read = unhashed(was) ? is : was;
    return read[1] === "D" || read[1] === "T" ? "different" : "unsettled";
  }
  return "weaker";
}

/**
 * A code baton records for a file over the hash cap judged changed by stat
 * data (".?", "M?", and a staged rename or copy's "R? old/name").
 */
function unhashed(code: string): boolean {
  return code.length >= 2 && code[1] === "?" && code[0] !== "?" &&
    (code.length === 2 || code[2] === " ");
}

/**
 * A code whose only change is a work-tree half judged by stat data (".?"):
 * git may have read the same content, so whether the path belongs in the
 * set of changed paths on that side is not certain.
 */
function statOnly(code: string | undefined): boolean {
  return code !== undefined && unhashed(code) && code[0] === ".";
}

/** A status code without its work-tree half: "M" of "MM", "R from x" of "R. from x". */
function indexHalf(code: string): string {
  return code[0] + code.slice(2);
}

/** "M." or "R. from old/name" for people. */
function statusWords(code: string): string {
  return code.length > 3 ? `${code.slice(0, 2)} from ${shownPath(code.slice(3))}` : code;
}

function untrackedSide(t: TreeState): SetSide {
  // A directory the scan did not walk (an unchecked "d/", such as a sparse
  // directory it could not expand) hides whatever is untracked below it.
  const dirs = t.unchecked.filter((p) => p.endsWith("/"));
  const walked = dirs.length === 0 && t.unchecked.length === t.unchecked_total;
  return {
    list: t.untracked,
    total: t.untracked_total,
    complete: t.untracked_complete && t.untracked.length === t.untracked_total,
    unchecked: new Set(dirs),
    uncheckedComplete: t.untracked_complete && t.unchecked.length === t.unchecked_total,
    why: t.untracked_complete && walked
      ? ""
      : t.reason.split("; ").filter((p) => !p.startsWith("weaker: ")).join("; "),
    weaker: "",
    codes: null,
  };
}

/** Whether `p` is unchecked on a side: named, or below a directory named "d/". */
function covered(unchecked: ReadonlySet<string>, p: string): boolean {
  if (unchecked.has(p)) return true;
  for (const u of unchecked) if (u.endsWith("/") && p.startsWith(u)) return true;
  return false;
}

/** Compares two path sets; certain differences only, the rest counted as unsettled. */
function compareSets(
  then: SetSide,
  now: SetSide,
  opaque: ReadonlySet<string> = new Set(),
): DriftSets & { notes: string[]; weaker: string[]; uncompared: number } {
  const thenSet = new Set(then.list);
  const nowSet = new Set(now.list);
  const added: string[] = [];
  const removed: string[] = [];
  const restated: string[] = [];
  let unsettled = 0;
  // Paths in both sets whose status agrees only by stat data (a half over the hash cap).
  let uncompared = 0;
  // Submodules changed then and now with the same code: what changed inside is not compared.
  let opaqueSame = 0;
  for (const p of now.list) {
    // A name read lossily (bytes that are not UTF-8 shown as \x??) stands
    // for any such name: the same form then and now may be a rename.
    if (thenSet.has(p) && p.includes("\\x??")) {
      unsettled++;
      continue;
    }
    if (thenSet.has(p)) {
      // Changed then and now: the same path may have changed how.
      const was = then.codes?.get(p);
      const is = now.codes?.get(p);
      // A path whose work tree went uncompared on either side: only an
      // index half that differs is certain ("the same" would be a guess).
      if (covered(then.unchecked, p) || covered(now.unchecked, p)) {
        if (was !== undefined && is !== undefined && indexHalf(was) !== indexHalf(is)) {
          restated.push(`${shownPath(p)} (${statusWords(was)} -> ${statusWords(is)})`);
        } else unsettled++;
        continue;
      }
      if (was === undefined || is === undefined) continue;
      const compared = compareCodes(was, is);
      if (compared === "same" && opaque.has(p)) {
        opaqueSame++;
        unsettled++;
      } else if (compared === "different") {
        restated.push(`${shownPath(p)} (${statusWords(was)} -> ${statusWords(is)})`);
      } else if (compared === "weaker") uncompared++;
      else if (compared === "unsettled") unsettled++;
      continue;
    }
    // Judged changed now by stat data alone: git may call it clean, as it was then.
    if (statOnly(now.codes?.get(p))) {
      unsettled++;
      continue;
    }
    // Certain only if the recorded list is whole and the path was checked then.
    if (then.complete && then.uncheckedComplete && !covered(then.unchecked, p)) added.push(p);
    else unsettled++;
  }
  for (const p of then.list) {
    if (nowSet.has(p)) continue;
    // Judged changed then by stat data alone: git may have called it clean, as it is now.
    if (statOnly(then.codes?.get(p))) {
      unsettled++;
      continue;
    }
    if (now.complete && now.uncheckedComplete && !covered(now.unchecked, p)) removed.push(p);
    else unsettled++;
  }
  const notes: string[] = [];
  if (then.list.length < then.total) {
    notes.push(`the capsule listed ${then.list.length} of ${then.total}`);
  }
  if (now.list.length < now.total) notes.push(`listed now: ${now.list.length} of ${now.total}`);
  if (then.unchecked.size > 0 || !then.uncheckedComplete) {
    notes.push(`not checked when written: ${then.why || "budget"}`);
  }
  if (now.unchecked.size > 0 || !now.uncheckedComplete) {
    const named = now.unchecked.size === 0
      ? ""
      : ` (${namePaths([...now.unchecked].map(shownPath), now.unchecked.size)})`;
    notes.push(`not re-checked now: ${now.why || "budget"}${named}`);
  }
  if (opaqueSame > 0) {
    notes.push(
      `${opaqueSame} submodule(s) changed then and now: what changed inside (new commits, modified or untracked content) is not compared`,
    );
  }
  // A whole side that is only weaker (stat data for files over the hash cap)
  // still settles the sets; the detail says so.
  const weaker = [...new Set([then.weaker, now.weaker].filter((w) => w !== ""))];
  if (uncompared > 0) {
    weaker.push(`weaker: status of ${uncompared} path(s) over the hash cap compared by stat data`);
  }
  return {
    then: then.total,
    now: now.total,
    added: added.slice(0, NAMED_PATHS),
    added_total: added.length,
    removed: removed.slice(0, NAMED_PATHS),
    removed_total: removed.length,
    unsettled,
    ...(then.codes !== null && now.codes !== null
      ? { restated: restated.slice(0, NAMED_PATHS), restated_total: restated.length }
      : {}),
    notes,
    weaker,
    uncompared,
  };
}

function treeCheck(
  check: string,
  compared: string,
  labels: { added: string; removed: string; same: string; restated?: string },
  side: (t: TreeState) => SetSide,
  recorded: Facts,
  current: Facts,
  opaque: ReadonlySet<string> = new Set(),
): DriftCheck {
  if (recorded.tree === undefined) {
    return {
      check,
      compared,
      status: "unknown",
      detail:
        "whole-tree comparison unavailable: this capsule was written before baton recorded the whole tree",
    };
  }
  if (current.tree === undefined) {
    const why = reasonOf(current.unavailable, "worktree") ?? "the work tree could not be scanned";
    return { check, compared, status: "unknown", detail: `unavailable now: ${why}` };
  }
  const then = side(recorded.tree);
  const now = side(current.tree);
  const { notes, weaker, uncompared, ...sets } = compareSets(then, now, opaque);
  const parts: string[] = [];
  if (sets.added_total > 0) {
    parts.push(`${labels.added}: ${namePaths(sets.added.map(shownPath), sets.added_total)}`);
  }
  if (sets.removed_total > 0) {
    parts.push(
      `${labels.removed}: ${namePaths(sets.removed.map(shownPath), sets.removed_total)}`,
    );
  }
  const restated = sets.restated_total ?? 0;
  if (restated > 0 && labels.restated !== undefined) {
    parts.push(`${labels.restated}: ${namePaths(sets.restated ?? [], restated)}`);
  }
  // A side whose scan was cut short has a lower bound, not a count: no number is printed for it.
  const count = (n: number, side: SetSide) =>
    side.complete && side.uncheckedComplete && side.unchecked.size === 0
      ? `${n}`
      : "not counted in full";
  const counts = `${count(sets.then, then)} then, ${count(sets.now, now)} now`;
  const certain = sets.added_total > 0 || sets.removed_total > 0 || restated > 0;
  const settled = sets.unsettled === 0 && notes.length === 0;
  const status: DriftCheck["status"] = certain ? "different" : settled ? "match" : "unknown";
  // Membership is all a set check compares: say how many paths have no
  // content record at all (past the count cap), so "match" is not read as
  // "unchanged content".
  const recordedFiles = new Set(recorded.changed_files.map((f) => f.path));
  const noContent = Math.max(0, then.total - then.list.filter((p) => recordedFiles.has(p)).length);
  const detail = [
    ...(parts.length > 0 ? parts : status === "match"
      ? [
        sets.restated === undefined || uncompared > 0
          ? labels.same
          : `${labels.same}, with the same status`,
      ]
      : []),
    ...(sets.restated === undefined && labels.restated !== undefined && sets.then > 0
      ? ["status codes not compared: not recorded on both sides"]
      : []),
    counts,
    ...(noContent > 0 && sets.then > 0
      ? [`${noContent} recorded path(s) have no content record (only membership compared)`]
      : []),
    ...(sets.unsettled > 0 ? [`${sets.unsettled} path(s) could not be settled`] : []),
    ...notes,
    ...weaker,
  ].join("; ");
  const what = sets.restated === undefined ? compared : `${compared} and their status codes`;
  return { check, compared: what, status, detail, sets };
}

/**
 * Whether git counts a file's executable bit (core.fileMode) on both sides:
 * true when both count it, false when neither does (git's view of the mode
 * is the index's both times), "moved" when one side counts it and the other
 * does not (there git's view is the file's bit on one side and the index's
 * mode, which no fact records, on the other), null where no tree was
 * scanned now to say.
 */
function modeCounts(recorded: Facts, current: Facts): boolean | "moved" | null {
  const then = recorded.tree?.file_mode !== false;
  if (current.tree === undefined) return then ? null : false;
  const now = current.tree.file_mode !== false;
  return then === now ? then : "moved";
}

/**
 * Whether git made symlinks (core.symlinks) at the capture and makes them
 * now; null where no tree was scanned now to say. Where it does not, a
 * plain file at a symlink entry is the symlink to git.
 */
function linkCounts(recorded: Facts, current: Facts): { then: boolean; now: boolean } | null {
  if (current.tree === undefined) return null;
  return { then: recorded.tree?.symlinks !== false, now: current.tree.symlinks !== false };
}

/** What git counts of a file's type and mode, then and now. */
interface Counts {
  /** core.fileMode (see modeCounts). */
  mode: boolean | "moved" | null;
  /** core.symlinks (see linkCounts). */
  links: { then: boolean; now: boolean } | null;
}

function fileCheck(
  f: ChangedFileFact,
  now: CurrentFile | undefined,
  counts: Counts,
): DriftCheck {
  const check = `file ${shownPath(f.path)}`;
  const byHash = "sha256 of content";
  const byHashAndMode = "sha256 of content, file type and executable bit";
  const byStored = "sha256 of content as git would store it, file type and executable bit";
  if (f.hash_skipped === "too_large" && f.size !== null && typeof f.mtime_ms === "number") {
    const compared = "size and mtime (weaker: over the hash cap, content not hashed)";
    if (now === undefined || now.kind === "unknown") {
      const why = now?.kind === "unknown" ? now.reason : "not re-checked";
      return { check, compared, status: "unknown", detail: why };
    }
    if (now.kind === "absent") {
      return { check, compared, status: "missing", detail: "present then, absent now" };
    }
    if (now.kind === "hashed") {
      return {
        check,
        compared,
        status: "different",
        detail: "was over the hash cap, now under it",
      };
    }
    // Not a content comparison: never worded "match", and a new mtime alone
    // is no change of content (a touch, a checkout writing the same bytes:
    // git's blob is the same), so not "different" either.
    if (now.size !== f.size) {
      return { check, compared, status: "different", detail: "size changed" };
    }
    return {
      check,
      compared,
      status: "unknown",
      detail: now.mtimeMs === f.mtime_ms
        ? "unchanged by size and mtime; content not compared"
        : "same size, mtime changed; content not compared",
    };
  }
  if (f.hash_skipped !== null && f.hash_skipped !== "deleted") {
    return {
      check,
      compared: byHash,
      status: "unknown",
      detail: `not hashed when written (${f.hash_skipped})`,
    };
  }
  if (now === undefined || now.kind === "unknown" || now.kind === "stat") {
    const why = now === undefined
      ? "not re-checked"
      : now.kind === "unknown"
      ? now.reason
      : "over the hash cap now: content not hashed";
    return { check, compared: byHash, status: "unknown", detail: why };
  }
  if (f.sha256 === null) {
    return now.kind === "absent"
      ? { check, compared: "presence", status: "match", detail: "deleted then, absent now" }
      : { check, compared: "presence", status: "different", detail: "deleted then, present now" };
  }
  if (now.kind === "absent") {
    return { check, compared: "presence", status: "missing", detail: "present then, absent now" };
  }
  const change = typeOrModeChange(f, now, counts);
  const modeChange = typeof change === "string" ? change : null;
  // Told nothing of git's stored form on either side, the bytes are all there is to compare.
  const byForm = f.kind === "file" && now.type !== "symlink" &&
    (f.stored_sha256 !== undefined || now.stored !== undefined);
  const content = byForm ? storedContent(f, now) : { same: now.sha256 === f.sha256, note: "" };
  if ("unknown" in content) {
    return {
      check,
      compared: byStored,
      status: modeChange === null ? "unknown" : "different",
      detail: modeChange === null ? content.unknown : `${modeChange}; ${content.unknown}`,
    };
  }
  const compared = byForm ? byStored : byHashAndMode;
  if (!content.same) {
    const what = content.note === "" ? "content changed" : content.note;
    const detail = modeChange === null ? what : `${what}; ${modeChange}`;
    return { check, compared, status: "different", detail };
  }
  if (change !== null && typeof change !== "string") {
    return { check, compared, status: "unknown", detail: change.unknown };
  }
  const same = content.note === "" ? "same content" : `same content; ${content.note}`;
  return modeChange === null
    ? { check, compared, status: "match", detail: same }
    : { check, compared, status: "different", detail: modeChange };
}

/**
 * A regular file's content compared as git would store it then and now
 * (its clean conversion: line endings, LFS, encoding, ident), so a change of
 * core.autocrlf or the attributes that moves git's blob is a change, and
 * bytes git converts back to the same blob are not. Where either side's
 * stored form is not known, only bytes that differ are certain: the same
 * bytes may be stored differently now. A capsule written before the stored
 * form was recorded settles same bytes only where no line-ending setting
 * could convert them and none converts them now.
 */
function storedContent(
  f: ChangedFileFact,
  now: Extract<CurrentFile, { kind: "hashed" }>,
): { same: boolean; note: string } | { unknown: string } {
  const sameBytes = now.sha256 === f.sha256;
  const then = f.stored_sha256;
  const is = now.stored;
  if (!sameBytes && (then === undefined || then === null || is === undefined || "unknown" in is)) {
    return { same: false, note: "" };
  }
  if (then === undefined) {
    if (is !== undefined && "sha256" in is && !is.crlf && is.sha256 === now.sha256) {
      return { same: true, note: "" };
    }
    return {
      unknown:
        "same bytes, but the capsule was written before baton recorded what git stores, and a conversion (line endings, attributes) may apply to them: not compared",
    };
  }
  if (then === null) {
    return {
      unknown: "same bytes; what git stored then came through a conversion baton cannot reproduce",
    };
  }
  if (is === undefined) {
    return { unknown: "same bytes; what git would store now was not computed (config unreadable)" };
  }
  if ("unknown" in is) return { unknown: `same bytes; what git would store now: ${is.unknown}` };
  if (is.sha256 === then) {
    return {
      same: true,
      note: sameBytes ? "" : "the bytes differ; what git stores from them does not",
    };
  }
  return sameBytes
    ? {
      same: false,
      note:
        "same bytes, but git would store them differently now (core.autocrlf or the text/eol/filter attributes changed since the capture)",
    }
    : { same: false, note: "" };
}

/**
 * A file that became a symlink (or back), or whose executable bit flipped
 * where git counts the bit (`counts`); null when neither. A flipped bit is
 * no change where git does not count it (core.fileMode false) on either
 * side, and unknown where whether it counts is not known now or changed
 * since the capture (git's view of a same-content file's mode may then have
 * moved whatever its bit did). Where git makes no symlinks (core.symlinks
 * false, then and now), a symlink that is now a plain file of its text is
 * no change of type: git keeps the entry's mode for it.
 */
function typeOrModeChange(
  f: ChangedFileFact,
  now: Extract<CurrentFile, { kind: "hashed" }>,
  all: Counts,
): string | null | { unknown: string } {
  const counts = all.mode;
  if (f.kind === "symlink" && now.type === "file" && all.links?.now !== true) {
    // Under core.symlinks=false git takes a plain file at a symlink entry
    // for the symlink (it keeps the entry's mode): no change of type where
    // the symlink was one to git then too. Where git made symlinks then,
    // the recorded one may have stood at a regular file's entry.
    if (all.links?.then === false) return null;
    return {
      unknown: all.links === null
        ? "was a symlink, now a plain file, but whether git makes symlinks (core.symlinks) is not known now"
        : "was a symlink, now a plain file, and core.symlinks is false now while the capsule does not say it was then (it records only a false one, and older capsules none): git may take the file for the symlink (the index's mode is not recorded)",
    };
  }
  if (
    now.type !== undefined && (f.kind === "file" || f.kind === "symlink") && now.type !== f.kind
  ) {
    return `type changed: was a ${f.kind}, now a ${now.type}`;
  }
  if (
    f.kind === "file" && (now.type === undefined || now.type === "file") &&
    all.links?.then === true && !all.links.now
  ) {
    return {
      unknown:
        "same content; core.symlinks is false now while the capsule does not say it was then (it records only a false one, and older capsules none), so git may take the file for a symlink (the index's mode is not recorded): not compared",
    };
  }
  if (f.kind === "file" && (now.type === undefined || now.type === "file") && counts === "moved") {
    return {
      unknown:
        "same content; core.fileMode changed since the capture, so git's view of the executable bit may have moved (the index's mode is not recorded): not compared",
    };
  }
  if (
    f.kind === "file" && typeof f.executable === "boolean" && typeof now.executable === "boolean" &&
    f.executable !== now.executable && counts !== false
  ) {
    if (counts === null) {
      return {
        unknown:
          "same content; executable bit flipped, but whether git counts it (core.fileMode) is not known now",
      };
    }
    return now.executable ? "mode changed: now executable" : "mode changed: no longer executable";
  }
  return null;
}

/**
 * The path to re-check for a recorded (escaped) file name, or why there is
 * none. A capsule is untrusted input: only a relative path that stays inside
 * the repository and out of `.git` is re-checked; a name holding bytes that
 * are not valid UTF-8 cannot be opened by any path string here.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { recheckablePath } from "./drift.ts";
 * assert.equal(recheckablePath("a\\x01b"), "a\u0001b");
 * assert.deepEqual(recheckablePath("../etc/passwd"), { reason: "outside the repository" });
 * ```
 */
export function recheckablePath(escaped: string): string | { reason: string } {
  const p = unescapePath(escaped);
  if (p === null) return { reason: "name is not valid UTF-8: no path this runtime can open" };
  const segs = p.split("/");
  if (
    p === "" || p.length > 4096 || p.includes("\0") || segs[0] === ".git" ||
    segs.some((s) => s === "" || s === "." || s === "..")
  ) {
    return { reason: "outside the repository" };
  }
  return p;
}

/**
 * A detached HEAD as the branch check compares it: a blank makes it a name
 * no branch can have (git accepts a branch named "(detached)").
 */
const DETACHED = "(detached HEAD)";

const NAMES = {
  root: "work-tree path",
  remote: "remote names and URLs",
  branch: "branch name",
  HEAD: "commit id",
  tracked: "sets of changed tracked paths",
  untracked: "sets of untracked paths",
} as const;

/** Options of {@linkcode checkDrift}. */
export interface DriftOptions {
  /**
   * The capsule is signed by a key this machine trusts: the reasons it
   * gives for what it could not record are shown. @default {false}
   */
  writerTrusted?: boolean;
}

/**
 * The drift checks between recorded and current facts. The reasons the
 * recorded facts give are shown only from a writer this machine trusts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkDrift } from "./drift.ts";
 * import type { Facts, TreeState } from "../capsule/recorded_facts.ts";
 * const tree: TreeState = { status: "complete", reason: "", changed: ["a"], changed_total: 1,
 *   untracked: [], untracked_total: 0, untracked_complete: true, unchecked: [], unchecked_total: 0 };
 * const base: Facts = {
 *   status: "collected", captured_at: "t", repo_root: "/r", remotes: [], branch: "main",
 *   detached: false, head: "a".repeat(40), has_commits: true, operation: null, dirty: true,
 *   changed_files: [], changed_count: 1, untracked_count: 0, untracked_truncated: false,
 *   skipped: {}, published: { status: "no", refs: [], reason: "" }, notes: [], tree: { ...tree, changed: ["a"] },
 * };
 * const now = { ...base, tree: { ...tree, changed: ["a", "b"], changed_total: 2 } };
 * const drift = checkDrift(base, now, new Map(), { writerTrusted: true });
 * const t = drift.find((d) => d.check === "tracked changes")!;
 * assert.equal(t.status, "different");
 * assert.deepEqual(t.sets?.added, ["b"]);
 * ```
 */
export function checkDrift(
  recordedFacts: Facts,
  current: Facts | null,
  files: CurrentFiles,
  options: DriftOptions = {},
): DriftCheck[] {
  // A stranger's reasons are never printed in baton's voice (core/briefing/writer_reasons.ts).
  const recorded = options.writerTrusted === true ? recordedFacts : withheldReasons(recordedFacts);
  const names = [
    ["root", NAMES.root],
    ["remote", NAMES.remote],
    ["branch", NAMES.branch],
    ["HEAD", NAMES.HEAD],
    ["tracked changes", NAMES.tracked],
    ["untracked files", NAMES.untracked],
  ] as const;
  if (recorded.status !== "collected") {
    const why = reasonOf(recorded.unavailable, "repository");
    return names.map(([check, compared]) => ({
      check,
      compared,
      status: "unknown",
      detail: why !== null
        ? `unavailable when written: ${why}`
        : recorded.status === "unavailable"
        ? "never collected when written"
        : "not a repository then",
    }));
  }
  if (current === null || current.status !== "collected") {
    const why = current === null
      ? "facts unavailable now"
      : reasonOf(current.unavailable, "repository") !== null
      ? `unavailable now: ${reasonOf(current.unavailable, "repository")}`
      : current.status === "unavailable"
      ? "facts unavailable now"
      : "not inside a repository now";
    return [
      ...names.map(([check, compared]): DriftCheck => ({
        check,
        compared,
        status: "unknown",
        detail: why,
      })),
      ...recorded.changed_files.map((f): DriftCheck => ({
        check: `file ${shownPath(f.path)}`,
        compared: "sha256 of content",
        status: "unknown",
        detail: why,
      })),
    ];
  }
  const remotes = (f: Facts) =>
    f.remotes.length === 0 ? null : f.remotes.map((r) => `${r.name}=${r.url}`).sort().join(" ");
  // A part unreadable on either side makes its checks unknown, never match.
  const guard = (
    check: string,
    compared: string,
    part: UnavailablePart["part"],
    run: () => DriftCheck,
  ): DriftCheck => {
    const was = reasonOf(recorded.unavailable, part);
    if (was !== null) {
      return { check, compared, status: "unknown", detail: `unavailable when written: ${was}` };
    }
    const is = reasonOf(current.unavailable, part);
    if (is !== null) {
      return { check, compared, status: "unknown", detail: `unavailable now: ${is}` };
    }
    return run();
  };
  const out: DriftCheck[] = [
    compare("root", NAMES.root, recorded.repo_root, current.repo_root),
    guard(
      "remote",
      NAMES.remote,
      "config",
      () => compare("remote", NAMES.remote, remotes(recorded), remotes(current)),
    ),
    guard("branch", NAMES.branch, "head", () =>
      compare(
        "branch",
        NAMES.branch,
        recorded.detached ? DETACHED : recorded.branch,
        current.detached ? DETACHED : current.branch,
      )),
    guard(
      "HEAD",
      NAMES.HEAD,
      "head",
      () => compare("HEAD", NAMES.HEAD, recorded.head, current.head),
    ),
    guard("tracked changes", NAMES.tracked, "worktree", () =>
      treeCheck(
        "tracked changes",
        NAMES.tracked,
        {
          added: "new since capture",
          removed: "no longer changed (committed or reverted)",
          same: "the same paths are changed",
          restated: "status changed since capture",
        },
        trackedSide,
        recorded,
        current,
        // A submodule's code (.M) is the same whether its HEAD moved or its
        // content changed (git status says which): never settled by the code.
        new Set(
          [...recorded.changed_files, ...current.changed_files]
            .filter((f) => f.kind === "submodule").map((f) => f.path),
        ),
      )),
    guard("untracked files", NAMES.untracked, "worktree", () =>
      treeCheck(
        "untracked files",
        NAMES.untracked,
        {
          added: "new untracked since capture",
          removed: "no longer untracked (added, deleted or ignored)",
          same: "the same paths are untracked",
        },
        untrackedSide,
        recorded,
        current,
      )),
  ];
  const counts = { mode: modeCounts(recorded, current), links: linkCounts(recorded, current) };
  for (const f of recorded.changed_files) out.push(fileCheck(f, files.get(f.path), counts));
  const unrecorded = unrecordedContent(recorded);
  if (unrecorded !== null) out.push(unrecorded);
  return out;
}

/**
 * The paths past the capsule's file count cap have no content record: an
 * edit to one since capture leaves git status's code as it was, so the set
 * checks match and no file check names it. Said as one unknown check, so
 * the briefing does not read as having compared them; null when every
 * changed path has its record.
 */
function unrecordedContent(recorded: Facts): DriftCheck | null {
  const past = recorded.skipped["over_count"] ?? 0;
  if (past <= 0) return null;
  return {
    check: "files past the content record",
    compared: "sha256 of content",
    status: "unknown",
    detail: `${past} changed or untracked path(s) past the first ${recorded.changed_files.length} ${
      recorded.changed_files.length === 1 ? "has" : "have"
    } no content record: an edit to one of them since capture is not seen here (git status gives it the same code)`,
  };
}
