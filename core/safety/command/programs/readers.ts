/**
 * Programs that only read and print: file and text readers, system
 * information, PowerShell's Get-* cmdlets and the like (one family with no
 * options of note), and the readers that have options which write files,
 * run programs or change shell state (file, tree, jq, yq, printf, top,
 * cloc, scc, fd, fzf, uniq, date, hostname, xxd, ss, ip, crontab, mount,
 * command). Long options are matched by any unambiguous prefix, which is
 * what getopt_long does and can only flag more for the others. Pure.
 * @module
 */
import type { Findings, Invocation } from "../invocation.ts";
import { shellJoin } from "../invocation.ts";
import { type ParsedOptions, parseOptions, usesOf } from "./_options.ts";
import { reportWrite, valueArg } from "./effects.ts";
import { inDirs, isCredentialPath } from "../paths.ts";
import type { OptionSpec, ProgramRecord } from "./_record.ts";

/** A record that only reads whatever its options (within the family's limits). */
function reads(names: readonly string[], options: readonly OptionSpec[] = []): ProgramRecord {
  return { names, longMatch: "prefix", options, readOnly: "always" };
}

/** PowerShell's env: drive read by a file cmdlet prints environment variables. */
function envDrive(inv: Invocation, parsed: ParsedOptions, out: Findings): void {
  if (
    parsed.operands.some((o) => /^env:/i.test(o.text)) || inv.argv.some((a) => /^env:/i.test(a))
  ) {
    out.review("reads the environment, which may hold secrets");
  }
}

/**
 * PowerShell's Get-Help (help) -Online opens the topic's web page in the
 * default browser: a program started, the network reached; -ShowWindow
 * opens the topic in a window of its own, a program with a user interface
 * (Windows PowerShell 3 to 5.1, PowerShell 7). PowerShell takes any
 * unambiguous prefix of a parameter name (`-o` is -Online here, `-s`
 * -ShowWindow: no other parameter of Get-Help starts with s). `man` is
 * Get-Help's alias in PowerShell on Windows, so its -Online and -ShowWindow
 * are read too; man-db's own `-s` (sections) is one letter, so there
 * -ShowWindow needs two (`-sh`...), and man-db has no `-o`.
 */
export function helpOnline(inv: Invocation, out: Findings): void {
  const man = inv.program === "man";
  if (!man && inv.program !== "get-help" && inv.program !== "help") return;
  if (inv.argv.some((a) => /^-o(?:n(?:l(?:i(?:ne?)?)?)?)?(?::.*)?$/i.test(a))) {
    out.review(`${inv.program}: -Online opens a web browser`);
  }
  const show = man
    ? /^-sh(?:o(?:w(?:w(?:i(?:n(?:d(?:ow?)?)?)?)?)?)?)?(?::.*)?$/i
    : /^-s(?:h(?:o(?:w(?:w(?:i(?:n(?:d(?:ow?)?)?)?)?)?)?)?)?(?::.*)?$/i;
  if (inv.argv.some((a) => show.test(a))) {
    out.review(`${inv.program}: -ShowWindow opens a window`);
  }
}

/** Readers with no option that writes, runs or reaches out. */
export const PLAIN: ProgramRecord = {
  ...reads([
    ..."ls dir vdir pwd cat tac head tail nl wc cut tr echo true false test [ [[ basename dirname realpath readlink which whereis type stat du df cmp comm"
      .split(" "),
    ..."md5sum sha1sum sha224sum sha256sum sha384sum sha512sum shasum cksum b2sum md5 whoami id groups uname uptime ps pgrep pidof free nproc"
      .split(" "),
    ..."lscpu lsblk lsusb lspci arch locale tty help apropos whatis column fold fmt expand unexpand od hexdump strings seq sleep wait : cd pushd popd dirs"
      .split(" "),
    ..."get-childitem gci get-content gc get-location gl get-item gi get-process gps get-command gcm get-help select-string sls measure-object test-path"
      .split(" "),
    ..."resolve-path get-date write-output write-host get-filehash get-service get-computerinfo where ver vol diff colordiff zcat xzcat bzcat look"
      .split(" "),
    ..."numfmt factor expr cal lsof netstat getconf sw_vers system_profiler vm_stat iostat vmstat mpstat htop btop envsubst printenv shellcheck hadolint tokei"
      .split(" "),
    ..."exa eza lsd difft paste rev".split(" "),
    // PowerShell's object cmdlets only shape output (a script block given to them is judged apart).
    ..."select-object sort-object format-table format-list format-wide out-string get-member measure"
      .split(" "),
  ]),
  judge: (inv, parsed, out) => {
    envDrive(inv, parsed, out);
    helpOnline(inv, out);
    uncPath(inv, out);
  },
};

