/**
 * Whether a repository's own git configuration makes a "read-only" git
 * command run programs it names: `git status` runs `core.fsmonitor` and
 * clean filters and may write the index (running `post-index-change`);
 * `git log`/`git diff`/`git show` run pagers and textconv or external diff
 * drivers; an alias starting with `!` is a shell command; credential
 * helpers, ssh commands and gpg programs run too; so does a remote whose
 * URL is `ext::CMD` once `protocol.ext.allow` (or `protocol.allow`, the
 * default of every protocol without its own) lets git use that transport:
 * `git ls-remote` then runs CMD. Such a command is not
 * read-only for the gate, whatever the command classifier says: the
 * repository (a clone, a pull, a downloaded tree) is a stranger's text.
 * The user's own global configuration is not consulted: it is theirs. An
 * `include`/`includeIf` names text baton does not read, so it counts as
 * running programs; so does a config that does not parse. Pure.
 * @module
 */
import type { GitConfigEntry } from "../facts/git/parse_config.ts";

/** Keys (`section.key`, or `section.*.key` for any subsection) whose value names a program. */
const PROGRAM_KEYS = new Set([
  "core.fsmonitor",
  "core.pager",
  "core.editor",
  "core.sshcommand",
  "core.askpass",
  "core.hookspath",
  "core.gitproxy",
  "core.alternaterefscommand",
  "diff.external",
  "diff.*.textconv",
  "diff.*.command",
  "difftool.*.cmd",
  "merge.*.driver",
  "mergetool.*.cmd",
  "filter.*.clean",
  "filter.*.smudge",
  "filter.*.process",
  "credential.helper",
  "credential.*.helper",
  "gpg.program",
  "gpg.*.program",
  "sequence.editor",
  "interactive.difffilter",
  "include.path",
  "includeif.*.path",
  "remote.*.uploadpack",
  "remote.*.receivepack",
  "uploadpack.packobjectshook",
]);

/** Sections where any key names a program (`pager.log = …`). */
const PROGRAM_SECTIONS = new Set(["pager"]);

function isFalse(value: string | null): boolean {
  return value !== null && /^(false|no|off|0|)$/i.test(value.trim());
}

/**
 * Whether a protocol policy lets git use the `ext::` transport, which runs
 * the command the URL names: `protocol.ext.allow` or `protocol.allow` set to
 * anything but `never` (`user` allows it unless GIT_PROTOCOL_FROM_USER is 0,
 * `always` always; a value git does not know counts, on doubt).
 */
function allowsExt(e: GitConfigEntry): boolean {
  if (e.section !== "protocol" || e.key !== "allow") return false;
  if (e.subsection !== null && e.subsection.toLowerCase() !== "ext") return false;
  return (e.value ?? "").trim().toLowerCase() !== "never";
}

/**
 * Whether any entry makes git run a program it names.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { configRunsPrograms } from "./git_programs.ts";
 * const e = (section: string, key: string, value: string | null, subsection: string | null = null) =>
 *   ({ section, subsection, key, value, line: 1 });
 * assert.equal(configRunsPrograms([e("core", "fsmonitor", "./x.sh")]), true);
 * assert.equal(configRunsPrograms([e("alias", "st", "!sh x")]), true);
 * assert.equal(configRunsPrograms([e("alias", "st", "status -s"), e("core", "bare", "false")]), false);
 * ```
 */
export function configRunsPrograms(entries: readonly GitConfigEntry[]): boolean {
  for (const e of entries) {
    if (e.section === "alias") {
      if ((e.value ?? "").trimStart().startsWith("!")) return true;
      continue;
    }
    if (PROGRAM_SECTIONS.has(e.section) && !isFalse(e.value)) return true;
    if (allowsExt(e)) return true;
    const name = e.subsection === null ? `${e.section}.${e.key}` : `${e.section}.*.${e.key}`;
    if (PROGRAM_KEYS.has(name) && !isFalse(e.value)) return true;
  }
  return false;
}

/**
 * Variables by which git takes configuration or runs programs: where it reads
 * config (a home's `.gitconfig`, XDG's `git/config`, the repository it is
 * pointed at), config given whole, and the programs, pagers, editors and
 * trace files it uses. Set by a repository's host settings (which the host
 * hands its shell tool), a "read-only" git command runs what they name.
 */
export const GIT_PROGRAM_VARIABLES: readonly string[] = [
  "HOME",
  "USERPROFILE",
  "XDG_CONFIG_HOME",
  "GIT_DIR",
  "GIT_COMMON_DIR",
  "GIT_INDEX_FILE",
  "GIT_CONFIG",
  "GIT_CONFIG_GLOBAL",
  "GIT_CONFIG_SYSTEM",
  "GIT_CONFIG_COUNT",
  "GIT_CONFIG_PARAMETERS",
  "GIT_EXEC_PATH",
  "GIT_TEMPLATE_DIR",
  "GIT_PAGER",
  "PAGER",
  "GIT_EDITOR",
  "GIT_SEQUENCE_EDITOR",
  "EDITOR",
  "VISUAL",
  "GIT_EXTERNAL_DIFF",
  "GIT_SSH",
  "GIT_SSH_COMMAND",
  "GIT_ASKPASS",
  "SSH_ASKPASS",
  "GIT_PROXY_COMMAND",
  "GIT_ALLOW_PROTOCOL",
  "GIT_TRACE",
  "GIT_TRACE2",
  "GIT_TRACE2_EVENT",
  "GIT_TRACE2_PERF",
  "GIT_TRACE_PACKET",
  "GIT_TRACE_PERFORMANCE",
  "GIT_TRACE_SETUP",
];

/**
 * Variables that change which program any shell command runs, or what the
 * shell runs before it (bash reads BASH_ENV first in every script it runs;
 * the loader preloads what LD_PRELOAD names).
 */
export const SHELL_PROGRAM_VARIABLES: readonly string[] = [
  "PATH",
  "BASH_ENV",
  "SHELLOPTS",
  "BASHOPTS",
  "LD_PRELOAD",
  "LD_LIBRARY_PATH",
  "LD_AUDIT",
  "DYLD_INSERT_LIBRARIES",
  "DYLD_LIBRARY_PATH",
];

/** Hook file names git never runs. */
const INERT_HOOK = /\.sample$/;

/** Whether a hooks folder holds a hook git could run (anything but the samples). */
export function hooksRunPrograms(names: readonly string[]): boolean {
  return names.some((n) => !INERT_HOOK.test(n) && !n.startsWith("."));
}

/** Whether a shell command runs git anywhere in it (as a command word, by any path). */
export function mentionsGit(command: string): boolean {
  return /(?:^|[\s;&|()`{}!]|\$\()(?:[^\s;&|()`'"]*[\\/])?["']?git(?:\.exe)?["']?(?=$|[\s;&|()`])/
    .test(command);
}
