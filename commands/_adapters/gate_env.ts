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

/** The gate's environment for this process. */
export function gateEnv(io: Io, host: string | null): GateEnv {
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
    acceptedBatonWords: async () => (await import("./baton_words.ts")).acceptedBatonWords(),
    printableBatonWords: async () =>
      await (await import("./baton_words.ts")).printableBatonWords(io),
    afterHandoff: async () => (await import("../_cli/after_handoff.ts")).AFTER_HANDOFF,
    host,
    // Not setTimeout (see deadline() in ./io.ts): the gate runs before every tool call.
    budget: deadline,
  };
}
