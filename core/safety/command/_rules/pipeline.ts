/**
 * Pipeline rules: what feeds a program that runs its stdin (a downloader
 * makes it download_exec, a decoder obfuscated_exec, anything but literal
 * text review), the environment sent to a network tool, and a shell or
 * interpreter whose output goes to a network tool (a reverse shell), and the
 * files of a credential directory listed into a reader of their content (or
 * a home's recursive listing into Select-String). Pure.
 * @module
 */
import { isSettingName } from "./secret_names.ts";
import type { Findings, Invocation } from "../invocation.ts";
import { interpreterName, SHELLS } from "./exec.ts";
import { inDirs, isCredentialDir, isCredentialPath } from "../paths.ts";
import { isBroadSearchRoot, searchPrintsNoLine, SECRET_WORDS } from "../programs/search.ts";
import {
  dumpsEnvironment,
  isDecoder,
  isDownloader,
  isNetworkTool,
  literalOutput,
  runsStdin,
} from "./traits.ts";

/** Programs that write what they read on stdin to the files they are given. */
const PASSES_STDIN = new Set(["tee", "cat"]);

/** Judges one pipeline; each element holds the invocations it runs. */
export function pipelineRule(elements: Invocation[][], out: Findings): void {
  const n = elements.length;
  // Prefix facts (what feeds element i) and suffix facts (what element i feeds).
  let download = false;
  let decode = false;
  for (let i = 1; i < n; i++) {
    // Downloaded or decoded content flows through every later stage; literal
    // text (echo, printf) is judged by the classifier itself, and only the
    // stage just before counts, since echo and printf ignore their stdin.
    const prev = elements[i - 1]!;
    const literal = prev.length > 0 && prev.every((u) => literalOutput(u) !== null);
    for (const u of prev) {
      if (isDownloader(u)) download = true;
      if (isDecoder(u)) decode = true;
    }
    for (const inv of elements[i]!) {
      if (!runsStdin(inv)) continue;
      if (download) {
        out.dangerous("download_exec", `${inv.program}: runs downloaded content piped into it`);
      } else if (decode) {
        out.dangerous(
          "obfuscated_exec",
          `${inv.program}: runs decoded or transformed content piped into it`,
        );
      } else if (!literal) out.review(`${inv.program}: runs what is piped into it`);
    }
  }
  // `tee >(sh)`: what reaches the element also reaches a runner.
  let fedDownload = false;
  let fedDecode = false;
  for (let i = 0; i < n; i++) {
    for (const u of elements[i]!) {
      if (isDownloader(u)) fedDownload = true;
      if (isDecoder(u)) fedDecode = true;
    }
    for (const inv of elements[i]!) {
      if (inv.feedsRunner !== true) continue;
      // Literal text reaches the runner: `echo 'cmd' > >(sh)`, `echo 'cmd' | tee >(sh)`.
      const own = literalOutput(inv);
      const fed = own !== null ? [own] : PASSES_STDIN.has(inv.program) ? inv.stdinText : [];
      for (const text of fed) out.nested(text, "process substitution runner");
      if (fedDownload) {
        out.dangerous("download_exec", "downloaded content is fed to a shell through >(...)");
      } else if (fedDecode) {
        out.dangerous("obfuscated_exec", "decoded content is fed to a shell through >(...)");
      } else out.review("output is fed to a shell through >(...)");
    }
  }
  let networkLater = false;
  for (let i = n - 1; i >= 0; i--) {
    for (const inv of elements[i]!) {
      if (networkLater && dumpsEnvironment(inv)) {
        out.dangerous("credential_exposure", "the environment is sent to the network");
      }
      const lang = interpreterName(inv.program);
      if (networkLater && (SHELLS.has(inv.program) || (lang !== null && lang !== "awk"))) {
        out.dangerous(
          "interpreter_primitives",
          "a shell or interpreter wired to a network connection",
        );
      }
    }
    if (elements[i]!.some(isNetworkTool)) networkLater = true;
  }
  credentialListingRead(elements, out);
  environmentSecretsPicked(elements, out);
}

/** Filters that print the lines matching their pattern. */
const LINE_PICKERS = /^(?:grep|egrep|fgrep|rg|ag|ack|findstr|select-string|sls)$/;

/**
 * A pattern naming the secret variables: the search words, and a bare `key`, DSN or database URL.
 * `key` ends the word or goes on as `keys` (`API_KEY`, `SSH_KEYS`, `KEYSTORE_PASS`): the lines a
 * longer word picks hold that word (`keyboard`, `keymap`: XKB_KEYBOARD, not a secret); `pass`
 * opens one (`DB_PASS`, `SMTP_PASSWORD`, not `COMPASS`).
 */
const SECRET_NAME_PATTERN = /key(?![a-rt-z])|(?<![a-z])pass|dsn|database_url/i;

