/**
 * Data rules: credential disclosure (credential files read, tokens printed,
 * secret-named variables echoed), destructive SQL and data-store wipes sent
 * to a database client, and cluster, cloud and infrastructure destruction.
 * Pure.
 * @module
 */
import {
  expandedText,
  type Findings,
  hasLong,
  hasShort,
  type Invocation,
  operandsSkipping,
} from "../invocation.ts";
import {
  KUBECTL_VALUES,
  kubectlConfigUnredacted,
  kubectlDanger,
  kubectlPrintsSecret,
} from "../programs/cluster.ts";
import { DOCKER_GLOBAL_VALUES } from "./container.ts";
import { grepPaths, searchPrintsNoLine } from "../programs/search.ts";
import { fileContentSources } from "../programs/readers.ts";
import { interpreterCode } from "../programs/interpreters.ts";
import { holdsSecretCopy, secretArgsRule } from "./secret_args.ts";
import { expandsSecret, isSecretName } from "./secret_names.ts";
import { inDirs, isCredentialDir, isCredentialPath, isLiteralCredentialPath } from "../paths.ts";
import { finderSelection } from "../programs/finders.ts";
import { printsStoredSecret } from "./secret_stores.ts";

/** Programs that only look at a file's metadata, not its content. */
const METADATA_ONLY = new Set([
  // `set -- FILE` only makes the name `$1`; what later reads `$1` is judged by its own rules.
  "set",
  "ls",
  "stat",
  "test",
  "[",
  "[[",
  "file",
  "du",
  "chmod",
  "chown",
  "touch",
  "realpath",
  "readlink",
  "basename",
  "dirname",
  "dir",
  "get-item",
  "test-path",
  "which",
]);

/**
 * Programs given a file that print none of its content: hashes (a digest, not the bytes), and
 * removal (`rm .env` deletes; the deletion rules judge it).
 */
const CONTENT_BLIND = new Set([
  ..."md5sum sha1sum sha224sum sha256sum sha384sum sha512sum b2sum shasum cksum sum b3sum"
    .split(" "),
  "rm",
  "unlink",
  // PowerShell's hash, access list and item properties (length, times), not the content.
  "get-filehash",
  "get-acl",
  "get-itemproperty",
  "gp",
]);

/**
 * The paths an argument's substitution stands for when its output is known
 * from the text (review71): a bare listing (`cat $(ls)` is `cat *`, `$(ls -a)`
 * also `.*`: the current directory's names) and a literal printer (`$(echo
 * .env)`, `"$(printf %s .e)nv"`). The word is given with each output in the
 * substitution's place.
 */
function substitutedPaths(inv: Invocation): string[] {
  const out: string[] = [];
  for (const a of inv.args) {
    for (const sub of a.subs) {
      if (sub.kind !== "command") continue;
      const t = sub.text.trim();
      const outputs: string[] = [];
      const ls = /^ls((?:\s+-[a-zA-Z1]+)*)$/.exec(t);
      if (ls !== null) outputs.push("*", ...(/[aA]/.test(ls[1] ?? "") ? [".*"] : []));
      const echo =
        /^(?:echo(?:\s+-n)?|printf\s+(?:'%s'|"%s"|%s))\s+((?:[\w./~*?@%+=:,-]+\s*){1,16})$/
          .exec(t);
      if (echo !== null) outputs.push(...echo[1]!.trim().split(/\s+/));
      for (const o of outputs.slice(0, 16)) {
        for (const raw of [`$(${sub.text})`, `\`${sub.text}\``]) {
          if (a.text.includes(raw)) out.push(a.text.replace(raw, o));
        }
      }
    }
  }
  return out;
}

/**
 * A key tool asked for what is public about a key (review71): ssh-keygen's
 * fingerprint (`-l`), public key (`-y`) or bubblebabble (`-B`), not its
 * conversion (`-i`, which prints the key itself); klist's principals of a
 * keytab (`-k`), not their keys (`-K`).
 */
function printsKeyMetadata(p: string, argv: readonly string[]): boolean {
  const letters = argv.filter((a) => /^-[a-zA-Z]+$/.test(a)).join("");
  if (p === "ssh-keygen") return /[lyB]/.test(letters) && !/[ipeNPm]/.test(letters);
  if (p === "klist") return !/K/.test(letters);
  // openssl's key commands asked for the public half (review77): pkey -pubout prints it alone,
  // with -text too; rsa/ec/dsa -text print the private numbers even with -pubout (OpenSSL 3).
  if (p === "openssl" && /^(?:pkey|rsa|ec|dsa)$/.test(argv[0] ?? "") && argv.includes("-pubout")) {
    return argv[0] === "pkey" || !argv.some((a) => /^-text$/.test(a));
  }
  return false;
}

/**
 * gpg -d/--decrypt prints the plaintext on stdout unless -o/--output sends it
 * to a file (review77): a credential encrypted as `id_rsa.gpg`,
 * `secrets.yaml.asc` is printed in clear. Any other file's decryption is
 * judged as gpg is (review).
 */
function gpgPrintsDecryptedCredential(inv: Invocation): boolean {
  const { program: p, argv } = inv;
  if (p !== "gpg" && p !== "gpg2") return false;
  const decrypts = argv.some((a) => a === "--decrypt" || /^-[a-zA-Z]*d[a-zA-Z]*$/.test(a));
  if (!decrypts || argv.some((a) => /^(?:-o|--output)(?:=|$)|^-[a-zA-Z]*o/.test(a))) return false;
  // The file named, or given on stdin (`gpg -d < id_rsa.gpg`).
  const stdin = inv.redirects.flatMap((r) =>
    r.op === "<" && r.target !== null ? [r.target.text] : []
  );
  return [...argv.filter((a) => !a.startsWith("-")), ...stdin].some((a) =>
    /\.(?:gpg|asc|pgp)$/i.test(a) &&
    inDirs(a.replace(/\.(?:gpg|asc|pgp)$/i, ""), inv.dirs).some(isCredentialPath)
  );
}