/**
 * bash's read sets variables from a line of its input; its -p prompt and -e
 * line editor show only on the terminal. What the variables then do is
 * judged where they are used (`read x <<< TEXT; $x`), and an arithmetic
 * subscript in a name it sets (`read 'a[$(cmd)]'`) by arith.ts.
 */
export const READ: ProgramRecord = reads(["read"], [
  { short: "adinNptu", arity: "value" },
]);

/**
 * bash's compgen lists names (variables, exported names, commands, files),
 * never a value: `compgen -v` shows which variables exist, as `ls` shows
 * which files do. -C runs a command, -F a function, and -W's words are
 * expanded as the shell does (`$(...)` included).
 */
export const COMPGEN: ProgramRecord = reads(["compgen"], [
  { short: "CFW", arity: "value", effect: "runs" },
  { short: "AGPSXo", arity: "value" },
]);

/** PowerShell's own names among the readers: cmdlets and their aliases with no Unix program. */
const PS_READER = /-|^(?:gc|gci|gi|gl|sls|gcm)$/;

/**
 * A UNC path (`\\host\share\file`, `//host/share`) given to a PowerShell
 * cmdlet is opened on another machine over SMB, which also offers the
 * user's Windows credentials to it. Parsed as bash, an unquoted `\\host`
 * reaches the argument as `\host` (a quoted `'\x'` keeps its one
 * backslash: a path on the current drive).
 */
function uncPath(inv: Invocation, out: Findings): void {
  if (!PS_READER.test(inv.program)) return;
  const unc = inv.args.some((a) => {
    const t = a.text.replace(/^-[A-Za-z]+:/, "");
    return /^(?:\\\\|\/\/)[^\\/]/.test(t) || (!a.quoted && /^\\[^\\/]/.test(t));
  });
  if (unc) out.review(`${inv.program}: a UNC path reaches another machine`);
}

/**
 * file: -C compiles a magic file (writes it); -z and -Z look inside
 * compressed files through the decompressors found on PATH (file 5.44 ran
 * zstd, lz4, lzip and gzip from PATH for them).
 */
export const FILE: ProgramRecord = reads(["file"], [
  { long: ["compile"], short: "C", arity: "none", effect: "writes" },
  { long: ["uncompress", "uncompress-noreport"], short: "zZ", arity: "none", effect: "runs" },
  // Their own entries, so their uses are their values alone (fileContentSources).
  { long: ["magic-file"], short: "m", arity: "value" },
  { long: ["files-from"], short: "f", arity: "value" },
  { long: ["separator", "exclude", "parameter"], short: "FeP", arity: "value" },
]);

/**
 * The files whose content `file` prints (review74): -f/--files-from reads
 * one name a line and names each it cannot open in its message (`cannot
 * open `LINE'`), and -m/--magic-file (a colon-separated list) prints each
 * line it cannot parse in a warning (`offset `LINE' invalid`); file 5.44
 * printed every line of a .env both ways. `-` is stdin.
 */
export function fileContentSources(argv: readonly string[]): string[] {
  const parsed = parseOptions({ options: FILE.options, longMatch: "prefix" }, argv);
  return [
    ...usesOf(parsed, "files-from").map((u) => u.value ?? ""),
    ...usesOf(parsed, "magic-file").flatMap((u) => (u.value ?? "").split(":")),
  ].filter((v) => v !== "");
}

/** tree: -o writes the listing; -R re-runs tree in every directory with -o. */
export const TREE: ProgramRecord = reads(["tree"], [
  { long: ["output"], short: "o", arity: "value", effect: "writes" },
  { short: "R", arity: "none", effect: "writes" },
  { long: ["filelimit", "timefmt", "charset", "sort"], short: "LPIH", arity: "value" },
]);

/**
 * jq (and gojq, which reads modules the same way): programs are pure but
 * for their data imports; --run-tests runs a test file. `import "P" as
 * $name;` reads the JSON file P.json (jq 1.6: P relative to the working
 * directory, or under a directory -L names) and the program may print it.
 */
