/**
 * Cluster and container tools: kubectl (oc), helm, docker and podman.
 * They parse options with pflag (exact long names). Read-only: the
 * listing, describing and log subcommands — not `kubectl get` of a
 * secret with its content printed, not `config view --raw` or `--flatten`
 * (credentials unredacted), not at log level 8 and above (response bodies
 * logged), not writing a log or profile file (kubectl reads `_` in a flag
 * name as `-`), not with a kubeconfig (its exec plugin runs a program) or a
 * kuberc (default flags and aliases), and not with a helm post-renderer (a
 * program) or `helm template --output-dir` (files).
 * What runs inside containers and pods is judged by the container rules.
 * Pure.
 * @module
 */
import {
  type Findings,
  hasLong,
  hasShort,
  type Invocation,
  operandsSkipping,
  type ValueOptions,
} from "../invocation.ts";
import type { ProgramRecord } from "./_record.ts";
import { usesOf } from "./_options.ts";

/** kubectl options that take a value (global and `get` ones). */
export const KUBECTL_VALUES: ValueOptions = {
  value: "nlcosfLkv",
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
    "kuberc",
    "profile",
    "tls-server-name",
    "v",
    "subresource",
    "profile",
    "profile-output",
    "log-file",
    "password",
    "username",
    "output-directory",
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
  // `get --raw /api/v1/namespaces/N/secrets[/NAME]`: the API's response, data in base64.
  const raw = argv.findIndex((a) => a === "--raw" || a.startsWith("--raw="));
  const path = raw < 0 ? "" : argv[raw]!.startsWith("--raw=") ? argv[raw]!.slice(6) : argv[raw + 1];
  if (/\/secrets(?:[/?]|$)/.test(path ?? "")) return true;
  return printed && types.some((t) => t === "secret" || t === "secrets");
}
/**
 * `kubectl config view` prints tokens and key data unredacted with --raw,
 * and with --flatten too (it skips the redaction; kubectl 1.x ran both
 * printing a kubeconfig's token in clear).
 */
export function kubectlConfigUnredacted(argv: readonly string[]): boolean {
  return hasLong(argv, "raw") || hasLong(argv, "flatten");
}

/**
 * The log level kubectl is given (`-v=8`, `-v 8`, `-v8`, `--v=8`, `--v 8`),
 * or 0. From 8 up client-go logs the API's response bodies (from 9 in
 * full): a described or fetched secret's data among them.
 */
function kubectlVerbosity(argv: readonly string[]): number {
  let level = 0;
  for (let i = 0; i < argv.length && argv[i] !== "--"; i++) {
    const m = argv[i]!.match(/^--?v(?:=?([0-9]{1,3}))?$/);
    if (m === null) continue;
    const v = m[1] ?? argv[i + 1] ?? "";
    if (/^[0-9]{1,3}$/.test(v)) level = Math.max(level, Number(v));
  }
  return level;
}

/** Verbose logging prints HTTP bodies: review, and credential exposure when a secret is read. */
function verbosityRule(inv: Invocation, ops: readonly string[], out: Findings): void {
  if (kubectlVerbosity(inv.argv) < 8) return;
  const kinds = (ops[1] ?? "").toLowerCase().split(",").map((t) => t.split("/")[0]!.split(".")[0]!);
  if (kinds.some((k) => k === "secret" || k === "secrets")) {
    out.dangerous(
      "credential_exposure",
      `${inv.program}: -v=8 and above log the secret's data in the API's response`,
    );
  }
  out.review(
    `${inv.program}: -v=8 and above log the API's response bodies, which may hold secrets`,
  );
}

