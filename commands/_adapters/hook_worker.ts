/**
 * Edge: the Worker entry of `baton hook`'s heavy half. It runs one job and
 * posts the answer; the hook terminates the Worker when its budget runs out.
 * Its name says the job's kind (and folder), so that kind's modules start
 * loading, and that folder's environment is guarded, at once.
 * `deno compile` must embed this file (`--include`, see tests/_tools/compile.ts).
 * @module
 */
import { type HookJobRequest, workerJob } from "../../core/hosts/runtime/job.ts";
import { runHookJob, startGuard, startLoading } from "./hook_job.ts";

const scope = globalThis as unknown as {
  name: string;
  onmessage: ((e: MessageEvent<HookJobRequest>) => void) | null;
  postMessage(message: unknown): void;
};

// Named for its job (commands/_adapters/bounded_job.ts): its modules load, and its folder's
// environment is guarded, before the request comes, beside the hook's light check when the
// hook started this Worker early.
const job = workerJob(scope.name);
if (job !== null) startLoading(job.kind);
if (job?.cwd) startGuard(job.cwd);

scope.onmessage = async (e) => {
  scope.postMessage(await runHookJob(e.data));
};
