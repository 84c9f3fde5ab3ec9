/**
 * Edge: what the mutation gate (core/enforce/run_gate.ts) needs from this
 * process: stdin read within its bound and time, stdout and stderr, the
 * environment, how this baton is started, the command table's
 * after-handoff rules (loaded only when a deny is judged) and a timer.
 * @module
 */
import type { GateEnv } from "../../core/enforce/run_gate.ts";
import { denyStoreEnv } from "./deny_env.ts";
import { deadline, type Io } from "./io.ts";
import type { BatonInvocation } from "../../core/hosts/hook_command.ts";

/**
 * This baton's invocation, its launcher judged with the home the person set
 * (the gate's Io is not guarded: a repository's host file could set HOME to
 * a superproject's folder so a launcher planted there passed as baton's own).
 * Looked up at most once per gate run, only when the gate needs baton's words;
 * with it, whether the word `baton` on the PATH the host hands over is baton's.
 */
async function ownInvocation(io: Io): Promise<{ invocation: BatonInvocation; bare: boolean }> {
  const { currentInvocation } = await import("./invocation.ts");
  const { personsHomeDir } = await import("./home.ts");
  const { bareWordIsOwn } = await import("./baton_words.ts");
  const home = await personsHomeDir(io);
  return { invocation: currentInvocation(home), bare: await bareWordIsOwn(io, home) };
}

/** The gate's environment for this process. */
export function gateEnv(io: Io, host: string | null): GateEnv {
  let own: Promise<{ invocation: BatonInvocation; bare: boolean }> | undefined;
  const invocation = () => own ??= ownInvocation(io);
  return {
    ...denyStoreEnv(io),
    env: (name) => io.env(name),
    cwd: () => io.cwd(),
    readPayload: async (maxBytes, timeoutMs) => {
      let timedOut = false;
      try {
        const bytes = await io.readStdin(maxBytes, {
          timeoutMs,
          onTimeout: () => void (timedOut = true),
        });
        return { bytes, timedOut };
      } catch {
        return "too_large";
      }
    },
    stdout: (text) => io.stdout.write(text),
    stderr: (text) => io.stderr.write(text),
    acceptedBatonWords: async () => {
      const { invocation: words, bare } = await invocation();
      return (await import("./baton_words.ts")).acceptedBatonWords(words, bare);
    },
    printableBatonWords: async () => {
      const { invocation: words, bare } = await invocation();
      return await (await import("./baton_words.ts")).printableBatonWords(io, words, bare);
    },
    afterHandoff: async () => (await import("../_cli/after_handoff.ts")).AFTER_HANDOFF,
    host,
    // Not setTimeout (see deadline() in ./io.ts): the gate runs before every tool call.
    budget: deadline,
  };
}
