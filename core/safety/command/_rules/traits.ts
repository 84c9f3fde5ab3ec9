/**
 * What an invocation is, for rules that look at more than one command:
 * downloaders, decoders and transformers, network tools, programs that run
 * code read on stdin, environment dumps, and the literal text an echo or
 * printf produces. Pure.
 * @module
 */
import { type Invocation, operands } from "../invocation.ts";
import { interpreterName, POWERSHELLS, SHELLS } from "./exec.ts";

/** True for a program that fetches content from the network. */
export function isDownloader(inv: Invocation): boolean {
  const p = inv.program;
  if (
    [
      "curl",
      "wget",
      "wget2",
      "fetch",
      "aria2c",
      "axel",
      "http",
      "https",
      "xh",
      "lwp-request",
      "lwp-download",
      "get",
      "ftp",
      "tftp",
      "iwr",
      "invoke-webrequest",
      "irm",
      "invoke-restmethod",
      "start-bitstransfer",
      "nc",
      "ncat",
      "netcat",
      "socat",
      "telnet",
    ].includes(p)
  ) {
    return true;
  }
  if (p === "new-object" && inv.argv.some((a) => /net\.webclient|system\.net\.http/i.test(a))) {
    return true;
  }
  if (inv.argv.some((a) => /\.download(?:string|file|data)\b|\.openread\b/i.test(a))) return true;
  if (p === "certutil" && inv.argv.some((a) => /^[-/]urlcache$/i.test(a))) return true;
  if (p === "bitsadmin" && inv.argv.some((a) => /^\/transfer$/i.test(a))) return true;
  return false;
}

/** True for a program that decodes or transforms text (so what it outputs is not what was written). */
export function isDecoder(inv: Invocation): boolean {
  const p = inv.program;
  const argv = inv.argv;
  if (["base64", "base32", "basenc", "b64decode"].includes(p)) {
    return argv.some((a) => /^(?:-d|-D|--decode|-[a-z]*d[a-z]*)$/.test(a));
  }
  if (p === "openssl") {
    return argv.some((a) => a === "-d" || a === "base64" || a === "-base64" || a === "enc");
  }
  if (p === "xxd") return argv.some((a) => /^-[a-z]*r/.test(a));
  if (
    [
      "uudecode",
      "gunzip",
      "zcat",
      "bzcat",
      "bunzip2",
      "unxz",
      "xzcat",
      "unzstd",
      "zstdcat",
      "rev",
      "tr",
      "sed",
      "awk",
      "iconv",
      "perl",
      "certutil",
    ].includes(p)
  ) return true;
  if (["gzip", "bzip2", "xz", "zstd", "lz4"].includes(p)) {
    return argv.some((a) => /^-[a-z]*d|^--decompress$/.test(a));
  }
  if (p === "printf") return argv.some((a) => /\\(?:x[0-9a-f]|[0-7]{1,3}|u[0-9a-f])|%b/i.test(a));
  if (p === "echo") {
    return argv.some((a) => /^-[a-z]*e/.test(a)) &&
        argv.some((a) => /\\(?:x[0-9a-f]|0?[0-7]{2,3})/i.test(a)) ||
      inv.args.some((a) => a.escapes);
  }
  if (
    inv.argv.some((a) =>
      /frombase64string|\[convert\]::|gzipstream|deflatestream|\[char\]\s*0x|-bxor|::decompress|\[char\[\]\]/i
        .test(a)
    )
  ) return true;
  const lang = interpreterName(p);
  if (lang !== null && lang !== "awk") {
    return inv.argv.some((a) =>
      /b64decode|base64|fromhex|unhexlify|decode|fromcharcode|atob|pack/i.test(a)
    );
  }
  return false;
}

/** True for a program that talks to another machine. */
export function isNetworkTool(inv: Invocation): boolean {
  const p = inv.program;
  return isDownloader(inv) ||
    [
        "ssh",
        "scp",
        "sftp",
        "rsync",
        "sendmail",
        "mail",
        "mailx",
        "mutt",
        "rclone",
        "openssl",
        "dig",
        "nslookup",
        "host",
        "s3cmd",
      ].includes(p) &&
      (p !== "openssl" || inv.argv.includes("s_client")) &&
      (p !== "rsync" || inv.argv.some((a) => /^[^/]*:/.test(a))) ||
    (p === "aws" && inv.argv[0] === "s3") || (p === "gsutil" && inv.argv[0] === "cp");
}

