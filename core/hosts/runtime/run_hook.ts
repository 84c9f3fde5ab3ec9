/**
 * What `baton hook EVENT` does (every event but the pre-tool gate). Light on purpose: the session-start
 * freshness check and everything before it load no zod, no git object reader
 * and no capsule parser; only a capture, or an injection that has something
 * to inject, starts the heavy job (in a Worker, under a hard time budget).
 * Each event loads its own rules when it runs: the band hooks, which run on
 * every prompt, load none of session start's or capture's. Whatever happens, the exit status is 0 and stdout holds only the host's
 * expected output or nothing; problems are one line on stderr. The edge is
 * handed in as a {@linkcode HookIo}.
 * Examples are in its test: the hook loads this module, every comment twice.
 * @module
 */
import { type HookEvent, type HostId, hostRecord, isBandHookEvent, isHostId } from "../ids.ts";
import { toHookEvent } from "../native_events.ts";
import { projectDirAt } from "../hook_env.ts";
import { type HookPayload, MAX_HOOK_PAYLOAD_BYTES, parseHookPayload } from "../hook_payload.ts";
import { INJECTION_CAP_CHARS, renderAck, renderInjection } from "../hook_output.ts";
import { isCodedError, safeWord } from "../../errors.ts";
import { forkKeptLine } from "../../workflow/fork_kept_line.ts";
import { joinPath } from "../../path.ts";
import { hookTimeScaleFor } from "../../enforce/time_scale.ts";
import type { CapturePlan } from "../capture_plan.ts";
import type { HookIo, StartedJob } from "./hook_io.ts";
import { type HookJobRequest, SESSION_BUDGET_MS } from "./job.ts";
import type { BatonLayout } from "../../store/layout.ts";
import type { InjectionRecord } from "../../store/injection_state.ts";

type Io = HookIo;

/** What the command line gave the hook. */
export interface HookArgs {
  /** The event word (baton's or the host's name), or undefined when none was given. */
  event: string | undefined;
  /** `--host`, when given. */
  host: string | undefined;
  /** `--json`: report instead of printing the host's output. */
  json: boolean;
}

/** Wall-clock budget of a capture hook, from process start to exit. */
export const CAPTURE_BUDGET_MS = 2000;
/** Budget of a session-start injection (the hosts allow 10 s or more). */
export const INJECT_BUDGET_MS = 5000;
/** Kept back from a budget for process exit after the job is abandoned. */
const EXIT_RESERVE_MS = 300;
/** Kept back from a capture's budget for writing the capsule after the facts. */
const WRITE_RESERVE_MS = 600;
/**
 * Time a session-start injection gives its re-checks, counted from when the
 * job begins them (not from when the job was asked for: starting the Worker
 * and loading the briefing's modules took 150-450 ms of a 450 ms budget
 * counted from the request, which left the whole-tree re-check of a 40k-file
 * repository nothing). On an idle machine the hook still ends within about
 * 1 s; the hard limit stays the injection's whole budget.
 */
export const INJECT_FACTS_BUDGET_MS = 450;
/** Kept back from an injection's budget for rendering the briefing after the re-checks. */
const RENDER_RESERVE_MS = 500;
/** Longest wait for the end of the payload on stdin. */
const STDIN_TIMEOUT_MS = 500;
/** The hook budgets under a BATON_HOOK_TIME_SCALE multiplier (core/hook_time_scale.ts). */
function budgets(scale: number) {
  return {
    capture: CAPTURE_BUDGET_MS * scale,
    inject: INJECT_BUDGET_MS * scale,
    injectFacts: INJECT_FACTS_BUDGET_MS * scale,
    stdin: STDIN_TIMEOUT_MS * scale,
    session: SESSION_BUDGET_MS * scale,
  };
}

