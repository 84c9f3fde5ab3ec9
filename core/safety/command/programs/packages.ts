/**
 * Package managers, build tools and interpreters asked what they have:
 * npm, pnpm, yarn, pip, cargo, go, deno, node, terraform, gh, and the
 * interpreters and compilers whose only read-only use is their version or
 * help. Everything else they do runs project code, installs or publishes
 * (the exec and data rules say which). yarn, pnpm and the rustup proxies
 * (cargo, rustc) are never read-only without more: a file in the working
 * tree picks the program they really run. npm (nopt) and pip (optparse)
 * accept any unambiguous prefix of a long option. Pure.
 * @module
 */
import type { Findings, Invocation } from "../invocation.ts";
import { hasLong, hasShort, operands } from "../invocation.ts";
import type { ParsedOptions } from "./_options.ts";
import type { ProgramRecord } from "./_record.ts";

/** The only read-only use of a tool: its version or help. */
const VERSION_ONLY = /^(?:-v|-V|--version|version|-h|--help|help)$/;

function versionOnly({ argv }: Invocation): boolean {
  return argv.length === 1 && VERSION_ONLY.test(argv[0]!);
}

/**
 * A judge for tools whose real program a file in the working tree picks:
 * whatever the command, it is review for that reason.
 */
function treePicked(reason: string) {
  return (_inv: Invocation, _parsed: ParsedOptions, out: Findings): void => out.review(reason);
}

/**
 * cargo, rustc and rustdoc are rustup proxies: they run the toolchain a
 * rust-toolchain(.toml) file in the working directory or a parent names — a
 * `path` there is any directory's bin/ (rustup 1.29 ran a tree's own
 * tc/bin/cargo for `cargo --version` through `path = "/proc/self/cwd/tc"`)
 * — and download and install a named toolchain they lack (`+stable` too).
 */
const rustupJudge = treePicked(
  "cargo, rustc: rustup runs the toolchain a rust-toolchain file in the tree names",
);

/** Compilers, build tools and cloud CLIs: read-only only for --version and --help. */
export const VERSIONED: ProgramRecord = {
  names: [
    ..."java javac gcc clang make cmake tsc aws gcloud az"
      .split(" "),
  ],
  longMatch: "exact",
  options: [],
  readOnly: versionOnly,
};

/**
 * deno info without a module, doc (not --html), types and fmt --check only read. `deno info MODULE`
 * writes deno.lock beside the project's deno.json (deno 2.9), and `--lock=FILE` that file:
 * read-only only with --no-lock and no --lock.
 */
export const DENO: ProgramRecord = {
  names: ["deno"],
  longMatch: "exact",
  options: [],
  readOnly: ({ argv }) =>
    /^(?:--version|-V|doc|help|types)$/.test(argv[0] ?? "") ||
    (argv[0] === "info" && (argv.slice(1).every((a) => a.startsWith("-")) ||
      (argv.includes("--no-lock") && !argv.some((a) => /^--lock(?:=|$)/.test(a))))) ||
    (argv[0] === "fmt" && argv.includes("--check")),
  judge: (inv, _parsed, out) => {
    // `deno doc --html` writes a site to --output (./docs/ by default).
    if (inv.argv[0] === "doc" && inv.argv.includes("--html")) {
      out.review("deno doc --html: writes the documentation site's files");
    }
  },
};

/** npm: what it lists and shows; options that name programs it runs or files it writes. */
export const NPM: ProgramRecord = {
  names: ["npm"],
  longMatch: "prefix",
  options: [
    {
      long: [
        "browser",
        "viewer",
        "editor",
        "shell",
        "script-shell",
        "node-options",
        "git",
        "onload-script",
      ],
      arity: "value",
      effect: "runs",
    },
    { long: ["userconfig", "globalconfig"], arity: "value", effect: "config" },
    { long: ["prefix", "cache", "logs-dir"], arity: "value", effect: "writes" },
    // Another registry, proxy or certificate trust for the subcommands that reach one (view,
    // search, outdated), as pip's --index-url, --proxy and --cert are.
    {
      long: ["registry", "proxy", "https-proxy", "ca", "cafile", "strict-ssl"],
      arity: "optional",
      effect: "network",
    },
  ],
  readOnly: ({ argv }) =>
    /^(?:ls|list|ll|la|view|info|show|outdated|why|explain|search|ping|-v|--version|help|config)$/
      .test(argv[0] ?? "") &&
    // `npm help TOPIC` shows the page with the `viewer` config: `browser` runs the program the
    // `browser` config names, and both may come from the project's .npmrc. Alone it prints usage.
    (argv[0] !== "help" || argv.length === 1) &&
    (argv[0] !== "config" || argv[1] === "list" ||
      // `npm config get` of a token, password or auth setting prints a credential.
      (argv[1] === "get" && !argv.slice(2).some((k) => /auth|token|pass|cert|key/i.test(k)))),
  judge: (inv, _parsed, out) => {
    if (inv.argv[0] === "help" && inv.argv.length > 1) {
      out.review("npm help: runs the viewer the npm config names (a browser from .npmrc)");
    }
  },
};

