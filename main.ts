/**
 * Entry point: argv -> command table -> run(args, io) -> exit code. The only
 * place that catches errors, maps them to exit statuses and exits.
 * @module
 */
import { errorObject, EXIT, isCodedError } from "./core/errors.ts";
import { VERSION } from "./core/version.ts";
import { parseFlags, renderHelp, safeWord } from "./commands/_command.ts";
import { closestMatch } from "./commands/_closest.ts";
import { createDenoIo, type Io } from "./commands/_io.ts";
import { COMMANDS, findCommand } from "./commands/mod.ts";
import { renderOverview } from "./commands/_overview.ts";
import { UsageError } from "./core/errors.ts";

function unknownCommand(name: string): UsageError {
  const hint = closestMatch(name, COMMANDS.map((c) => c.name));
  return new UsageError(
    `Unknown command ${safeWord(name)}` +
      (hint === undefined ? "; run baton --help" : ` (did you mean "${hint}"?)`),
  );
}

/** Runs baton with `argv` and returns the exit status. */
export async function runMain(argv: readonly string[], io: Io): Promise<number> {
  const json = argv.includes("--json");
  try {
    const [first, ...rest] = argv;
    if (first === undefined) {
      io.stderr.write(renderOverview(COMMANDS));
      return EXIT.usage.code;
    }
    if (first === "--version" || first === "-V" || first === "version") {
      io.stdout.write(json ? JSON.stringify({ version: VERSION }) + "\n" : `baton ${VERSION}\n`);
      return 0;
    }
    if (first === "--help" || first === "-h" || first === "help") {
      const topic = rest.find((a) => !a.startsWith("-"));
      if (topic === undefined) {
        io.stdout.write(renderOverview(COMMANDS));
        return 0;
      }
      const cmd = findCommand(topic);
      if (cmd === undefined) throw unknownCommand(topic);
      io.stdout.write(renderHelp(cmd));
      return 0;
    }
    if (first.startsWith("-")) {
      throw new UsageError(
        `Unknown flag ${safeWord(first)}: expected a command first; run baton --help`,
      );
    }
    const command = findCommand(first);
    if (command === undefined) throw unknownCommand(first);
    const args = parseFlags(command, rest);
    if (args.flags.help === true) {
      io.stdout.write(renderHelp(command));
      return 0;
    }
    return await command.run(args, io);
  } catch (e) {
    if (e instanceof Deno.errors.BrokenPipe) return 0;
    if (isCodedError(e)) {
      io.stderr.write(`baton: ${e.message}\n`);
      if (json) io.stdout.write(JSON.stringify({ error: errorObject(e) }) + "\n");
      return e.exitCode;
    }
    io.stderr.write("baton: Internal error: please report it (set BATON_DEBUG=1 for details)\n");
    if (io.env("BATON_DEBUG") === "1") {
      io.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    }
    if (json) {
      io.stdout.write(
        JSON.stringify({ error: { code: "internal", message: "Internal error" } }) + "\n",
      );
    }
    return EXIT.internal.code;
  }
}

if (import.meta.main) {
  const io = createDenoIo();
  let code: number;
  try {
    code = await runMain(Deno.args, io);
  } catch (e) {
    code = e instanceof Deno.errors.BrokenPipe ? 0 : EXIT.internal.code;
  }
  Deno.exit(code);
}
