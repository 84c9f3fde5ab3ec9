/**
 * Sees through wrapper programs to the command they run: sudo, doas, su,
 * env, nice, nohup, timeout, xargs, busybox, command, exec, time, stdbuf,
 * flock, strace, chroot, setsid, watch, ssh and others, skipping each one's
 * options and their values. What a wrapper runs from a string (`su -c`,
 * `watch`, `ssh host cmd`, `env -S`, `flock -c`) is returned as nested text
 * for the classifier to parse again, and the variables a wrapper sets
 * (`env NAME=value`, `sudo NAME=value`) are returned for the same checks as
 * an assignment before a command. An option whose value may only be attached
 * (GNU `xargs -i`, `watch -d`) does not take the next word; since another
 * implementation might, every such reading is also returned as an
 * alternative, so the caller can judge each program position and keep the
 * worst. Pure.
 * @module
 */
import { type Arg, literalArg, takesValue, type ValueOptions } from "./invocation.ts";
import { isOutsideSystemDirs, normalizeProgram } from "./program_name.ts";

/** The command a wrapper chain runs. */
export interface Unwrapped {
  /** The program word, or null when the wrappers run nothing (e.g. `sudo -s`). */
  program: Arg | null;
  args: Arg[];
  /** Wrapper names seen through, outermost first. */
  wrappers: string[];
  /** Strings the wrappers run as commands. */
  nested: { text: string; via: string }[];
  /** A wrapper starts an interactive shell (`sudo -i`, `su`). */
  rootShell: boolean;
  /** `command -v` and friends: a lookup, nothing runs. */
  lookupOnly: boolean;
  /** Variables the wrappers set for the command (`env NAME=value`), in order. */
  assignments: { name: string; value: Arg }[];
  /**
   * Other readings of an ambiguous option (one that may or may not take the
   * next word), each with a program or a command string; empty when the
   * parse is unambiguous.
   */
  alternatives: Unwrapped[];
  /** A wrapper runs the command in another directory (`env -C DIR`, `sudo -D DIR`). */
  chdir?: true;
  /** The directories the wrappers change to, as far as they are given. */
  chdirTo?: Arg[];
  /** xargs puts its input text into the command's arguments (`-I`, `-i`, `--replace`, BSD `-J`). */
  inputInArgs?: true;
  /** xargs splits its input at NUL bytes only (`-0`, `--null`), not at blanks, quotes and newlines. */
  nulInput?: true;
  /**
   * Files a wrapper writes (`strace -o FILE`, `time -o FILE`, `script FILE`), with the wrapper's
   * name; `createsEmpty` when the wrapper only creates a missing file empty and never writes it
   * (flock's lock file).
   */
  writes?: { via: string; file: Arg; createsEmpty?: true }[];
  /**
   * Files whose content a wrapper reads and gives the command as arguments (`xargs -a FILE`,
   * `parallel --arg-file FILE`), with the wrapper's name.
   */
  argFiles?: { via: string; file: Arg }[];
  /** A wrapper was named by a path outside the system directories (`./xargs`). */
  wrapperByPath?: true;
}

interface Spec extends ValueOptions {
  /** Positionals to skip after the options (timeout's DURATION). */
  skip?: number;
  /** A flag whose value is a command string. */
  commandFlag?: string;
  /** The rest is joined into a command string. */
  joinRest?: boolean;
  /** Assignments NAME=value may follow the options. */
  assignments?: boolean;
}