/** pnpm. */
export const PNPM: ProgramRecord = {
  names: ["pnpm"],
  longMatch: "prefix",
  options: [
    { long: ["shell", "script-shell"], arity: "value", effect: "runs" },
    { long: ["config", "userconfig", "globalconfig"], arity: "value", effect: "config" },
    { long: ["dir", "prefix"], short: "C", arity: "value", effect: "state" },
  ],
  // pnpm switches to the version package.json's packageManager (or devEngines) names,
  // downloading it from the registry the tree's .npmrc may name, whatever the command.
  readOnly: "never",
  judge: treePicked("pnpm: runs the pnpm version the project's package.json names, downloaded"),
};

/** yarn. */
export const YARN: ProgramRecord = {
  names: ["yarn"],
  longMatch: "prefix",
  options: [
    { long: ["use-yarnrc", "rc-filename"], arity: "value", effect: "config" },
    {
      long: ["cwd", "cache-folder", "global-folder", "modules-folder"],
      arity: "value",
      effect: "state",
    },
  ],
  // Every yarn command runs the yarnPath (yarn-path) script a .yarnrc.yml (.yarnrc) in the tree names.
  readOnly: "never",
  judge: treePicked("yarn: runs the script the project's .yarnrc.yml names as yarn"),
};

const PIP_OPTIONS = [
  { long: ["log", "log-file", "report"], arity: "value", effect: "writes" },
  {
    long: ["cache-dir", "target", "prefix", "root", "src"],
    short: "t",
    arity: "value",
    effect: "writes",
  },
  { long: ["exists-action"], arity: "value", effect: "state" },
  // Another index, proxy or trust for the read-only subcommands that reach one (index
  // versions, list --outdated), as PIP_INDEX_URL and its kin are; --python re-runs pip
  // under the interpreter it names (pip 22.3), as PIP_PYTHON does.
  {
    long: ["index-url", "extra-index-url", "find-links", "trusted-host", "proxy", "cert"],
    short: "i",
    arity: "value",
    effect: "network",
  },
  { long: ["client-cert"], arity: "value", effect: "network" },
  { long: ["python"], arity: "value", effect: "runs" },
] as const;

/** pip and pip3. */
export const PIP: ProgramRecord = {
  names: ["pip", "pip3"],
  longMatch: "prefix",
  options: PIP_OPTIONS,
  readOnly: ({ argv }) =>
    /^(?:list|show|freeze|check|--version|-V|help|index)$/.test(argv[0] ?? ""),
};

/**
 * cargo: --config sets any setting (build.rustc-wrapper runs a program); -Z unstable flags.
 * `tree` and `metadata` are not read-only: they resolve the graph, so they write Cargo.lock
 * and run the build.rustc-wrapper a committed .cargo/config.toml names (cargo 1.95, even
 * with --locked).
 */
export const CARGO: ProgramRecord = {
  names: ["cargo"],
  longMatch: "exact",
  options: [{ long: ["config"], short: "Z", arity: "value", effect: "config" }],
  readOnly: "never",
  judge: rustupJudge,
};

/** rustc and rustdoc (rustup proxies). */
export const RUSTC: ProgramRecord = {
  names: ["rustc", "rustdoc"],
  longMatch: "exact",
  options: [],
  readOnly: "never",
  judge: rustupJudge,
};

function goJudge(inv: Invocation, _parsed: ParsedOptions, out: Findings): void {
  // go's flag package takes -name and --name alike.
  if (inv.argv.some((a) => /^--?(?:toolexec|exec)(?:=|$)/.test(a))) {
    out.review("go: an option runs a program");
  }
  if (inv.argv.some((a) => /^--?overlay(?:=|$)/.test(a))) {
    out.review("go: an option loads configuration that can run programs");
  }
  if (goDocServes(inv.argv)) {
    out.review("go doc -http: downloads and runs a documentation server, and opens a browser");
  }
  if (goModMod(inv.argv)) out.review("go: -mod=mod updates go.mod and go.sum");
  if (goListBuilds(inv.argv)) {
    out.review("go list -export/-compiled: compiles the packages (cgo and the C compiler too)");
  }
}

/**
 * `go list -export` and `-compiled` run a build to fill their fields (the
 * compiler, cgo and the C compiler for cgo packages; results in the build
 * cache), as go build does (cmd/go/internal/list: NeedExport,
 * NeedCompiledGoFiles). A boolean flag: `-export=false` turns it off.
 */
function goListBuilds(argv: readonly string[]): boolean {
  if (argv[0] !== "list") return false;
  return argv.some((a) => {
    const m = /^--?(?:export|compiled)(?:=(.*))?$/s.exec(a);
    return m !== null && (m[1] === undefined || !/^(?:0|f|F|false|FALSE|False)$/.test(m[1]));
  });
}

/**
 * `go doc -http` (Go 1.25) runs golang.org/x/pkgsite/cmd/internal/doc at
 * the version the go command names, downloading it when it is not in the
 * module cache, and opens the page in a browser.
 */
