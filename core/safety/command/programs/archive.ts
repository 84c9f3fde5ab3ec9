/**
 * Archivers and copiers that run commands they are given: tar
 * (`--to-command`, `--checkpoint-action=exec=`, `-I`/`--use-compress-program`,
 * `--rsh-command`, `--info-script`), zip (`-TT`/`--unzip-command`) and rsync
 * (`-e`/`--rsh`, `--rsync-path`). Each such string is classified as a
 * command. None of them is read-only but tar listing an archive file
 * (`tar -tf a.tar`): they write archives, trees or files on other
 * machines. tar uses argp (any unambiguous prefix); zip and
 * rsync are matched the same way, which can only flag more. Pure.
 * @module
 */
import type { Findings, Invocation } from "../invocation.ts";
import { type ParsedOptions, usesOf } from "./_options.ts";
import { valueArg } from "./effects.ts";
import type { ProgramRecord } from "./_record.ts";

function tarJudge(inv: Invocation, parsed: ParsedOptions, out: Findings): void {
  for (const u of usesOf(parsed, "checkpoint-action")) {
    const m = (u.value ?? "").match(/^exec=(.*)$/s);
    if (m === null) continue;
    out.review("tar: a checkpoint action runs a command");
    out.executes({ ...valueArg(inv, u), text: m[1]! }, "tar option", "shell");
  }
}

/** tar's short letters that take a value (the rest of the word, or the next word). */
const TAR_VALUE_LETTERS = "fCTXNKbHVLgIF";
/**
 * Short letters a listing may hold: `t` lists; the others choose what is read
 * or how it is shown (`v`, `f`, `C`, `T`, `X`, `P`, `R`, `i`, `B`, `n`, ...). A
 * mode that writes (`c`, `x`, `r`, `u`, `A`, `d`), a compression letter (`z`,
 * `j`, `J`, `Z`: a decompressor found on PATH runs, as `rg -z`'s do) or any
 * other letter is not a listing.
 */
const TAR_LISTING_LETTERS = /^[tvfCTXPRiBnSbHNKhlpsomOV]$/;
/** Long options a listing may hold (exact names: argp's prefixes are not followed here). */
const TAR_LISTING_LONG = new Set([
  "list",
  "file",
  "verbose",
  "force-local",
  "directory",
  "files-from",
  "exclude",
  "exclude-from",
  "wildcards",
  "no-wildcards",
  "anchored",
  "no-anchored",
  "ignore-case",
  "no-ignore-case",
  "null",
  "numeric-owner",
  "full-time",
  "utc",
  "totals",
  "block-number",
  "blocking-factor",
  "record-size",
  "ignore-zeros",
  "read-full-records",
  "show-transformed-names",
  "absolute-names",
  "occurrence",
  "quiet",
]);
/** An archive named as compressed: reading it, tar runs the decompressor found on PATH. */
const COMPRESSED_NAME = /\.(?:t?gz|taz|tgz|z|bz2?|tbz2?|tz2|xz|txz|lz|lzma|tlz|lzo|zst|tzst|lz4)$/i;

/**
 * GNU and BSD tar listing an archive file: `tar -tf a.tar`, `tar --list -f
 * a.tar`, `tar tvf a.tar` (the old form, its value letters taking the next
 * words in order). Only listing letters and options; the archive named
 * (not a tape or `$TAPE`), with no `:` unless `--force-local` (GNU tar
 * reaches `host:file` through rsh), and not named as compressed.
 */
function tarListsOnly(inv: Invocation): boolean {
  // A word whose text is not known here (`$OPTS`, `"$F"`, `$(...)`, an unquoted glob) may
  // become `--to-command=sh` or a `host:file` name when the shell expands it.
  if (inv.args.some((a) => a.dynamic || a.substituted || a.glob)) return false;
  const argv = inv.argv;
  let listing = false;
  let forceLocal = false;
  const files: string[] = [];
  /** Reads a run of short letters; values come from the word's rest or from `next`. */
  const letters = (run: string, next: () => string | undefined, attached: boolean): boolean => {
    for (let k = 0; k < run.length; k++) {
      const c = run[k]!;
      if (!TAR_LISTING_LETTERS.test(c)) return false;
      if (c === "t") listing = true;
      if (!TAR_VALUE_LETTERS.includes(c)) continue;
      const v = attached && k + 1 < run.length ? run.slice(k + 1) : next();
      if (v === undefined) return false;
      if (c === "f") files.push(v);
      if (attached && k + 1 < run.length) return true;
    }
    return true;
  };
  let i = 0;
  const next = () => argv[++i];
  // The old form: a first word of letters with no dash (`tar tvf a.tar`).
  if (argv.length > 0 && !argv[0]!.startsWith("-")) {
    let q = 1;
    if (!letters(argv[0]!, () => argv[q++], false)) return false;
    i = q;
  }
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") break;
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = a.slice(2, eq < 0 ? undefined : eq);
      if (!TAR_LISTING_LONG.has(name)) return false;
      if (name === "list") listing = true;
      if (name === "force-local") forceLocal = true;
      if (name === "file") {
        const v = eq < 0 ? next() : a.slice(eq + 1);
        if (v === undefined) return false;
        files.push(v);
      } else if (
        eq < 0 &&
        ["directory", "files-from", "exclude", "exclude-from", "blocking-factor", "record-size"]
          .includes(name)
      ) next();
      continue;
    }
    if (a.startsWith("-") && a !== "-") {
      if (!letters(a.slice(1), next, true)) return false;
    }
  }
  return listing && files.length > 0 &&
    files.every((f) => (forceLocal || !f.includes(":")) && !COMPRESSED_NAME.test(f));
}

