/**
 * `baton redact`: copy a file or stdin to stdout with every secret replaced
 * by `[REDACTED:<kind>]`.
 * @module
 */
import { NotFoundError, UsageError } from "../core/errors.ts";
import { boolFlag, type Command } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";
import { absolutePath, createProgress, fileSource } from "./_cli/byte_input.ts";

/** Largest input accepted with --json (the redacted text is held for one JSON document). */
const MAX_JSON_INPUT = 64 * 1024 * 1024;

/** The redact command. */
export const redactCommand: Command = {
  name: "redact",
  category: "diagnostics",
  summary: "Copy FILE or stdin to stdout with every secret redacted",
  description: [
    "Streams FILE (or stdin when FILE is - or absent) to stdout with each secret replaced by [REDACTED:<kind>], covering the whole secret. The output is byte-identical to the input when nothing is found, and redacting twice changes nothing more.",
    "A list of what was replaced (kind and position, never the secret) goes to stderr; --json prints {text, redactions: [{kind, line, column, start, end}], bytes} instead, with the redacted text decoded as UTF-8 (input up to 64 MiB).",
    "Exit 0 whether or not anything was redacted: use baton scan to test for secrets.",
  ].join("\n\n"),
  usage: "[FILE | -]",
  maxPositionals: 1,
  examples: [
    "baton redact transcript.jsonl > transcript.clean.jsonl",
    "pbpaste | baton redact",
    "baton redact --json notes.md",
  ],
  flags: [],
  async run(args, io) {
    const operand = args.positionals[0] ?? "-";
    let source = io.stdin;
    if (operand !== "-") {
      const abs = absolutePath(io, operand);
      const st = await io.fs.stat(abs);
      if (st === null) {
        throw new NotFoundError(`Cannot redact "${operand}": no such file`, "path_missing");
      }
      if (!st.isFile) throw new UsageError(`Cannot redact "${operand}": it is not a regular file`);
      source = fileSource(io.fs, abs);
    }
    const { defaultEngine } = await import("../core/safety/secrets/default_engine.ts");
    const { scanStream } = await import("../core/safety/secrets/stream.ts");
    const json = boolFlag(args, "json");
    const held: Uint8Array[] = [];
    let heldBytes = 0;
    const progress = createProgress(io, "redact");
    const decoder = new TextDecoder();
    const emit = (bytes: Uint8Array) =>
      io.stdout.writeBytes === undefined
        ? io.stdout.write(decoder.decode(bytes, { stream: true }))
        : io.stdout.writeBytes(bytes);
    const result = await scanStream(defaultEngine(), source, {
      onProgress: (n) => progress.report(n),
      // Views into the scan buffer, written out at once (or copied when held for --json).
      transient: true,
      write: (bytes) => {
        if (!json) return emit(bytes);
        heldBytes += bytes.length;
        if (heldBytes > MAX_JSON_INPUT) {
          throw new UsageError(
            `Cannot redact with --json: the input exceeds ${MAX_JSON_INPUT} bytes`,
          );
        }
        held.push(bytes.slice());
      },
    });
    progress.done();
    const redactions = result.findings.map((f) => ({
      kind: f.kind,
      line: f.line,
      column: f.column,
      start: f.start,
      end: f.end,
    }));
    if (json) {
      const all = new Uint8Array(heldBytes);
      let off = 0;
      for (const b of held) {
        all.set(b, off);
        off += b.length;
      }
      printJson(io, { text: new TextDecoder().decode(all), redactions, bytes: result.bytes });
    } else {
      // One write per thousand lines, not one per finding.
      for (let i = 0; i < redactions.length; i += 1000) {
        io.stderr.write(
          redactions.slice(i, i + 1000).map((r) => `redact: ${r.line}:${r.column}: ${r.kind}\n`)
            .join(""),
        );
      }
    }
    return 0;
  },
};