function kubectlReadOnly(inv: Invocation): boolean {
  const argv = inv.argv;
  const ops = operandsSkipping(argv, KUBECTL_VALUES);
  if (ops[0] === "get") return !kubectlPrintsSecret(argv, ops);
  if (ops[0] === "config") {
    return ["current-context", "get-contexts", "get-clusters"].includes(ops[1] ?? "") ||
      (ops[1] === "view" && !kubectlConfigUnredacted(argv));
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
}

/**
 * kubectl's danger rules (also applied to its alias `k`): deleting
 * namespaces, nodes, volumes or everything of a kind is infrastructure
 * destruction; other deletes, drains and forced replaces are review.
 */
export function kubectlDanger(
  p: string,
  ops: readonly string[],
  argv: readonly string[],
  out: Findings,
): void {
  const verb = ops[0] ?? "";
  if (verb === "delete") {
    const kinds = ops.slice(1).join(" ");
    if (
      hasLong(argv, "all") || hasShort(argv, "A") || hasLong(argv, "all-namespaces") ||
      /\b(?:namespaces?|ns|nodes?|no|pv|persistentvolumes?|pvc|persistentvolumeclaims?|crds?|customresourcedefinitions?|clusterroles?|clusterrolebindings?|storageclass(?:es)?)\b/
        .test(kinds)
    ) {
      return out.dangerous(
        "infra_destruction",
        `${p} delete: deletes namespaces, nodes, volumes or everything of a kind`,
      );
    }
    return out.review(`${p} delete: deletes cluster resources`);
  }
  if (verb === "drain" || verb === "cordon" || verb === "replace" && hasLong(argv, "force")) {
    return out.review(`${p} ${verb}: disrupts workloads`);
  }
}

/** kubectl's flags that turn off or replace the check of the API server's certificate. */
const KUBECTL_TRUST =
  /^--(?:insecure[-_]skip[-_]tls[-_]verify|certificate[-_]authority|tls[-_]server[-_]name)(?:=|$)/;
/** helm's. */
const HELM_TRUST =
  /^--(?:kube-insecure-skip-tls-verify|kube-ca-file|kube-tls-server-name|insecure-skip-tls-verify|ca-file)(?:=|$)/;

/** True when a flag changes which server certificate is trusted. */
function trustChanged(argv: readonly string[], flags: RegExp): boolean {
  const end = argv.indexOf("--");
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => flags.test(a) && !/=false$/.test(a));
}

/**
 * The current context's token goes to whichever server answers when the
 * certificate is not checked or another CA or server name is trusted.
 */
function trustRule(inv: Invocation, flags: RegExp, out: Findings): void {
  if (trustChanged(inv.argv, flags)) {
    out.review(
      `${inv.program}: the server's certificate is not checked as configured; credentials may go to another server`,
    );
  }
}

/** kubectl and oc. */
export const KUBECTL: ProgramRecord = {
  names: ["kubectl", "oc"],
  longMatch: "exact",
  options: [
    { long: ["kubeconfig"], arity: "value", effect: "config" },
    // Another API server receives the current context's credentials.
    { long: ["server"], short: "s", arity: "value", effect: "network" },
    // A raw API path can read anything, secrets included.
    { long: ["raw"], arity: "value", effect: "network" },
    // `cluster-info dump --output-directory`, and the logging, profiling and
    // discovery-cache flags every subcommand takes, write files (the cache
    // where --cache-dir says, not ~/.kube/cache). kubectl reads `_` in a
    // flag's name as `-` (its global normalization of word separators).
    {
      long: [
        "output-directory",
        "output_directory",
        "cache-dir",
        "cache_dir",
        "log-file",
        "log_file",
        "profile-output",
        "profile_output",
      ],
      arity: "value",
      effect: "writes",
    },
    // A kuberc file (kubectl 1.33+) sets default flags and aliases for every command.
    { long: ["kuberc"], arity: "value", effect: "config" },
    // --profile=cpu (anything but none) writes the profile to profile.pprof.
    { long: ["profile"], arity: "value" },
  ],
  readOnly: (inv) => !trustChanged(inv.argv, KUBECTL_TRUST) && kubectlReadOnly(inv),
  judge: (inv, parsed, out) => {
    trustRule(inv, KUBECTL_TRUST, out);
    if (usesOf(parsed, "profile").some((u) => u.value !== "none")) {
      out.review(`${inv.program}: --profile writes a profile file (profile.pprof by default)`);
    }
    const ops = operandsSkipping(inv.argv, KUBECTL_VALUES).map((a) => a.toLowerCase());
    verbosityRule(inv, ops, out);
    kubectlDanger(inv.program, ops, inv.argv, out);
  },
  families: ["infra_destruction", "credential_exposure"],
};

/** helm options that take a value. */
const HELM_VALUES: ValueOptions = {
  value: "nfos",
  longValue: [
    "namespace",
    "kube-context",
    "kubeconfig",
    "values",
    "set",
    "set-string",
    "set-file",
    "set-json",
    "set-literal",
    "version",
    "repo",
    "username",
    "password",
    "ca-file",
    "cert-file",
    "key-file",
    "api-versions",
    "kube-version",
    "output",
    "output-dir",
    "post-renderer",
    "post-renderer-args",
    "name-template",
    "description",
    "timeout",
    "show-only",
    "registry-config",
    "repository-cache",
    "repository-config",
    "kube-apiserver",
    "kube-token",
    "kube-as-user",
    "kube-as-group",
    "kube-ca-file",
    "kube-tls-server-name",
    "burst-limit",
    "qps",
    "jsonpath",
  ],
};

