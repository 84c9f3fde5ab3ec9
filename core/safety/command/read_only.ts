/**
 * The allow-list of read-only programs and subcommands. A command is
 * read_only only when every invocation in it is on this list (and nothing
 * else about it, such as a file redirection, needs review); everything not
 * listed is at least review. The list errs towards leaving things out. Pure.
 * @module
 */
import {
  hasLong,
  hasShort,
  type Invocation,
  operands,
  operandsSkipping,
  type ValueOptions,
} from "./invocation.ts";

const ALWAYS = new Set([
  "ls",
  "dir",
  "vdir",
  "pwd",
  "cat",
  "tac",
  "head",
  "tail",
  "nl",
  "wc",
  "cut",
  "tr",
  "echo",
  "printf",
  "true",
  "false",
  "test",
  "[",
  "[[",
  "basename",
  "dirname",
  "realpath",
  "readlink",
  "which",
  "whereis",
  "type",
  "file",
  "stat",
  "du",
  "df",
  "tree",
  "cmp",
  "comm",
  "md5sum",
  "sha1sum",
  "sha224sum",
  "sha256sum",
  "sha384sum",
  "sha512sum",
  "shasum",
  "cksum",
  "b2sum",
  "md5",
  "jq",
  "gojq",
  "yq",
  "whoami",
  "id",
  "groups",
  "uname",
  "uptime",
  "ps",
  "pgrep",
  "pidof",
  "free",
  "nproc",
  "lscpu",
  "lsblk",
  "lsusb",
  "lspci",
  "arch",
  "locale",
  "tty",
  "help",
  "apropos",
  "whatis",
  "column",
  "fold",
  "fmt",
  "expand",
  "unexpand",
  "od",
  "hexdump",
  "strings",
  "seq",
  "sleep",
  "wait",
  ":",
  "cd",
  "pushd",
  "popd",
  "dirs",
  "get-childitem",
  "gci",
  "get-content",
  "gc",
  "get-location",
  "gl",
  "get-item",
  "gi",
  "get-process",
  "gps",
  "get-command",
  "gcm",
  "get-help",
  "select-string",
  "sls",
  "measure-object",
  "test-path",
  "resolve-path",
  "get-date",
  "write-output",
  "write-host",
  "get-filehash",
  "get-service",
  "get-computerinfo",
  "where",
  "findstr",
  "ver",
  "vol",
  "diff",
  "colordiff",
  "zcat",
  "xzcat",
  "bzcat",
  "look",
  "numfmt",
  "factor",
  "expr",
  "cal",
  "lsof",
  "netstat",
  "ss",
  "getconf",
  "sw_vers",
  "system_profiler",
  "vm_stat",
  "iostat",
  "vmstat",
  "mpstat",
  "top",
  "htop",
  "btop",
  "envsubst",
  "shellcheck",
  "hadolint",
  "tokei",
  "cloc",
  "scc",
  "exa",
  "eza",
  "lsd",
  "fd",
  "fdfind",
  "fzf",
  "difft",
]);

/** Programs whose only read-only use is asking for the version or help. */
const VERSION_ONLY = /^(?:-v|-V|--version|version|-h|--help|help)$/;

