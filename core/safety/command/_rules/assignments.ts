/**
 * Assignment rules: a variable set for a command, before it, by `export`
 * and its kin, or by a wrapper (`env NAME=v`). One that changes what
 * programs run, load or write is review, and one whose value is run as a
 * command (PAGER, GIT_SSH_COMMAND, PROMPT_COMMAND, ...) is judged as one.
 * Pure.
 * @module
 */
import type { Arg, Findings } from "../invocation.ts";

// Variables whose value is run, loaded, or names a file that is written, or
// that change which configuration, program or repository a tool uses.
const SENSITIVE_ENV = new RegExp(
  "^(?:" + [
    // the loader and the shell
    "LD_[A-Z_]+|DYLD_[A-Z_]+|GCONV_PATH|GLIBC_TUNABLES|LOCPATH|PATH|IFS|BASH_ENV|ENV",
    "BASH_FUNC_.*|PROMPT_COMMAND|PS[0-4]|SHELLOPTS|BASHOPTS|SHELL|HISTFILE|HOME|ZDOTDIR|CDPATH",
    "XDG_CONFIG_HOME|XDG_DATA_HOME|XDG_CACHE_HOME|TERMINAL",
    // git: commands it runs, files it writes, the repository and config it uses
    "GIT_SSH|GIT_SSH_COMMAND|GIT_SSH_VARIANT|GIT_PROXY_COMMAND|GIT_EXEC_PATH|GIT_ASKPASS",
    "GIT_CONFIG|GIT_CONFIG_[A-Z_0-9]*|GIT_DIR|GIT_WORK_TREE|GIT_INDEX_FILE|GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES|GIT_COMMON_DIR|GIT_NAMESPACE|GIT_TEMPLATE_DIR",
    "GIT_TRACE[A-Z0-9_]*|GIT_EXTERNAL_DIFF|GIT_DIFF_OPTS|GIT_PAGER|GIT_EDITOR",
    "GIT_SEQUENCE_EDITOR|GIT_ALLOW_PROTOCOL|GIT_PROTOCOL_FROM_USER|GIT_CEILING_DIRECTORIES",
    // git's test hook for core.fsmonitor (run by status, diff ... with `sh -c`; git 2.39), and
    // Git for Windows' redirection of its output to the file named
    "GIT_TEST_FSMONITOR|GIT_REDIRECT_STDOUT|GIT_REDIRECT_STDERR",
    // askpass helpers, editors, pagers, browsers
    "SSH_ASKPASS|SSH_ASKPASS_REQUIRE|SUDO_ASKPASS|EDITOR|VISUAL|SUDO_EDITOR|SYSTEMD_EDITOR",
    "KUBE_EDITOR|SVN_EDITOR|HGEDITOR|PAGER|MANPAGER|MANOPT|MANROFFOPT|BAT_PAGER|DELTA_PAGER",
    "SYSTEMD_PAGER|SYSTEMD_LESS|BROWSER|LESS|LESSOPEN|LESSCLOSE|LESSKEY|LESSKEYIN|LESSKEY_CONTENT",
    "LESSEDIT|LESSHISTFILE|LESSSECURE",
    // tool configuration files that can set a pager, preprocessor or command
    "RIPGREP_CONFIG_PATH|BAT_CONFIG_PATH|BAT_CONFIG_DIR|BAT_OPTS|FZF_DEFAULT_COMMAND|FZF_DEFAULT_OPTS",
    "FZF_DEFAULT_OPTS_FILE|KUBECONFIG|KUBERC|DOCKER_CONFIG|DOCKER_HOST|npm_config_[A-Za-z_]+",
    "NPM_CONFIG_[A-Z_]+|CURL_HOME|WGETRC|TAR_OPTIONS|GREP_OPTIONS|RSYNC_RSH|CVS_RSH",
    // pip takes any option from PIP_<NAME>: the interpreter it re-runs under, its config, its logs
    "PIP_PYTHON|PIP_CONFIG_FILE|PIP_LOG|PIP_LOG_FILE|PIP_REPORT|PIP_CACHE_DIR|PIP_TARGET|PIP_PREFIX",
    "PIP_ROOT|PIP_SRC|PIP_EXISTS_ACTION",
    // interpreters and compilers
    "NODE_OPTIONS|NODE_PATH|NODE_REPL_HISTORY|PYTHONPATH|PYTHONSTARTUP|PYTHONHOME",
    "PYTHONBREAKPOINT|PYTHONWARNINGS|PYTHONINSPECT|PYTHONUSERBASE|PERL5OPT|PERL5LIB|PERLLIB",
    "PERL5DB|PERLDB_OPTS|RUBYOPT|RUBYLIB|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS",
    "RUSTC_WRAPPER|RUSTC|CARGO_BUILD_RUSTC_WRAPPER|CC|CXX|MAKEFLAGS|GOFLAGS|GOENV|GOTOOLCHAIN",
    // go: GOAUTH's "command" entries run (Go 1.24); GOROOT and GOTOOLDIR pick the compiler, vet
    // and cgo it runs; cgo passes CGO_*FLAGS to the C compiler unchecked (-fplugin loads code)
    "GOAUTH|GOROOT|GOTOOLDIR|CGO_(?:CFLAGS|CPPFLAGS|CXXFLAGS|FFLAGS|LDFLAGS)(?:_ALLOW|_DISALLOW)?",
    "DENO_DIR|DENO_CERT|DENO_AUTH_TOKENS|GH_BROWSER|GH_PAGER|GH_EDITOR|GH_CONFIG_DIR",
    "TF_CLI_CONFIG_FILE|TERRAFORM_CONFIG|TF_PLUGIN_CACHE_DIR|HELM_PLUGINS|KUBECTL_PLUGINS_PATH",
    // arguments and runtimes taken from the environment: TF_CLI_ARGS[_<command>] adds options
    // (output -raw, -chdir), TF_DATA_DIR moves the providers run; gcloud's launcher runs
    // CLOUDSDK_PYTHON; DOCKER_CONTEXT picks the daemon as DOCKER_HOST does
    "TF_CLI_ARGS(?:_[A-Za-z0-9_]+)?|TF_DATA_DIR|CLOUDSDK_PYTHON|CLOUDSDK_PYTHON_ARGS|CLOUDSDK_CONFIG",
    "DOCKER_CONTEXT",
    // terraform appends its log to TF_LOG_PATH (a startup file as well); go -export builds run
    // PKG_CONFIG and FC for cgo as CC; podman reaches CONTAINER_HOST as docker DOCKER_HOST
    "TF_LOG_PATH|PKG_CONFIG|FC|CONTAINER_HOST|CONTAINER_CONNECTION",
    // kubectl writes its discovery and HTTP caches under KUBECACHEDIR; GOWORK names a go.work
    // file elsewhere, whose toolchain line makes go download and run that toolchain and whose
    // use lines load modules from anywhere (GOWORK=off, no workspace, is left out)
    "KUBECACHEDIR|GOWORK",
    // options read from the environment (UnZip's can turn a listing into an extraction)
    "UNZIP|UNZIPOPT|ZIPINFO|ZIPINFOOPT",
  ].join("|") + ")$",
);
/** Variables whose value is run as a command (a leading `|`, as LESSOPEN has, is dropped). */
const RUNS_VALUE = new RegExp(
  "^(?:PROMPT_COMMAND|GIT_SSH_COMMAND|GIT_SSH|GIT_PROXY_COMMAND|GIT_EXTERNAL_DIFF|GIT_ASKPASS" +
    "|SSH_ASKPASS|SUDO_ASKPASS|PAGER|GIT_PAGER|MANPAGER|BAT_PAGER|DELTA_PAGER|SYSTEMD_PAGER" +
    "|EDITOR|VISUAL|GIT_EDITOR|GIT_SEQUENCE_EDITOR|SUDO_EDITOR|SYSTEMD_EDITOR|KUBE_EDITOR" +
    "|SVN_EDITOR|HGEDITOR|LESSOPEN|LESSCLOSE|FZF_DEFAULT_COMMAND|BROWSER|RSYNC_RSH|CVS_RSH" +
    "|GH_BROWSER|GH_PAGER|GH_EDITOR|PIP_PYTHON|GIT_TEST_FSMONITOR)$",
);