export const JQ: ProgramRecord = {
  ...reads(["jq", "gojq"], [
    { long: ["run-tests"], arity: "optional", effect: "config" },
    {
      long: ["from-file", "indent", "arg", "argjson", "slurpfile", "rawfile"],
      short: "f",
      arity: "value",
    },
    // The module search path: its own entry, so its uses are its values alone.
    { short: "L", arity: "value" },
  ]),
  families: ["credential_exposure"],
  judge: (inv, parsed, out) => {
    const dirs = ["", ...usesOf(parsed, "L").map((u) => `${u.value ?? ""}/`)];
    for (const a of inv.argv) {
      for (const m of a.matchAll(JQ_DATA_IMPORT)) {
        const paths = dirs.flatMap((d) => inDirs(`${d}${m[1]!}.json`, inv.dirs));
        if (paths.some(isCredentialPath)) {
          out.dangerous("credential_exposure", "jq: imports a credential file as data");
          return;
        }
      }
    }
  },
};

/** jq's data import, `import "PATH" as $NAME`: reads PATH.json. */
const JQ_DATA_IMPORT = /\bimport\s{0,8}"((?:[^"\\]|\\.){1,1024})"\s{0,8}as\s{0,8}\$/g;

/** yq: -i edits in place, -s/--split-exp writes a file per document, --from-file runs an unseen program. */
export const YQ: ProgramRecord = {
  ...reads(["yq"], [
    { long: ["inplace"], short: "i", arity: "none", effect: "writes" },
    { long: ["split-exp"], short: "s", arity: "value", effect: "writes" },
    // The expression program in a file is not shown here: it may load any file.
    { long: ["from-file"], arity: "value", effect: "runs" },
    // Turns on the system operator, which runs a command (mikefarah yq v4; off by default).
    { long: ["security-enable-system-operator"], arity: "none", effect: "runs" },
    {
      long: ["output-format", "input-format", "indent", "expression"],
      short: "opI",
      arity: "value",
    },
  ]),
  families: ["credential_exposure"],
  judge: (inv, parsed, out) => {
    yqLoads(inv.argv, out);
    if (usesOf(parsed, "security-enable-system-operator").length > 0) yqSystem(inv.argv, out);
  },
};

/** A string literal of a yq expression (double-quoted, with escapes). */
const YQ_STRING = String.raw`"((?:[^"\\]|\\.){0,1024})"`;
/** `system("cmd")`, `system("cmd"; "arg")`, `system("cmd"; ["a", "b"])`: the words it runs. */
const YQ_SYSTEM = new RegExp(
  String
    .raw`\bsystem\s{0,8}\(\s{0,8}${YQ_STRING}\s{0,8}(?:;\s{0,8}(\[[^\]]{0,4096}\]|"(?:[^"\\]|\\.){0,1024}"))?`,
  "g",
);

/**
 * yq's system operator (`system(CMD; ARGS)`, enabled by
 * --security-enable-system-operator) runs CMD with ARGS, no shell between:
 * each call with literal words is judged as that command.
 */
function yqSystem(argv: readonly string[], out: Findings): void {
  for (const a of argv) {
    for (const m of a.matchAll(YQ_SYSTEM)) {
      const words = [m[1]!];
      for (const w of (m[2] ?? "").matchAll(new RegExp(YQ_STRING, "g"))) words.push(w[1]!);
      const unescaped = words.map((w) => w.replace(/\\(.)/g, "$1"));
      out.nested(shellJoin(unescaped), "yq system operator");
    }
  }
}

/** yq's operators that read another file named in the expression. */
const YQ_LOAD = /\bload(?:_str|_xml|_props|_base64|_yaml|_json|_csv|_tsv|_toml|_ini)?\s{0,8}\(/;
/** The file names given to them as string literals. */
const YQ_LOAD_FILE =
  /\bload(?:_[a-z0-9]{1,8})?\s{0,8}\(\s{0,8}(?:"((?:[^"\\]|\\.){1,1024})"|'([^']{1,1024})')/g;

/**
 * A yq expression that loads another file reads what its name says,
 * wherever that is: review; a credential file (or a name yq builds at run
 * time from the environment) is credential exposure.
 */