/** Options that make an otherwise read-only program run commands or write files. */
const RISKY_ARGS: Record<string, RegExp> = {
  cloc: /^--(?:extract-with|report[-_]file|out|sql|write-lang-def|config|script-lang)/,
  scc: /^-[a-zA-Z]*o|^--(?:output|format-multi)/,
  file: /^-[a-zA-Z]*C|^--compile/,
  fd: /^-[a-zA-Z]*[xX]|^--exec/,
  fdfind: /^-[a-zA-Z]*[xX]|^--exec/,
  // -i edits in place, -s/--split-exp writes a file per document.
  yq: /^-[CeMNnPrv]*[is]|^--(?:inplace|split-exp)/,
  // -o writes the listing; -R re-runs tree in every directory with -o.
  tree: /^-[a-zA-Z]*[oR]|^--output/,
  fzf: /^--(?:preview|bind|listen|execute|history|with-shell)/,
  top: /^-[a-zA-Z]*[wW]/,
  jq: /^--(?:run-tests)/,
  // printf -v NAME assigns a shell variable (PROMPT_COMMAND, PATH, ...).
  printf: /^-v/,
  // -K kills sockets; -D dumps raw data to a file.
  ss: /^-[a-zA-Z]*[KD]|^--(?:kill|diag)/,
  // ip -batch FILE runs the commands in FILE.
  ip: /^-(?:b|ba|bat|batc|batch)$/,
  // a kubeconfig's exec plugin runs a program; a post-renderer is one.
  kubectl: /^--kubeconfig/,
  helm: /^--(?:kubeconfig|post-renderer)/,
  go: /^--?(?:toolexec|exec|overlay)/,
  // --config sets any cargo setting (build.rustc-wrapper runs a program); -Z unstable flags.
  cargo: /^--config|^-Z/,
  // --log writes a file; --browser/--viewer/--editor/--shell name programs npm runs.
  pip: /^--(?:log|log-file|cache-dir|report|target|prefix|root|src|exists-action)/,
  pip3: /^--(?:log|log-file|cache-dir|report|target|prefix|root|src|exists-action)/,
  npm:
    /^--(?:browser|viewer|editor|shell|script-shell|userconfig|globalconfig|prefix|cache|node-options|git|onload-script|logs-dir)/,
  pnpm: /^--(?:config|shell|script-shell|userconfig|globalconfig|dir|prefix)/,
  yarn: /^--(?:cwd|use-yarnrc|rc-filename|cache-folder|global-folder|modules-folder)/,
};

type Check = (argv: readonly string[]) => boolean;

/** kubectl options that take a value (global and `get` ones). */
export const KUBECTL_VALUES: ValueOptions = {
  value: "nlcosfLk",
  longValue: [
    "namespace",
    "selector",
    "context",
    "cluster",
    "user",
    "server",
    "token",
    "output",
    "template",
    "field-selector",
    "filename",
    "kustomize",
    "label-columns",
    "sort-by",
    "chunk-size",
    "as",
    "as-group",
    "as-uid",
    "certificate-authority",
    "client-certificate",
    "client-key",
    "request-timeout",
    "cache-dir",
    "tls-server-name",
    "v",
    "subresource",
    "profile",
    "profile-output",
    "log-file",
    "password",
    "username",
  ],
};

/**
 * True when `kubectl get` names a secret (in a comma list, with a .version or
 * .group suffix, as TYPE/NAME) and prints its content (-o/--output in any
 * spelling, or a --template). Also used by the credential rule.
 */
export function kubectlPrintsSecret(argv: readonly string[], ops: readonly string[]): boolean {
  const types = (ops[1] ?? "").toLowerCase().split(",").map((t) => t.split("/")[0]!.split(".")[0]!);
  const printed = argv.some((a) =>
    /^(?:-o|--output|--template|--go-template|--jsonpath)/.test(a) ||
    /^-[a-zA-Z]*o/.test(a) && !a.startsWith("--")
  );
  return printed && types.some((t) => t === "secret" || t === "secrets");
}

/** `gh api` reads only with none of its flags but paging, a jq filter and an Accept header. */
function ghApiReadOnly(argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") return false;
    if (!a.startsWith("-")) continue;
    if (a === "--paginate" || a === "--silent" || a === "-i" || a === "--include") continue;
    if (a === "-q" || a === "--jq" || a === "-t" || a === "--template") {
      i++;
      continue;
    }
    if (/^(?:-q.|--jq=|-t.|--template=)/.test(a)) continue;
    if (a === "-H" || a === "--header") {
      if (!/^accept\s*:/i.test(argv[i + 1] ?? "")) return false;
      i++;
      continue;
    }
    if (/^(?:-H|--header=)accept\s*:/i.test(a)) continue;
    return false;
  }
  return true;
}