/** Prompt strings, expanded (substitutions run) before each prompt is shown. */
const PROMPT_VARS = /^(?:PS[0-4]|PROMPT[234]?|RPROMPT2?|RPS[12])$/;
/** A command substitution in a prompt string: `$(...)` (one nesting level) or backticks. */
const PROMPT_CODE = /\$\(((?:[^()]|\([^()]*\)){0,4096})\)|`([^`]{0,4096})`/g;

/** Pager variables: git, man and the rest run the value with `sh -c`, as a command. */
const PAGER_VARS = /^(?:PAGER|GIT_PAGER|MANPAGER|BAT_PAGER|DELTA_PAGER|SYSTEMD_PAGER|GH_PAGER)$/;

/** Proxies and the variables that turn off or replace the TLS certificate check. */
const TRUST_ENV = new RegExp(
  "^(?:" + [
    "HTTPS?_PROXY|https?_proxy|ALL_PROXY|all_proxy|FTP_PROXY|ftp_proxy|GIT_HTTP_PROXY",
    "NODE_TLS_REJECT_UNAUTHORIZED|NODE_EXTRA_CA_CERTS|GIT_SSL_NO_VERIFY|GIT_SSL_CAINFO",
    "GIT_SSL_CAPATH|DOCKER_CERT_PATH|SSL_CERT_FILE|SSL_CERT_DIR|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE|PIP_CERT",
    "PIP_TRUSTED_HOST|PYTHONHTTPSVERIFY|NPM_CONFIG_STRICT_SSL|npm_config_strict_ssl|CARGO_HTTP_CAINFO",
    "GOINSECURE|GOPROXY|GONOSUMDB|GOSUMDB|GONOSUMCHECK|GOPRIVATE|GONOPROXY|GOVCS",
    // another package index, or another GitHub host given the enterprise token gh holds
    "PIP_INDEX_URL|PIP_EXTRA_INDEX_URL|PIP_FIND_LINKS|PIP_PROXY|PIP_CLIENT_CERT|GH_HOST",
  ].join("|") + ")$",
);
/**
 * GOFLAGS entries that only choose how packages are read or built, none
 * running, loading or writing anything (`-mod=readonly` and `-mod=vendor`
 * change no go.mod, unlike `-mod=mod`; `-toolexec`, `-exec`, `-modfile`,
 * `-overlay` and the profile flags are left out).
 */
const GOFLAGS_READ =
  /^--?(?:mod=(?:readonly|vendor)|trimpath|buildvcs=(?:true|false|auto)|tags=[A-Za-z0-9_.,]*|race|v|short|count=[0-9]+|p=[0-9]+)$/;

/** A value git reads as false. */
const FALSY = /^(?:0|false|no|off)?$/i;

/**
 * Judges one assignment.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assignmentRule } from "./assignments.ts";
 * const seen: string[] = [];
 * const out = { dangerous: () => {}, review: (r: string) => void seen.push(r), nested: (t: string) => void seen.push(t), executes: () => {} };
 * const arg = { text: "less", dynamic: false, quoted: false, glob: false, escapes: false, substituted: false, subs: [] };
 * // A pager variable is judged as the command it names; an editor variable is review as well.
 * assignmentRule("PAGER", arg, out);
 * assert.deepEqual(seen, ["less"]);
 * assignmentRule("EDITOR", arg, out);
 * assert.deepEqual(seen, ["less", "an environment variable that changes what programs run or load is set", "less"]);
 * ```
 */