/** What the hook did: the `--json` shape. */
export interface HookReport {
  event: HookEvent | null;
  host: HostId | null;
  action:
    | "ignored"
    | "no_capsule"
    | "nothing_new"
    | "injected"
    | "written"
    | "unchanged"
    | "recent"
    | "not_a_repo"
    | "rolled_back"
    | "failed"
    | "timed_out"
    | "band";
  capsule_id: string | null;
  /** prompt and post-tool: the context band (ok, warn, handoff, hard); null otherwise. */
  band?: string | null;
  /** prompt: why a capsule was captured before the host's automatic compression, when it was. */
  capture?: string;
  /** Exactly what the hook printed (or, with --json, would print) for the host. */
  output: string;
  warning: string | null;
}

async function isDirectory(io: Io, path: string): Promise<boolean> {
  try {
    return (await io.fs.stat(path))?.isDirectory === true;
  } catch {
    return false;
  }
}

/** BATON_HOOK_TIME_SCALE for a hook working in `cwd` (core/enforce/time_scale.ts). */
function timeScale(io: Io, cwd: string, warn: (m: string) => void): Promise<number> {
  return hookTimeScaleFor(io.fs, (n) => io.env(n), cwd, warn);
}

async function readPayload(
  io: Io,
  report: HookReport,
  scale: number,
): Promise<HookPayload | string> {
  let bytes: Uint8Array;
  try {
    bytes = await io.readStdin(MAX_HOOK_PAYLOAD_BYTES, {
      timeoutMs: budgets(scale).stdin,
    });
  } catch {
    return `payload ignored: it is larger than ${MAX_HOOK_PAYLOAD_BYTES} bytes`;
  }
  try {
    return parseHookPayload(bytes);
  } catch (e) {
    report.action = "ignored";
    return `payload ignored: ${isCodedError(e) ? e.message : "it cannot be read"}`;
  }
}

/** Runs the hook; always returns 0. */
export async function runHook(io: Io, args: HookArgs): Promise<number> {
  const report: HookReport = {
    event: null,
    host: null,
    action: "ignored",
    capsule_id: null,
    output: "",
    warning: null,
  };
  const json = args.json;
  const word = args.event;
  const warn = (message: string): void => {
    const label = report.event ?? (word === undefined ? "" : safeWord(word));
    io.stderr(`baton: hook ${label}${label === "" ? "" : ": "}${message}\n`);
    report.warning = report.warning === null ? message : `${report.warning}; ${message}`;
  };
  let printed = false;
  // Writes the host's output at once (JSON mode reports it instead).
  const emit = (text: string): void => {
    report.output = text;
    if (!json && text !== "") io.stdout(text);
    printed = true;
  };
  const finish = (): number => {
    if (json) io.printJson(report);
    else if (!printed && report.output !== "") io.stdout(report.output);
    io.logTiming(report);
    return 0;
  };
  const event = word === undefined ? null : toHookEvent(word);
  if (event === null) {
    warn(
      word === undefined
        ? "no event given: expected session-start, pre-compact, session-end, stop, prompt, post-tool or pre-tool"
        : "unknown event: expected session-start, pre-compact, session-end, stop, prompt, post-tool or pre-tool",
    );
    return finish();
  }
  report.event = event;
  const hostFlag = args.host;
  if (hostFlag !== undefined && !isHostId(hostFlag)) {
    warn(`unknown host ${safeWord(hostFlag)}: nothing done`);
    return finish();
  }
  let scale = await timeScale(io, io.cwd(), warn);
  const payload = await readPayload(io, report, scale);
  if (typeof payload === "string") {
    warn(payload);
    return finish();
  }
  const host = (hostFlag as HostId | undefined) ?? payload.detectedHost;
  report.host = host;
  if (payload.nativeEvent !== null && payload.event !== event) {
    // Never quoted: the name is payload content.
    warn(
      `note: the payload names ${
        payload.event === null ? "an event baton does not handle" : `the ${payload.event} event`
      }; running ${event} as the command line says`,
    );
  }
  // The payload's cwd follows worktrees; the hosts' project variables do not.
  // A project variable only for the folder the host started the hook in, or one above it: a
  // repository's host settings can set one naming another repository (core/hosts/hook_env.ts).
  let cwd = payload.cwd;
  if (cwd === null) {
    const project = await projectDirAt(io.fs, (name) => io.env(name), host, io.cwd());
    if (project.ignored !== null) warn(project.ignored);
    cwd = project.dir;
  }
  if (!(await isDirectory(io, cwd))) {
    warn(
      "the payload's working directory is not a directory here: nothing done",
    );
    return finish();
  }
  // The folder the host's commands run in, as git finds its repository from it: a path through a
  // symbolic link (a host that passes its shell's PWD, a committed link into another repository)
  // is its target, not the text's parent folders, or the briefing vouched for another repository.
  cwd = await io.fs.realPath(cwd).catch(() => cwd as string);
  if (scale > 1 && cwd !== io.cwd()) scale = await timeScale(io, cwd, warn);
  try {
    if (isBandHookEvent(event)) {
      const { runBandHook } = await import("./band_hook.ts");
      const band = await runBandHook(io, { event, host, payload, cwd, warn });
      report.action = "band";
      report.band = band.result?.band ?? null;
      emit(band.output);
      if (event === "prompt" && host !== null && hostRecord(host).compression !== undefined) {
        // A host that fires its pre-compact hook before every request has it registered for
        // manual compression only: the capture before an automatic one is made here.
        const { compressionCaptureDue } = await import("./compression_capture.ts");
        const { NEAR_COMPRESSION_PLAN } = await import("../capture_plan.ts");
        const due = await compressionCaptureDue(io, host, band.result, cwd);
        if (due !== null) {
          report.capture = due;
          await capture(io, report, { event: "pre-compact", host, payload, cwd, warn, scale }, {
            plan: NEAR_COMPRESSION_PLAN,
          });
        }
      }
      return finish();
    }
    if (event === "session-start") {
      await sessionStart(io, report, { payload, cwd, warn, emit, scale });
      return finish();
    }
    await capture(io, report, { event, host, payload, cwd, warn, scale });
  } catch (e) {
    // A broken repository (a .git file naming a vanished directory, say)
    // must not fail the host's session: report it and carry on.
    report.action = "failed";
    warn(`nothing done: ${isCodedError(e) ? e.message : "internal error"}`);
    return finish();
  }
  report.output = renderAck(host, event);
  return finish();
}