const WRAPPERS: Record<string, Spec> = {
  // sudo -h alone is help; its host value can only be attached (-hHOST).
  sudo: {
    value: "ugpCDrtUTR",
    optional: "h",
    longValue: [
      "user",
      "group",
      "prompt",
      "close-from",
      "chdir",
      "role",
      "type",
      "other-user",
      "host",
      "command-timeout",
    ],
    assignments: true,
  },
  doas: { value: "uC" },
  su: { value: "sgG", commandFlag: "c", longValue: ["shell", "group", "supp-group"], skip: 1 },
  runuser: { value: "ugGs", commandFlag: "c", longValue: ["user", "group", "shell"], skip: 1 },
  pkexec: { longValue: ["user"] },
  gsudo: { value: "u", longValue: ["user"] },
  // -a/--argv0 (coreutils 9.5+); -P, -L, -U are BSD's.
  env: {
    value: "uCSaPLU",
    longValue: ["unset", "chdir", "split-string", "argv0"],
    assignments: true,
  },
  nice: { value: "n", longValue: ["adjustment"] },
  ionice: { value: "cnp", longValue: ["class", "classdata", "pid"] },
  nohup: {},
  setsid: {},
  // bash's `coproc cmd args` runs the command beside the shell.
  coproc: {},
  stdbuf: { value: "ioe", longValue: ["input", "output", "error"] },
  // bash's and zsh's `time` is a reserved word before a pipeline, whose command may open with
  // NAME=value assignments (`time GOAUTH=... go list` sets GOAUTH for go); GNU time would run
  // NAME=value as a program and fail, so taking them is the reading that hides nothing.
  time: { value: "fo", longValue: ["format", "output"], assignments: true },
  command: {},
  builtin: {},
  exec: { value: "a" },
  unbuffer: {},
  caffeinate: { value: "tw" },
  timeout: { value: "sk", longValue: ["signal", "kill-after"], skip: 1 },
  chrt: { skip: 1 },
  // taskset -c is a flag (the list is the positional); older manuals show it beside the list.
  taskset: { optional: "c", skip: 1 },
  // GNU -e, -i, -l take only an attached value; -J, -R, -S are BSD's.
  xargs: {
    value: "IPLsdEanJRS",
    optional: "eil",
    longValue: ["max-args", "max-procs", "max-chars", "delimiter", "arg-file", "process-slot-var"],
    longOptional: ["replace", "max-lines", "eof"],
  },
  // GNU parallel: the command comes first, its inputs after ::: (judged as operands).
  parallel: {
    value: "jSadIEnNLPs",
    longValue: [
      "jobs",
      "sshlogin",
      "arg-file",
      "delimiter",
      "replace",
      "eof",
      "max-args",
      "max-lines",
      "tmpdir",
      "results",
      "joblog",
      "timeout",
      "delay",
      "retries",
      "colsep",
      "workdir",
      "env",
    ],
  },
  busybox: {},
  toybox: {},
  flock: {
    value: "wEc",
    longValue: ["timeout", "conflict-exit-code", "command"],
    skip: 1,
    commandFlag: "c",
  },
  strace: { value: "oepsuIaEbPS", longValue: ["output"] },
  ltrace: { value: "oepsuIaEn", longValue: ["output"] },
  chroot: { longValue: ["userspec", "groups"], skip: 1 },
  // The namespace options (-m, -u, -n, ... -r, -w) take only an attached file or directory.
  nsenter: {
    value: "tSGLZ",
    optional: "munipUCTrw",
    longValue: ["target", "setuid", "setgid", "env"],
    longOptional: ["mount", "uts", "ipc", "net", "pid", "user", "cgroup", "time", "root", "wd"],
  },
  torsocks: { value: "uapP", longValue: ["user", "pass", "address", "port"] },
  torify: {},
  proxychains: { value: "f" },
  proxychains4: { value: "f" },
  watch: {
    value: "nq",
    optional: "d",
    longValue: ["interval", "equexit"],
    longOptional: ["differences"],
    joinRest: true,
  },
  sg: { commandFlag: "c", skip: 1 },
  script: { value: "cEIOT", commandFlag: "c", longValue: ["command"] },
  ssh: { value: "bcDEeFIiJLlmOopQRSWwB", skip: 1, joinRest: true },
  winpty: {},
  call: {},
  // util-linux unshare: the namespace options take only an attached file.
  unshare: {
    value: "RwSG",
    optional: "muinpUCT",
    longValue: ["propagation", "setgroups", "root", "wd", "setuid", "setgid"],
    longOptional: [
      "mount",
      "uts",
      "ipc",
      "net",
      "pid",
      "user",
      "cgroup",
      "time",
      "kill-child",
      "map-user",
      "map-group",
      "map-users",
      "map-groups",
      "monotonic",
      "boottime",
    ],
  },
  // moreutils: chronic and ifne take only flags; the rest take none.
  chronic: {},
  ifne: {},
  eatmydata: {},
  nocache: {},
  fakeroot: { value: "lsi", longValue: ["lib", "faked"] },
  // faketime's first operand is the time to fake.
  faketime: { value: "p", skip: 1 },
};

const PRIVILEGE = new Set(["sudo", "doas", "su", "runuser", "pkexec", "gsudo", "runas"]);

/** True when a wrapper name grants another user's privileges. */
export function isPrivilegeWrapper(name: string): boolean {
  return PRIVILEGE.has(name);
}