/**
 * Options whose value names a file the program reads without printing it
 * (review77): rsync's and tar's exclusion pattern lists, sort's directory
 * for its temporary files. rsync prints its patterns from -vvv or --debug
 * on, so it is spared only below that. The words given to such an option are
 * left out of the paths judged as read.
 */
function withoutSilentFileValues(p: string, argv: readonly string[]): readonly string[] {
  const long = p === "rsync" || p === "tar"
    ? "exclude-from"
    : p === "sort"
    ? "temporary-directory"
    : "";
  if (long === "") return argv;
  if (p === "rsync" && argv.some((a) => /^--debug|^-[a-zA-Z]*v[a-zA-Z]*v[a-zA-Z]*v/.test(a))) {
    return argv;
  }
  const short = p === "tar" ? "X" : p === "sort" ? "T" : "";
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") return [...out, ...argv.slice(i)];
    if (a === `--${long}` || (short !== "" && a === `-${short}`)) {
      i++;
      continue;
    }
    if (a.startsWith(`--${long}=`) || (short !== "" && a.length > 2 && a.startsWith(`-${short}`))) {
      continue;
    }
    out.push(a);
  }
  return out;
}

/** diff's short options that take a value: the rest of a short cluster is that value. */
const DIFF_VALUED = /[CDFILSUWxX]/;

/**
 * A comparison that says only whether, or where, files differ prints none of
 * their content (review74): cmp names the first differing byte and line
 * unless asked for the bytes (-b/--print-bytes, -c/--print-chars,
 * -l/--verbose; BSD's -x prints them in hex), and diff -q/--brief prints
 * "Files A and B differ" whatever output format is also asked for (GNU
 * diffutils 3.8). For cmp every word is looked at (a value that looks like a
 * printing option counts as one); for diff a word another option may take as
 * its value is skipped, so either way an unsure reading prints content.
 */
function comparesWithoutContent(p: string, argv: readonly string[]): boolean {
  if (p === "cmp") {
    for (const a of argv) {
      if (a === "--") break;
      if (/^--[pv]/.test(a)) return false;
      if (!/^-[a-zA-Z]/.test(a)) continue;
      for (const c of a.slice(1)) {
        if ("bclx".includes(c)) return false;
        if (c === "i" || c === "n") break;
      }
    }
    return true;
  }
  if (p !== "diff") return false;
  let skip = false;
  for (const a of argv) {
    if (skip) {
      skip = false;
      continue;
    }
    if (a === "--") return false;
    if (/^--br/.test(a)) return true;
    if (a.startsWith("--")) {
      skip = !a.includes("=");
      continue;
    }
    if (!/^-[a-zA-Z]/.test(a)) continue;
    for (let k = 1; k < a.length; k++) {
      if (a[k] === "q") return true;
      if (DIFF_VALUED.test(a[k]!)) {
        skip = k === a.length - 1;
        break;
      }
    }
  }
  return false;
}

/**
 * git subcommands that name files without printing their content: status, the ignore and
 * attribute checks, the index's and trees' listings, index bits (`update-index
 * --assume-unchanged .env`), removal and moves, the history's listing (`log`, `shortlog`,
 * `whatchanged`, `rev-list`) and `diff` asked for names or counts only, without a patch option
 * (`-p`, `-u`, `-U5`, `--patch`, `-L`, `--cc`, `-c`, `--word-diff`, `--color-words`,
 * `--textconv`, `--ext-diff`; review74: git 2.39
 * prints a merge's patch for `--remerge-diff`, `--binary` and `--diff-merges=` anything but
 * off/none, and later git's `--dd` is `--diff-merges=first-parent -p`).
 */
function gitWithoutContent(p: string, argv: readonly string[]): boolean {
  if (p !== "git") return false;
  const sub = argv.find((a) => !a.startsWith("-"));
  if (
    /^(?:status|check-ignore|check-attr|ls-files|ls-tree|update-index|rm|mv)$/.test(sub ?? "")
  ) {
    return argv.indexOf(sub!) === argv.findIndex((a) => !a.startsWith("-")) &&
      !argv.some((a) => /^-[a-zA-Z]*:|^:/.test(a));
  }
  const inRepo = argv.some((a) => /^[^-][^:]*:|^:/.test(a));
  if (/^(?:log|shortlog|whatchanged|rev-list)$/.test(sub ?? "")) {
    return !argv.some((a) => GIT_PATCH.test(a)) && !inRepo;
  }
  // review74: git diff asked only for names, counts, a summary or an exit status (git 2.39
  // printed no line of the file for each; `--check` prints the lines it faults).
  if (sub === "diff") {
    return argv.some((a) => GIT_DIFF_SUMMARY.test(a)) &&
      !argv.some((a) => GIT_PATCH.test(a) || /^(?:-W|--function-context|--check)$/.test(a)) &&
      !inRepo;
  }
  return false;
}

/** A git option that prints a patch (or a merge's), so the lines of the files it names. */
const GIT_PATCH =
  /^-(?:[a-zA-Z]*[pu]|U[0-9]*|L.*|c)$|^--(?:patch.*|cc|word-diff.*|color-words.*|textconv|ext-diff|unified.*|full-diff|remerge-diff|binary|dd|diff-merges(?!=(?:off|none)$).*)$/;

