/**
 * Rules for programs that run code they are given: shells with `-c`,
 * PowerShell `-Command`/`-EncodedCommand`, cmd /c, eval, source, iex, trap,
 * interpreter one-liners (python, perl, ruby, node, php, lua, awk, osascript,
 * R, deno) and what their code reaches for: processes, sockets, decoding,
 * fork loops. Strings that are shell commands are handed back for parsing
 * again. Pure.
 * @module
 */
import { printsSecretEnv } from "./env_reads.ts";
import { shellWords } from "../shell_quote.ts";
import type { Findings, Invocation } from "../invocation.ts";
import { isCredentialPath } from "../paths.ts";

/** Programs that are shells: `-c STRING` runs a command, no script operand reads stdin. */
export const SHELLS = new Set([
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
  "mksh",
  "pdksh",
  "fish",
  "csh",
  "tcsh",
  "ash",
  "rbash",
  "yash",
  "posh",
  "elvish",
  "nu",
  "xonsh",
]);

/** PowerShell hosts. */
export const POWERSHELLS = new Set(["powershell", "pwsh", "powershell_ise"]);

/**
 * Maps `python3.12`, `pypy3`, `nodejs`, `luajit` to the interpreter's family name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { interpreterName } from "./exec.ts";
 * assert.equal(interpreterName("python3.12"), "python");
 * assert.equal(interpreterName("gawk"), "awk");
 * assert.equal(interpreterName("ls"), null);
 * ```
 */
export function interpreterName(program: string): string | null {
  if (/^(?:python[0-9.]*|pypy[0-9.]*|py)$/.test(program)) return "python";
  if (/^perl[0-9.]*$/.test(program)) return "perl";
  if (/^(?:ruby[0-9.]*|jruby|irb)$/.test(program)) return "ruby";
  if (program === "node" || program === "nodejs") return "node";
  if (/^php[0-9.]*$/.test(program)) return "php";
  if (/^(?:lua[0-9.]*|luajit)$/.test(program)) return "lua";
  if (["osascript", "rscript", "tclsh", "bun", "wish", "jshell"].includes(program)) {
    return program === "wish" ? "tclsh" : program;
  }
  if (/^(?:g|m|n|busybox-)?awk$/.test(program)) return "awk";
  return null;
}