/**
 * What a session start says when a capsule is on record but its briefing did
 * not come (the hook never goes dark): that it exists, why it is missing, and
 * the command that reads it. Nothing from the capsule is shown: it was not read.
 * Not recorded as injected, so the next session start tries again.
 */
async function unreadBriefing(io: Io, why: string): Promise<string> {
  let baton = "baton";
  try {
    baton = await io.printableBaton();
  } catch {
    // The plain word still names the command.
  }
  return `baton: a handoff capsule is on record for this project, but its briefing is not shown here: ${why}. Read it with \`${baton} load\` before you continue the work.`;
}

/**
 * What a session start says when latest.md itself could not be read in time:
 * whether a capsule is on record is not known, so only why nothing is shown
 * and the command that reads it. Nothing is recorded as injected.
 */
async function unreadLatest(io: Io, why: string): Promise<string> {
  let baton = "baton";
  try {
    baton = await io.printableBaton();
  } catch {
    // The plain word still names the command.
  }
  return `baton: no briefing is shown here: ${why}, so whether a handoff capsule is on record for this project is not known. Run \`${baton} load\` before you continue the work.`;
}

/**
 * What a session start says when latest.md is missing but the archive holds capsules (a fresh
 * clone, a pull, or a commit that deleted it): no briefing, and the commands that make one
 * current and read it. No count and nothing of the archive: none of it was read.
 */
async function archivedOnly(io: Io): Promise<string> {
  let baton = "baton";
  try {
    baton = await io.printableBaton();
  } catch {
    // The plain word still names the command.
  }
  return `baton: no briefing is shown here: .baton/latest.md is missing beside a .baton/capsules folder that may hold archived capsules, none read here (a fresh clone, a pull, or a commit that deleted it). Run \`${baton} revive\` (it says who signed the capsule it makes current), then \`${baton} load\`, before you rely on any earlier handoff.`;
}

