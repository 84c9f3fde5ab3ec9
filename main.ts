/**
 * Entry point: argv -> command table -> run(args, io) -> exit code. The only
 * place that catches errors, maps them to exit statuses and exits.
 * @module
 */
import { type CodedError, errorObject, EXIT, isCodedError, UsageError } from "./core/errors.ts";
import type { SafeError } from "./commands/_cli/safe_output.ts";
import { VERSION } from "./core/version.ts";
import { guardedSet } from "./core/trust/guarded_settings.ts";
import { createDenoIo, type Io } from "./commands/_adapters/io.ts";
import { taskStartDir } from "./commands/_adapters/task_dir.ts";
import type { Command } from "./commands/_cli/command.ts";

// The command table, flag parser and help renderer load only
// after the --version fast path: start-up is on every hook's critical path.
async function unknownCommand(name: string): Promise<UsageError> {
  const { COMMAND_NAMES } = await import("./commands/mod.ts");
  const { closestMatch } = await import("./core/closest.ts");
  const { safeWord } = await import("./commands/_cli/command.ts");
  const hint = closestMatch(name, COMMAND_NAMES);
  return new UsageError(
    `Unknown command ${safeWord(name)}` +
      (hint === undefined ? "; run baton --help" : ` (did you mean "${hint}"?)`),
  );
}

/** The printable form of a coded error (see commands/_cli/safe_output.ts). */
async function safeErrorOf(e: CodedError): Promise<SafeError> {
  const { safeError } = await import("./commands/_cli/safe_output.ts");
  return safeError(errorObject(e));
}

/**
 * Runs a fail-open command (a hook): whatever goes wrong, from its flags to
 * its work, is one line on stderr and the command's own exit status.
 */
async function runFailOpen(command: Command, rest: readonly string[], io: Io): Promise<number> {
  const { parseFlags } = await import("./commands/_cli/command.ts");
  const status = command.exitOnError ?? 0;
  try {
    const args = parseFlags(command, rest);
    if (args.flags.help === true) {
      const { helpWidth, renderHelp } = await import("./commands/_cli/help.ts");
      io.stdout.write(renderHelp(command, helpWidth(io.stdout)));
      return 0;
    }
    return await command.run(args, io);
  } catch (e) {
    if (e instanceof Deno.errors.BrokenPipe) return status;
    const why = isCodedError(e)
      ? (await safeErrorOf(e)).message
      : "Internal error (set BATON_DEBUG=1 for details)";
    io.stderr.write(`baton: ${command.name}: ${why}; nothing done\n`);
    if (!isCodedError(e) && io.env("BATON_DEBUG") === "1") {
      io.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
    }
    return status;
  }
}

/** Runs baton with `argv` and returns the exit status. */
export async function runMain(argv: readonly string[], io: Io): Promise<number> {
  const json = argv.includes("--json");
  try {
    const [first, ...rest] = argv;
    if (first === "--version" || first === "-V" || first === "version") {
      io.stdout.write(json ? JSON.stringify({ version: VERSION }) + "\n" : `baton ${VERSION}\n`);
      return 0;
    }
    const { findCommand, loadCommands } = await import("./commands/mod.ts");
    const { parseFlags, safeWord } = await import("./commands/_cli/command.ts");
    const help = () => import("./commands/_cli/help.ts");
    const overview = async (width: number) =>
      (await import("./commands/_cli/overview.ts")).renderOverview(await loadCommands(), width);
    if (first === undefined) {
      io.stderr.write(await overview((await help()).helpWidth(io.stderr)));
      return EXIT.usage.code;
    }
    if (first === "--help" || first === "-h" || first === "help") {
      const topic = rest.find((a) => !a.startsWith("-"));
      const { helpWidth, renderHelp } = await help();
      if (topic === undefined) {
        io.stdout.write(await overview(helpWidth(io.stdout)));
        return 0;
      }
      const cmd = await findCommand(topic);
      if (cmd === undefined) throw await unknownCommand(topic);
      io.stdout.write(renderHelp(cmd, helpWidth(io.stdout)));
      return 0;
    }
    if (first.startsWith("-")) {
      throw new UsageError(
        `Unknown flag ${safeWord(first)}: expected a command first; run baton --help`,
      );
    }
    const command = await findCommand(first);
    if (command === undefined) throw await unknownCommand(first);
    // A setting a repository's host files could have set is read as unset (looked for only
    // when one is set: HOME nearly always is). Not for hooks: the gate and the band hooks run
    // on every tool call and prompt, so each hook looks for what it reads only when it reads it
    // (the time scale, the home, the baton home when arming), and the hook's job for its own.
    if (
      command.name !== "hook" && guardedSet((n) => io.env(n)).length > 0
    ) {
      io = await (await import("./commands/_adapters/repo_env.ts")).guardRepositoryEnv(io);
    }
    if (command.exitOnError !== undefined) return await runFailOpen(command, rest, io);
    const args = parseFlags(command, rest);
    if (args.flags.help === true) {
      const { helpWidth, renderHelp } = await help();
      io.stdout.write(renderHelp(command, helpWidth(io.stdout)));
      return 0;
    }
    return await command.run(args, io);
  } catch (e) {
    if (e instanceof Deno.errors.BrokenPipe) return 0;
    if (isCodedError(e)) {
      // Messages may name a path, a branch or a value the user gave: redacted and neutralised.
      const safe = await safeErrorOf(e);
      io.stderr.write(`baton: ${safe.message}\n`);
      if (json) {
        const { escapeJsonInvisible } = await import("./core/safety/json_escape.ts");
        io.stdout.write(escapeJsonInvisible(JSON.stringify({ error: safe })) + "\n");
      }
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

/** Under `deno task --config <checkout>/deno.json`, acts on the directory it was run from. */
function enterTaskDir(): void {
  if (!/^deno(\.exe)?$/i.test(Deno.execPath().replaceAll("\\", "/").split("/").pop() ?? "")) return;
  const checkout = decodeURIComponent(new URL(".", import.meta.url).pathname)
    .replace(/^\/([A-Za-z]:\/)/, "$1");
  const dir = taskStartDir({
    cwd: Deno.cwd(),
    checkout,
    env: (n) => Deno.env.get(n),
  });
  if (dir === null) return;
  try {
    Deno.chdir(dir);
  } catch {
    // Stay in the checkout: the command then reports what it finds there.
  }
}

if (import.meta.main) {
  enterTaskDir();
  const io = createDenoIo();
  let code: number;
  try {
    code = await runMain(Deno.args, io);
  } catch (e) {
    code = e instanceof Deno.errors.BrokenPipe ? 0 : EXIT.internal.code;
  }
  Deno.exit(code);
}
