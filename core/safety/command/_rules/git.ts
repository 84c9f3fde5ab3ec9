/**
 * git rules: history rewrite and force push, branch/tag/reflog/stash/remote
 * destruction, discarding uncommitted work, and commands git runs for you
 * (`-c alias.x=!cmd`, `submodule foreach`, `rebase --exec`, `bisect run`),
 * which are classified as nested commands. Pure.
 * @module
 */
import {
  type Findings,
  hasLong,
  hasShort,
  type Invocation,
  operands,
  operandsSkipping,
} from "../invocation.ts";

const GLOBAL_VALUE = new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--exec-path",
  "--config-env",
]);

/** Settings whose value is a command git runs (through a shell). */
const COMMAND_SETTING =
  /^(?:core\.(?:pager|editor|sshcommand|fsmonitor|gitproxy|askpass)|sequence\.editor|diff\.external|gpg(?:\.[a-z0-9]+)?\.program|uploadpack\.packobjectshook|credential(?:\..+)?\.helper|(?:diff|merge|filter|difftool|mergetool)\..+\.(?:command|textconv|driver|clean|smudge|process|cmd)|[a-z]+\.(?:pager|textconv|command)|pager\..+)$/i;

/**
 * A setting given to git (`-c NAME=VALUE`, `git config NAME VALUE`): one
 * that names a program to run is review, and its value is judged as a
 * command (`alias.x=!cmd` too).
 */
function gitSetting(name: string, value: string, out: Findings): void {
  if (/^alias\./i.test(name)) {
    if (/^\s*!/.test(value)) out.nested(value.replace(/^\s*!/, ""), "git alias");
    return;
  }
  if (/^core\.hookspath$/i.test(name)) {
    out.review("git: a setting names a program to run");
    return;
  }
  if (!COMMAND_SETTING.test(name)) return;
  out.review("git: a setting names a program to run");
  // fsmonitor=true is the built-in daemon; a credential helper without ! is a git-credential-NAME program.
  if (/^(?:true|false|yes|no|on|off|[01])?$/i.test(value.trim())) return;
  if (/\.helper$/i.test(name) && !/^\s*!/.test(value)) return;
  out.nested(value.replace(/^\s*!/, ""), "git setting");
}

/**
 * Splits `git [global options] SUBCOMMAND args`; with a sink, reports `-c`
 * settings that run commands.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitGit } from "./git.ts";
 * assert.deepEqual(splitGit(["-C", "dir", "--no-pager", "log", "-1"], null), { sub: "log", rest: ["-1"] });
 * ```
 */
export function splitGit(
  argv: readonly string[],
  out: Findings | null,
): { sub: string; rest: string[] } {
  let i = 0;
  while (i < argv.length) {
    const a = argv[i]!;
    if (!a.startsWith("-")) break;
    if (a === "-c" || a.startsWith("--config-env")) {
      const setting = a === "-c" ? argv[i + 1] ?? "" : a;
      if (out !== null) {
        out.review("git: a -c setting changes how git behaves for this command");
        const eq = setting.indexOf("=");
        if (eq > 0) gitSetting(setting.slice(0, eq), setting.slice(eq + 1), out);
      }
    }
    i += GLOBAL_VALUE.has(a) ? 2 : 1;
  }
  return { sub: (argv[i] ?? "").toLowerCase(), rest: argv.slice(i + 1) };
}

function pushRule(rest: string[], out: Findings): void {
  const ops = operands(rest);
  if (
    hasShort(rest, "f") || hasLong(rest, "force") || hasLong(rest, "force-with-lease") ||
    hasLong(rest, "force-if-includes") || ops.slice(1).some((r) => r.startsWith("+"))
  ) {
    out.dangerous("history_rewrite", "git push: force push overwrites remote history");
  }
  if (hasLong(rest, "mirror")) {
    out.dangerous("history_rewrite", "git push --mirror overwrites and deletes remote refs");
  }
  if (
    hasShort(rest, "d") || hasLong(rest, "delete") || hasLong(rest, "prune") ||
    ops.slice(1).some((r) => r.startsWith(":"))
  ) {
    out.dangerous("ref_destruction", "git push: deletes refs on the remote");
  }
  out.review("git push: publishes to shared state");
}

function branchRule(rest: string[], out: Findings): void {
  if (
    hasShort(rest, "D") ||
    (hasLong(rest, "delete") && (hasLong(rest, "force") || hasShort(rest, "f")))
  ) {
    out.dangerous("ref_destruction", "git branch -D: force-deletes branches, merged or not");
    return;
  }
  if (
    hasShort(rest, "M") || hasShort(rest, "C") ||
    ((hasShort(rest, "m") || hasShort(rest, "c")) &&
      (hasShort(rest, "f") || hasLong(rest, "force")))
  ) {
    out.dangerous(
      "ref_destruction",
      "git branch: a forced rename or copy overwrites an existing branch",
    );
    return;
  }
  if (hasShort(rest, "f") || hasLong(rest, "force")) {
    out.dangerous("ref_destruction", "git branch --force: resets an existing branch");
  }
}