/**
 * What a session start says when baton's store in this project cannot be used
 * at all: never the error's own text (it names paths), only why in fixed words
 * and the command that shows more.
 */
async function unusableStore(io: Io, code: string): Promise<string> {
  let baton = "baton";
  try {
    baton = await io.printableBaton();
  } catch {
    // The plain word still names the command.
  }
  const why = code === "baton_dir_symlink"
    ? "a path of its store under .baton is a symbolic link (a commit can carry one), which baton never follows"
    : "its store under .baton could not be used";
  return `baton: this project's handoff capsules could not be read here, so no briefing is shown: ${why}. Run \`${baton} doctor\` to see why before you rely on any earlier handoff.`;
}

/**
 * A guarded setting (core/trust/guarded_settings.ts) as the person set it:
 * undefined when a host file in the repository names it (the repository's
 * host settings could have set it), said in one line without its value.
 * Nothing is read when the variable is not set.
 */
async function personsSetting(
  io: Io,
  cwd: string,
  name: string,
  warn: (m: string) => void,
): Promise<string | undefined> {
  const value = io.env(name);
  if (value === undefined || value === "") return value;
  const [{ outermostWorkTree }, { hookSettingIgnored }] = await Promise.all([
    import("../../facts/git/outer_work_tree.ts"),
    import("../../trust/hook_setting.ts"),
  ]);
  const outermost = (home: string | null) => outermostWorkTree(io.fs, cwd, home).catch(() => null);
  const ignored = await hookSettingIgnored(io.fs, cwd, name, (n) => io.env(n), outermost);
  if (ignored === null) return value;
  warn(ignored);
  return undefined;
}

interface SessionStartInput {
  payload: HookPayload;
  cwd: string;
  warn: (m: string) => void;
  emit: (text: string) => void;
  /** BATON_HOOK_TIME_SCALE as the person set it. */
  scale: number;
}

/** An inject job's Worker, started before the light check when an injection is likely. */
interface EarlyJob {
  /** The started job (null when none was started): from now on none starts. */
  take(): Promise<StartedJob | null>;
  /** Ends a started job that was not taken; from now on none starts. */
  drop(): void;
}

/**
 * Starts the inject job's Worker at once when the light check is likely to
 * inject: a new session (not a resume), no repeat setting, and
 * `.baton/latest.md` a file right in the folder. The Worker's runtime and
 * modules then load beside the light check and the resume line (the hook
 * waited for them after). Nothing is started on a resume, nor where no
 * capsule is: those paths cost one lstat. The lstat is not waited for (a
 * dead mount): a Worker is started only if it answers before the job runs.
 */
function earlyJob(io: Io, payload: HookPayload, cwd: string): EarlyJob {
  let closed = false;
  let started: Promise<StartedJob | null> | null = null;
  const start = io.startJob;
  if (start !== undefined && payload.source !== "resume" && !io.env("BATON_BRIEFING_REPEAT")) {
    io.fs.lstat(joinPath(cwd, ".baton", "latest.md")).then((info) => {
      if (closed || info?.isFile !== true) return;
      started = start("inject", cwd).catch(() => null);
    }, () => {});
  }
  return {
    take: () => {
      closed = true;
      const job = started ?? Promise.resolve(null);
      started = null;
      return job;
    },
    drop: () => {
      closed = true;
      void started?.then((job) => job?.cancel());
      started = null;
    },
  };
}

async function sessionStart(
  io: Io,
  report: HookReport,
  input: SessionStartInput,
): Promise<void> {
  const early = report.host === null ? null : earlyJob(io, input.payload, input.cwd);
  try {
    await briefSession(io, report, input, early);
  } finally {
    early?.drop();
  }
}

