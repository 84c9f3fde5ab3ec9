/**
 * Edge: runs a hook job under a hard time budget. The job runs in a Worker;
 * when the budget runs out the Worker is terminated and the caller returns at
 * once, so the process exits with the job unfinished. Store writes are atomic
 * (temp file + rename, under a lock the OS releases when the process ends),
 * so a job killed at any instant leaves the previous capsule intact and
 * nothing half-written in its place. When no Worker can start, the job runs
 * inline and the caller still returns at the deadline: the process exit then
 * ends it. A Worker can be started before its request (startBoundedJob), so
 * it boots while the hook does its light check.
 * @module
 */
import {
  type BoundedOutcome,
  type HookJobKind,
  type HookJobRequest,
  type HookJobResponse,
  jobWorkerName,
} from "../../core/hosts/runtime/job.ts";
import type { StartedJob } from "../../core/hosts/runtime/hook_io.ts";
import { type Deadline, deadline } from "./io.ts";

function startWorker(kind: HookJobKind, cwd?: string): Worker | null {
  const url = new URL("./hook_worker.ts", import.meta.url);
  try {
    // A Worker's module is read like a file; without that permission (a
    // sealed run) the job goes inline rather than failing noisily.
    if (
      url.protocol === "file:" &&
      Deno.permissions.querySync({ name: "read", path: url }).state !== "granted"
    ) {
      return null;
    }
    return new Worker(url.href, { type: "module", name: jobWorkerName(kind, cwd) });
  } catch {
    return null;
  }
}

/** A Worker started for a job, with its answer (or its failure) met from the start. */
interface Launched {
  worker: Worker | null;
  answer: Promise<HookJobResponse | "worker_failed"> | null;
}

function launch(kind: HookJobKind, cwd?: string): Launched {
  const worker = startWorker(kind, cwd);
  if (worker === null) return { worker, answer: null };
  // Set at once: a Worker that fails while loading is met when the job runs (it then goes
  // inline), never as an error of this thread.
  const answer = new Promise<HookJobResponse | "worker_failed">((resolve) => {
    worker.onmessage = (e: MessageEvent<HookJobResponse>) => resolve(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      resolve("worker_failed");
    };
    worker.onmessageerror = () => resolve("worker_failed");
  });
  return { worker, answer };
}

async function runLaunched(
  { worker, answer }: Launched,
  request: HookJobRequest,
  limit: Deadline,
): Promise<BoundedOutcome> {
  if (worker !== null && answer !== null) {
    worker.postMessage(request);
    const first = await Promise.race([answer, limit.expired]);
    worker.terminate();
    if (first === "timeout") return { status: "timeout", inline: false };
    if (first !== "worker_failed") {
      limit.cancel();
      return { status: "done", response: first };
    }
  }
  // No Worker (it could not start or load): run inline under the same deadline.
  const { runHookJob } = await import("./hook_job.ts");
  const inline = await Promise.race([runHookJob(request), limit.expired]);
  limit.cancel();
  return inline === "timeout"
    ? { status: "timeout", inline: true }
    : { status: "done", response: inline };
}

/** Runs `request` and gives up after `budgetMs`. */
export function runBoundedJob(
  request: HookJobRequest,
  budgetMs: number,
): Promise<BoundedOutcome> {
  // Not setTimeout (see deadline() in ./io.ts); the Worker or the inline job's I/O keeps the
  // process alive. Counted from before the Worker starts: starting one blocks this thread.
  const limit = deadline(budgetMs);
  return runLaunched(launch(request.kind), request, limit);
}

/**
 * Starts a `kind` job's Worker for `cwd` before its request is known, so its
 * runtime and its modules load (and that folder's environment is guarded)
 * while this thread does other work. Its run's budget counts from the run;
 * cancel() ends a Worker never run.
 */
export function startBoundedJob(kind: HookJobKind, cwd?: string): StartedJob {
  const launched = launch(kind, cwd);
  let used = false;
  return {
    cancel: () => launched.worker?.terminate(),
    run: (request, budgetMs) => {
      if (used || request.kind !== kind) {
        // A second run, or another kind: a Worker of its own, as runBoundedJob starts it.
        return runBoundedJob(request, budgetMs);
      }
      used = true;
      return runLaunched(launched, request, deadline(budgetMs));
    },
  };
}