export function assignmentRule(name: string, v: Arg | undefined, out: Findings): void {
  // GIT_TRACE*=1 (or 2..9, true, false) traces to a descriptor; any other value is a file written.
  const traceToFd = /^GIT_TRACE/.test(name) && v !== undefined && !v.dynamic &&
    /^(?:[0-9]|true|false|yes|no|on|off)?$/i.test(v.text);
  // A pager variable with a literal value is judged as the command it names (`GIT_PAGER=cat`).
  const namedPager = PAGER_VARS.test(name) && v !== undefined && !v.dynamic && !v.escapes;
  // GOTOOLCHAIN=local runs the go command found and never downloads another; GOWORK=off
  // reads no go.work.
  const goLocal = (name === "GOTOOLCHAIN" || name === "GOWORK") && v !== undefined &&
    !v.dynamic && v.text === (name === "GOWORK" ? "off" : "local");
  const goFlagsRead = name === "GOFLAGS" && v !== undefined && !v.dynamic && !v.escapes &&
    v.text.trim().split(/\s+/).every((f) => GOFLAGS_READ.test(f));
  if (
    (SENSITIVE_ENV.test(name) && !traceToFd && !namedPager && !goLocal && !goFlagsRead) ||
    !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)
  ) {
    out.review("an environment variable that changes what programs run or load is set");
  }
  // A prompt's command substitutions run each time an interactive shell shows it (bash's
  // promptvars, zsh's PROMPT_SUBST): `PS1='$(rm -rf ~)'` is judged as that command (review71).
  if (PROMPT_VARS.test(name) && v !== undefined) {
    for (const m of v.text.matchAll(PROMPT_CODE)) out.nested(m[1] ?? m[2] ?? "", name);
  }
  // GH_REPO=[HOST/]OWNER/REPO: a host there sends gh (and GH_ENTERPRISE_TOKEN) there as GH_HOST.
  const ghRepoHost = name === "GH_REPO" && v !== undefined &&
    (v.dynamic || v.text.split("/").length > 2);
  if (TRUST_ENV.test(name) || ghRepoHost) {
    out.review(
      "a proxy or TLS-trust variable is set: connections and their credentials may go elsewhere",
    );
  }
  if (name === "GIT_TRACE_REDACT" && (v === undefined || v.dynamic || FALSY.test(v.text))) {
    out.review("GIT_TRACE_REDACT=0: git's traces print Authorization headers and cookies");
  }
  // git reads settings from the environment as from `-c`: GIT_CONFIG_VALUE_<n> (its name in
  // GIT_CONFIG_KEY_<n>) and GIT_CONFIG_PARAMETERS ('name'='value' ...); a value may be a command
  // it runs (core.pager, alias.x=!cmd), judged as one.
  if (/^GIT_CONFIG_VALUE_[0-9]+$/.test(name) && v !== undefined && !v.dynamic) {
    out.nested(v.text.replace(/^\s*!/, ""), "git setting");
  }
  if (name === "GIT_CONFIG_PARAMETERS" && v !== undefined && !v.dynamic) {
    for (const m of v.text.matchAll(/'(?:[^']|'\\'')*'\s*=\s*'((?:[^']|'\\'')*)'/g)) {
      out.nested(m[1]!.replaceAll("'\\''", "'").replace(/^\s*!/, ""), "git setting");
    }
  }
  if (RUNS_VALUE.test(name) && v !== undefined && !v.dynamic) {
    out.nested(v.text.replace(/^\|+/, ""), "environment command");
  }
  // GOAUTH holds `;`-separated entries; `command CMD` runs CMD for a module fetch's credentials.
  if (name === "GOAUTH" && v !== undefined && !v.dynamic) {
    for (const entry of v.text.split(";")) {
      const m = /^\s*command\s+(.+)$/s.exec(entry);
      if (m !== null) out.nested(m[1]!, "environment command");
    }
  }
}

/**
 * True when git is told to trace HTTP (GIT_TRACE_CURL, GIT_CURL_VERBOSE)
 * with redaction off (GIT_TRACE_REDACT=0): the trace holds the
 * Authorization header, the remote's token in clear.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tracesCredentials } from "./assignments.ts";
 * assert.equal(tracesCredentials(new Map([["GIT_TRACE_REDACT", "0"], ["GIT_TRACE_CURL", "1"]])), true);
 * assert.equal(tracesCredentials(new Map([["GIT_TRACE_CURL", "1"]])), false);
 * ```
 */
export function tracesCredentials(vars: ReadonlyMap<string, string>): boolean {
  const redact = vars.get("GIT_TRACE_REDACT");
  if (redact === undefined || !FALSY.test(redact)) return false;
  return ["GIT_TRACE_CURL", "GIT_CURL_VERBOSE", "GIT_TRACE_PACKET"].some((n) => {
    const v = vars.get(n);
    return v !== undefined && !FALSY.test(v);
  });
}