async function briefSession(
  io: Io,
  report: HookReport,
  input: SessionStartInput,
  early: EarlyJob | null,
): Promise<void> {
  const { payload, cwd, warn } = input;
  const host = report.host;
  if (host === null) {
    warn(
      "cannot tell the host from the payload (pass --host): nothing injected",
    );
    return;
  }
  // Loaded here, not with the module: the band hooks (every prompt) never need them.
  const { checkInjection, repeatMode } = await import("../../workflow/injection_check.ts");
  const { readInjectionState, writeInjectionRecord } = await import(
    "../../store/injection_state.ts"
  );
  const repeat = repeatMode(await personsSetting(io, cwd, "BATON_BRIEFING_REPEAT", warn));
  let check: Awaited<ReturnType<typeof checkInjection>>;
  const budget = budgets(input.scale);
  try {
    // The light check reads latest.md and the record in this process, before any job: a read
    // that blocks (a dead network mount) held the hook past its budget, with nothing said.
    const checking = checkInjection(io.fs, cwd, { hostKey: host, source: payload.source, repeat });
    const checked = io.within === undefined
      ? await checking
      : await io.within(checking, budget.inject - EXIT_RESERVE_MS - io.elapsedMs());
    if (checked === "late") {
      report.action = "timed_out";
      const why = `.baton/latest.md could not be read within ${budget.inject / 1000} seconds`;
      warn(`briefing not injected: ${why}`);
      input.emit(renderInjection(host, await unreadLatest(io, why)));
      return;
    }
    check = checked;
  } catch (e) {
    // The store itself cannot be used (a commit can carry a symbolic link where it lives): the
    // hook still says so, in one line of its own words, and records nothing.
    if (!isCodedError(e)) throw e;
    report.action = "failed";
    warn(`briefing not injected: ${e.message}`);
    input.emit(renderInjection(host, await unusableStore(io, e.code)));
    return;
  }
  if (check.reason === "not_a_file") {
    report.action = "failed";
    const why = ".baton/latest.md is not a regular file (a commit can put a folder there)";
    warn(`briefing not injected: ${why}`);
    input.emit(renderInjection(host, await unreadLatest(io, why)));
    return;
  }
  if (check.reason === "archived_only") {
    report.action = "no_capsule";
    input.emit(renderInjection(host, await archivedOnly(io)));
    return;
  }
  if (!check.inject) {
    report.action = check.reason === "no_capsule" ? "no_capsule" : "nothing_new";
    return;
  }
  const layout = check.found.layout;
  // The resume line for an open handoff deny, worked out first so the briefing leaves it room.
  const hint = await io.resumeHint(layout, payload.sessionId);
  const job = await early?.take() ?? null;
  const request: HookJobRequest = {
    kind: "inject",
    cwd,
    maxChars: INJECTION_CAP_CHARS[host] - hint.length,
    shortIfShown: check.reason === "repeat" && repeat === "short" ? check.shownId : null,
    factsBudgetMs: budget.injectFacts,
    // However late the job starts, its re-checks end in time to render.
    factsDeadlineMs: io.now().getTime() +
      Math.max(0, budget.inject - EXIT_RESERVE_MS - RENDER_RESERVE_MS - io.elapsedMs()),
  };
  const jobBudget = budget.inject - EXIT_RESERVE_MS - io.elapsedMs();
  const outcome = job === null
    ? await io.runJob(request, jobBudget)
    : await job.run(request, jobBudget);
  if (outcome.status === "timeout") {
    report.action = "timed_out";
    const why = `it was not ready within ${budget.inject / 1000} seconds`;
    warn(`briefing not injected: ${why}`);
    input.emit(renderInjection(host, (await unreadBriefing(io, why)) + hint));
    return;
  }
  const r = outcome.response;
  if (!r.ok || r.kind !== "inject") {
    report.action = "failed";
    warn(`briefing not injected: ${r.ok ? "unexpected answer" : r.message}`);
    if (!r.ok && r.stack !== undefined) io.stderr(`${r.stack}\n`);
    input.emit(renderInjection(host, (await unreadBriefing(io, "it could not be read")) + hint));
    return;
  }
  if (r.inject === null) {
    report.action = "no_capsule";
    return;
  }
  // The light check read latest.md's prose header, its writer's word: the id the job read from
  // the JSON block decides whether this is the capsule last injected. A header that names
  // another id (a stranger's edit) never matched the record, and the capsule was injected at
  // every session start, on resume and with repeats off too.
  // A header that copies the recorded id over other bytes (`header_unconfirmed`) is decided
  // the same way: the JSON block names the capsule.
  if (
    check.reason === "header_unreadable" || check.reason === "newer_capsule" ||
    check.reason === "older_capsule" || check.reason === "header_unconfirmed"
  ) {
    const last = (await readInjectionState(io.fs, layout)).hosts[host];
    const again = check.reason === "header_unreadable" || payload.source === "resume" ||
      repeat === "off";
    if (last?.capsule_id === r.inject.capsule_id && again) {
      report.action = "nothing_new";
      await confirmDigest(io, layout, host, last, check.digest);
      return;
    }
  }
  report.action = "injected";
  report.capsule_id = r.inject.capsule_id;
  // Printed before the record is written: a crash in between injects twice, never zero times.
  input.emit(renderInjection(host, r.inject.text + hint));
  try {
    await writeInjectionRecord(io.fs, layout, {
      hostKey: host,
      record: {
        capsule_id: r.inject.capsule_id,
        created_at: r.inject.created_at,
        injected_at: io.now().toISOString(),
        // The bytes the check read before the job: a file swapped in between only fails to
        // confirm the next resume (the job then decides again), never confirms the wrong one.
        ...(check.digest === null ? {} : { latest_digest: check.digest }),
      },
    });
  } catch {
    warn(
      "the injection could not be recorded: the next session may inject it again",
    );
  }
}

