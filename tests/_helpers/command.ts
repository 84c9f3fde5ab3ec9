/**
 * Test helper: runs one command's run() in-process with a captured Io, in a
 * given directory, with HOME and BATON_HOME pointed at test-private places.
 * @module
 */
import { type Command, parseFlags } from "../../commands/mod.ts";
import { testBatonHome } from "./cli.ts";
import { fakeIo } from "./io.ts";

/** What a command run printed and returned. */
export interface CommandRun {
  code: number;
  out: string;
  err: string;
}

/** Options of {@linkcode runCommand}. */
export interface RunCommandOptions {
  cwd: string;
  /** Extra environment (HOME defaults to cwd, BATON_HOME to the test home). */
  env?: Record<string, string>;
  /** Bytes `readStdin` returns. */
  stdin?: Uint8Array;
  now?: Date;
}

/** Parses `argv` with the command's flags and runs it. */
export async function runCommand(
  command: Command,
  argv: string[],
  options: RunCommandOptions,
): Promise<CommandRun> {
  const io = fakeIo({
    cwd: options.cwd,
    env: { HOME: options.cwd, BATON_HOME: testBatonHome(), ...options.env },
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  const stdin = options.stdin;
  const withStdin = stdin === undefined ? io : {
    ...io,
    readStdin: (max: number) =>
      stdin.length > max ? Promise.reject(new Error("over the limit")) : Promise.resolve(stdin),
  };
  const code = await command.run(parseFlags(command, argv), withStdin);
  return { code, out: io.out(), err: io.err() };
}