/** systemctl options that take a value. */
export const SYSTEMCTL_VALUES: ValueOptions = {
  value: "pPHMtsno",
  longValue: [
    "property",
    "host",
    "machine",
    "type",
    "state",
    "signal",
    "kill-whom",
    "kill-value",
    "lines",
    "output",
    "root",
    "image",
    "job-mode",
    "what",
    "timestamp",
    "reboot-argument",
    "boot-loader-entry",
    "boot-loader-menu",
    "message",
    "preset-mode",
    "drop-in",
    "when",
    "image-policy",
    "check-inhibitors",
  ],
};

const SUBCOMMANDS: Record<string, Check> = {
  find: (argv) =>
    !argv.some((a) => /^-(?:delete|exec|execdir|ok|okdir|fprint|fprint0|fprintf|fls)$/.test(a)),
  uniq: (argv) => operands(argv).length <= 1,
  date: (argv) =>
    !argv.some((a) => /^-[a-zA-Z]*s|^--set/.test(a)) &&
    operands(argv).every((a) => a.startsWith("+")),
  hostname: (argv) => argv.every((a) => a.startsWith("-") && !/^-(?:F|b|-file|-boot)$/.test(a)),
  xxd: (argv) => !argv.some((a) => /^-[a-z]*r/.test(a)) && operands(argv).length <= 1,
  npm: (argv) =>
    /^(?:ls|list|ll|la|view|info|show|outdated|why|explain|search|ping|-v|--version|help|config)$/
      .test(argv[0] ?? "") && (argv[0] !== "config" || argv[1] === "get" || argv[1] === "list"),
  pnpm: (argv) => /^(?:ls|list|why|outdated|-v|--version|help)$/.test(argv[0] ?? ""),
  yarn: (argv) => /^(?:list|why|info|outdated|-v|--version|help)$/.test(argv[0] ?? ""),
  pip: (argv) => /^(?:list|show|freeze|check|--version|-V|help|index)$/.test(argv[0] ?? ""),
  pip3: (argv) => /^(?:list|show|freeze|check|--version|-V|help)$/.test(argv[0] ?? ""),
  cargo: (argv) =>
    /^(?:tree|metadata|--version|-V|version|help|search|locate-project|pkgid|verify-project)$/.test(
      argv[0] ?? "",
    ),
  go: (argv) =>
    /^(?:version|env|list|doc|help)$/.test(argv[0] ?? "") &&
    !(argv[0] === "env" && argv.some((a) => a === "-w" || a === "-u")),
  docker: (argv) =>
    /^(?:ps|images|logs|inspect|version|info|top|port|diff|history|search)$/.test(argv[0] ?? "") ||
    /^(?:container|image|volume|network|context) (?:ls|list|inspect)$/.test(
      `${argv[0]} ${argv[1]}`,
    ) ||
    (argv[0] === "compose" && /^(?:ps|logs|config|ls|images|top|version)$/.test(argv[1] ?? "")),
  podman: (argv) =>
    /^(?:ps|images|logs|inspect|version|info|top|port|diff|history|search)$/.test(argv[0] ?? ""),
  kubectl: (argv) => {
    const ops = operandsSkipping(argv, KUBECTL_VALUES);
    if (ops[0] === "get") {
      return !kubectlPrintsSecret(argv, ops);
    }
    if (ops[0] === "config") {
      return ["current-context", "get-contexts", "get-clusters"].includes(ops[1] ?? "") ||
        (ops[1] === "view" && !hasLong(argv, "raw"));
    }
    return [
      "describe",
      "logs",
      "version",
      "api-resources",
      "api-versions",
      "top",
      "explain",
      "cluster-info",
      "events",
    ].includes(ops[0] ?? "") ||
      (ops[0] === "auth" && ops[1] === "can-i") ||
      (ops[0] === "rollout" && ["status", "history"].includes(ops[1] ?? ""));
  },
  helm: (argv) =>
    /^(?:list|ls|status|history|version|search|show|template|lint|env)$/.test(argv[0] ?? ""),
  gh: (argv) => {
    const [a, b] = operands(argv);
    if (a === "auth") return b === "status" && !hasShort(argv, "t") && !hasLong(argv, "show-token");
    return (["pr", "issue", "run", "release", "repo", "workflow", "gist", "label", "cache"]
      .includes(a ?? "") &&
      /^(?:list|view|status|diff|checks|ls)$/.test(b ?? "")) ||
      a === "--version" || a === "status" || a === "search" ||
      (a === "api" && ghApiReadOnly(argv));
  },
  terraform: (argv) =>
    /^(?:show|version|validate|output|graph|-version|--version)$/.test(argv[0] ?? "") ||
    // providers lock and providers mirror write files.
    (argv[0] === "providers" && /^(?:schema|-.*)?$/.test(argv[1] ?? "")) ||
    (argv[0] === "fmt" && argv.some((a) => a === "-check")) ||
    (argv[0] === "state" && ["list", "show"].includes(argv[1] ?? "")),
  deno: (argv) =>
    /^(?:--version|-V|info|doc|help|types)$/.test(argv[0] ?? "") ||
    (argv[0] === "fmt" && argv.includes("--check")),
  systemctl: (argv) =>
    /^(?:status|list-units|list-unit-files|list-timers|list-sockets|is-active|is-enabled|is-failed|show|cat|list-dependencies|--version)$/
      .test(operandsSkipping(argv, SYSTEMCTL_VALUES)[0] ?? ""),
  journalctl: (argv) =>
    !argv.some((a) =>
      /^--(?:vacuum|rotate|flush|sync|setup-keys|relinquish|smart-relinquish|update-catalog|cursor-file)/
        .test(a)
    ),
  // Without an operand a property is read; with one it is set.
  hostnamectl: (argv) => {
    const ops = operands(argv);
    return ops.length === 0 || ops[0] === "status" ||
      (ops.length === 1 && ["hostname", "icon-name", "chassis", "deployment", "location"]
        .includes(ops[0]!));
  },
  timedatectl: (argv) =>
    /^(?:status|show|show-timesync|timesync-status|list-timezones)?$/.test(
      operands(argv)[0] ?? "",
    ),
  ip: (argv) =>
    /^(?:-[a-z0-9]+\s*)*$/.test(argv.filter((a) => a.startsWith("-")).join(" ")) &&
    /^(?:a|addr|address|r|route|l|link|n|neigh|rule|maddr)$/.test(operands(argv)[0] ?? "") &&
    /^(?:show|list|ls|get)?$/.test(operands(argv)[1] ?? ""),
  crontab: (argv) => argv.length === 1 && argv[0] === "-l",
  mount: (argv) => argv.length === 0 || (argv.length === 1 && argv[0] === "-l"),
  command: (argv) => argv.some((a) => /^-[a-zA-Z]*[vV]/.test(a)),
  node: (argv) => argv.length === 1 && VERSION_ONLY.test(argv[0]!),
};