/**
 * After the job found the capsule last injected behind a latest.md whose bytes the record does
 * not name (a record from before digests were kept, or the same capsule re-rendered), records
 * those bytes, so the next resume is decided by the light check again. Only when latest.md
 * still has the digest read before the job: the bytes the job read are then those.
 */
async function confirmDigest(
  io: Io,
  layout: BatonLayout,
  host: string,
  last: InjectionRecord,
  before: string | null,
): Promise<void> {
  if (before === null || last.latest_digest === before) return;
  try {
    const { readLatestDigest } = await import("../../store/latest_digest.ts");
    if ((await readLatestDigest(io.fs, layout)) !== before) return;
    const { writeInjectionRecord } = await import("../../store/injection_state.ts");
    await writeInjectionRecord(io.fs, layout, {
      hostKey: host,
      record: { ...last, latest_digest: before },
    });
  } catch {
    // Not recorded: the next resume asks the job again.
  }
}

interface CaptureInput {
  event: Exclude<HookEvent, "session-start" | "prompt" | "post-tool">;
  host: HostId | null;
  payload: HookPayload;
  cwd: string;
  warn: (m: string) => void;
  /** BATON_HOOK_TIME_SCALE as the person set it. */
  scale: number;
}

async function capture(
  io: Io,
  report: HookReport,
  input: CaptureInput,
  options: { plan?: CapturePlan } = {},
): Promise<void> {
  // Loaded here, not with the module: the band hooks (every prompt) never need them.
  const { recentAutomaticCapsule } = await import("../../workflow/recent_capture.ts");
  const { capturePlan } = await import("../capture_plan.ts");
  const { readGitEnvironment } = await import("../../facts/git/git_environment.ts");
  const plan = options.plan ?? capturePlan(input.event, input.host, input.payload.trigger);
  const budget = budgets(input.scale);
  const notBlocked = input.event === "pre-compact"
    ? "compaction goes ahead"
    : "the session goes on";
  // A turn hook fires before or after every turn: the rate limit needs only
  // latest.md's header, so deciding it here costs no Worker and no capsule reader.
  const recentCheck = recentAutomaticCapsule(io.fs, input.cwd, {
    minIntervalMs: plan.minIntervalMs,
    nowMs: io.now().getTime(),
    gitEnvironment: readGitEnvironment((n) => io.env(n)),
  });
  // That read runs in this process, before the job and its budget: a read of latest.md that
  // blocks (a dead network mount) held the hook past its budget, and the host killed it.
  const recent = io.within === undefined
    ? await recentCheck
    : await io.within(recentCheck, budget.capture - EXIT_RESERVE_MS - io.elapsedMs());
  if (recent === "late") {
    report.action = "timed_out";
    input.warn(
      `automatic capsule not written: .baton/latest.md could not be read within ${
        budget.capture / 1000
      } seconds; ${notBlocked}`,
    );
    return;
  }
  if (recent !== null) {
    report.action = "recent";
    return;
  }
  const outcome = await io.runJob(
    {
      kind: "capture",
      cwd: input.cwd,
      trigger: plan.trigger,
      host: input.host,
      session: input.payload.sessionId,
      transcriptPath: input.payload.transcriptPath,
      minIntervalMs: plan.minIntervalMs,
      factsDeadlineMs: io.now().getTime() +
        Math.max(100, budget.capture - EXIT_RESERVE_MS - WRITE_RESERVE_MS - io.elapsedMs()),
      sessionBudgetMs: budget.session,
    },
    budget.capture - EXIT_RESERVE_MS - io.elapsedMs(),
  );
  if (outcome.status === "timeout") {
    report.action = "timed_out";
    input.warn(
      `automatic capsule not written: the ${
        budget.capture / 1000
      }-second budget ran out; ${notBlocked}`,
    );
    return;
  }
  const r = outcome.response;
  if (!r.ok || r.kind !== "capture") {
    report.action = "failed";
    input.warn(
      `automatic capsule not written: ${r.ok ? "unexpected answer" : r.message}; ${notBlocked}`,
    );
    if (!r.ok && r.stack !== undefined) io.stderr(`${r.stack}\n`);
    return;
  }
  report.action = r.capture.status;
  report.capsule_id = r.capture.capsule_id;
  if (r.capture.status === "rolled_back") {
    input.warn(
      r.capture.teammate === true
        ? `automatic capsule not written: .baton/latest.md, a capsule a key this machine trusts signed, from another fork, does not continue the newest capsule this clone made current, and the archive no longer holds that one (deleted, or rolled back by a commit); baton load says which; no automatic capsule is written until a person decides: baton finalize --over-rollback writes on top of it; ${notBlocked}`
        : r.capture.displaced === true
        ? `automatic capsule not written: .baton/latest.md, which no key this machine trusts signed, does not continue the newest capsule this clone made current (it leaves it out); baton load says which; no automatic capsule is written until a person decides: baton finalize --over-rollback writes on top of it, or baton trust add trusts its signer's key if it is a teammate's; ${notBlocked}`
        : r.capture.capsule_id === null
        ? `automatic capsule not written: .baton/latest.md is missing and so is the capsule this clone last made current (deleted, or rolled back by a commit); baton revive restores the newest left and baton load then says which is newer, or baton finalize starts from it; ${notBlocked}`
        : `automatic capsule not written: .baton/latest.md is not the newest capsule of its signer (rolled back); baton load says which is newer; ${notBlocked}`,
    );
  }
  if (r.capture.fork_kept !== undefined) {
    input.warn(forkKeptLine(r.capture.fork_kept));
  }
  if (r.capture.set_aside !== undefined) {
    input.warn(
      `.baton/latest.md was not a regular file: set aside as .baton/${r.capture.set_aside}`,
    );
  }
  if (r.capture.signing?.signed === false) {
    input.warn(`capsule written unsigned: ${r.capture.signing.reason}`);
  }
  if (r.transcriptUnread === true && r.capture.status === "written") {
    // Never silent: the capsule lacks what the host's transcript would have added.
    input.warn(
      "capsule written without a session section: the transcript the host named is there but could not be read (not a regular file, unreadable, free-form text, or of an unknown format)",
    );
  }
}
