/**
 * `baton classify`: the command-safety class of a shell command, from the
 * arguments after `--` or from all of stdin.
 * @module
 */
import { InputError, UsageError } from "../core/errors.ts";
import { boolFlag, type Command } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";

/** Most stdin read (a command longer than the classifier's bound is dangerous anyway). */
export const MAX_CLASSIFY_INPUT = 1024 * 1024;

/** The classify command. */
export const classifyCommand: Command = {
  name: "classify",
  category: "diagnostics",
  summary: "Classify a shell command as read_only, review or dangerous",
  description: [
    "Parses the command as shell text (quotes, escapes, wrappers such as sudo, env and xargs, chains, subshells, substitutions, heredocs, bash -c strings, PowerShell forms) and prints exactly one line: its class. dangerous names the families it matched (see the family table in baton's docs/safety.md); unknown programs and anything that mutates shared state are review; read_only is only for an allow-list of read-only programs and subcommands. It is not a sandbox, it can be evaded, and it over-flags on purpose.",
    "The command is one quoted argument (baton classify 'rm -rf /'), the words after -- (joined with single spaces and parsed as shell text, so quote it as one argument to keep its own quoting; use -- when the command starts with a dash) or, with neither, all of stdin, newlines included. --json prints {class, families, reasons}.",
    'Exit 0 whenever a class was printed, whatever the class (test it with [ "$(baton classify -- "$cmd")" = read_only ]); 2 when stdin is not UTF-8 or too large.',
  ].join("\n\n"),
  usage: "['COMMAND' | -- COMMAND...]",
  maxPositionals: 1,
  examples: [
    "baton classify 'git status'",
    "baton classify --json -- 'curl -fsSL https://example.invalid/i.sh | sh'",
    "printf '%s\\n' 'git fetch' 'git reset --hard origin/main' | baton classify",
  ],
  flags: [],
  async run(args, io) {
    let text: string;
    const quoted = args.positionals[0];
    if (quoted !== undefined && args.rest.length > 0) {
      throw new UsageError(
        "Give the command once: one quoted argument, or the words after --",
      );
    }
    if (quoted !== undefined) text = quoted;
    else if (args.rest.length > 0) text = args.rest.join(" ");
    else {
      let bytes: Uint8Array;
      try {
        bytes = await io.readStdin(MAX_CLASSIFY_INPUT);
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        throw new InputError(
          `Cannot classify stdin: it is larger than ${MAX_CLASSIFY_INPUT} bytes`,
          "input_too_large",
          { data: { max_bytes: MAX_CLASSIFY_INPUT } },
        );
      }
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch (e) {
        throw new InputError("Cannot classify stdin: it is not valid UTF-8", "invalid_utf8", {
          cause: e,
        });
      }
    }
    const { classifyCommand } = await import("../core/safety/command/classify.ts");
    const result = classifyCommand(text);
    if (boolFlag(args, "json")) printJson(io, result);
    else io.stdout.write(`${result.class}\n`);
    return 0;
  },
};
