/**
 * Edge: the heavy half of `baton hook`, run inside a Worker the hook can
 * terminate when its time budget runs out (or inline when no Worker can
 * start). A capture job writes the automatic capsule; an inject job renders
 * the briefing. Requests and responses are plain structured-clone data, and
 * a failure comes back as a stable code plus a content-free message.
 * @module
 */
import { isCodedError } from "../../core/errors.ts";
import {
  type HookJobRequest,
  type HookJobResponse,
  type JobPhase,
  SESSION_BUDGET_MS,
} from "../../core/hosts/runtime/job.ts";
import { workflowContext } from "./context.ts";
import { createDenoIo, type Io } from "./io.ts";
import { guardedClosed } from "./guarded_closed.ts";

/**
 * The re-checks' time: an inject job's own budget from now, cut to its
 * latest end; a capture's deadline. At least 50 ms when any limit applies.
 */
export function factsBudget(request: HookJobRequest, nowMs: number): { budgetMs?: number } {
  const own = request.kind === "inject" ? request.factsBudgetMs ?? Infinity : Infinity;
  const left = request.factsDeadlineMs === undefined ? Infinity : request.factsDeadlineMs - nowMs;
  const ms = Math.min(own, left);
  return ms === Infinity ? {} : { budgetMs: Math.max(50, ms) };
}

/** True when something is at `path` (a permission refusal or any other error: false). */
async function exists(io: ReturnType<typeof createDenoIo>, path: string): Promise<boolean> {
  try {
    return (await io.fs.lstat(path)) !== null;
  } catch {
    return false;
  }
}

/**
 * `io` with {@linkcode guardRepositoryEnv}'s view of the environment: the
 * settings a repository could have set read as unset. It fails closed: when
 * the guard cannot be loaded, every guarded setting that is set reads as
 * unset, with one line saying why (never the unguarded environment).
 */
export async function guardedIo(
  io: Io,
  cwd: string,
  load: () => Promise<typeof import("./repo_env.ts")> = () => import("./repo_env.ts"),
): Promise<Io> {
  let guard: typeof import("./repo_env.ts");
  try {
    guard = await load();
  } catch {
    return guardedClosed(io);
  }
  return await guard.guardRepositoryEnv(io, { cwd, quiet: true }).catch(() => guardedClosed(io));
}

/** The modules of each kind of job, all core/ (which never reads the environment itself). */
type JobModules = {
  capture: Promise<
    [
      typeof import("../../core/workflow/auto_capsule.ts"),
      typeof import("../../core/transcript/capture_session.ts"),
      typeof import("./transcript_io.ts"),
    ]
  >;
  inject: Promise<
    [
      typeof import("../../core/workflow/load.ts"),
      typeof import("../../core/briefing/short_briefing.ts"),
      typeof import("../../core/workflow/load_modules.ts"),
    ]
  >;
};

/** Each kind's modules, once their loading has started. */
const loading: { [K in keyof JobModules]?: JobModules[K] } = {};

/**
 * Starts loading the job's module graph (about 150 modules for a briefing)
 * at once, so it overlaps the environment guard's work (and, in a Worker
 * started before its request, the hook's light check: ./hook_worker.ts); a
 * failure to load is met where the job awaits it, inside its error handling.
 * Started once per kind: a later call gives the same loading.
 */
export function startLoading<K extends keyof JobModules>(kind: K): JobModules[K] {
  return (loading[kind] ??= loadModules(kind)) as JobModules[K];
}

function loadModules<K extends keyof JobModules>(kind: K): JobModules[K] {
  const modules = (kind === "capture"
    ? Promise.all([
      import("../../core/workflow/auto_capsule.ts"),
      import("../../core/transcript/capture_session.ts"),
      import("./transcript_io.ts"),
    ])
    : Promise.all([
      import("../../core/workflow/load.ts"),
      import("../../core/briefing/short_briefing.ts"),
      // What load imports when it needs it: under the job's deadline it must not be loading.
      import("../../core/workflow/load_modules.ts"),
    ])) as JobModules[K];
  modules.catch(() => {});
  return modules;
}

/** A folder's guarded Io, started before its job's request came (a Worker's start). */
let prepared: { cwd: string; io: Promise<Io> } | null = null;