/** Most readings of ambiguous options tried for one command. */
const MAX_READINGS = 16;

/** The directory of a wrapper's change-directory option (`-C DIR`, `-CDIR`, `--chdir=DIR`). */
function chdirValue(name: string, a: string, next: Arg | undefined): Arg | undefined {
  const text = (t: string): Arg => ({ ...(next ?? literalArg()), text: t });
  if (a.startsWith("--")) {
    const eq = a.indexOf("=");
    if (eq >= 0) return text(a.slice(eq + 1));
    return name === "nsenter" ? undefined : next;
  }
  const letter = name === "env" ? "C" : name === "sudo" ? "D" : "w";
  const rest = a.slice(a.indexOf(letter) + 1);
  if (rest !== "") return text(rest);
  return name === "nsenter" ? undefined : next;
}

/** An argument of the form NAME=value, as env and sudo take before the command. */
const ASSIGNMENT = /^[^=-][^=]*=/;

function assignment(word: Arg): { name: string; value: Arg } {
  const eq = word.text.indexOf("=");
  return { name: word.text.slice(0, eq), value: { ...word, text: word.text.slice(eq + 1) } };
}

/**
 * A long option written as an unambiguous prefix of one of the wrapper's
 * value-taking long options (`timeout --sig KILL`, `nice --adj 5`), as
 * getopt_long reads it, spelt out in full; anything else unchanged.
 */
function longByPrefix(spec: Spec, a: string): string {
  if (!a.startsWith("--") || a.length < 3) return a;
  const eq = a.indexOf("=");
  const n = eq < 0 ? a.slice(2) : a.slice(2, eq);
  const names = [...(spec.longValue ?? []), ...(spec.longOptional ?? [])];
  if (names.includes(n)) return a;
  const hits = names.filter((x) => x.startsWith(n));
  return hits.length === 1 ? "--" + hits[0]! + (eq < 0 ? "" : a.slice(eq)) : a;
}

/**
 * `env -S STRING` in every spelling: `-S STR`, `-SSTR`, `-iS STR` (flags
 * before it in a cluster), `--split-string=STR` or any prefix of it
 * (`--s`, `--spl`: no other env option starts with s). Returns the attached
 * string (null when it is the next word), or null when this is not -S.
 */
function envSplitString(a: string): { attached: string | null } | null {
  if (a.startsWith("--")) {
    const eq = a.indexOf("=");
    const n = eq < 0 ? a.slice(2) : a.slice(2, eq);
    if (n === "" || !"split-string".startsWith(n)) return null;
    return { attached: eq < 0 ? null : a.slice(eq + 1) };
  }
  for (let k = 1; k < a.length; k++) {
    const c = a[k]!;
    if (c === "S") return { attached: k + 1 < a.length ? a.slice(k + 1) : null };
    // another option's value starts here
    if ("uCaPLU".includes(c)) return null;
  }
  return null;
}

/**
 * Sees through wrappers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unwrapCommand } from "./unwrap.ts";
 * const arg = (text: string) => ({ text, dynamic: false, quoted: false, glob: false, escapes: false, substituted: false, subs: [] });
 * const u = unwrapCommand(["sudo", "-u", "root", "env", "A=1", "nice", "-n", "5", "rm", "-rf", "/"].map(arg));
 * assert.deepEqual(u.wrappers, ["sudo", "env", "nice"]);
 * assert.equal(u.program?.text, "rm");
 * assert.deepEqual(u.args.map((a) => a.text), ["-rf", "/"]);
 * assert.deepEqual(u.assignments.map((a) => [a.name, a.value.text]), [["A", "1"]]);
 * // GNU xargs -i takes no separate value; the other reading is kept too.
 * const x = unwrapCommand(["xargs", "-i", "rm", "cat", "-rf", "/"].map(arg));
 * assert.equal(x.program?.text, "rm");
 * assert.deepEqual(x.alternatives.map((a) => a.program?.text), ["cat"]);
 * ```
 */
