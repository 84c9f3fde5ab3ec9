/**
 * Edge: runs a hook job under a hard time budget. The job runs in a Worker;
 * when the budget runs out the Worker is terminated and the caller returns at
 * once, so the process exits with the job unfinished. Store writes are atomic
 * (temp file + rename, under a lock the OS releases when the process ends),
 * so a job killed at any instant leaves the previous capsule intact and
 * nothing half-written in its place. When no Worker can start, the job runs
 * inline and the caller still returns at the deadline: the process exit then
 * ends it.
 * @module
 */
import type {
  BoundedOutcome,
  HookJobRequest,
  HookJobResponse,
} from "../../core/hosts/runtime/job.ts";
import { deadline } from "./io.ts";

function startWorker(): Worker | null {
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
    return new Worker(url.href, { type: "module" });
  } catch {
    return null;
  }
}

/** Runs `request` and gives up after `budgetMs`. */
export async function runBoundedJob(
  request: HookJobRequest,
  budgetMs: number,
): Promise<BoundedOutcome> {
  // Not setTimeout (see deadline() in ./io.ts); the Worker or the inline job's I/O keeps the process alive.
  const limit = deadline(budgetMs);
  const worker = startWorker();
  if (worker !== null) {
    const answer = new Promise<HookJobResponse | "worker_failed">((resolve) => {
      worker.onmessage = (e: MessageEvent<HookJobResponse>) => resolve(e.data);
      worker.onerror = (e) => {
        e.preventDefault();
        resolve("worker_failed");
      };
      worker.onmessageerror = () => resolve("worker_failed");
    });
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