function goDocServes(argv: readonly string[]): boolean {
  if (argv[0] !== "doc") return false;
  // A boolean flag: the last one given wins, and `-http=false` (any false strconv.ParseBool
  // reads: 0, f, F, false, FALSE, False) turns it off; any other value is read as on.
  let serves = false;
  for (const a of argv) {
    const m = /^--?http(?:=(.*))?$/s.exec(a);
    if (m !== null) serves = m[1] === undefined || !/^(?:0|f|F|false|FALSE|False)$/.test(m[1]);
  }
  return serves;
}

/** `-mod=mod` (or `-mod mod`) lets any go command rewrite go.mod and go.sum. */
function goModMod(argv: readonly string[]): boolean {
  return argv.some((a, i) =>
    /^--?mod=mod$/.test(a) || (/^--?mod$/.test(a) && argv[i + 1] === "mod")
  );
}

/** go. */
export const GO: ProgramRecord = {
  names: ["go"],
  longMatch: "exact",
  options: [],
  readOnly: ({ argv }) =>
    !argv.some((a) => /^--?(?:toolexec|exec|overlay)(?:=|$)/.test(a)) &&
    /^(?:version|env|list|doc|help)$/.test(argv[0] ?? "") &&
    !(argv[0] === "env" && argv.some((a) => a === "-w" || a === "-u")) &&
    !goDocServes(argv) && !goModMod(argv) && !goListBuilds(argv),
  judge: goJudge,
};

/**
 * terraform (and OpenTofu): its version, the list of its outputs, state listing, provider
 * requirements and formatting checks. Whatever loads provider schemas —
 * validate, graph, console, providers schema, show, state show — runs the
 * provider binaries under .terraform/ in the tree (terraform 1.11 ran a
 * tree's own provider, its hash in the tree's lock file, for each of them).
 */
export const TERRAFORM: ProgramRecord = {
  names: ["terraform", "tofu"],
  longMatch: "exact",
  options: [],
  readOnly: ({ argv }) =>
    /^(?:version|-version|--version)$/.test(argv[0] ?? "") ||
    // Only the list of every output hides the sensitive ones: -json/-raw print them in clear, and so
    // does one output asked for by name (`terraform output db_password`, checked with terraform
    // 1.11: the value of a `sensitive = true` output, quoted).
    (argv[0] === "output" &&
      !argv.slice(1).some((a) => /^--?(?:json|raw)(?:=|$)/.test(a) || !a.startsWith("-"))) ||
    // providers lock and providers mirror write files; providers schema runs the providers.
    (argv[0] === "providers" && /^(?:-.*)?$/.test(argv[1] ?? "")) ||
    (argv[0] === "fmt" && argv.some((a) => a === "-check")) ||
    (argv[0] === "state" && argv[1] === "list"),
  families: ["infra_destruction", "publication"],
};

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
/** A repository gh is given as HOST/OWNER/REPO or a URL: a host of its own. */
function ghNamesHost(repo: string): boolean {
  return repo.includes("://") || repo.split("/").length > 2;
}

/**
 * gh's -R/--repo takes [HOST/]OWNER/REPO, `gh repo view` a repository
 * or its URL and `gh api` a full URL: another host there sends gh, and the enterprise token it
 * holds (GH_ENTERPRISE_TOKEN goes to any host but github.com), there, as
 * GH_HOST and GH_REPO do.
 */
function ghJudge(inv: Invocation, _parsed: ParsedOptions, out: Findings): void {
  const { argv } = inv;
  const repos: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") break;
    if (a === "-R" || a === "--repo") repos.push(argv[++i] ?? "");
    else if (/^(?:-R.|--repo=)/.test(a)) repos.push(a.replace(/^(?:-R|--repo=)/, ""));
  }
  const ops = operands(argv);
  const [a, b, c] = ops;
  if (a === "repo" && c !== undefined && /^(?:view|clone|fork)$/.test(b ?? "")) repos.push(c);
  // `gh api` takes an endpoint with `://` as the whole URL (gh 2.x http.go), any host.
  if (a === "api") repos.push(...ops.slice(1).filter((o) => o.includes("://")));
  if (repos.some(ghNamesHost)) {
    out.review(
      "gh: a repository on another host: connections and their credentials may go elsewhere",
    );
  }
}

/** gh (GitHub CLI). */
export const GH: ProgramRecord = {
  names: ["gh"],
  longMatch: "exact",
  options: [],
  readOnly: ({ argv }) => {
    // --web opens a browser (a program gh runs).
    if (argv.some((x) => x === "--web" || x === "-w")) return false;
    const [a, b] = operands(argv);
    if (a === "auth") return b === "status" && !hasShort(argv, "t") && !hasLong(argv, "show-token");
    return (["pr", "issue", "run", "release", "repo", "workflow", "gist", "label", "cache"]
      .includes(a ?? "") &&
      /^(?:list|view|status|diff|checks|ls)$/.test(b ?? "")) ||
      a === "--version" || a === "status" || a === "search" ||
      (a === "api" && ghApiReadOnly(argv));
  },
  judge: ghJudge,
};
