/**
 * git. Its own global options (`-C`, `-c`, `--git-dir`, ...) are matched
 * exactly, as git.c does; every subcommand's options go through
 * parse-options, which accepts any unambiguous prefix and `--no-NAME`
 * (`--upload-pa`, `--open-files-in`), so they are matched that way.
 *
 * Read-only: the listing and showing subcommands, with no option that runs
 * a program (`grep -O`, `ls-remote --upload-pack`, `diff --ext-diff`),
 * writes a file (`--output`) or a `-c` setting, and in the current
 * repository only — a repository elsewhere (`-C DIR`, `--git-dir`,
 * `--work-tree`, `--bare`) brings its own configuration, which can run programs.
 *
 * Dangerous: history rewrites and force pushes (including interactive and
 * `--onto` rebases), ref, reflog, stash and remote destruction, discarding
 * uncommitted work, hooks paths and shell aliases set for every repository.
 * Commands git runs for you (`-c alias.x=!cmd`, `-c core.pager=...`,
 * `submodule foreach`, `rebase --exec`, `bisect run`, `--upload-pack`) are
 * classified as commands. Pure.
 * @module
 */
import { shellWords } from "../shell_quote.ts";
import type { Findings, Invocation } from "../invocation.ts";
import { given, type OptionSyntax, type ParsedOptions, parseOptions, usesOf } from "./_options.ts";
import { judgeOptions } from "./effects.ts";
import type { OptionSpec, ProgramRecord } from "./_record.ts";

/** git's own options, before the subcommand (git.c: exact names, no prefixes). */
const GLOBAL: readonly OptionSpec[] = [
  { short: "C", arity: "value" },
  { short: "c", arity: "value" },
  { long: ["config-env"], arity: "value" },
  { long: ["git-dir"], arity: "value" },
  { long: ["work-tree"], arity: "value" },
  { long: ["bare"], arity: "none" },
  { long: ["namespace"], arity: "value" },
  { long: ["exec-path"], arity: "optional", effect: "config" },
  { long: ["attr-source"], arity: "value" },
  { long: ["super-prefix"], arity: "value" },
  { long: ["list-cmds"], arity: "value" },
  { long: ["paginate"], short: "p", arity: "none" },
  { long: ["no-pager"], short: "P", arity: "none" },
];

/** Options every diff-producing subcommand takes. */
const DIFF: readonly OptionSpec[] = [
  { long: ["output"], arity: "value", effect: "writes" },
  { long: ["ext-diff"], arity: "none", effect: "runs" },
  { long: ["textconv"], arity: "none", effect: "runs" },
  {
    long: ["src-prefix", "dst-prefix", "line-prefix", "word-diff-regex", "anchored"],
    arity: "value",
  },
  {
    long: ["diff-algorithm", "find-object", "skip-to", "rotate-to", "ignore-matching-lines"],
    arity: "value",
  },
  {
    long: ["unified", "stat", "relative", "color-words", "submodule", "word-diff"],
    arity: "optional",
  },
  { short: "SGOI", arity: "value" },
  { short: "U", arity: "optional" },
];

/** Options of log-like subcommands (revision walking) on top of the diff ones. */
const LOG: readonly OptionSpec[] = [
  ...DIFF,
  {
    long: ["format", "author", "committer", "grep", "since", "until", "after", "before"],
    arity: "value",
  },
  { long: ["max-count", "skip", "date", "encoding", "min-parents", "max-parents"], arity: "value" },
  { long: ["pretty", "decorate", "notes", "show-notes"], arity: "optional" },
  { short: "n", arity: "value" },
];

const UPLOAD_PACK: OptionSpec = { long: ["upload-pack"], arity: "value", effect: "runs" };

