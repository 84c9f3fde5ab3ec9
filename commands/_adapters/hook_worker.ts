/**
 * Edge: the Worker entry of `baton hook`'s heavy half. It runs one job and
 * posts the answer; the hook terminates the Worker when its budget runs out.
 * Its name says the job's kind, so that kind's modules start loading at once.
 * `deno compile` must embed this file (`--include`, see tests/_tools/compile.ts).
 * @module
 */
import { type HookJobRequest, kindOfWorker } from "../../core/hosts/runtime/job.ts";
import { runHookJob, startLoading } from "./hook_job.ts";

const scope = globalThis as unknown as {
  name: string;
  onmessage: ((e: MessageEvent<HookJobRequest>) => void) | null;
  postMessage(message: unknown): void;
};

// Named for its kind (commands/_adapters/bounded_job.ts): its modules load before the
// request comes, beside the hook's light check when the hook started this Worker early.
const kind = kindOfWorker(scope.name);
if (kind !== null) startLoading(kind);

scope.onmessage = async (e) => {
  scope.postMessage(await runHookJob(e.data));
};
