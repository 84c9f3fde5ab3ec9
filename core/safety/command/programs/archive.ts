/**
 * Archivers and copiers that run commands they are given: tar
 * (`--to-command`, `--checkpoint-action=exec=`, `-I`/`--use-compress-program`,
 * `--rsh-command`, `--info-script`), zip (`-TT`/`--unzip-command`) and rsync
 * (`-e`/`--rsh`, `--rsync-path`), scp and sftp (`-S`, sftp's `-D`, and the
 * ssh options `-o ProxyCommand=`, `LocalCommand`, `KnownHostsCommand`, which
 * run here as ssh's do). Each such string is classified as a
 * command. None of them is read-only: they write archives, trees or files
 * on other machines, and even a listing (`tar -tf a.tar`) runs the
 * decompressor found on PATH that the archive's content calls for. tar
 * uses argp (any unambiguous prefix); zip and rsync are matched the same way, which can only flag more. Pure.
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
  // Even a listing (`tar -tf a.tar`) is not read-only: GNU tar detects compression from the
  // archive's content and runs the decompressor found on PATH (as `rg -z` does).
  readOnly: "never",
  notReadOnly: "tar: reading an archive, it runs the decompressor found on PATH for its content",
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

/** An ssh option (`-o NAME=VALUE` or `-o "NAME VALUE"`) that runs its value on this machine. */
const SSH_RUNS_OPTION = /^\s*(?:proxycommand|localcommand|knownhostscommand)\s*[=\s]\s*(.*)$/is;

function scpJudge(inv: Invocation, parsed: ParsedOptions, out: Findings): void {
  for (const u of usesOf(parsed, "o")) {
    const m = (u.value ?? "").match(SSH_RUNS_OPTION);
    if (m !== null) out.nested(m[1]!, inv.program);
  }
}

/** scp and sftp: ssh's transports, with ssh's options (`-o`, `-F`) and a program to run (`-S`). */
export const SCP: ProgramRecord = {
  names: ["scp", "sftp"],
  longMatch: "exact",
  options: [
    { short: "SD", arity: "value", effect: "runs" },
    { short: "F", arity: "value", effect: "config" },
    { short: "o", arity: "value", effect: "config" },
    { short: "bcijlJPRsX", arity: "value" },
  ],
  readOnly: "never",
  judge: scpJudge,
};