/** git diff's output formats without a patch: names, counts, a summary, an exit status. */
const GIT_DIFF_SUMMARY =
  /^(?:-s|--no-patch|--name-only|--name-status|--numstat|--shortstat|--stat(?:=.*|-.*)?|--dirstat(?:=.*|-.*)?|--compact-summary|--summary|--quiet|--raw)$/;

/** A jq/yq expression that reads a secret-named variable (`env.GITHUB_TOKEN`, `strenv(API_KEY)`). */
const SECRET_ENV_READ =
  /(?:\benv\s{0,8}\.\s{0,8}|\$ENV\s{0,8}\.\s{0,8}|\b(?:str)?env\s{0,8}\(\s{0,8}["']?|\benv\s{0,8}\[\s{0,8}["'])([A-Za-z0-9_]*(?:TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|PRIVATE_KEY|ACCESS_KEY|CREDENTIALS?)[A-Za-z0-9_]*)/gi;

function kubectlGet(argv: readonly string[]): boolean {
  const ops = operandsSkipping(argv, KUBECTL_VALUES);
  return ops[0] === "get" && kubectlPrintsSecret(argv, ops);
}

/**
 * A credential file given on stdin (`cat < .env`; `$(< .env)`, which bash
 * replaces by the file's content, is a redirection without a program).
 */
export function credentialInputRule(inv: Invocation, out: Findings): void {
  // A count, a hash or a quiet search of stdin prints none of it (`wc -l < .env`).
  if (
    CONTENT_BLIND.has(inv.program) ||
    (inv.program === "wc" && !inv.argv.some((a) => /^--f/.test(a))) ||
    // `file -` names stdin's type; only `-f -` reads it as a list of names and prints them.
    (inv.program === "file" && !fileContentSources(inv.argv).includes("-")) ||
    comparesWithoutContent(inv.program, inv.argv) ||
    searchPrintsNoLine(inv.program, inv.argv)
  ) {
    return;
  }
  for (const r of inv.redirects) {
    if (
      (r.op === "<" || r.op === "<>") && r.target !== null &&
      inDirs(r.target.text, inv.dirs).some(isCredentialPath)
    ) {
      const who = inv.program === "" ? "a redirection" : inv.program;
      out.dangerous("credential_exposure", `${who}: reads a credential file on stdin`);
    }
  }
}

/**
 * xargs gives its program the words it reads: the literal text of a
 * here-string, heredoc or `echo` before it, and the paths `find`, `fd` or a
 * bare `ls` (the current directory's names) print. A reader of file content
 * so given a credential file, or the files of a credential directory, reads
 * them (`xargs cat <<< ~/.ssh/id_rsa`, `cd ~/.ssh; ls | xargs cat`).
 */
function xargsFedCredential(inv: Invocation, out: Findings): void {
  if (!inv.wrappers.includes("xargs") || METADATA_ONLY.has(inv.program)) return;
  // wc counts (its --files0-from, which prints names, is judged as given).
  if (inv.program === "wc") return;
  const words = inv.stdinText.flatMap((t) => t.split(/\s+/)).filter((w) => w !== "");
  const fed = [...words, ...(inv.fedPaths ?? [])].slice(0, 256);
  const reads = fed.some((w) =>
    inDirs(w, inv.dirs).some((p) => isCredentialPath(p) || isCredentialDir(p))
  );
  if (reads) {
    out.dangerous("credential_exposure", `${inv.program}: xargs gives it credential files to read`);
  }
}

/** Searchers whose first operand is the pattern unless one is given by an option. */
const SEARCHERS = /^(?:grep|egrep|fgrep|rg|ag|ack|sls|select-string|findstr)$/;

/** The arguments that may be paths: a searcher's pattern operand is not one (`rg app.env`). */
function searchPaths(p: string, argv: readonly string[]): readonly string[] {
  // git grep searches the current directory (--no-index, or a repository there) under any path.
  if (p === "git") return argv.includes("grep") ? [...argv, "."] : argv;
  if (!SEARCHERS.test(p)) return argv;
  if (GREPS.test(p)) return grepPaths(argv);
  // A pattern given by an option (-e, -f, --regexp, --file, -Pattern) leaves every operand a path.
  if (argv.some((a) => /^-(?:[a-zA-Z]*[ef]|-regexp|-file|pattern)/i.test(a))) {
    return withHere(p, argv);
  }
  const at = argv.findIndex((a) => !a.startsWith("-"));
  return withHere(p, at < 0 ? argv : [...argv.slice(0, at), ...argv.slice(at + 1)]);
}

/** The grep family, whose options {@linkcode GREP} declares. */
const GREPS = /^(?:grep|egrep|fgrep|zgrep)$/;

/**
 * git grep and git diff print the content of the files under a directory
 * they are given (git diff compares one outside the work tree as --no-index).
 */
function gitReadsTree(p: string, argv: readonly string[]): boolean {
  return p === "git" && argv.some((a) => a === "grep" || a === "diff");
}

/**
 * A search that names no path walks the current directory: rg, ag and ack
 * always (grep when recursive: grepPaths); "." stands for it, so a
 * directory a `cd` named earlier is judged (`cd ~/.ssh && grep -r KEY`).
 */
function withHere(p: string, paths: readonly string[]): readonly string[] {
  // A word after -e/-f (--regexp, --file) is the pattern or its file, not a path.
  const named = paths.some((a, i) =>
    !a.startsWith("-") && !/^-(?:[a-zA-Z]*[ef]|-regexp|-file)$/.test(paths[i - 1] ?? "")
  );
  if (named) return paths;
  return /^(?:rg|ag|ack)$/.test(p) ? [...paths, "."] : paths;
}

/** Programs that print their arguments. */
const PRINTERS = new Set(["echo", "printf", "print", "write-output", "write-host", "echo.", "say"]);
/** PowerShell's output cmdlets (read-only otherwise) print the object -InputObject names. */
const OUTPUT_CMDLETS = new Set([
  "out-string",
  "format-table",
  "format-list",
  "format-wide",
  "select-object",
  "sort-object",
]);

/** PowerShell's commands that print an item of the `env:` drive given by name. */
const ENV_DRIVE_READERS = new Set([
  "get-item",
  "gi",
  "get-childitem",
  "gci",
  "dir",
  "ls",
  "get-content",
  "gc",
  "cat",
  "type",
]);

/**
 * PowerShell prints what an expression given as a command evaluates to
 * (`$env:GITHUB_TOKEN` alone), the `env:` drive's item a reader names
 * (`Get-Item Env:API_KEY`, `gc env:\DB_PASSWORD`), and the value .NET's
 * `[Environment]::GetEnvironmentVariable('X')` returns: of a secret-named
 * variable, each is the secret.
 */
function printsSecretEnv(inv: Invocation): boolean {
  const secret = (name: string) => isSecretName(name, true);
  const word = inv.programWord?.text ?? "";
  const first = word.charAt(0);
  if (first === "$") {
    const bare = /^\$\{?env:([A-Za-z0-9_]+)\}?$/i.exec(word);
    return bare !== null && inv.argv.length === 0 && secret(bare[1]!);
  }
  if (ENV_DRIVE_READERS.has(inv.program)) {
    return inv.argv.some((a) => {
      const m = /^env:[\\/]?([A-Za-z0-9_]+)$/i.exec(
        a.replace(/^-(?:path|literalpath|name)[: ]?/i, ""),
      );
      return m !== null && secret(m[1]!);
    });
  }
  if (first === "[" && /^\[(?:system\.)?environment\]::getenvironmentvariable$/i.test(word)) {
    return inv.argv.some((a) => {
      const m = /^\(\s*["']([A-Za-z0-9_]+)["']/.exec(a);
      return m !== null && secret(m[1]!);
    });
  }
  return false;
}

function credentialRule(inv: Invocation, out: Findings): void {
  const p = inv.program;
  const argv = inv.argv;
  // wc counts and du measures; their --files0-from (the only long option either has that starts
  // --f) reads a list of names and prints what it read in its error messages.
  const namesFile = (p === "wc" || p === "du") && argv.some((a) => /^--f/.test(a));
  const counts = p === "wc" && !namesFile;
  const code = interpreterCode(inv);
  const finder = finderSelection(inv);
  if (finder !== null) {
    // A finder prints names; the files it selects are read by a command it runs for them, or
    // by whatever reads its output (a pipe, a substitution): only then is the selection judged.
    const reads = finder.runs.some((r) => !METADATA_ONLY.has(r) && r !== "wc");
    const credential = finder.names.some(isCredentialPath) ||
      finder.roots.flatMap((r) => inDirs(r, inv.dirs)).some((r) =>
        isCredentialPath(r) || isCredentialDir(r)
      );
    if (credential && (reads || inv.shown !== true)) {
      out.dangerous("credential_exposure", `${p}: selects credential files for a reader`);
    }
    // GNU find's -files0-from reads its starting points from a file and names each one it
    // cannot find in an error message: a file without NULs is printed whole.
    const from = p === "find" ? argv.indexOf("-files0-from") : -1;
    if (from >= 0 && inDirs(argv[from + 1] ?? "", inv.dirs).some(isCredentialPath)) {
      out.dangerous("credential_exposure", `${p}: reads a credential file as its starting points`);
    }
  } else if (p === "file") {
    // file looks at its operands' types; its name list and magic files it prints line by line.
    if (fileContentSources(argv).some((f) => inDirs(f, inv.dirs).some(isCredentialPath))) {
      out.dangerous(
        "credential_exposure",
        `${p}: prints a credential file's lines in its messages`,
      );
    }
  } else if (
    (!METADATA_ONLY.has(p) || namesFile) && !counts && !CONTENT_BLIND.has(p) &&
    // A printer shown on the terminal prints its words, not a file (`echo "Add the key to .env"`);
    // what reads its output (`cat $(echo .env)`, `| xargs cat`) is judged with them.
    !(PRINTERS.has(p) && inv.shown === true) && !gitWithoutContent(p, argv) &&
    !searchPrintsNoLine(p, argv) && !printsKeyMetadata(p, argv) &&
    !comparesWithoutContent(p, argv)
  ) {
    for (
      const a of [...searchPaths(p, withoutSilentFileValues(p, argv)), ...substitutedPaths(inv)]
    ) {
      // An interpreter's code string is code, judged as code (`node -p process.env`).
      if (a === code) continue;
      // An option's attached value (`--file=F`, `--files0-from=F`, digits in the name too).
      const path = a.replace(/^@/, "").replace(/^[A-Za-z-][A-Za-z0-9-]*=@?/, "");
      // git's REV:PATH and :PATH name a file's content in a commit or the index.
      const inRepo = p === "git" && /^[^-][^:]*:|^:/.test(a) ? a.slice(a.lastIndexOf(":") + 1) : "";
      const places = inv.dirs === undefined ? null : inDirs(path, inv.dirs);
      // A word whose glob characters were quoted names a file by those characters.
      const named = literalWord(inv, a) ? isLiteralCredentialPath : isCredentialPath;
      if (
        (places === null ? named(path) : places.some((q) => named(q))) ||
        (inRepo !== "" && isCredentialPath(inRepo))
      ) {
        out.dangerous(
          "credential_exposure",
          `${p}: reads a credential file (keys, tokens, .env, history)`,
        );
        break;
      }
      if (
        (places === null ? isCredentialDir(path) : places.some(isCredentialDir)) &&
        (gitReadsTree(p, argv) || [
          "tar",
          "zip",
          "cp",
          "scp",
          "rsync",
          "7z",
          "rclone",
          "aws",
          "gsutil",
          "curl",
          "base64",
          "cat",
          "grep",
          "rg",
          // A directory diff prints what differs in each file, content included (review30).
          "diff",
          "colordiff",
          "difft",
          "ag",
          "ack",
          "egrep",
          "fgrep",
        ].includes(p))
      ) {
        out.dangerous("credential_exposure", `${p}: copies or reads a credential directory`);
        break;
      }
    }
  }
  credentialInputRule(inv, out);
  xargsFedCredential(inv, out);
  const sub = argv.filter((a) => !a.startsWith("-"));
  const pair = `${sub[0] ?? ""} ${sub[1] ?? ""}`.toLowerCase();
  if (
    // GitHub's and GitLab's CLIs print the stored token (`auth token`, `auth status -t`, glab's
    // `config get token`), as flyctl's `auth token` and `az acr login --expose-token` do.
    ((p === "gh" || p === "glab") &&
      (pair === "auth token" ||
        (pair.startsWith("auth status") &&
          (hasShort(argv, "t") || hasLong(argv, "show-token"))))) ||
    (p === "glab" && pair === "config get" && (sub[2] ?? "").toLowerCase() === "token") ||
    ((p === "fly" || p === "flyctl") && pair === "auth token") ||
    (p === "az" && pair === "acr login" && hasLong(argv, "expose-token")) ||
    // Docker's credential helpers print the stored secret for the server named on stdin.
    (/^docker-credential-[a-z0-9-]+$/.test(p) && sub[0] === "get") ||
    (p === "git" && (pair === "credential fill" || /^credential-[a-z0-9-]+ get$/.test(pair))) ||
    (/^git-credential-[a-z0-9-]+$/.test(p) && sub[0] === "get") ||
    (/^(?:jq|gojq|yq)$/.test(p) &&
      argv.some((a) => [...a.matchAll(SECRET_ENV_READ)].some((m) => isSecretName(m[1]!, true)))) ||
    // yq's `envsubst` fills the `${VAR}` of a string in the expression with the variable's value.
    (p === "yq" && argv.some((a) => /\benvsubst\b/.test(a) && expandsSecret(a, true))) ||
    (p === "aws" &&
      (/^configure (?:get|export-credentials)/.test(pair) || pair === "sts get-session-token" ||
        pair === "ecr get-login-password" || pair === "codeartifact get-authorization-token")) ||
    (p === "gcloud" &&
      /auth (?:print-access-token|print-identity-token|application-default)/.test(
        `${sub[0]} ${sub[1]} ${sub[2] ?? ""}`,
      )) ||
    (p === "az" && pair === "account get-access-token") ||
    (p === "heroku" && /^auth:token/.test(sub[0] ?? "")) ||
    // A platform's config var named like a secret, printed alone (as `printenv NAME`).
    (((p === "heroku" && sub[0] === "config:get") || (p === "netlify" && sub[0] === "env:get")) &&
      sub.slice(1).some((n) => isSecretName(n, true))) ||
    (p === "security" &&
      /^(?:find-generic-password|find-internet-password|dump-keychain|export)$/.test(
        sub[0] ?? "",
      ) &&
      (hasShort(argv, "w") || hasShort(argv, "g") || sub[0] === "dump-keychain" ||
        sub[0] === "export")) ||
    // pass shows a secret (`show`, a bare name) unless -c/--clip copies it instead; `grep`
    // prints the matching lines of every decrypted secret and `otp` a code (review74).
    (p === "pass" &&
      (((sub[0] === "show" || (sub.length === 1 && sub[0] !== "ls")) &&
        !argv.some((a) => /^(?:-c\d*|--clip(?:=.*)?)$/.test(a))) ||
        sub[0] === "grep" || sub[0] === "otp")) ||
    (p === "op" && /^(?:read|item get|document get)/.test(pair)) ||
    (p === "vault" && /^(?:read|kv get|token lookup|print token)/.test(pair)) ||
    ((p === "kubectl" || p === "oc" || p === "k") && pair.startsWith("config view") &&
      kubectlConfigUnredacted(argv)) ||
    ((p === "kubectl" || p === "oc" || p === "k") && kubectlGet(argv)) ||
    (p === "gpg" && argv.some((a) => /^--export-secret/.test(a))) ||
    gpgPrintsDecryptedCredential(inv) ||
    // secret-tool search prints each item's `secret = ...` line, as lookup prints the secret.
    (p === "secret-tool" && (sub[0] === "lookup" || sub[0] === "search")) ||
    // Saved Wi-Fi keys in clear; PowerShell's own command history file.
    (p === "netsh" && argv.some((a) => /^key=clear$/i.test(a))) ||
    argv.some((a) => /\bHistorySavePath\b/i.test(a)) ||
    (p === "cmdkey" && argv.some((a) => /^\/list/i.test(a))) ||
    (p === "get-storedcredential" || p === "mimikatz") ||
    // PowerShell's SecretManagement and Az.KeyVault print a secret's value with -AsPlainText
    // (any prefix PowerShell accepts from `-as`), as `az keyvault secret show` does.
    ((p === "get-secret" || p === "get-azkeyvaultsecret") &&
      argv.some((a) =>
        /^-as[a-z]*(?::\$?true)?$/i.test(a) && "asplaintext".startsWith(
          a.slice(1).replace(/:.*$/, "").toLowerCase(),
        )
      )) ||
    (p === "reg" && /^save$/i.test(sub[0] ?? "") &&
      argv.some((a) => /\\(?:sam|security|system)$/i.test(a))) ||
    (p === "printenv" && sub.some((n) => isSecretName(n, true))) ||
    printsStoredSecret(p, argv) ||
    printsNamedVariable(p, argv)
  ) {
    out.dangerous("credential_exposure", `${p}: prints a credential`);
  }
  // printenv NAME prints one variable, read_only for a name not a secret's; a name not known
  // here (a variable's value, a glob that a file in the directory may answer) may be one.
  if (
    p === "printenv" &&
    inv.args.some((a) =>
      a.dynamic || a.substituted || !/^(?:-.*|[A-Za-z_][A-Za-z0-9_]*)$/.test(a.text)
    )
  ) {
    out.review(`${p}: prints a variable whose name is not known here`);
  }
  if (printsSecretEnv(inv)) {
    out.dangerous("credential_exposure", "PowerShell: prints a secret-named environment variable");
  }
  if (
    (PRINTERS.has(p) || OUTPUT_CMDLETS.has(p)) &&
    // A quoted or escaped `$` is printed as it is (`echo 'Set $GITHUB_TOKEN in CI'`).
    inv.args.map(expandedText).some((a) => expandsSecret(a, true) || holdsSecretCopy(a, inv.vars))
  ) {
    out.dangerous("credential_exposure", `${p}: prints a secret-named variable`);
  }
  // envsubst prints its stdin with the variables it names filled in.
  if (p === "envsubst" && inv.stdinText.some((t) => expandsSecret(t, true))) {
    out.dangerous("credential_exposure", `${p}: prints a secret-named variable`);
  } else if (p === "envsubst" && inv.stdinText.length === 0) {
    // Its input is not shown here, so which variables it prints (secrets among them) is unknown.
    out.review(`${p}: fills in environment variables named by input not shown here`);
  }
  if ((p === "history" || p === "get-history" || p === "fc") && !hasShort(argv, "c")) {
    out.review(`${p}: prints shell history, which may hold secrets`);
  }
}

/**
 * The shells' variable listers given a secret name print its value: bash's
 * `declare -p NAME`/`typeset -p NAME`, zsh's top-level `typeset NAME`,
 * `typeset -m PATTERN` and `export -p NAME` (`export NAME` and
 * `declare -x NAME` only set an attribute, and an assignment prints nothing).
 */
function printsNamedVariable(p: string, argv: readonly string[]): boolean {
  if (!/^(?:declare|typeset|export)$/.test(p)) return false;
  const options = argv.filter((a) => /^[-+][a-zA-Z]+$/.test(a));
  const names = argv.filter((a) => !/^[-+]/.test(a) && !a.includes("="));
  if (!names.some((n) => isSecretName(n, true))) return false;
  const lists = options.some((o) => /^-[a-zA-Z]*[pm]/.test(o));
  return lists || (p !== "export" && options.length === 0);
}

const DB_CLIENTS: Record<string, RegExp | null> = {
  psql: /^(?:-c|--command)$/,
  mysql: /^(?:-e|--execute)$/,
  mariadb: /^(?:-e|--execute)$/,
  sqlite3: null,
  sqlite: null,
  duckdb: /^(?:-c|-s)$/,
  "clickhouse-client": /^(?:-q|--query)$/,
  clickhouse: /^(?:-q|--query)$/,
  cqlsh: /^(?:-e|--execute)$/,
  sqlcmd: /^(?:-q|-Q)$/,
  mongosh: /^--eval$/,
  mongo: /^--eval$/,
  "redis-cli": null,
  cockroach: /^(?:-e|--execute)$/,
  snowsql: /^(?:-q|--query)$/,
  bq: null,
  "invoke-sqlcmd": /^-query$/i,
  sqlplus: null,
};

const DESTRUCTIVE_SQL: { re: RegExp; what: string }[] = [
  {
    re:
      /\bdrop\s+(?:table|database|schema|index|view|user|role|owned|collection|keyspace|materialized\s+view|function|procedure|trigger|sequence|type|extension)\b/i,
    what: "DROP",
  },
  { re: /\btruncate\b(?:\s+table)?\s+[\w".`[\]]+/i, what: "TRUNCATE" },
  { re: /\bdelete\s+from\s+[\w".`[\]]+\s*(?:;|$|\)|'|")/i, what: "DELETE without WHERE" },
  {
    re: /\bupdate\s+[\w".`[\]]+\s+set\s+(?:(?!\bwhere\b)[\s\S])*?(?:;|$)/i,
    what: "UPDATE without WHERE",
  },
  { re: /\balter\s+table\s+[\w".`[\]]+\s+drop\b/i, what: "ALTER TABLE ... DROP" },
  {
    re: /\.drop(?:Database)?\s*\(|\.deleteMany\s*\(\s*\{\s*\}\s*\)|\.remove\s*\(\s*\{\s*\}\s*\)/,
    what: "a collection or database drop",
  },
  { re: /^\s*(?:flushall|flushdb)\b/i, what: "FLUSHALL/FLUSHDB" },
];

/**
 * The first destructive SQL statement kind in `sql`, or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { destructiveSql } from "./data.ts";
 * assert.equal(destructiveSql("DELETE FROM users;"), "DELETE without WHERE");
 * assert.equal(destructiveSql("DELETE FROM users WHERE id = 1;"), null);
 * assert.equal(destructiveSql("drop table t"), "DROP");
 * ```
 */
export function destructiveSql(sql: string): string | null {
  for (const { re, what } of DESTRUCTIVE_SQL) if (re.test(sql)) return what;
  return null;
}

function sqlRule(inv: Invocation, out: Findings): void {
  const p = inv.program;
  const argv = inv.argv;
  if (p in DB_CLIENTS) {
    const flag = DB_CLIENTS[p]!;
    const texts: string[] = [...inv.stdinText];
    if (flag === null) texts.push(argv.filter((a) => !a.startsWith("-")).join(" "));
    else {
      argv.forEach((a, i) => {
        if (flag.test(a)) texts.push(argv[i + 1] ?? "");
        const eq = a.match(/^(--[a-z]+)=(.*)$/s);
        if (eq && flag.test(eq[1]!)) texts.push(eq[2]!);
      });
    }
    for (const t of texts) {
      const what = p === "redis-cli"
        ? (/\b(?:flushall|flushdb)\b/i.test(t) ? "FLUSHALL/FLUSHDB" : null)
        : destructiveSql(t);
      if (what !== null) return out.dangerous("destructive_sql", `${p}: ${what}`);
    }
    if (p === "redis-cli" && /\bdel\b|\bconfig\s+set\b/i.test(texts.join(" "))) {
      return out.review("redis-cli: deletes keys or changes configuration");
    }
    return out.review(`${p}: runs statements against a database`);
  }
  if (["dropdb", "dropuser", "pg_dropcluster"].includes(p)) {
    return out.dangerous("destructive_sql", `${p}: drops a database or role`);
  }
  if (p === "mysqladmin" && argv.some((a) => /^drop$/i.test(a))) {
    return out.dangerous("destructive_sql", "mysqladmin drop: drops a database");
  }
  const task = argv.filter((a) => !a.startsWith("-")).join(" ");
  if (
    (["rails", "rake", "bin/rails"].includes(p) &&
      /\bdb:(?:drop|reset|purge|schema:load|migrate:reset|truncate_all)\b/.test(task)) ||
    (p === "php" && /\bartisan\s+(?:migrate:fresh|migrate:reset|db:wipe)\b/.test(task)) ||
    ((p === "prisma" || (p === "npx" && /^prisma\b/.test(task))) &&
      /\bmigrate\s+reset\b|\bdb\s+push\b.*--force-reset|--force-reset/.test(
        task + " " + argv.join(" "),
      )) ||
    ((p === "python" || p === "python3" || p === "django-admin") &&
      /\b(?:manage\.py\s+)?(?:flush|reset_db)\b/.test(task)) ||
    (p === "supabase" && /^db reset/.test(task)) ||
    (p === "sequelize" && /\bdb:drop\b/.test(task)) ||
    (p === "firebase" && /firestore:delete|database:remove/.test(task)) ||
    (p === "etcdctl" && /^del\b/.test(task) &&
      (hasLong(argv, "prefix") || hasLong(argv, "from-key")))
  ) {
    return out.dangerous("destructive_sql", `${p}: resets or drops a database`);
  }
}

/** Package publication: npm/pnpm/yarn/bun publish, cargo publish, twine upload, gem push, ... */
function publishes(p: string, ops: readonly string[], argv: readonly string[]): boolean {
  const [verb, next] = [ops[0] ?? "", ops[1] ?? ""];
  if (argv.some((a) => a === "--dry-run" || a === "-n" && p === "cargo")) return false;
  return (/^(?:npm|pnpm|bun|lerna)$/.test(p) && verb === "publish") ||
    (p === "yarn" && (verb === "publish" || (verb === "npm" && next === "publish"))) ||
    (p === "cargo" && verb === "publish") ||
    (p === "twine" && verb === "upload") ||
    (p === "gem" && verb === "push") ||
    (/^(?:poetry|uv|hatch|flit|pdm)$/.test(p) && verb === "publish") ||
    (p === "dotnet" && verb === "nuget" && next === "push") ||
    (p === "nuget" && verb === "push") ||
    (p === "mvn" && ops.includes("deploy")) ||
    (p === "gradle" && ops.some((o) => /^publish/.test(o))) ||
    (p === "deno" && verb === "publish") ||
    (p === "jsr" && verb === "publish") ||
    (p === "vsce" && verb === "publish") ||
    (p === "docker" && verb === "push") ||
    (p === "gh" && verb === "release" && next === "create");
}

function infraRule(inv: Invocation, out: Findings): void {
  const p = inv.program;
  const argv = inv.argv;
  // Global option values (kubectl -n prod, docker -H host) are not the verb.
  const spec = /^(?:kubectl|oc|k)$/.test(p)
    ? KUBECTL_VALUES
    : /^(?:docker|podman|nerdctl)$/.test(p)
    ? DOCKER_GLOBAL_VALUES
    : {};
  const ops = operandsSkipping(argv, spec).map((a) => a.toLowerCase());
  const verb = ops[0] ?? "";
  if (["terraform", "terragrunt", "tofu", "pulumi", "cdk", "cdktf"].includes(p)) {
    if (
      ops.includes("destroy") || hasLong(argv, "destroy") ||
      (p === "pulumi" && ops[0] === "stack" && ops[1] === "rm")
    ) {
      return out.dangerous("infra_destruction", `${p} destroy: tears down infrastructure`);
    }
    if (verb === "state" && ["rm", "mv", "push", "replace-provider"].includes(ops[1] ?? "")) {
      return out.dangerous(
        "infra_destruction",
        `${p} state ${ops[1]}: rewrites infrastructure state`,
      );
    }
    if (
      ops.some((o) => ["apply", "up", "deploy", "update"].includes(o)) &&
      argv.some((a) =>
        /^--?(?:auto-approve|yes|y|skip-preview|force)(?:=true)?$/.test(a) ||
        /^--require-approval(?:=|$)/.test(a) && argv.includes("never") ||
        a === "--require-approval=never"
      )
    ) {
      return out.dangerous(
        "publication",
        `${p} ${verb}: changes infrastructure without a review of the plan`,
      );
    }
    if (
      verb === "apply" || verb === "up" || verb === "deploy" || verb === "import" ||
      verb === "taint"
    ) {
      return out.review(`${p} ${verb}: changes infrastructure`);
    }
    return;
  }
  // `k` is a common alias of kubectl: judged by the kubectl record's rules.
  if (p === "k") return kubectlDanger(p, ops, argv, out);
  if (publishes(p, ops, argv)) {
    return out.dangerous("publication", `${p}: publishes a package or release for everyone`);
  }
  if (p === "aws") {
    const action = ops[1] ?? "";
    if (verb === "s3" && ((action === "rm" && (hasLong(argv, "recursive"))) || action === "rb")) {
      return out.dangerous(
        "infra_destruction",
        `aws s3 ${action}: deletes buckets or their objects`,
      );
    }
    if (
      /^(?:delete|terminate|remove|deregister|purge|disable|cancel|stop|detach|revoke)-/.test(
        action,
      )
    ) {
      if (/^(?:delete|terminate|purge|deregister)-/.test(action)) {
        return out.dangerous("infra_destruction", "aws: deletes or terminates cloud resources");
      }
      return out.review("aws: stops or detaches cloud resources");
    }
    return;
  }
  if (
    p === "gcloud" || p === "gsutil" || p === "az" || p === "doctl" || p === "linode-cli" ||
    p === "hcloud" || p === "ibmcloud" || p === "oci"
  ) {
    if (
      ops.some((o) => /^(?:delete|destroy|rb|terminate|purge)$/.test(o)) ||
      (p === "gsutil" && verb === "rm" && (hasShort(argv, "r") || hasShort(argv, "R"))) ||
      (p === "gcloud" && verb === "storage" && ops[1] === "rm" &&
        (hasShort(argv, "r") || hasLong(argv, "recursive")))
    ) {
      return out.dangerous("infra_destruction", `${p}: deletes cloud resources`);
    }
    return;
  }
  if (p === "eksctl" && verb === "delete") {
    return out.dangerous("infra_destruction", "eksctl delete: deletes a cluster");
  }
  if ((p === "kind" || p === "minikube" || p === "k3d") && verb === "delete") {
    return out.review(`${p} delete: deletes a local cluster`);
  }
  if (p === "docker" || p === "podman") {
    const sub = `${verb} ${ops[1] ?? ""}`;
    if (
      /^(?:system|volume|image|container|network|builder) prune/.test(sub) &&
      (hasShort(argv, "a") || hasLong(argv, "all") || hasLong(argv, "volumes") ||
        sub.startsWith("volume"))
    ) {
      return out.dangerous(
        "infra_destruction",
        `${p} prune: deletes volumes or every unused image`,
      );
    }
    if (sub.startsWith("volume rm") || (p === "podman" && sub.startsWith("system reset"))) {
      return out.dangerous("infra_destruction", `${p}: deletes volumes and their data`);
    }
    if ((verb === "rm" || verb === "rmi") && inv.args.some((a) => a.substituted)) {
      return out.dangerous(
        "infra_destruction",
        `${p} ${verb}: removes every listed container or image`,
      );
    }
    if (
      verb === "compose" && ops.includes("down") &&
      (hasShort(argv, "v") || hasLong(argv, "volumes"))
    ) {
      return out.dangerous(
        "infra_destruction",
        `${p} compose down -v: deletes volumes and their data`,
      );
    }
    return;
  }
  if (
    (p === "heroku" && /^(?:apps:destroy|destroy|pg:reset)$/.test(verb)) ||
    ((p === "fly" || p === "flyctl") &&
      (/^(?:destroy)$/.test(verb) || (verb === "apps" && ops[1] === "destroy"))) ||
    (p === "vercel" && /^(?:rm|remove)$/.test(verb)) ||
    (p === "netlify" && verb === "sites:delete") ||
    (p === "gh" && verb === "repo" && ops[1] === "delete") ||
    (p === "npm" && verb === "unpublish") ||
    ((p === "serverless" || p === "sls") && verb === "remove") ||
    (p === "nomad" && verb === "job" && ops[1] === "stop" && hasLong(argv, "purge")) ||
    (p === "consul" && verb === "kv" && ops[1] === "delete" && hasLong(argv, "recurse")) ||
    (p === "vault" &&
      /^(?:secrets disable|delete|kv destroy|kv metadata delete)/.test(ops.join(" ")))
  ) {
    return out.dangerous(
      "infra_destruction",
      `${p}: deletes an application, repository, package or store`,
    );
  }
}

/** Credential, database and infrastructure rules. */
export function dataRule(inv: Invocation, out: Findings): void {
  credentialRule(inv, out);
  secretArgsRule(inv, out);
  sqlRule(inv, out);
  infraRule(inv, out);
}

/**
 * True when `text` is one of the invocation's words and every word of that
 * text is as written: no glob, unknown part or variable's value in it.
 */
function literalWord(inv: Invocation, text: string): boolean {
  let seen = false;
  for (const a of inv.args) {
    if (a.text !== text) continue;
    if (a.glob || a.dynamic || a.valued === true) return false;
    seen = true;
  }
  return seen;
}