/**
 * `env | grep TOKEN`, `set | grep -i key`: the whole environment filtered to
 * the variables named like secrets prints them, as `printenv GITHUB_TOKEN`
 * does (an inverted match, `grep -v TOKEN`, leaves them out).
 */
function environmentSecretsPicked(elements: Invocation[][], out: Findings): void {
  // Only a line picker after the first element can pick: most pipelines have none.
  if (!elements.some((e, i) => i > 0 && e.some((inv) => LINE_PICKERS.test(inv.program)))) return;
  let dumped = false;
  for (const element of elements) {
    if (dumped) {
      for (const inv of element) {
        if (!LINE_PICKERS.test(inv.program)) continue;
        const inverted = inv.argv.some((a) =>
          /^-[a-zA-Z]*v/.test(a) || /^--invert(?:-match)?$/.test(a) || /^-notmatch$/i.test(a)
        );
        // A count, an exit status or a name (`grep -c TOKEN`, `-q`, `-l`) prints no line.
        if (
          !inverted && !searchPrintsNoLine(inv.program, inv.argv) &&
          inv.argv.some((a) =>
            (SECRET_WORDS.test(a) || SECRET_NAME_PATTERN.test(a)) && !isSettingName(a)
          )
        ) {
          out.dangerous(
            "credential_exposure",
            `${inv.program}: picks secrets out of the environment`,
          );
        }
      }
    }
    if (element.some(dumpsEnvironment)) dumped = true;
  }
}

/** PowerShell's listing cmdlets and aliases, whose output objects are files. */
const PS_LISTERS = new Set(["get-childitem", "gci", "dir", "ls"]);
/** What reads the content of each file object piped into it. */
const PS_CONTENT_READERS = new Set(["get-content", "gc", "cat", "type", "select-string", "sls"]);
/** PowerShell's cmdlets that output the file objects they name (`Get-Item`, `Resolve-Path`). */
const PS_ITEM_GETTERS = new Set(["get-item", "gi", "resolve-path", "rvpa"]);
/** Names only PowerShell gives these (in bash, `ls | cat` passes names on, not files). */
const PS_ONLY = new Set([
  "get-childitem",
  "gci",
  "get-content",
  "gc",
  "select-string",
  "sls",
  "get-item",
  "resolve-path",
]);

/**
 * `Get-ChildItem ~/.ssh | Get-Content`: PowerShell pipes the listed files
 * themselves (objects with their paths) into a reader of their content, as
 * `find ~/.ssh | xargs cat` does. A pair with a name only PowerShell has.
 */
function credentialListingRead(elements: Invocation[][], out: Findings): void {
  // Both findings need a reader of the files piped to it: most pipelines have none.
  if (!elements.some((e) => e.some((inv) => PS_CONTENT_READERS.has(inv.program)))) return;
  let listed: string | null = null;
  let broad = false;
  for (const element of elements) {
    const reader = element.find((inv) => PS_CONTENT_READERS.has(inv.program));
    if (
      listed !== null && reader !== undefined &&
      (PS_ONLY.has(listed) || PS_ONLY.has(reader.program))
    ) {
      out.dangerous(
        "credential_exposure",
        "the files of a credential directory are piped to a reader",
      );
      return;
    }
    if (broad && reader !== undefined && /^(?:select-string|sls)$/.test(reader.program)) {
      if (reader.argv.some((a) => !a.startsWith("-") && SECRET_WORDS.test(a))) {
        out.dangerous("credential_exposure", "a home or system tree is searched for secrets");
        return;
      }
      out.review("a whole home or system tree is searched, credential files included");
    }
    // `Get-ChildItem ~ -Recurse | Select-String token`: a home searched as grep -r token ~ does.
    // Without -Recurse the files at its top are searched: on Windows a leading dot hides nothing,
    // so ~\.git-credentials, ~\_netrc and ~\.pgpass are among them.
    broad ||= element.some((inv) =>
      PS_LISTERS.has(inv.program) &&
      inv.argv.some((a) => !a.startsWith("-") && inDirs(a, inv.dirs).some(isBroadSearchRoot))
    );
    const lister = element.find((inv) =>
      (PS_LISTERS.has(inv.program) &&
        inv.argv.some((a) => !a.startsWith("-") && inDirs(a, inv.dirs).some(isCredentialDir))) ||
      // `Get-Item ~\.ssh\id_rsa | Get-Content`: the item itself, a credential file (review71).
      ((PS_LISTERS.has(inv.program) || PS_ITEM_GETTERS.has(inv.program)) &&
        inv.argv.some((a) => !a.startsWith("-") && inDirs(a, inv.dirs).some(isCredentialPath)))
    );
    if (lister !== undefined) listed = lister.program;
  }
}