const PROCESS =
  /\b(?:os\.(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?|posix_spawn|fork)|subprocess|pty\.spawn|commands\.getoutput|child_process|exec(?:Sync|File|FileSync)?\s*\(|spawn(?:Sync)?\s*\(|system\s*\(|shell_exec|passthru|popen|proc_open|pcntl_exec|IO\.popen|Open3|%x[({[]|qx[({[/]|os\.execute|io\.popen|do shell script|system2\s*\(|Deno\.(?:run|Command)|Bun\.spawn|Runtime\.getRuntime|ProcessBuilder|\bexec\s+['"/]|process\.binding)|`[^`]+`/;
const NETWORK =
  /\b(?:socket|urllib|requests\.|http\.client|httpx|ftplib|smtplib|telnetlib|paramiko|asyncio\.open_connection|IO::Socket|LWP|HTTP::Tiny|Net::HTTP|TCPSocket|UDPSocket|open-uri|URI\.open|require\s*\(\s*['"](?:net|http|https|dgram|tls)['"]\s*\)|fetch\s*\(|XMLHttpRequest|fsockopen|stream_socket_client|curl_exec|file_get_contents\s*\(\s*['"]https?:|download\.file|url\s*\(\s*['"]https?:|\/inet\/tcp|\/dev\/tcp|WebSocket|Deno\.connect|Net\.Sockets)/;
const EVAL =
  /\b(?:exec|eval|compile|assert|Function|vm\.run\w*|instance_eval|class_eval|loadstring|load)\s*\(/;
const DECODE =
  /\b(?:b64decode|base64|decodebytes|codecs\.decode|bytes\.fromhex|unhexlify|fromCharCode|atob|Buffer\.from|decode_base64|unpack|pack\s*\(|base64_decode|gzinflate|str_rot13|hex2bin|zlib|marshal\.loads|pickle\.loads|FromBase64String)\b/;
/** A call's arguments up to `recursive: true`, with calls nested two deep inside them (`os.homedir()`). */
const RECURSIVE_ARGS = String
  .raw`\s*\((?:[^()]|\((?:[^()]|\([^()]{0,200}\)){0,200}\)){0,400}?["']?recursive["']?\s*:\s*(?:true|1|!0)`;
/** Deleting a whole tree: shutil.rmtree, fs.rm(Sync)/rmdir with recursive, rm_rf, rimraf, File::Path. */
const TREE_DESTROY = new RegExp(
  String
    .raw`\b(?:shutil\.rmtree|rmtree|rm_rf|rm_r|remove_dir_all|rimraf|FileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry)|File::Path|remove_tree)\b|\b(?:rmSync|rm|rmdirSync|rmdir|promises\.rm|Deno\.remove(?:Sync)?)${RECURSIVE_ARGS}`,
);
/** Process primitives reached by name (getattr, __import__, importlib, globals()[...]): the name may be built from pieces. */
const BY_NAME =
  /\b(?:getattr|__import__|import_module|__builtins__|__getattribute__|globals\s*\(\s*\)|vars\s*\(|\bsend|public_send|method|Reflect\.get|constructor)\b/;
const PROCESS_NAMES =
  /system|popen|exec[lv]?p?e?|spawn|subprocess|posix_spawn|pty|fork|child_process|shell/i;
const FS_DESTROY =
  /\b(?:shutil\.rmtree|rm_rf|rmSync|rmdirSync|unlinkSync|FileUtils\.rm|os\.remove|os\.unlink|unlink\s*\(|rimraf)\b/;
const FORK_LOOP =
  /\bfork\b[\s\S]{0,40}\bwhile\b|\bwhile\b[\s\S]{0,60}\bfork\b|\bloop\s*(?:do|\{)[\s\S]{0,40}\bfork\b|\bfor\s*\(\s*;\s*;\s*\)[\s\S]{0,60}\bfork\b/;

const SHELL_STRING =
  /\b(?:os\.system|system|popen|exec|execSync|shell_exec|passthru|do shell script)\s*\(?\s*(["'])((?:(?!\1)[^\\]|\\.){1,2000})\1/g;

/** Judges a code string for a language; hands embedded shell strings back as nested commands. */
export function analyzeCode(lang: string, code: string, out: Findings): void {
  if (FORK_LOOP.test(code)) out.dangerous("fork_bomb", `${lang}: a fork loop`);
  // `print(os.environ["GITHUB_TOKEN"])` prints the secret as `printenv GITHUB_TOKEN` does.
  if (printsSecretEnv(code, false)) {
    out.dangerous("credential_exposure", `${lang}: prints a secret-named environment variable`);
  }
  if (lang === "awk") {
    if (/\bsystem\s*\(|\|\s*getline|print[^;}]*\|\s*"/.test(code)) {
      out.dangerous("interpreter_primitives", "awk: runs commands from its program");
    } else if (/print[^;}]*>\s*"/.test(code) || /\/inet\//.test(code)) {
      out.review("awk: writes files or sockets");
    }
    if (/@load|@include/.test(code)) out.review("awk: loads an extension or another program");
    // gawk's indirect call @f(...): f may name system, even built from pieces ("sys" "tem").
    if (/@[A-Za-z_][A-Za-z0-9_]*\s*\(/.test(code)) {
      if (/system/.test(code.replace(/"\s*"/g, ""))) {
        out.dangerous("interpreter_primitives", "awk: calls system through an indirect call");
        for (const m of code.matchAll(/@[A-Za-z_][A-Za-z0-9_]*\s*\(\s*"((?:[^"\\]|\\.)*)"/g)) {
          out.nested(m[1]!.replace(/\\(.)/g, "$1"), "awk command string");
        }
      } else out.review("awk: calls a function named by a variable");
    }
    for (const m of code.matchAll(SHELL_STRING)) {
      out.nested(m[2]!.replace(/\\(.)/g, "$1"), "awk command string");
    }
    return;
  } else {
    const process = PROCESS.test(code);
    const network = NETWORK.test(code);
    const evals = EVAL.test(code);
    if (process || network) {
      out.dangerous(
        "interpreter_primitives",
        `${lang}: a one-liner that runs processes or opens connections`,
      );
    }
    if (evals && DECODE.test(code)) {
      out.dangerous("obfuscated_exec", `${lang}: evaluates decoded content`);
    } else if (evals) out.review(`${lang}: evaluates code built at run time`);
    // Names split into pieces ("sys" + "tem", 'o''s') are joined before they are looked for.
    const joined = code.replace(/(["'])\s*\+?\s*\1/g, "").replace(/["']\s*(?:\+|\.|,)\s*["']/g, "");
    if (!process && BY_NAME.test(code) && PROCESS_NAMES.test(joined)) {
      out.dangerous(
        "interpreter_primitives",
        `${lang}: reaches a process primitive by name (getattr, __import__ and the like)`,
      );
    }
    if (TREE_DESTROY.test(code)) {
      out.dangerous("recursive_delete", `${lang}: a one-liner that deletes a directory tree`);
    } else if (FS_DESTROY.test(code)) out.review(`${lang}: deletes files`);
  }
  for (const m of code.matchAll(SHELL_STRING)) {
    out.nested(m[2]!.replace(/\\(.)/g, "$1"), `${lang} command string`);
  }
  // A string literal naming a credential file (`open("~/.ssh/id_rsa")`, `HOME + "/.aws/credentials"`).
  for (const m of code.matchAll(STRING_LITERAL)) {
    if (isCredentialPath(m[2]!.replace(/\\(.)/g, "$1"))) {
      out.dangerous("credential_exposure", `${lang}: a one-liner that names a credential file`);
      break;
    }
  }
  out.review(`${lang}: runs a code string`);
}

/** A quoted string literal in a one-liner (group 2 is its text). */
const STRING_LITERAL = /(["'\x60])((?:(?!\1)[^\\\n]|\\.){1,1024})\1/g;

function decodePowerShell(b64: string): string | null {
  if (!/^[A-Za-z0-9+/=]{4,}$/.test(b64) || b64.length > 100_000) return null;
  try {
    const bin = atob(b64);
    let s = "";
    for (let i = 0; i + 1 < bin.length; i += 2) {
      s += String.fromCharCode(bin.charCodeAt(i) | (bin.charCodeAt(i + 1) << 8));
    }
    return s;
  } catch {
    return null;
  }
}

/** powershell/pwsh options that take a value (full names and the abbreviations they accept). */
const POWERSHELL_VALUE =
  /^[-/](?:w|windowstyle|win\w*|ep|executionpolicy|exec\w*|ex|of|outputformat|outp\w*|if|inputformat|inp\w*|v|version|wd|workingdirectory|work\w*|configurationname|config\w*|psconsolefile|settingsfile|settings\w*|custompipename)$/;

function powershellRule(inv: Invocation, out: Findings): void {
  const argv = inv.argv;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!.toLowerCase();
    if (/^[-/](?:e|ec|enc|encodedcommand|encoded|en|enco|encod|encode|encodedc\w*)$/.test(a)) {
      out.dangerous("obfuscated_exec", `${inv.program}: runs a base64-encoded command`);
      const decoded = decodePowerShell(argv[i + 1] ?? "");
      if (decoded !== null) out.nested(decoded, "powershell -EncodedCommand");
      return;
    }
    if (/^[-/](?:c|command|com|comm|comma|comman)$/.test(a)) {
      const rest = inv.args.slice(i + 1);
      if (rest.length === 1) out.executes(rest[0]!, inv.program, "powershell");
      else out.nested(rest.map((r) => r.text).join(" "), inv.program);
      return;
    }
    if (
      /^[-/](?:ep|executionpolicy|exec\w*)$/.test(a) &&
      /^(?:bypass|unrestricted)$/i.test(argv[i + 1] ?? "")
    ) {
      out.review(`${inv.program}: bypasses the execution policy`);
    }
    if (/^[-/](?:w|windowstyle|win\w*)$/.test(a) && /^hidden$/i.test(argv[i + 1] ?? "")) {
      out.review(`${inv.program}: runs in a hidden window`);
    }
    if (/^[-/](?:f|file)$/.test(a)) return out.review(`${inv.program}: runs a script file`);
    // Options that take a value: the value is not the command (`-w hidden -c ...`).
    if (POWERSHELL_VALUE.test(a)) {
      i++;
      continue;
    }
    if (!a.startsWith("-") && !a.startsWith("/")) {
      out.nested(inv.args.slice(i).map((r) => r.text).join(" "), inv.program);
      return;
    }
  }
  for (const body of inv.stdinText) out.nested(body, `${inv.program} heredoc`);
  if (!inv.pipeIn) out.review(`${inv.program}: starts an interactive shell`);
}

function reverseShellRule(inv: Invocation, out: Findings): void {
  const p = inv.program;
  const argv = inv.argv;
  if (["nc", "ncat", "netcat", "nc.traditional", "nc.openbsd"].includes(p)) {
    if (argv.some((a) => /^-[a-zA-Z]*[ec]$|^--(?:exec|sh-exec|lua-exec)/.test(a))) {
      out.dangerous(
        "interpreter_primitives",
        `${p} -e: serves a program over the network (reverse or bind shell)`,
      );
    } else if (argv.some((a) => /^-[a-zA-Z]*l/.test(a))) {
      out.review(`${p} -l: listens for connections`);
    } else out.review(`${p}: opens a network connection`);
  }
  if (p === "socat" && argv.some((a) => /^(?:exec|system):/i.test(a))) {
    out.dangerous("interpreter_primitives", "socat exec: wires a program to a connection");
  }
  if ((p === "telnet" || p === "openssl") && inv.pipeIn && inv.pipeOut) {
    out.dangerous("interpreter_primitives", `${p}: relays a shell through a connection`);
  }
}

/** Programs that run a package's command by its name: `npx rimraf dist`. */
const PACKAGE_RUNNERS: ReadonlySet<string> = new Set(["npx", "pnpx", "bunx", "uvx"]);

/**
 * The command a package runner starts is judged as that command (`npx rimraf ~` is
 * `rimraf ~`; `npx -c 'CMD'` runs CMD in a shell), beside the runner's own review.
 */
function packageRunnerRule(inv: Invocation, out: Findings): void {
  const argv = inv.argv;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (/^(?:-c|--call)$/.test(a)) return out.nested(argv[i + 1] ?? "", inv.program);
    if (/^(?:-p|--package|--from|--with)$/.test(a)) {
      i++;
      continue;
    }
    if (a === "--") continue;
    if (a.startsWith("-")) continue;
    return out.nested(shellWords(argv.slice(i)), inv.program);
  }
}

/** Build tools, package managers and task runners: they run project code. */
export const PROJECT_RUNNERS: ReadonlySet<string> = new Set([
  "npm",
  "pnpm",
  "yarn",
  "bun",
  "deno",
  "npx",
  "pnpx",
  "bunx",
  "make",
  "gmake",
  "ninja",
  "cmake",
  "cargo",
  "go",
  "mvn",
  "gradle",
  "gradlew",
  "dotnet",
  "pytest",
  "tox",
  "nox",
  "poetry",
  "uv",
  "uvx",
  "pipx",
  "pip",
  "pip3",
  "bundle",
  "rake",
  "mix",
  "composer",
  "just",
  "task",
  "turbo",
  "nx",
]);

/** Rules for shells, eval-like builtins and interpreters. */
export function execRule(inv: Invocation, out: Findings): void {
  const p = inv.program;
  reverseShellRule(inv, out);
  if (PACKAGE_RUNNERS.has(p)) packageRunnerRule(inv, out);
  // Shells and interpreters are judged by their records (programs/shells.ts, interpreters.ts).
  if (POWERSHELLS.has(p)) return powershellRule(inv, out);
  if (p === "cmd") {
    const i = inv.argv.findIndex((a) => /^\/[ck]$/i.test(a));
    if (i >= 0) out.nested(inv.argv.slice(i + 1).join(" "), "cmd /c");
    else out.review("cmd: starts a command interpreter");
    return;
  }
  if (p === "eval" || p === "iex" || p === "invoke-expression") {
    const lang = p === "eval" ? "shell" : "powershell";
    const args = inv.args.filter((a) => !/^-command$/i.test(a.text));
    if (args.length === 0) {
      if (inv.pipeIn) return; // the pipeline rule judges what feeds it
      return out.review(`${p}: evaluates its input`);
    }
    out.review(`${p}: evaluates a string as code`);
    if (args.every((a) => !a.dynamic)) out.nested(args.map((a) => a.text).join(" "), p);
    else for (const a of args) out.executes(a, p, lang);
    return;
  }
  if (p === "source" || p === ".") {
    const file = inv.args[0];
    if (file === undefined) return;
    if (file.substituted) return out.executes(file, p, "shell");
    if (/^(?:\/dev\/stdin|-)$/.test(file.text)) {
      // `source /dev/stdin <<< 'cmd'`: the here-string or heredoc is what it runs.
      for (const body of inv.stdinText) out.nested(body, `${p} stdin`);
      return;
    }
    return out.review(`${p}: runs a file in the current shell`);
  }
  if (p === "trap" && inv.args.length >= 2) return out.nested(inv.args[0]!.text, "trap");
  if (p === "complete" || p === "compgen" || p === "bind") return boundCommandRule(inv, out);
  if (p === "alias") {
    for (const a of inv.args) {
      const m = a.text.match(/^[^=]+=(.*)$/s);
      if (m) out.nested(m[1]!, "alias");
    }
    return out.review("alias: redefines a command for this shell");
  }
  if (
    p === "deno" && inv.argv.some((a) => /^https?:\/\//.test(a)) &&
    /^(?:run|install|compile)$/.test(inv.argv[0] ?? "")
  ) {
    return out.dangerous("download_exec", "deno run of a URL: runs downloaded code");
  }
  // Windows programs that fetch or run a script given on their command line.
  if (
    /^mshta(?:\.exe)?$/.test(p) &&
    inv.argv.some((a) => /^(?:https?|ftp|file|vbscript|javascript|about):|^\\\\/i.test(a))
  ) {
    return out.dangerous("download_exec", "mshta: runs a remote or inline script");
  }
  if (
    /^regsvr32(?:\.exe)?$/.test(p) &&
    inv.argv.some((a) => /^[/-]i:["']?(?:https?|ftp):|^[/-]i:["']?\\\\/i.test(a))
  ) {
    return out.dangerous("download_exec", "regsvr32 /i: runs a remote scriptlet");
  }
  if (
    /^rundll32(?:\.exe)?$/.test(p) &&
    inv.argv.some((a) =>
      /javascript:|mshtml(?:\.dll)?,\s*RunHTMLApplication|url(?:\.dll)?,\s*(?:OpenURL|FileProtocolHandler)/i
        .test(a)
    )
  ) {
    return out.dangerous("download_exec", "rundll32: runs a script or URL through a system DLL");
  }
  if (p === "deno" && inv.argv[0] === "eval") {
    const code = inv.args.find((a, i) => i > 0 && !a.text.startsWith("-"));
    if (code) analyzeCode("deno", code.text, out);
    return;
  }
}

/**
 * `complete -C CMD` and `compgen -C CMD` (the command run to list
 * completions) and `bind -x 'KEYS: CMD'` (the command a key runs): the
 * command is stored to run later, as `trap` and `alias` store theirs, and is
 * judged as a command; storing one is review.
 */
function boundCommandRule(inv: Invocation, out: Findings): void {
  const argv = inv.argv;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") break;
    if (inv.program !== "bind" && /^-[A-Za-z]*C$/.test(a) && argv[i + 1] !== undefined) {
      out.review(`${inv.program} -C: stores a command that lists completions`);
      out.nested(argv[i + 1]!, `${inv.program} -C`);
      i++;
    } else if (inv.program === "bind" && /^-[A-Za-z]*x$/.test(a) && argv[i + 1] !== undefined) {
      out.review("bind -x: stores a command a key runs");
      const m = argv[i + 1]!.match(/^\s*(?:"(?:[^"\\]|\\.)*"|[^:\s]+)\s*:\s*(.*)$/s);
      const cmd = (m?.[1] ?? argv[i + 1]!).replace(/^(["'])(.*)\1$/s, "$2");
      out.nested(cmd, "bind -x");
      i++;
    }
  }
}