/** A chart or values file named by a path here: `.`, `./…`, `../…`, `/…`, `~/…`. */
const LOCAL_PATH = /^(?:\.{1,2}(?:\/|$)|\/|~\/)/;

/**
 * Whether helm downloads what it reads: a chart named otherwise than by a
 * path here (`repo/chart` from a repository's index, `oci://…`, a URL:
 * helm resolves a name that is not an existing path that way, and a bare
 * `charts/app` may be either), a `--repo`, values from a URL, or `search hub`
 * (Artifact Hub).
 */
function helmFetches(argv: readonly string[]): boolean {
  const ops = operandsSkipping(argv, HELM_VALUES);
  const verb = ops[0]?.toLowerCase() ?? "";
  if (verb === "search") return ops[1]?.toLowerCase() === "hub";
  const end = argv.indexOf("--");
  const options = end < 0 ? argv : argv.slice(0, end);
  if (options.some((a) => /^--repo(?:=|$)/.test(a))) return true;
  for (let i = 0; i < options.length; i++) {
    const a = options[i]!;
    const value = a === "-f" || a === "--values"
      ? options[i + 1]
      : /^(?:-f|--values=)(.+)$/.exec(a)?.[1];
    if (value !== undefined && /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return true;
  }
  if (verb !== "template" && verb !== "show" && verb !== "inspect") return false;
  // template [NAME] CHART, show <what> CHART: the chart is the last operand.
  const chart = ops.length >= (verb === "template" ? 2 : 3) ? ops.at(-1)! : null;
  return chart !== null && !LOCAL_PATH.test(chart);
}

/** helm. */
export const HELM: ProgramRecord = {
  names: ["helm"],
  longMatch: "exact",
  options: [
    { long: ["kubeconfig"], arity: "value", effect: "config" },
    { long: ["post-renderer"], arity: "value", effect: "runs" },
    { long: ["kube-apiserver"], arity: "value", effect: "network" },
    // `template --output-dir` writes the rendered files; --dependency-update fetches the
    // chart's dependencies into its charts/ directory.
    { long: ["output-dir"], arity: "value", effect: "writes" },
    { long: ["dependency-update"], arity: "none", effect: "writes" },
  ],
  readOnly: (inv) =>
    !trustChanged(inv.argv, HELM_TRUST) &&
    /^(?:list|ls|status|history|version|search|show|template|lint|env)$/.test(inv.argv[0] ?? "") &&
    !helmFetches(inv.argv),
  families: ["infra_destruction"],
  judge: (inv, _parsed, out) => {
    trustRule(inv, HELM_TRUST, out);
    if (helmFetches(inv.argv)) {
      out.review("helm: downloads the chart or values it reads over the network");
    }
    const verb = operandsSkipping(inv.argv, KUBECTL_VALUES)[0]?.toLowerCase() ?? "";
    if (/^(?:uninstall|delete|del|un)$/.test(verb)) {
      out.dangerous("infra_destruction", "helm uninstall: removes a release and its resources");
    }
  },
};

/** docker. */
export const DOCKER: ProgramRecord = {
  names: ["docker"],
  longMatch: "exact",
  options: [],
  readOnly: ({ argv }) =>
    /^(?:ps|images|logs|version|info|top|port|diff|history|search)$/.test(argv[0] ?? "") ||
    /^(?:container|image|volume|network|context) (?:ls|list)$/.test(`${argv[0]} ${argv[1]}`) ||
    /^(?:volume|network|context) inspect$/.test(`${argv[0]} ${argv[1]}`) ||
    (argv[0] === "compose" && /^(?:ps|logs|ls|images|top|version)$/.test(argv[1] ?? "")),
  // `inspect` prints a container's environment; `compose config` the project's with .env filled in.
  judge: ({ argv }, _parsed, out) => {
    if (
      argv[0] === "inspect" || /^(?:container|image) inspect$/.test(`${argv[0]} ${argv[1]}`) ||
      (argv[0] === "compose" && argv[1] === "config")
    ) {
      out.review("docker: prints containers' environment variables, which may hold secrets");
    }
  },
  families: ["privilege_escalation", "infra_destruction"],
};

/** podman. */
export const PODMAN: ProgramRecord = {
  names: ["podman"],
  longMatch: "exact",
  options: [],
  readOnly: ({ argv }) =>
    /^(?:ps|images|logs|version|info|top|port|diff|history|search)$/.test(argv[0] ?? ""),
  families: ["privilege_escalation", "infra_destruction"],
};