export function unwrapCommand(words: readonly Arg[]): Unwrapped {
  const ambiguous: number[] = [];
  const primary = walk(words, new Set(), ambiguous);
  // Each further reading takes the next word at one more ambiguous option
  // (later than those it already takes, so no reading is tried twice).
  const queue: Set<number>[] = ambiguous.slice(0, MAX_READINGS).map((p) => new Set([p]));
  let tried = 1;
  while (queue.length > 0 && tried < MAX_READINGS) {
    const take = queue.shift()!;
    tried++;
    const found: number[] = [];
    const alt = walk(words, take, found);
    if (alt.program !== null || alt.nested.length > 0) primary.alternatives.push(alt);
    const last = Math.max(...take);
    for (const p of found) {
      if (queue.length >= MAX_READINGS) break;
      if (p > last) queue.push(new Set([...take, p]));
    }
  }
  return primary;
}

function walk(words: readonly Arg[], take: ReadonlySet<number>, ambiguous: number[]): Unwrapped {
  const out: Unwrapped = {
    program: null,
    args: [],
    wrappers: [],
    nested: [],
    rootShell: false,
    lookupOnly: false,
    assignments: [],
    alternatives: [],
  };
  let i = 0;
  while (i < words.length) {
    const name = normalizeProgram(words[i]!.text).name;
    if (name === "runas") {
      // runas /user:NAME "command"
      out.wrappers.push(name);
      if (isOutsideSystemDirs(words[i]!.text)) out.wrapperByPath = true;
      const cmd = words.slice(i + 1).filter((w) => !w.text.startsWith("/"));
      if (cmd.length > 0) out.nested.push({ text: cmd.map((w) => w.text).join(" "), via: name });
      return out;
    }
    const spec = WRAPPERS[name];
    if (spec === undefined || words[i]!.dynamic) break;
    out.wrappers.push(name);
    if (isOutsideSystemDirs(words[i]!.text)) out.wrapperByPath = true;
    i++;
    let skip = spec.skip ?? 0;
    let sawShellFlag = false;
    while (i < words.length) {
      const a = words[i]!.text;
      if (a === "--") {
        i++;
        // env -- NAME=value cmd: assignments still follow the end of the options.
        while (spec.assignments === true && i < words.length && ASSIGNMENT.test(words[i]!.text)) {
          out.assignments.push(assignment(words[i++]!));
        }
        break;
      }
      if (a.startsWith("-") && a !== "-") {
        if (spec.commandFlag !== undefined && (a === `-${spec.commandFlag}` || a === "--command")) {
          const v = words[i + 1];
          if (v !== undefined) out.nested.push({ text: v.text, via: name });
          i += 2;
          continue;
        }
        if (name === "env") {
          const split = envSplitString(a);
          if (split !== null) {
            const v = split.attached ?? words[i + 1]?.text;
            if (v !== undefined) out.nested.push({ text: v, via: name });
            i += split.attached === null ? 2 : 1;
            continue;
          }
        }
        if (
          (name === "sudo" || name === "doas") && /^-[a-zA-Z]*[is]/.test(a) && !a.startsWith("--")
        ) {
          sawShellFlag = true;
        }
        if (name === "command" && /^-[a-zA-Z]*[vV]/.test(a)) out.lookupOnly = true;
        if (
          (name === "env" && /^(?:-[a-zA-Z0-9]*C|--ch(?:d(?:ir?)?)?(?:=|$))/.test(a)) ||
          (name === "sudo" && /^(?:-[a-zA-Z]*D|--chd(?:ir?)?(?:=|$))/.test(a)) ||
          (name === "nsenter" && /^(?:-w|--wd)/.test(a))
        ) {
          out.chdir = true;
          const dir = chdirValue(name, a, words[i + 1]);
          if (dir !== undefined) (out.chdirTo ??= []).push(dir);
        }
        if (name === "ssh" && a.startsWith("-o")) {
          // ProxyCommand, LocalCommand and KnownHostsCommand run here, not on the remote host.
          const opt = a.length > 2 ? a.slice(2) : words[i + 1]?.text ?? "";
          const m = opt.match(
            /^\s*(?:proxycommand|localcommand|knownhostscommand)\s*[=\s]\s*(.*)$/is,
          );
          if (m) out.nested.push({ text: m[1]!, via: name });
        }
        const full = longByPrefix(spec, a);
        if (name === "xargs" && xargsReplaces(full)) out.inputInArgs = true;
        if (name === "xargs" && xargsSplitsAtNul(full)) out.nulInput = true;
        if (name === "xargs" || name === "parallel") {
          const file = argFileValue(name, full, words[i]!, words[i + 1]);
          if (file !== undefined) (out.argFiles ??= []).push({ via: name, file });
        }
        if (name === "xargs" && /^--process-slot-var(?:=|$)/.test(full)) {
          // The command runs with NAME set to the slot number (PATH=0 runs ./0/PROGRAM).
          const eq = full.indexOf("=");
          const v = eq < 0 ? words[i + 1]?.text : full.slice(eq + 1);
          if (v !== undefined) {
            out.assignments.push(assignment({ ...words[i]!, text: `${v}=0` }));
          }
        }
        if (
          (name === "strace" || name === "ltrace" || name === "time") &&
          /^(?:-[a-zA-Z]*o|--output(?:=|$))/.test(full)
        ) {
          const attached = full.startsWith("--") ? full.indexOf("=") : full.indexOf("o") + 1;
          const file = full.startsWith("--")
            ? (attached < 0 ? words[i + 1] : { ...words[i]!, text: full.slice(attached + 1) })
            : attached < full.length
            ? { ...words[i]!, text: full.slice(attached) }
            : words[i + 1];
          if (file !== undefined) (out.writes ??= []).push({ via: name, file });
        }
        const takes = takesValue(spec, full);
        if (takes === "maybe" && !take.has(i)) ambiguous.push(i);
        i += takes === "yes" || (takes === "maybe" && take.has(i)) ? 2 : 1;
        continue;
      }
      if (spec.assignments === true && ASSIGNMENT.test(a)) {
        out.assignments.push(assignment(words[i]!));
        i++;
        continue;
      }
      if (skip > 0) {
        // flock opens its lock file with O_CREAT (no O_TRUNC, nothing written): a missing one is
        // created empty, an existing one left as it is. A number is a descriptor only alone: with
        // a command after it, util-linux flock opens it as a file name.
        if (name === "flock" && (!/^[0-9]+$/.test(a) || i + 1 < words.length)) {
          (out.writes ??= []).push({ via: name, file: words[i]!, createsEmpty: true });
        }
        skip--;
        i++;
        continue;
      }
      break;
    }
    if (out.lookupOnly) return out;
    if (spec.joinRest === true) {
      const rest = words.slice(i).map((w) => w.text).join(" ");
      if (rest.trim() !== "") out.nested.push({ text: rest, via: name });
      return out;
    }
    if (i >= words.length) {
      if (name === "su" || name === "runuser" || sawShellFlag) {
        out.rootShell = out.nested.length === 0;
      }
      return out;
    }
    if (name === "xargs" || name === "busybox" || name === "toybox") continue;
  }
  if (i < words.length) {
    out.program = words[i]!;
    out.args = words.slice(i + 1);
  }
  return out;
}