/** True for a program that runs what arrives on its stdin as code. */
export function runsStdin(inv: Invocation): boolean {
  const p = inv.program;
  const ops = operands(inv.argv.filter((a) => !/^-[a-zA-Z]*[ois]$/.test(a)));
  // `xargs sh -c`: the first item xargs reads becomes the command string.
  if (
    inv.wrappers.includes("xargs") && /^-[a-zA-Z]*[ce]$|^--eval$/.test(inv.argv.at(-1) ?? "") &&
    (SHELLS.has(p) || (interpreterName(p) ?? "awk") !== "awk")
  ) {
    return true;
  }
  if (SHELLS.has(p)) {
    if (inv.argv.some((a) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(a))) return false;
    if (inv.argv.some((a) => /^-[a-zA-Z]*s[a-zA-Z]*$/.test(a))) return true;
    return ops.length === 0 || ops[0] === "-" || ops[0] === "/dev/stdin";
  }
  if (POWERSHELLS.has(p)) {
    return inv.argv.length === 0 ||
      inv.argv.some((a) => /^-(?:command|c)$/i.test(a)) && inv.argv.includes("-");
  }
  if (p === "iex" || p === "invoke-expression") return inv.args.length === 0;
  if ((p === "source" || p === ".") && /^(?:\/dev\/stdin|-)$/.test(inv.argv[0] ?? "")) return true;
  if (p === "eval" && inv.args.length === 0) return true;
  if (p === "xargs") return false;
  const lang = interpreterName(p);
  if (lang !== null && lang !== "awk") {
    if (inv.argv.some((a) => /^-[a-zA-Z]*[ceErm]$|^--eval$/.test(a))) return false;
    return ops.length === 0 || ops[0] === "-";
  }
  return false;
}

/** .NET's call that returns every environment variable. */
const GET_ENVIRONMENT = /getenvironmentvariables\b/i;

/** procps ps's format list naming the environment column (`,`, blank or option-separated). */
const PS_ENVIRON = /(?:^-{0,2}[a-zA-Z]*=?|[,\s])environ(?![a-z])/;

/** True for a command that prints the whole environment. */
export function dumpsEnvironment(inv: Invocation): boolean {
  const p = inv.program;
  if ((p === "env" || p === "printenv") && operands(inv.argv).length === 0) return true;
  // .NET's [Environment]::GetEnvironmentVariables() returns every variable.
  if (GET_ENVIRONMENT.test(p) || inv.argv.some((a) => GET_ENVIRONMENT.test(a))) return true;
  if (p === "set" && inv.argv.length === 0) return true;
  if (
    (p === "export" || p === "declare" || p === "typeset") &&
    (inv.argv.length === 0 || inv.argv.every((a) => /^-[px]+$/.test(a)))
  ) return true;
  // BSD-style ps e (ps auxe, ps eww) prints every process's environment.
  if (p === "ps" && inv.argv.some((a) => /^[a-zA-Z]*e[a-zA-Z]*$/.test(a))) return true;
  // BSD ps -E adds each process's environment too.
  if (p === "ps" && inv.argv.some((a) => /^-[a-zA-Z]*E[a-zA-Z]*$/.test(a))) return true;
  // procps's `environ` format keyword (`-o pid,environ`, `--format=environ`) is that column.
  if (p === "ps" && inv.argv.some((a) => PS_ENVIRON.test(a))) return true;
  // jq/gojq `env` and `$ENV`, yq `env(..)`/`strenv(..)` read the environment; so does yq's
  // `envsubst`, which fills a string's `${VAR}` (one in the expression, or in the file's values:
  // `yq '.v |= envsubst' f.yaml`) from it.
  if (
    /^(?:jq|gojq|yq)$/.test(p) &&
    inv.argv.some((a) => /(?<![.\w$])(?:(?:str)?env|envsubst)\b|\$ENV\b|\$__prog_args\b/.test(a))
  ) return true;
  if (
    (p === "get-childitem" || p === "gci" || p === "dir" || p === "ls") &&
    inv.argv.some((a) => /^env:\\?$/i.test(a))
  ) return true;
  return false;
}

/**
 * The text an `echo` or `printf` of literal arguments writes, or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { literalOutput } from "./traits.ts";
 * const inv = (program: string, argv: string[]) => ({ program, argv, args: [], redirects: [], wrappers: [], stdinText: [], pipeIn: false, pipeOut: false });
 * assert.equal(literalOutput(inv("echo", ["-n", "rm", "-rf", "/"])), "rm -rf /");
 * assert.equal(literalOutput(inv("cat", ["x"])), null);
 * ```
 */
export function literalOutput(inv: Invocation): string | null {
  if (inv.args.some((a) => a.dynamic)) return null;
  if (inv.program === "echo" || inv.program === "write-output") {
    return inv.argv.filter((a, i) => !(i === 0 && /^-[neE]+$/.test(a))).join(" ");
  }
  // cat (or tee) with no file copies what a heredoc or here-string feeds it.
  if (
    (inv.program === "cat" || inv.program === "tee") && inv.stdinText.length > 0 &&
    inv.argv.every((a) => a === "-" || (inv.program === "cat" && /^-[a-zA-Z]+$/.test(a)))
  ) {
    return inv.stdinText.join("\n");
  }
  if (inv.program === "printf" && inv.argv.length === 1) return inv.argv[0]!.replace(/\\n/g, "\n");
  if (inv.program === "printf" && /^%s(?:\\n)?$/.test(inv.argv[0] ?? "")) {
    return inv.argv.slice(1).join("\n");
  }
  return null;
}
