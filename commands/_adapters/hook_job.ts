/**
 * Edge: the heavy half of `baton hook`, run inside a Worker the hook can
 * terminate when its time budget runs out (or inline when no Worker can
 * start). A capture job writes the automatic capsule; an inject job renders
 * the briefing. Requests and responses are plain structured-clone data, and
 * a failure comes back as a stable code plus a content-free message.
 * @module
 */
import { isCodedError } from "../../core/errors.ts";
import type { AutoCapsuleResult } from "../../core/workflow/auto_capsule.ts";
import { workflowContext } from "./context.ts";
import { createDenoIo } from "./io.ts";

/** Most time a capture spends finding and reading the session's transcript. */
const SESSION_BUDGET_MS = 500;

/** What the hook asks its job to do. */
export type HookJobRequest =
  | {
    kind: "capture";
    cwd: string;
    trigger: "pre_compact" | "session_end" | "turn_end";
    host: string | null;
    session: string | null;
    /** The payload's transcript path (null when absent or sent as null). */
    transcriptPath?: string | null;
    /** Skip while an automatic capsule younger than this exists (0: never). */
    minIntervalMs: number;
    /** Epoch ms by which the facts must be collected (what is left is named unchecked). */
    factsDeadlineMs?: number;
  }
  | {
    kind: "inject";
    cwd: string;
    maxChars: number;
    /** The capsule was already shown: give the short form when nothing drifted. */
    shortIfUnchanged: boolean;
    /** Epoch ms by which the re-checks must end (what is left is shown as not re-checked). */
    factsDeadlineMs?: number;
  };

/** The briefing an inject job rendered. */
export interface InjectJobResult {
  capsule_id: string;
  created_at: string;
  text: string;
  /** True when the short form was given. */
  short: boolean;
}

/** What the job answers. */
export type HookJobResponse =
  | { ok: true; kind: "capture"; capture: AutoCapsuleResult }
  | { ok: true; kind: "inject"; inject: InjectJobResult | null }
  | { ok: false; code: string; message: string; stack?: string };

/** Runs one job with the process's real I/O. Never throws. */
export async function runHookJob(request: HookJobRequest): Promise<HookJobResponse> {
  const io = createDenoIo();
  const ctx = workflowContext(io, request.cwd);
  const budget = request.factsDeadlineMs === undefined
    ? {}
    : { budgetMs: Math.max(50, request.factsDeadlineMs - io.now().getTime()) };
  try {
    if (request.kind === "capture") {
      const { writeAutoCapsule } = await import("../../core/workflow/auto_capsule.ts");
      const { captureSession } = await import("../_capture_session.ts");
      // The transcript gets a slice of the facts' time; past it the capsule goes without it.
      const sessionRecord = await captureSession(
        io,
        {
          host: request.host,
          transcriptPath: request.transcriptPath ?? null,
          sessionId: request.session,
        },
        request.cwd,
        {
          deadlineMs: io.now().getTime() +
            Math.min(
              SESSION_BUDGET_MS,
              Math.max(0, (request.factsDeadlineMs ?? Infinity) - io.now().getTime()) / 3,
            ),
        },
      );
      const capture = await writeAutoCapsule(ctx, {
        ...(sessionRecord === null ? {} : { sessionRecord }),
        trigger: request.trigger,
        host: request.host,
        session: request.session,
        minIntervalMs: request.minIntervalMs,
        ...budget,
      });
      return { ok: true, kind: "capture", capture };
    }
    const { loadBriefing } = await import("../../core/workflow/load.ts");
    const loaded = await loadBriefing(ctx, { maxChars: request.maxChars, ...budget });
    if (loaded === null) return { ok: true, kind: "inject", inject: null };
    const { nothingDrifted, shortBriefing } = await import("../../core/briefing/short_briefing.ts");
    const short = request.shortIfUnchanged && nothingDrifted(loaded.drift);
    return {
      ok: true,
      kind: "inject",
      inject: {
        capsule_id: loaded.capsule_id,
        created_at: loaded.created_at,
        text: short ? shortBriefing(loaded.text, loaded.drift) : loaded.text,
        short,
      },
    };
  } catch (e) {
    const debug = io.env("BATON_DEBUG") === "1" && e instanceof Error && e.stack !== undefined
      ? { stack: e.stack }
      : {};
    if (isCodedError(e)) return { ok: false, code: e.code, message: e.message, ...debug };
    return { ok: false, code: "internal", message: "Internal error", ...debug };
  }
}