/** Subcommand options: values, and the options that run, write or reach out. */
const SUB: Record<string, readonly OptionSpec[]> = {
  grep: [
    { long: ["open-files-in-pager"], short: "O", arity: "optional", effect: "pager" },
    {
      long: ["max-depth", "threads", "max-count", "context", "after-context", "before-context"],
      arity: "value",
    },
    { short: "efmABC", arity: "value" },
    { long: ["ext-grep"], arity: "none", effect: "runs" },
    { long: ["textconv"], arity: "none", effect: "runs" },
    { long: ["color"], arity: "optional" },
  ],
  "ls-remote": [
    // --exec is ls-remote's hidden alias of --upload-pack (git 2.43's ls-remote.c).
    { ...UPLOAD_PACK, long: ["upload-pack", "exec"], short: "u" },
    { long: ["sort", "server-option"], short: "o", arity: "value" },
    { long: ["exit-code"], arity: "none" },
  ],
  fetch: [UPLOAD_PACK, { long: ["server-option"], short: "o", arity: "value" }],
  pull: [UPLOAD_PACK, { long: ["server-option"], short: "o", arity: "value" }],
  clone: [
    { ...UPLOAD_PACK, short: "u" },
    { long: ["template"], arity: "value", effect: "config" },
    { long: ["config"], short: "c", arity: "value", effect: "config" },
  ],
  push: [
    { long: ["receive-pack", "exec"], arity: "value", effect: "runs" },
    { long: ["force", "force-with-lease", "force-if-includes"], short: "f", arity: "optional" },
    { long: ["delete"], short: "d", arity: "none" },
    { long: ["prune"], arity: "none" },
    { long: ["mirror"], arity: "none" },
    { long: ["repo", "push-option", "signed"], short: "o", arity: "value" },
  ],
  archive: [
    { long: ["exec"], arity: "value", effect: "runs" },
    { long: ["remote"], arity: "value", effect: "network" },
    { long: ["output"], short: "o", arity: "value", effect: "writes" },
  ],
  diff: DIFF,
  "diff-tree": DIFF,
  "diff-index": DIFF,
  "diff-files": DIFF,
  "range-diff": LOG,
  log: LOG,
  show: LOG,
  whatchanged: LOG,
  shortlog: LOG,
  "rev-list": LOG,
  // `stash list`/`reflog` take log options and `stash show` diff options (`--output` writes).
  stash: LOG,
  reflog: LOG,
  // blame and annotate parse revision options too: `--output FILE` writes the blame there.
  blame: [
    { long: ["contents", "date", "ignore-rev", "ignore-revs-file"], short: "SL", arity: "value" },
    { long: ["textconv"], arity: "none", effect: "runs" },
    { long: ["output"], arity: "value", effect: "writes" },
  ],
  annotate: [
    { long: ["textconv"], arity: "none", effect: "runs" },
    { long: ["output"], arity: "value", effect: "writes" },
  ],
  "cat-file": [
    { long: ["textconv", "filters"], arity: "none", effect: "runs" },
    { long: ["path"], arity: "value" },
  ],
  rebase: [
    { long: ["exec"], short: "x", arity: "value" },
    { long: ["onto", "strategy", "strategy-option"], short: "sX", arity: "value" },
    { long: ["interactive"], short: "i", arity: "none" },
    { long: ["root"], arity: "none" },
  ],
  reset: [{ long: ["hard"], arity: "none" }, { long: ["merge"], arity: "none" }, {
    long: ["keep"],
    arity: "none",
  }],
  clean: [
    { long: ["force"], short: "f", arity: "none" },
    { long: ["dry-run"], short: "n", arity: "none" },
    { long: ["exclude"], short: "e", arity: "value" },
  ],
  branch: [
    { long: ["delete"], short: "d", arity: "none" },
    { short: "D", arity: "none" },
    { long: ["force"], short: "f", arity: "none" },
    { long: ["move"], short: "m", arity: "none" },
    { short: "M", arity: "none" },
    { long: ["copy"], short: "c", arity: "none" },
    { short: "C", arity: "none" },
    { long: ["set-upstream-to"], short: "u", arity: "value" },
    { long: ["edit-description"], arity: "none", effect: "runs" },
  ],
  tag: [
    { long: ["delete"], short: "d", arity: "none" },
    { long: ["force"], short: "f", arity: "none" },
    { long: ["message", "file", "local-user"], short: "mFu", arity: "value" },
  ],
  checkout: [{ long: ["force"], short: "f", arity: "none" }],
  switch: [
    { long: ["force", "discard-changes"], short: "f", arity: "none" },
    { long: ["create", "force-create"], short: "cC", arity: "value" },
  ],
  restore: [{ long: ["source"], short: "s", arity: "value" }],
  rm: [{ long: ["force"], short: "f", arity: "none" }, { long: ["cached"], arity: "none" }],
  "worktree": [{ long: ["force"], short: "f", arity: "none" }],
  "update-ref": [{ short: "d", arity: "none" }, { long: ["stdin"], arity: "none" }],
  help: [
    { long: ["web"], short: "w", arity: "none", effect: "runs" },
    { long: ["info"], short: "i", arity: "none", effect: "runs" },
  ],
};