/**
 * Starts guarding the environment of a job in `cwd` ({@linkcode guardedIo}
 * over `io`, the process's real I/O unless given) before its request comes;
 * the next job, when it works in that folder, takes it.
 * @returns The guarded Io as it comes.
 */
export function startGuard(cwd: string, io?: Io): Promise<Io> {
  prepared = { cwd, io: guardedIo(io ?? createDenoIo(), cwd) };
  // guardedIo never rejects: it fails closed.
  return prepared.io;
}

/**
 * The guarded Io of a job in `cwd`: the one started for it (taken once),
 * else one guarded now over `io` (the process's real I/O unless given).
 */
export function takeGuard(cwd: string, io?: Io): Promise<Io> {
  const ready = prepared;
  prepared = null;
  return ready?.cwd === cwd ? ready.io : guardedIo(io ?? createDenoIo(), cwd);
}

/**
 * This baton's invocation, the one its installed hooks run: the launcher judged with the home
 * the person set, as the hook's own Io does (commands/_adapters/hook_io.ts). Null when it
 * cannot be told: then no project hook passes as baton's.
 */
async function ownInvocation(io: Io) {
  try {
    const { currentInvocation } = await import("./invocation.ts");
    const { personsHomeDir } = await import("./home.ts");
    return currentInvocation(await personsHomeDir(io));
  } catch {
    return null;
  }
}

/**
 * Runs one job with the process's real I/O (or `given`: a test's, whose
 * environment is its own, not the one the process's other tests share).
 * Never throws.
 */
export async function runHookJob(request: HookJobRequest, given?: Io): Promise<HookJobResponse> {
  // The steps an inject job was asked to tell (the facts bench), in epoch ms: the Worker's
  // clock and the hook's share that origin.
  const phases: JobPhase[] | null = request.kind === "inject" && request.phases === true
    ? []
    : null;
  const phase = (name: string): void => {
    phases?.push({ phase: name, atMs: performance.timeOrigin + performance.now() });
  };
  phase("job began");
  const capturing = request.kind === "capture" ? startLoading("capture") : null;
  const injecting = request.kind === "capture" ? null : startLoading("inject");
  // The job builds its own Io: the settings a repository could have set are read as unset
  // here too (the hook already said so on stderr).
  const io = await takeGuard(request.cwd, given);
  phase("environment guarded (the briefing's modules loading beside it)");
  const ctx = workflowContext(io, request.cwd);
  const budget = factsBudget(request, io.now().getTime());
  try {
    if (request.kind === "capture") {
      const [{ writeAutoCapsule }, { captureSession }, { transcriptStoreIo }] = await capturing!;
      // The transcript gets a slice of the facts' time; past it the capsule goes without it.
      const sessionRecord = await captureSession(
        transcriptStoreIo(io),
        {
          host: request.host,
          transcriptPath: request.transcriptPath ?? null,
          sessionId: request.session,
        },
        request.cwd,
        {
          invocation: await ownInvocation(io),
          deadlineMs: io.now().getTime() +
            Math.min(
              request.sessionBudgetMs ?? SESSION_BUDGET_MS,
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
      // A named transcript that is there and gave nothing is worth a word; a missing one is
      // common (a session that has not written it yet) and stays quiet.
      const named = request.transcriptPath ?? null;
      const transcriptUnread = sessionRecord === null && named !== null &&
        await exists(io, named);
      return {
        ok: true,
        kind: "capture",
        capture,
        ...(transcriptUnread ? { transcriptUnread } : {}),
      };
    }
    const [{ loadBriefing }, { nothingDrifted }] = await injecting!;
    phase("briefing modules loaded");
    const loaded = await loadBriefing(ctx, {
      maxChars: request.maxChars,
      ...(request.shortIfShown === null ? {} : { shortIfShown: request.shortIfShown }),
      ...budget,
      ...(phases === null ? {} : { onPhase: phase }),
    });
    const told = phases === null ? {} : { phases };
    if (loaded === null) return { ok: true, kind: "inject", inject: null, ...told };
    return {
      ok: true,
      kind: "inject",
      ...told,
      inject: {
        capsule_id: loaded.capsule_id,
        created_at: loaded.created_at,
        text: loaded.text,
        short: loaded.capsule_id === request.shortIfShown && nothingDrifted(loaded.drift),
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
