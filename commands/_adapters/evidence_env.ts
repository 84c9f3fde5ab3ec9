/**
 * Edge: what `baton evidence`'s use case (core/evidence/evidence_run.ts)
 * is handed: starting the program with Deno.Command (no shell), streaming
 * SHA-256 with node:crypto, the passthrough to stderr, a monotonic clock,
 * the key ring, the directories facts collection needs and the reading of
 * a script runner's package.json or deno.json (project_scripts.ts).
 * @module
 */
import { createHash } from "node:crypto";
import type { Io } from "./io.ts";
import type { EvidenceEnv, StartedCommand } from "../../core/evidence/evidence_run.ts";
import { NotFoundError } from "../../core/errors.ts";
import { createKeyRing } from "./key_ring.ts";
import { workflowContext } from "./context.ts";
import { readProjectScripts } from "./project_scripts.ts";

function start(program: string, args: string[], cwd: string): StartedCommand {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(program, {
      args,
      cwd,
      stdin: "inherit",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  } catch (e) {
    const why = e instanceof Deno.errors.NotFound
      ? "the program was not found"
      : e instanceof Deno.errors.PermissionDenied || e instanceof Deno.errors.NotCapable
      ? "the program may not be run"
      : "the program could not be started";
    throw new NotFoundError(`Cannot run the command: ${why}`, "program_not_runnable", { cause: e });
  }
  return {
    stdout: child.stdout,
    stderr: child.stderr,
    status: child.status.then((s) => ({ code: s.code, signal: s.signal })),
  };
}

/** The evidence capabilities for a command's Io. */
export function evidenceEnv(io: Io): EvidenceEnv {
  const ctx = workflowContext(io);
  return {
    fs: io.fs,
    cwd: io.cwd(),
    now: io.now,
    elapsedMs: () => performance.now(),
    start,
    sha256: () => {
      const h = createHash("sha256");
      return { update: (c) => void h.update(c), hex: () => h.digest("hex") };
    },
    passthrough: (chunk) => {
      if (io.stderr.writeBytes !== undefined) io.stderr.writeBytes(chunk);
      else io.stderr.write(new TextDecoder().decode(chunk));
    },
    keys: createKeyRing(io),
    homeDir: ctx.homeDir,
    xdgConfigHome: ctx.xdgConfigHome,
    gitEnvironment: ctx.gitEnvironment ?? {},
    environment: (name) => io.env(name),
    projectScripts: (cwd, workTree) =>
      readProjectScripts(io.fs, (name) => io.env(name), cwd, workTree),
    ...(ctx.maxHashBytes === undefined ? {} : { maxHashBytes: ctx.maxHashBytes }),
  };
}