function syntaxOf(sub: string): OptionSyntax {
  return { options: SUB[sub] ?? [], longMatch: "prefix", longNegation: true };
}

/** Settings whose value is a command git runs (through a shell). */
const COMMAND_SETTING =
  /^(?:core\.(?:pager|editor|sshcommand|fsmonitor|gitproxy|askpass)|sequence\.editor|diff\.external|gpg(?:\.[a-z0-9]+)?\.program|uploadpack\.packobjectshook|credential(?:\..+)?\.helper|(?:diff|merge|filter|difftool|mergetool)\..+\.(?:command|textconv|driver|clean|smudge|process|cmd)|[a-z]+\.(?:pager|textconv|command)|pager\..+)$/i;

/**
 * A setting given to git (`-c NAME=VALUE`, `git config NAME VALUE`): one
 * that names a program to run is review, and its value is judged as a
 * command (`alias.x=!cmd` too). Set for every repository (`--global`,
 * `--system`), a hooks path or a shell alias is persistence.
 */
function gitSetting(name: string, value: string, out: Findings, everywhere = false): void {
  if (/^alias\./i.test(name)) {
    if (/^\s*!/.test(value)) {
      out.nested(value.replace(/^\s*!/, ""), "git alias");
      if (everywhere) {
        out.dangerous("persistence", "git config --global: a shell alias for every repository");
      }
    }
    return;
  }
  if (/^core\.hookspath$/i.test(name)) {
    if (everywhere) {
      out.dangerous(
        "persistence",
        "git config --global core.hooksPath: hooks for every repository",
      );
    }
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

/** Where the subcommand is: the first operand after git's own options. */
function subIndex(parsed: ParsedOptions): number {
  return parsed.operands[0]?.index ?? -1;
}

/** A path that is the current repository (or its work tree). */
const HERE = /^(?:\.\/?|\.git\/?|\.\/\.git\/?)$/;
/**
 * A git directory that is the current repository's: `.git`. `--git-dir=.`
 * makes the current directory the git directory, as --bare does, so a tree's
 * own tracked `config` would be the repository configuration (git 2.39 ran
 * the diff.external such a config named for `git --git-dir=. diff`).
 */
const GIT_DIR_HERE = /^(?:\.\/)?\.git\/?$/;

/**
 * True when git's own options point it at a repository elsewhere. `--bare`
 * makes the current directory the git directory, so a work tree's own
 * tracked `config` (with `HEAD`, `objects/`, `refs/` beside it) becomes the
 * repository configuration.
 */
function foreignRepo(parsed: ParsedOptions): boolean {
  return given(parsed, "bare") ||
    usesOf(parsed, "C", "work-tree").some((u) => u.value === null || !HERE.test(u.value)) ||
    usesOf(parsed, "git-dir").some((u) => u.value === null || !GIT_DIR_HERE.test(u.value));
}

/** Reports `-c` and `--config-env` settings. */
function globalSettings(parsed: ParsedOptions, out: Findings): void {
  for (const u of usesOf(parsed, "c", "config-env")) {
    out.review("git: a -c setting changes how git behaves for this command");
    const setting = u.value ?? "";
    const eq = setting.indexOf("=");
    if (eq > 0 && u.name === "c") gitSetting(setting.slice(0, eq), setting.slice(eq + 1), out);
    if (eq > 0 && u.name === "config-env") {
      gitSetting(setting.slice(0, eq), "", out);
      out.review("git: a setting's value is taken from the environment");
    }
  }
}

const CONFIG_VALUES: OptionSyntax = {
  options: [
    { long: ["file", "blob", "type", "default", "comment", "value"], short: "f", arity: "value" },
  ],
  longMatch: "prefix",
  longNegation: true,
};

function pushRule(p: ParsedOptions, ops: string[], out: Findings): void {
  if (given(p, "force") || ops.slice(1).some((r) => r.startsWith("+"))) {
    out.dangerous("history_rewrite", "git push: force push overwrites remote history");
  }
  if (given(p, "mirror")) {
    out.dangerous("history_rewrite", "git push --mirror overwrites and deletes remote refs");
  }
  if (given(p, "delete", "prune") || ops.slice(1).some((r) => r.startsWith(":"))) {
    out.dangerous("ref_destruction", "git push: deletes refs on the remote");
  }
  out.review("git push: publishes to shared state");
}

function branchRule(p: ParsedOptions, out: Findings): void {
  const force = given(p, "force");
  if (given(p, "D") || (given(p, "delete") && force)) {
    out.dangerous("ref_destruction", "git branch -D: force-deletes branches, merged or not");
    return;
  }
  if (given(p, "M", "C") || (given(p, "move", "copy") && force)) {
    out.dangerous(
      "ref_destruction",
      "git branch: a forced rename or copy overwrites an existing branch",
    );
    return;
  }
  if (force) out.dangerous("ref_destruction", "git branch --force: resets an existing branch");
}

function configRule(inv: Invocation, from: number, out: Findings): void {
  const rest = inv.argv.slice(from);
  const parsed = parseOptions(CONFIG_VALUES, inv.argv, from);
  const cops = parsed.operands.map((o) => o.text);
  const named = cops[0] === "set" ? cops.slice(1) : cops;
  const everywhere = rest.some((a) => a === "--global" || a === "--system");
  if (named.length >= 2) gitSetting(named[0]!, named[1]!, out, everywhere);
  const read = extraHeaderRead(rest, cops);
  if (read === "no" && configLists(rest, cops)) {
    // A listing prints every key: where a CI checkout keeps its token, http.*.extraheader too.
    out.review("git config: lists every setting, a CI checkout's http.extraheader token included");
  } else if (read === "yes") {
    out.dangerous("credential_exposure", "git config: prints http.extraheader, a CI token");
  } else if (read === "unknown") {
    out.review("git config: a key pattern that cannot be checked against http.extraheader");
  }
}

/**
 * Whether a `git config` call lists every setting: `-l`, `--list` (or a
 * prefix git takes for it, `--li`), the `list` verb of git 2.46, or `git var
 * -l`, which lists the configuration with git's own variables; not with
 * `--name-only`.
 */
function configLists(rest: readonly string[], ops: readonly string[]): boolean {
  const opts = rest.slice(0, rest.indexOf("--") < 0 ? undefined : rest.indexOf("--"));
  // `--name-only` prints the keys without their values.
  if (opts.includes("--name-only")) return false;
  return ops[0] === "list" ||
    opts.some((a) => /^-[a-zA-Z]*l[a-zA-Z]*$/.test(a) || /^--li(?:s(?:t)?)?$/.test(a));
}

/** Keys a CI checkout stores its token under (git lower-cases the section and key names). */
const EXTRA_HEADER_KEYS = ["http.extraheader", "http.https://github.com/.extraheader"];

/**
 * Whether a `git config` read prints `http.*.extraheader` (where a CI
 * checkout keeps its token): `--get`/`--get-all`/`get NAME`, a
 * `--get-regexp`/`get --regexp` pattern that matches such a key (git
 * matches it without case), or `--get-urlmatch http URL`. "unknown" for a
 * pattern JavaScript cannot compile.
 */
function extraHeaderRead(
  rest: readonly string[],
  ops: readonly string[],
): "yes" | "no" | "unknown" {
  const isGet = ops[0] === "get";
  const names = isGet ? ops.slice(1) : ops;
  const name = names[0];
  if (name === undefined) return "no";
  const has = (re: RegExp) => rest.some((a) => re.test(a));
  if (has(/^--get-urlmatch$/) || (isGet && has(/^--url(?:=|$)/))) {
    return /^http(?:\.extraheader)?$/i.test(name) ? "yes" : "no";
  }
  if (has(/^--get-regexp$/) || (isGet && has(/^--regexp$/))) {
    let re: RegExp;
    try {
      re = new RegExp(name, "i");
    } catch {
      return "unknown";
    }
    return EXTRA_HEADER_KEYS.some((k) => re.test(k)) ? "yes" : "no";
  }
  if (isGet || has(/^--get(?:-all)?$/)) {
    return /^http\.(?:.*\.)?extraheader$/i.test(name) ? "yes" : "no";
  }
  return "no";
}

/** The danger rules of one subcommand. */
function subRule(inv: Invocation, sub: string, from: number, out: Findings): void {
  const p = parseOptions(syntaxOf(sub), inv.argv, from);
  judgeOptions(GIT, inv, p, out);
  const ops = p.operands.map((o) => o.text);
  const rest = inv.argv.slice(from);
  switch (sub) {
    case "push":
      return pushRule(p, ops, out);
    case "branch":
      return branchRule(p, out);
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
      if (rest.some((a) => /^--pr(?:u(?:ne?)?)?=/.test(a) && a !== "--prune=2.weeks.ago")) {
        out.dangerous(
          "ref_destruction",
          "git gc --prune=now: deletes unreachable commits for good",
        );
      }
      return;
    case "rm":
      if (
        given(p, "force") && !given(p, "cached") && ops.some((x) => /^(?:\.|\*|:\/|\.\/)$/.test(x))
      ) {
        out.dangerous(
          "discard_work",
          "git rm -f of the whole tree deletes files and their changes",
        );
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
      else if (remoteShowsAddress(ops, rest)) {
        out.review("git remote show: contacts the repository at an address it names");
      }
      return;
    case "ls-remote":
      if (lsRemoteNamesAddress(ops)) {
        out.review("git ls-remote: contacts the repository at an address it names");
      }
      return;
    case "update-ref":
      if (given(p, "d", "stdin")) {
        out.dangerous("ref_destruction", "git update-ref -d: deletes a ref directly");
      } else {
        out.dangerous(
          "history_rewrite",
          "git update-ref: moves a ref directly, bypassing safety checks",
        );
      }
      return;
    case "tag":
      if (given(p, "delete")) out.review("git tag -d: deletes a tag");
      if (given(p, "force")) {
        out.dangerous("history_rewrite", "git tag --force: moves an existing tag");
      }
      return;
    case "replace":
      // `git replace` alone, `-l` or `--list [PATTERN]` lists the replace refs (review71).
      if (
        rest.length === 0 ||
        (rest.some((a) => a === "-l" || /^--l(?:i(?:st?)?)?$/.test(a)) &&
          !rest.some((a) => /^-[a-zA-Z]*[defg]|^--(?:d|e|g|f(?!o)|c|r)/.test(a)))
      ) {
        return;
      }
      return out.dangerous("history_rewrite", `git ${sub}: rewrites history`);
    case "filter-branch":
    case "filter-repo":
      return out.dangerous("history_rewrite", `git ${sub}: rewrites history`);
    case "rebase":
      if (given(p, "root")) {
        out.dangerous("history_rewrite", "git rebase --root: rewrites the whole history");
      }
      if (given(p, "interactive")) {
        out.dangerous("history_rewrite", "git rebase -i: rewrites, drops or squashes commits");
      }
      if (given(p, "onto")) {
        out.dangerous("history_rewrite", "git rebase --onto: moves a range of commits elsewhere");
      }
      for (const u of usesOf(p, "exec")) out.nested(u.value ?? "", "git rebase --exec");
      return;
    case "reset":
      if (given(p, "hard", "merge", "keep")) {
        out.dangerous("discard_work", "git reset --hard: discards uncommitted changes");
      }
      return;
    case "clean":
      if (given(p, "force") && !given(p, "dry-run")) {
        out.dangerous("discard_work", "git clean -f: deletes untracked files for good");
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
      if (paths.some((x) => /^(?:\.|\*|:\/|:\/:?|\.\/?)$/.test(x))) {
        out.dangerous("discard_work", `git ${sub} of the whole tree discards uncommitted changes`);
      } else if (
        given(p, "force", "discard-changes") || (sub === "checkout" && ops.includes("."))
      ) {
        out.dangerous("discard_work", `git ${sub} --force discards uncommitted changes`);
      }
      return;
    }
    case "worktree":
      if (ops[0] === "remove" && given(p, "force")) {
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
    case "config":
      return configRule(inv, from, out);
    case "var":
      if (configLists(rest, [])) {
        out.review(
          "git var -l: lists every setting, a CI checkout's http.extraheader token included",
        );
      }
      return;
  }
}

/**
 * A remote URL of git's ext transport (`ext::sh -c cmd% arg`): git runs the
 * command it names (`% ` is a blank inside a word, `%%` a percent), when a
 * setting or GIT_ALLOW_PROTOCOL allows it; the command is judged as one.
 */
function extTransport(inv: Invocation, out: Findings): void {
  for (const a of inv.argv) {
    const m = a.match(/^ext::(.*)$/s);
    if (m === null) continue;
    out.review("git: an ext:: remote runs the command it names");
    out.nested(shellWords(extWords(m[1]!)), "git ext remote");
  }
}

/** The words of an ext:: command: split at blanks, `% ` a blank inside a word, `%%` a percent. */
function extWords(text: string): string[] {
  const words: string[] = [];
  let word = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "%" && i + 1 < text.length) word += text[++i];
    else if (c === " ") {
      if (word !== "") words.push(word);
      word = "";
    } else word += c;
  }
  if (word !== "") words.push(word);
  return words;
}

function judge(inv: Invocation, parsed: ParsedOptions, out: Findings): void {
  globalSettings(parsed, out);
  extTransport(inv, out);
  if (foreignRepo(parsed) || inv.elsewhere === true) {
    out.review("git: works on another repository, whose configuration can run programs");
  }
  if (given(parsed, "paginate")) {
    out.review("git -p: opens a pager, whose commands run programs, for any subcommand");
  }
  const at = subIndex(parsed);
  if (at < 0) return;
  const word = inv.argv[at]!;
  // git matches command names exactly: `git Status` is not status but an alias of that name.
  if (word !== word.toLowerCase()) {
    out.review("git: a subcommand name in capitals runs an alias of that name, if one is set");
  }
  subRule(inv, word.toLowerCase(), at + 1, out);
}

const GIT_READ = new Set([
  "status",
  "log",
  "diff",
  "show",
  "blame",
  "annotate",
  "rev-parse",
  "ls-files",
  "ls-tree",
  "cat-file",
  "describe",
  "shortlog",
  "grep",
  "rev-list",
  "name-rev",
  "merge-base",
  "for-each-ref",
  "show-ref",
  "count-objects",
  "whatchanged",
  "show-branch",
  "cherry",
  "var",
  "version",
  "help",
  "check-ignore",
  "check-attr",
  "check-ref-format",
  "ls-remote",
  "range-diff",
  "diff-tree",
  "diff-index",
  "diff-files",
  "verify-commit",
  "verify-tag",
  "fsck",
]);

/** Options of `git config` that only choose the file or the output format. */
const GIT_CONFIG_MODIFIERS =
  /^(?:--global|--system|--local|--worktree|--show-origin|--show-scope|--name-only|--includes|--no-includes|-z|--null|--bool|--int|--bool-or-int|--path|--expiry-date|--type=\w+|--default=.*|--file=.*|--blob=.*)$/;

/**
 * `git config` reads only with --get, --get-all, --get-regexp or -l/--list
 * (or the `get`/`list` subcommands); a NAME VALUE pair sets a value whatever
 * output options come with it.
 */
function configReadOnly(rest: readonly string[]): boolean {
  const ops = parseOptions(CONFIG_VALUES, rest).operands.map((o) => o.text);
  if (ops[0] === "list") return ops.length === 1;
  if (ops[0] === "get") return ops.length <= 3;
  let mode: string | null = null;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (/^(?:--get|--get-all|--get-regexp|-l|--list)$/.test(a)) {
      mode = a;
    } else if (/^(?:-f|--file|--blob|--type|--default)$/.test(a)) {
      i++;
    } else if (a.startsWith("-") && !GIT_CONFIG_MODIFIERS.test(a)) return false;
  }
  if (mode === null) return false;
  // --get NAME [VALUE-PATTERN]; --list takes no operand.
  return /^(?:-l|--list)$/.test(mode) ? ops.length === 0 : ops.length <= 2;
}

const BRANCH_LIST =
  /^(?:-a|-r|-l|-v|-vv|--list|--all|--remotes|--verbose|--show-current|--no-color|--color(?:=\w+)?|--column|--no-column|--contains|--no-contains|--merged|--no-merged|--points-at|--sort=.*|--format=.*|--abbrev=\d+|--no-abbrev|-i|--ignore-case)$/;

/**
 * True when `git ls-remote` is given an address rather than a remote of this repository's config
 * (or the repository itself, `.`): a URL, an scp-like host:path or a path reaches whatever it
 * names, as curl would (the network, ssh, credential helpers; `<transport>::` starts
 * git-remote-<transport>, `ext::` runs its command). A configured remote is read as `git fetch`
 * reads it, and so are a partial clone's lazy fetches from its promisor remote.
 */
function lsRemoteNamesAddress(ops: readonly string[]): boolean {
  const repo = ops[0];
  return repo !== undefined && repo !== "." && !/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(repo);
}

/**
 * True when `git remote show` is given an address rather than a configured remote: it reads the
 * address's refs and HEAD as ls-remote does (git 2.43 took a path or URL there), unless -n keeps
 * it to the config.
 */
function remoteShowsAddress(ops: readonly string[], rest: readonly string[]): boolean {
  return ops[0] === "show" && !rest.includes("-n") &&
    ops.slice(1).some((repo) => lsRemoteNamesAddress([repo]));
}

function subReadOnly(sub: string, rest: readonly string[]): boolean {
  const ops = parseOptions(syntaxOf(sub), rest).operands.map((o) => o.text);
  switch (sub) {
    case "branch":
      return rest.every((a) => BRANCH_LIST.test(a) || !a.startsWith("-")) &&
        (ops.length === 0 ||
          rest.some((a) =>
            /^(?:-l|--list|--contains|--merged|--no-merged|--points-at|--no-contains)$/.test(a)
          ));
    case "tag":
      return ops.length === 0 &&
          rest.every((a) =>
            /^(?:-l|--list|-n\d*|--sort=.*|--contains|--merged|--no-merged|--points-at|--format=.*)$/
              .test(a)
          ) ||
        rest.some((a) => a === "-l" || a === "--list") &&
          !rest.some((a) => /^-[a-zA-Z]*[dfsau]$|^--(?:delete|force|sign|annotate)$/.test(a));
    case "remote":
      return ops.length === 0 || ops[0] === "get-url" ||
        (ops[0] === "show" && !remoteShowsAddress(ops, rest));
    case "reflog":
      return ops.length === 0 || ops[0] === "show";
    case "stash":
      return ["list", "show"].includes(ops[0] ?? "");
    case "worktree":
      return ops[0] === "list";
    case "config":
      return configReadOnly(rest);
    case "clean":
      return parseOptions(syntaxOf(sub), rest).uses.some((u) =>
        u.name === "dry-run" || u.name === "n"
      );
    case "notes":
      return ops.length === 0 || ["list", "show"].includes(ops[0]!);
    case "submodule":
      return ops.length === 0 || ops[0] === "status" || ops[0] === "summary";
    case "fsck":
      return !rest.some((a) => /^--l/.test(a));
    case "ls-remote":
      return !lsRemoteNamesAddress(ops);
    default:
      return GIT_READ.has(sub);
  }
}

function readOnly(inv: Invocation, parsed: ParsedOptions): boolean {
  if (usesOf(parsed, "c", "config-env").length > 0 || foreignRepo(parsed)) return false;
  if (inv.elsewhere === true || given(parsed, "paginate")) return false;
  const at = subIndex(parsed);
  if (at >= 0 && inv.argv[at] !== inv.argv[at]!.toLowerCase()) return false;
  if (at < 0) return inv.argv.length === 1 && /^(?:--version|--help|-h|-v)$/.test(inv.argv[0]!);
  return subReadOnly(inv.argv[at]!.toLowerCase(), inv.argv.slice(at + 1));
}

/** The git record. */
export const GIT: ProgramRecord = {
  names: ["git"],
  longMatch: "exact",
  options: GLOBAL,
  stopAtOperand: true,
  readOnly,
  subOptions: (inv, parsed) => {
    const at = subIndex(parsed);
    if (at < 0) return null;
    return parseOptions(syntaxOf(inv.argv[at]!.toLowerCase()), inv.argv, at + 1);
  },
  families: ["history_rewrite", "ref_destruction", "discard_work", "persistence"],
  judge,
};

/** Subcommand option tables (for tests of the prefix convention). */
export const GIT_SUBCOMMAND_OPTIONS: Readonly<Record<string, readonly OptionSpec[]>> = SUB;