/**
 * True when the invocation is on the read-only allow-list.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isReadOnly } from "./read_only.ts";
 * const inv = (program: string, argv: string[]) => ({ program, argv, args: [], redirects: [], wrappers: [], stdinText: [], pipeIn: false, pipeOut: false });
 * assert.equal(isReadOnly(inv("docker", ["ps"])), true);
 * assert.equal(isReadOnly(inv("docker", ["run", "x"])), false);
 * assert.equal(isReadOnly(inv("curl", ["https://example.invalid"])), false);
 * ```
 */
export function isReadOnly(inv: Invocation): boolean {
  const risky = RISKY_ARGS[inv.program];
  if (risky !== undefined && inv.argv.some((a) => risky.test(a))) return false;
  const check = SUBCOMMANDS[inv.program];
  if (check !== undefined) return check(inv.argv);
  if (ALWAYS.has(inv.program)) return true;
  // A known interpreter or tool asked only for its version or help.
  if (
    inv.argv.length === 1 && VERSION_ONLY.test(inv.argv[0]!) &&
    /^(?:python[0-9.]*|node|deno|bun|ruby|perl|php|go|rustc|cargo|java|javac|gcc|clang|make|cmake|npm|pnpm|yarn|pip3?|tsc|docker|kubectl|terraform|helm|gh|git|aws|gcloud|az)$/
      .test(inv.program)
  ) {
    return true;
  }
  return false;
}