/** Rules for `git`. */
export function gitRule(inv: Invocation, out: Findings): void {
  if (inv.program !== "git") return;
  const { sub, rest } = splitGit(inv.argv, out);
  const ops = operands(rest);
  switch (sub) {
    case "push":
      return pushRule(rest, out);
    case "branch":
      return branchRule(rest, out);
    case "reflog":
      if (["expire", "delete"].includes(ops[0] ?? "")) {
        out.dangerous(
          "ref_destruction",
          "git reflog expire/delete: removes the record that recovers lost commits",
        );
      }
      return;
    case "gc":
      // Any --prune=DATE but the default two weeks can delete recent unreachable work.
      if (rest.some((a) => a.startsWith("--prune=") && a !== "--prune=2.weeks.ago")) {
        out.dangerous(
          "ref_destruction",
          "git gc --prune=now: deletes unreachable commits for good",
        );
      }
      return;
    case "rm":
      if ((hasShort(rest, "f") || hasLong(rest, "force")) && !hasLong(rest, "cached")) {
        if (ops.some((p) => /^(?:\.|\*|:\/|\.\/)$/.test(p))) {
          return out.dangerous(
            "discard_work",
            "git rm -f of the whole tree deletes files and their changes",
          );
        }
      }
      return;
    case "prune":
      return out.dangerous("ref_destruction", "git prune: deletes unreachable objects for good");
    case "stash":
      if (ops[0] === "clear") {
        out.dangerous("ref_destruction", "git stash clear: drops every stash");
      }
      return;
    case "remote":
      if (["remove", "rm"].includes(ops[0] ?? "")) {
        out.dangerous("ref_destruction", "git remote remove: drops a remote and its tracking refs");
      } else if (ops[0] === "prune") out.review("git remote prune: deletes stale tracking refs");
      return;
    case "update-ref":
      if (hasShort(rest, "d") || hasLong(rest, "stdin")) {
        out.dangerous("ref_destruction", "git update-ref -d: deletes a ref directly");
      } else {out.dangerous(
          "history_rewrite",
          "git update-ref: moves a ref directly, bypassing safety checks",
        );}
      return;
    case "tag":
      if (hasShort(rest, "d") || hasLong(rest, "delete")) out.review("git tag -d: deletes a tag");
      if (hasShort(rest, "f") || hasLong(rest, "force")) {
        out.dangerous("history_rewrite", "git tag --force: moves an existing tag");
      }
      return;
    case "filter-branch":
    case "filter-repo":
    case "replace":
      return out.dangerous("history_rewrite", `git ${sub}: rewrites history`);
    case "rebase":
      if (hasLong(rest, "root")) {
        out.dangerous("history_rewrite", "git rebase --root: rewrites the whole history");
      }
      for (let i = 0; i < rest.length; i++) {
        if (rest[i] === "--exec" || rest[i] === "-x") {
          out.nested(rest[i + 1] ?? "", "git rebase --exec");
        } else if (rest[i]!.startsWith("--exec=")) {
          out.nested(rest[i]!.slice(7), "git rebase --exec");
        }
      }
      return;
    case "reset":
      if (hasLong(rest, "hard") || hasLong(rest, "merge") || hasLong(rest, "keep")) {
        out.dangerous("discard_work", "git reset --hard: discards uncommitted changes");
      }
      return;
    case "clean":
      if (hasShort(rest, "f") || hasLong(rest, "force")) {
        if (!(hasShort(rest, "n") || hasLong(rest, "dry-run"))) {
          out.dangerous("discard_work", "git clean -f: deletes untracked files for good");
        }
      }
      return;
    case "checkout":
    case "restore":
    case "switch": {
      const paths = rest.includes("--")
        ? rest.slice(rest.indexOf("--") + 1)
        : sub === "restore"
        ? ops
        : [];
      if (paths.some((p) => /^(?:\.|\*|:\/|:\/:?|\.\/?)$/.test(p))) {
        out.dangerous("discard_work", `git ${sub} of the whole tree discards uncommitted changes`);
      } else if (
        hasShort(rest, "f") || hasLong(rest, "force") || hasLong(rest, "discard-changes") ||
        (sub === "checkout" && ops.includes("."))
      ) {
        out.dangerous("discard_work", `git ${sub} --force discards uncommitted changes`);
      }
      return;
    }
    case "worktree":
      if (ops[0] === "remove" && (hasShort(rest, "f") || hasLong(rest, "force"))) {
        out.dangerous(
          "discard_work",
          "git worktree remove --force: deletes a worktree with its changes",
        );
      }
      return;
    case "submodule":
      if (ops[0] === "foreach") {
        const idx = rest.indexOf("foreach");
        out.nested(
          rest.slice(idx + 1).filter((a) => !a.startsWith("--")).join(" "),
          "git submodule foreach",
        );
      }
      return;
    case "bisect":
      if (ops[0] === "run") {
        out.nested(rest.slice(rest.indexOf("run") + 1).join(" "), "git bisect run");
      }
      return;
    case "config": {
      const cops = operandsSkipping(rest, {
        value: "f",
        longValue: ["file", "blob", "type", "default"],
      });
      const named = cops[0] === "set" ? cops.slice(1) : cops;
      if (named.length >= 2) gitSetting(named[0]!, named[1]!, out);
      return;
    }
  }
}
