/**
 * Edge: the Worker entry of `baton hook`'s heavy half. It runs one job and
 * posts the answer; the hook terminates the Worker when its budget runs out.
 * `deno compile` must embed this file (`--include`, see tests/_tools/compile.ts).
 * @module
 */
import type { HookJobRequest } from "../../core/hosts/runtime/job.ts";
import { runHookJob } from "./hook_job.ts";

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<HookJobRequest>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = async (e) => {
  scope.postMessage(await runHookJob(e.data));
};