function yqLoads(argv: readonly string[], out: Findings): void {
  for (const a of argv) {
    if (!YQ_LOAD.test(a)) continue;
    out.review("yq: an expression loads another file");
    for (const m of a.matchAll(YQ_LOAD_FILE)) {
      if (isCredentialPath(m[1] ?? m[2] ?? "")) {
        out.dangerous("credential_exposure", "yq: an expression loads a credential file");
      }
    }
    if (/\bload(?:_[a-z0-9]{1,8})?\s{0,8}\(\s{0,8}(?:env|strenv)\s{0,8}\(/.test(a)) {
      out.review("yq: an expression loads a file named by the environment");
    }
  }
}

/** base64, base32, basenc: encode or decode to stdout; BSD base64's -o writes a file. */
export const BASE64: ProgramRecord = reads(["base64", "base32", "basenc", "gbase64"], [
  { long: ["output"], short: "o", arity: "value", effect: "writes" },
]);

/** printf -v NAME assigns a shell variable (PROMPT_COMMAND, PATH, ...). */
export const PRINTF: ProgramRecord = reads(["printf"], [
  { short: "v", arity: "value", effect: "state" },
]);

/** top: W writes its configuration file. */
export const TOP: ProgramRecord = reads(["top"], [
  { short: "wW", arity: "none", effect: "writes" },
  { short: "dnpuUoO", arity: "value" },
]);

/** The --vcs values cloc handles itself (git ls-files, svn list -R, either). */
const CLOC_VCS = /^(?:git|svn|auto)$/;

/**
 * cloc --vcs (and its synonym --files-from) runs any other value as the
 * command that lists the files to count; --xsl=1 writes cloc.xsl.
 */
function clocJudge(inv: Invocation, parsed: ParsedOptions, out: Findings): void {
  for (const u of usesOf(parsed, "vcs", "files-from")) {
    if (u.value !== null && CLOC_VCS.test(u.value)) continue;
    out.review("cloc: --vcs runs a command to list the files");
    if (u.value !== null) out.executes(valueArg(inv, u), "cloc option", "shell");
  }
  if (usesOf(parsed, "xsl").some((u) => u.value === "1")) reportWrite("cloc", null, out);
}

/**
 * cloc (Getopt::Long): reports, SQL, language definitions, the debug lists
 * (--counted, --found, --ignored, --categorized, --diff-alignment), stripped
 * copies of every file (--strip-comments, --strip-code) and a kept scratch
 * directory (--sdir) are files it writes.
 */
export const CLOC: ProgramRecord = {
  ...reads(["cloc"], [
    { long: ["extract-with"], arity: "value", effect: "runs" },
    {
      long: [
        "report-file",
        "report_file",
        "out",
        "sql",
        "write-lang-def",
        "write-lang-def-incl-dup",
        "categorized",
        "counted",
        "diff-alignment",
        "found",
        "ignored",
        "strip-comments",
        "strip-code",
        "sdir",
      ],
      arity: "value",
      effect: "writes",
    },
    { long: ["vcs", "files-from"], arity: "value" },
    { long: ["xsl"], arity: "value" },
    {
      long: ["config", "read-lang-def", "force-lang-def", "script-lang"],
      arity: "value",
      effect: "config",
    },
    {
      long: [
        "exclude-dir",
        "exclude-ext",
        "exclude-lang",
        "include-lang",
        "include-ext",
        "list-file",
        "match-f",
        "match-d",
      ],
      arity: "value",
    },
  ]),
  judge: clocJudge,
};

/** scc: -o writes the report. */
export const SCC: ProgramRecord = reads(["scc"], [
  { long: ["output"], short: "o", arity: "value", effect: "writes" },
  { long: ["format-multi"], arity: "value", effect: "writes" },
  {
    long: ["format", "exclude-dir", "include-ext", "sort", "count-as"],
    short: "fMis",
    arity: "value",
  },
]);

/** fd: -x/-X run a command (the words after it) for the matches. */
function fdJudge(inv: Invocation, parsed: ParsedOptions, out: Findings): void {
  for (const u of parsed.uses) {
    if (u.name !== "exec" && u.name !== "exec-batch" && u.name !== "x" && u.name !== "X") continue;
    let end = u.valueIndex;
    while (end < inv.argv.length && inv.argv[end] !== ";") end++;
    // fd feeds the matches to the command as xargs does (so `fd -X rm -rf` is judged as `xargs rm -rf`).
    out.nested("xargs " + shellJoin(inv.argv.slice(u.valueIndex, end)), "fd --exec");
  }
}

/** fd (fdfind on Debian). */
export const FD: ProgramRecord = {
  names: ["fd", "fdfind"],
  longMatch: "prefix",
  options: [
    { long: ["exec"], short: "x", arity: "value", effect: "runs" },
    { long: ["exec-batch"], short: "X", arity: "value", effect: "runs" },
    {
      long: [
        "type",
        "extension",
        "exclude",
        "max-depth",
        "min-depth",
        "exact-depth",
        "size",
        "changed-within",
        "changed-before",
        "owner",
        "search-path",
        "base-directory",
        "ignore-file",
        "threads",
        "max-results",
        "color",
        "path-separator",
      ],
      short: "teEdjsoc",
      arity: "value",
    },
  ],
  readOnly: "always",
  judge: fdJudge,
};

/** fzf: previews, bindings and --with-shell run commands; --listen opens a port; --history writes. */
export const FZF: ProgramRecord = reads(["fzf"], [
  { long: ["preview", "bind", "with-shell", "become", "execute"], arity: "value", effect: "runs" },
  { long: ["listen", "listen-unsafe"], arity: "optional", effect: "network" },
  { long: ["history"], arity: "value", effect: "writes" },
  {
    long: [
      "query",
      "filter",
      "delimiter",
      "nth",
      "with-nth",
      "height",
      "layout",
      "prompt",
      "header",
    ],
    short: "qfdn",
    arity: "value",
  },
]);

/** uniq: a second operand is the output file. */
export const UNIQ: ProgramRecord = {
  names: ["uniq"],
  longMatch: "prefix",
  options: [{
    long: ["skip-fields", "skip-chars", "check-chars", "group", "all-repeated"],
    short: "fsw",
    arity: "value",
  }],
  readOnly: (_inv, parsed) => parsed.operands.length <= 1,
};

/** date: -s/--set sets the clock; an operand that is not +FORMAT sets it too. */
export const DATE: ProgramRecord = {
  names: ["date"],
  longMatch: "prefix",
  options: [
    { long: ["set"], short: "s", arity: "value", effect: "state" },
    { long: ["date", "file", "reference", "iso-8601", "rfc-3339"], short: "dfrI", arity: "value" },
  ],
  readOnly: (_inv, parsed) => parsed.operands.every((o) => o.text.startsWith("+")),
};

/** hostname: an operand, -F or -b sets the name. */
export const HOSTNAME: ProgramRecord = {
  names: ["hostname"],
  longMatch: "prefix",
  options: [{ long: ["file", "boot"], short: "Fb", arity: "value", effect: "state" }],
  readOnly: (_inv, parsed) => parsed.operands.length === 0,
};

/** xxd: -r writes binary, a second operand is the output file. */
export const XXD: ProgramRecord = {
  names: ["xxd"],
  longMatch: "exact",
  options: [
    { short: "r", arity: "none", effect: "writes" },
    { short: "cglosn", arity: "value" },
  ],
  readOnly: (_inv, parsed) => parsed.operands.length <= 1,
};

/** ss: -K kills sockets; -D dumps raw data to a file. */
export const SS: ProgramRecord = reads(["ss"], [
  { long: ["kill"], short: "K", arity: "none", effect: "state" },
  { long: ["diag"], short: "D", arity: "value", effect: "writes" },
  { long: ["filter", "family", "query", "net"], short: "FfAN", arity: "value" },
]);

/** ip (iproute2 matches options and objects by any prefix): -batch runs the commands in a file. */
export const IP: ProgramRecord = {
  names: ["ip"],
  longMatch: "prefix",
  options: [],
  readOnly: (inv) =>
    !inv.argv.some((a) => /^-(?:b|ba|bat|batc|batch|force)$/.test(a)) &&
    /^(?:-[a-z0-9]+\s*)*$/.test(inv.argv.filter((a) => a.startsWith("-")).join(" ")) &&
    /^(?:a|addr|address|r|route|l|link|n|neigh|rule|maddr)$/.test(
      inv.argv.find((a) => !a.startsWith("-")) ?? "",
    ) &&
    /^(?:show|list|ls|get)?$/.test(inv.argv.filter((a) => !a.startsWith("-"))[1] ?? ""),
};

/** crontab: only -l lists. */
export const CRONTAB: ProgramRecord = {
  names: ["crontab"],
  longMatch: "exact",
  options: [],
  readOnly: (inv) => inv.argv.length === 1 && inv.argv[0] === "-l",
};

/** mount: without arguments (or -l) it lists. */
export const MOUNT: ProgramRecord = {
  names: ["mount"],
  longMatch: "prefix",
  options: [],
  readOnly: (inv) => inv.argv.length === 0 || (inv.argv.length === 1 && inv.argv[0] === "-l"),
};

/** command -v/-V only looks a name up (the wrapper reading runs it otherwise). */
export const COMMAND: ProgramRecord = {
  names: ["command"],
  longMatch: "exact",
  options: [],
  readOnly: (inv) => inv.argv.some((a) => /^-[a-zA-Z]*[vV]/.test(a)),
};
