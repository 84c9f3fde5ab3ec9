/**
 * `baton scan`: report every secret in files, directories or stdin, by kind
 * and position only.
 * @module
 */
import { NotFoundError, UsageError } from "../core/errors.ts";
import { boolFlag, type Command } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";
import { absolutePath, createProgress, fileSource } from "./_cli/byte_input.ts";
import type { Io } from "./_adapters/io.ts";

/** One reported finding. */
interface ScanFinding {
  kind: string;
  path: string;
  line: number;
  column: number;
  start: number;
  end: number;
}

/** Expands the operands into files: directories recurse, symlinks and `.git` are skipped. */
async function expand(
  io: Io,
  operand: string,
  files: { shown: string; abs: string }[],
  skipped: { path: string; reason: string }[],
): Promise<void> {
  const abs = absolutePath(io, operand);
  const st = await io.fs.lstat(abs);
  if (st === null) {
    throw new NotFoundError(`Cannot scan "${operand}": no such file or directory`, "path_missing");
  }
  if (st.isSymlink) {
    const target = await io.fs.stat(abs);
    if (target?.isFile === true) files.push({ shown: operand, abs });
    else skipped.push({ path: operand, reason: "symlink" });
    return;
  }
  if (st.isFile) {
    files.push({ shown: operand, abs });
    return;
  }
  if (!st.isDirectory) {
    skipped.push({ path: operand, reason: "not a regular file" });
    return;
  }
  const stack: { shown: string; abs: string }[] = [{ shown: operand.replace(/\/+$/, ""), abs }];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    const entries = (await io.fs.readDir(dir.abs)).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0
    );
    const subdirs: { shown: string; abs: string }[] = [];
    for (const e of entries) {
      const shown = `${dir.shown}/${e.name}`;
      if (e.isSymlink) skipped.push({ path: shown, reason: "symlink" });
      else if (e.isDirectory) {
        if (e.name === ".git") skipped.push({ path: shown, reason: "git directory" });
        else subdirs.push({ shown, abs: `${dir.abs}/${e.name}` });
      } else if (e.isFile) files.push({ shown, abs: `${dir.abs}/${e.name}` });
      else skipped.push({ path: shown, reason: "not a regular file" });
    }
    for (const d of subdirs.reverse()) stack.push(d);
  }
}

/** The scan command. */
export const scanCommand: Command = {
  name: "scan",
  category: "diagnostics",
  summary: "Find secrets in files or stdin: kind and position only",
  description: [
    "Scans each PATH (or stdin for -) for credentials of every kind listed in baton's docs/safety.md and prints one line per finding: path:line:column: kind. Only the kind and the position are reported: never the secret, never a hash of it; a secret inside a printed path is redacted too.",
    "A directory is walked recursively in name order; symbolic links inside it are not followed, .git directories are skipped, and every regular file is scanned as bytes, binary or not (skipped entries are listed in --json). Large inputs are read in bounded chunks. Positions are 1-based lines and byte columns; start and end are byte offsets.",
    "--json prints {findings: [{kind, path, line, column, start, end}], files, bytes, skipped: [{path, reason}], prefilter}. A file that cannot be read stops the scan with an error rather than being skipped.",
    "Exit 1 when anything is found, 0 when clean.",
  ].join("\n\n"),
  usage: "PATH... | -",
  maxPositionals: 100_000,
  examples: [
    "baton scan .env config/",
    "baton scan --json transcript.jsonl",
    "git diff | baton scan -",
  ],
  flags: [],
  async run(args, io) {
    if (args.positionals.length === 0) {
      throw new UsageError(
        'Missing PATH: expected "baton scan PATH..." or "baton scan -" for stdin',
      );
    }
    const files: { shown: string; abs: string }[] = [];
    const skipped: { path: string; reason: string }[] = [];
    let stdin = false;
    for (const operand of args.positionals) {
      if (operand === "-") stdin = true;
      else await expand(io, operand, files, skipped);
    }
    const { defaultEngine } = await import("../core/safety/secrets/default_engine.ts");
    const { redactText } = await import("../core/safety/secrets/redact.ts");
    const { scanStream } = await import("../core/safety/secrets/stream.ts");
    const { terminalLine } = await import("../core/safety/render_safe.ts");
    const engine = defaultEngine();
    // A path can hold a secret too (a file named after a token): print it redacted.
    const safePath = (path: string) => redactText(engine, path).text;
    for (const s of skipped) s.path = safePath(s.path);
    const json = boolFlag(args, "json");
    const findings: ScanFinding[] = [];
    const progress = createProgress(io, "scan");
    let done = 0;
    let bytes = 0;
    const sources = [
      ...(stdin ? [{ shown: "-", source: io.stdin }] : []),
      ...files.map((f) => ({ shown: f.shown, source: fileSource(io.fs, f.abs) })),
    ];
    for (const { shown: raw, source } of sources) {
      const shown = safePath(raw);
      // On a terminal line, control and invisible characters of a name are shown, not acted on.
      const shownLine = terminalLine(shown);
      const r = await scanStream(engine, source, {
        collect: false,
        onProgress: (n) => progress.report(done + n),
        onFinding: (f) => {
          const row = {
            kind: f.kind,
            path: shown,
            line: f.line,
            column: f.column,
            start: f.start,
            end: f.end,
          };
          findings.push(row);
          if (!json) io.stdout.write(`${shownLine}:${f.line}:${f.column}: ${f.kind}\n`);
        },
      });
      done += r.bytes;
      bytes += r.bytes;
    }
    progress.done();
    if (json) {
      printJson(io, {
        findings,
        files: sources.length,
        bytes,
        skipped,
        prefilter: engine.prefilter,
      });
    } else if (findings.length === 0) {
      io.stderr.write(`scan: no secrets found in ${sources.length} input(s)\n`);
    } else {
      io.stderr.write(`scan: ${findings.length} secret(s) found\n`);
    }
    return findings.length > 0 ? 1 : 0;
  },
};