/** GNU and BSD tar. */
export const TAR: ProgramRecord = {
  names: ["tar", "gtar", "bsdtar"],
  longMatch: "prefix",
  options: [
    { long: ["to-command"], arity: "value", effect: "runs" },
    { long: ["use-compress-program"], short: "I", arity: "value", effect: "runs" },
    { long: ["rsh-command", "rmt-command"], arity: "value", effect: "runs" },
    { long: ["info-script", "new-volume-script"], short: "F", arity: "value", effect: "runs" },
    { long: ["checkpoint-action"], arity: "value" },
    { long: ["checkpoint"], arity: "optional" },
    { long: ["index-file"], arity: "value", effect: "writes" },
    { long: ["listed-incremental"], short: "g", arity: "value", effect: "writes" },
    {
      long: [
        "file",
        "directory",
        "files-from",
        "exclude-from",
        "newer",
        "starting-file",
        "blocking-factor",
        "format",
        "label",
        "exclude",
        "transform",
        "xform",
        "owner",
        "group",
        "mode",
        "mtime",
        "suffix",
        "tape-length",
        "record-size",
        "sparse-version",
        "strip-components",
        "occurrence",
        "newer-mtime",
        "after-date",
        "backup",
      ],
      short: "fCTXNKbHVL",
      arity: "value",
    },
    // A listing's mode, declared so that `--list` is not read as a prefix of --listed-incremental.
    { long: ["list"], arity: "none" },
    // The multi-volume state file, which tar writes.
    { long: ["volno-file"], arity: "value", effect: "writes" },
  ],
  readOnly: tarListsOnly,
  judge: tarJudge,
};

function zipJudge(inv: Invocation, _parsed: ParsedOptions, out: Findings): void {
  // -TT CMD, -TT=CMD: the command zip runs to test the archive.
  inv.argv.forEach((a, i) => {
    if (a !== "-TT" && !a.startsWith("-TT=")) return;
    out.review("zip: an option runs a program");
    const arg = a === "-TT" ? inv.args[i + 1] : { ...inv.args[i]!, text: a.slice(4) };
    if (arg !== undefined) out.executes(arg, "zip option", "shell");
  });
}

/** Info-ZIP zip. */
export const ZIP: ProgramRecord = {
  names: ["zip"],
  longMatch: "prefix",
  options: [
    { long: ["unzip-command"], arity: "value", effect: "runs" },
    {
      long: [
        "password",
        "temp-path",
        "compression-method",
        "suffixes",
        "exclude",
        "include",
        "out",
        "names-stdin",
        "logfile-path",
        "archive-comment",
      ],
      short: "PbnxiOZ",
      arity: "value",
    },
  ],
  readOnly: "never",
  judge: zipJudge,
};

/** rsync. */
export const RSYNC: ProgramRecord = {
  names: ["rsync"],
  longMatch: "prefix",
  options: [
    { long: ["rsh"], short: "e", arity: "value", effect: "runs" },
    { long: ["rsync-path"], arity: "value", effect: "runs" },
    { long: ["log-file", "write-batch", "only-write-batch"], arity: "value", effect: "writes" },
    {
      long: [
        "filter",
        "exclude",
        "include",
        "exclude-from",
        "include-from",
        "files-from",
        "backup-dir",
        "suffix",
        "compare-dest",
        "copy-dest",
        "link-dest",
        "temp-dir",
        "partial-dir",
        "password-file",
        "read-batch",
        "port",
        "chmod",
        "chown",
        "usermap",
        "groupmap",
        "timeout",
        "contimeout",
        "bwlimit",
        "max-size",
        "min-size",
        "block-size",
        "checksum-choice",
        "compress-choice",
        "compress-level",
        "out-format",
        "log-file-format",
        "info",
        "debug",
        "modify-window",
        "iconv",
        "sockopts",
        "address",
        "stop-after",
        "stop-at",
        "max-alloc",
        "max-delete",
        "remote-option",
      ],
      short: "fBTM",
      arity: "value",
    },
  ],
  readOnly: "never",
};