/**
 * The file an xargs or GNU parallel option reads its input words from: `-a FILE`, `-aFILE`,
 * `-0a FILE` (flags before it in a cluster) or `--arg-file[=]FILE` (any prefix the wrapper's
 * spec resolves); undefined for another option.
 */
function argFileValue(
  name: string,
  full: string,
  word: Arg,
  next: Arg | undefined,
): Arg | undefined {
  if (full.startsWith("--")) {
    const m = /^--arg-file(?:=(.*))?$/s.exec(full);
    if (m === null) return undefined;
    return m[1] !== undefined ? { ...word, text: m[1] } : next;
  }
  const values = WRAPPERS[name]!.value ?? "";
  for (let k = 1; k < full.length; k++) {
    const c = full[k]!;
    if (c === "a") return k + 1 < full.length ? { ...word, text: full.slice(k + 1) } : next;
    // another option's value starts here
    if (values.includes(c) || (WRAPPERS[name]!.optional ?? "").includes(c)) return undefined;
  }
  return undefined;
}

/** True when an xargs option splits the input at NUL bytes: -0 in a short cluster before any value, or --null. */
function xargsSplitsAtNul(option: string): boolean {
  if (option.startsWith("--")) return /^--nu(?:ll?)?$/.test(option);
  for (const c of option.slice(1)) {
    if (c === "0") return true;
    if ("IPLsdEanJRSeil".includes(c)) return false;
  }
  return false;
}

/** True when an xargs option puts the input into the arguments: -I/-J/-i in a short cluster before any value, or --replace. */
function xargsReplaces(option: string): boolean {
  if (/^--replace(?:=|$)/.test(option)) return true;
  if (option.startsWith("--")) return false;
  for (const c of option.slice(1)) {
    if (c === "I" || c === "J" || c === "i") return true;
    if ("PLsdEanRS".includes(c)) return false;
  }
  return false;
}
