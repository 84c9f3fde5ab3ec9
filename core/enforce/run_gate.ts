/**
 * `baton hook pre-tool --host H` — the mutation gate. The escape hatch is
 * checked first, before anything else is loaded (and the words baton answers
 * to are looked up only for a command shaped like the printed resume); then
 * BATON_ENFORCE=off (unless a file in the opted-in work tree could have set
 * it: core/enforce/repo_off_switch.ts);
 * then the stores that would judge the call (core/enforce/gate_stores.ts:
 * this machine's opt-in and deny records, never anything a commit
 * carries). It denies only on a positive decision: on any error or
 * malformed state it allows, prints one line on stderr and records the
 * fault. A call too large to read, or not judged in time, is no such
 * error: the agent chooses a call's size and what it costs to judge, so
 * such a call is judged as a change where a deny is on record. Edge-free: the payload, the output, the environment, how baton is
 * started and the command table's after-handoff rules are handed in; hook
 * start-up stays lazy (each step imports what it needs).
 * @module
 */
import type { DenyStoreEnv } from "./deny_store.ts";
import type { AfterHandoff } from "./recovery.ts";
import { hookTimeScaleFor } from "./time_scale.ts";

/** What the gate needs from the edge. */
export interface GateEnv extends DenyStoreEnv {
  env(name: string): string | undefined;
  cwd(): string;
  /**
   * The payload's bytes, read for at most `timeoutMs` (`timedOut`: the time
   * ran out before the end of input), or "too_large" past `maxBytes` (or
   * when stdin cannot be read).
   */
  readPayload(
    maxBytes: number,
    timeoutMs: number,
  ): Promise<{ bytes: Uint8Array; timedOut: boolean } | "too_large">;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Every way this baton is started (for the escape hatch). */
  acceptedBatonWords(): Promise<readonly string[]>;
  /** The ways printed in recovery commands, the first one first. */
  printableBatonWords(): Promise<readonly string[]>;
  /** The command table's after-handoff rule of every command. */
  afterHandoff(): Promise<Readonly<Record<string, AfterHandoff>>>;
  /** The `--host` flag's value. */
  host: string | null;
  /** Starts the gate's time budget; resolves when it runs out. */
  budget(ms: number): { expired: Promise<"timeout">; cancel(): void };
  /**
   * Handed a judgement the budget left behind, still running (it may yet
   * write a last-seen mark). The hook process ends after the gate, which
   * stops it; a test waits for it before removing the store.
   * @default {ignored}
   */
  abandoned?(work: Promise<unknown>): void;
}

/** The gate gives up (and allows) after this long (times BATON_HOOK_TIME_SCALE). */
const GATE_BUDGET_MS = 1500;
/** The longest wait for the end of the payload (times BATON_HOOK_TIME_SCALE). */
const PAYLOAD_TIMEOUT_MS = 500;
/** A denier's last-seen time is refreshed at most this often. */
const SEEN_INTERVAL_MS = 60_000;
/** The largest payload the gate reads (a Write of a big file carries the whole file). */
const MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;

// Session ids as deny records allow them (SESSION_ID): no shell metacharacter can ride along.
const ID = "[A-Za-z0-9][A-Za-z0-9._:-]{0,127}";
const RESUME = new RegExp(`^handoff resume --session (${ID}) --deny-session (${ID}) --write$`);

interface Payload {
  session: string | null;
  cwd: string | null;
  tool: string;
  input: unknown;
}

function readPayload(bytes: Uint8Array): Payload | null {
  let v: unknown;
  try {
    v = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const s = (k: string) => typeof o[k] === "string" ? o[k] as string : null;
  const tool = s("tool_name") ?? s("toolName") ??
    (s("hook_event_name") === "beforeShellExecution" || typeof o.command === "string"
      ? "beforeShellExecution"
      : null);
  if (tool === null) return null;
  const input = o.tool_input ?? o.toolInput ?? o.toolArgs ??
    (typeof o.command === "string" ? { command: o.command } : {});
  return {
    session: s("session_id") ?? s("sessionId") ?? s("conversation_id"),
    cwd: s("cwd") ??
      (Array.isArray(o.workspace_roots) && typeof o.workspace_roots[0] === "string"
        ? o.workspace_roots[0]
        : null),
    tool,
    input,
  };
}

/** The shell text of a call, when it is one (for the escape hatch). */
function shellText(p: Payload): string | null {
  const input = p.input as Record<string, unknown> | null;
  return input !== null && typeof input === "object" && typeof input.command === "string"
    ? input.command.trim()
    : null;
}

/** The deny document in the shape of the host `--host` names (Claude Code's when unknown). */
async function hostDeny(env: GateEnv, reason: string): Promise<string> {
  const { renderDeny } = await import("./deny_output.ts");
  const { isHostId } = await import("../hosts/ids.ts");
  return renderDeny(env.host !== null && isHostId(env.host) ? env.host : null, reason);
}

/**
 * A payload too large to read: denied when a store that would judge a call
 * from this directory holds a deny that still blocks a session (open, or
 * resumed: its denier stays denied), since whose call it is cannot be told;
 * else allowed.
 */
async function oversized(env: GateEnv, warn: (m: string) => void): Promise<void> {
  try {
    if (await offHonoured(env, env.cwd(), null, warn)) return;
    const { gateStores } = await import("./gate_stores.ts");
    const { readDenies } = await import("./deny_store.ts");
    const { enforcePaths } = await import("./enforce_paths.ts");
    for (const s of await gateStores(env.fs, [env.cwd()])) {
      const { records } = await readDenies(env.fs, enforcePaths(s.stateDir));
      // A resumed (consumed) deny still blocks its denier (D2), and whose call this is cannot
      // be told: only a bypassed one blocks nobody.
      if (!records.some((r) => r.status !== "bypassed")) continue;
      const { oversizedRefusal } = await import("./sentences.ts");
      env.stdout(await hostDeny(env, oversizedRefusal(MAX_PAYLOAD_BYTES / 1024 / 1024)) + "\n");
      return;
    }
  } catch { /* allowed below */ }
  warn("payload ignored: too large; allowed");
}

/**
 * Whether BATON_ENFORCE=off is set and honoured: not when a file in an
 * opted-in work tree around `cwd`, or in the work tree around `cwd` when the
 * call reaches an opted-in one, could have set it (core/enforce/repo_off_switch.ts);
 * the gate then keeps judging and says which file. Honoured when the check fails.
 */
async function offHonoured(
  env: GateEnv,
  cwd: string,
  input: unknown,
  warn: (m: string) => void,
): Promise<boolean> {
  if (env.env("BATON_ENFORCE") !== "off") return false;
  try {
    const { gateStores, startsOf } = await import("./gate_stores.ts");
    const { repositoryOffSwitch } = await import("./repo_off_switch.ts");
    const { outermostWorkTree } = await import("../facts/git/outer_work_tree.ts");
    const { personsHome } = await import("../trust/repository_home.ts");
    // Up to the outermost work tree: a nested repository's host loads the outer one's .env too
    // (the home that bounds it not one a repository's file set).
    const all = await outermostWorkTree(env.fs, cwd, null).catch(() => null);
    const home = await personsHome(env.fs, all, cwd, (n) => env.env(n));
    const top = await outermostWorkTree(env.fs, cwd, home).catch(() => null);
    // Every store the call would be judged by (its folder and the paths it names, as decide()
    // finds them), and the work tree around the call's folder even when that one is not opted
    // in: the host loaded the variable from there, and the call can reach an opted-in one.
    const stores = await gateStores(env.fs, startsOf(cwd, input));
    const roots = new Set(
      stores.map((s) =>
        top !== null && (s.root === top || s.root.startsWith(`${top}/`)) ? top : s.root
      ),
    );
    if (stores.length > 0 && top !== null) roots.add(top);
    for (const root of roots) {
      const file = await repositoryOffSwitch(env.fs, root, cwd);
      if (file === null) continue;
      // Shown only in a plain path's shape: a .github/hooks file's name is the repository's.
      const { shownEnvFile } = await import("../trust/repository_env.ts");
      warn(
        `BATON_ENFORCE=off not honoured: ${
          shownEnvFile(file)
        } in the repository names it, and a repository cannot turn off the gate this machine opted in to (set it in your own environment, or a person runs baton enforce off)`,
      );
      return false;
    }
  } catch { /* honoured below */ }
  return true;
}

/** BATON_HOOK_TIME_SCALE for a call from `cwd` (core/enforce/time_scale.ts). */
function timeScale(env: GateEnv, cwd: string, warn: (m: string) => void): Promise<number> {
  return hookTimeScaleFor(env.fs, (n) => env.env(n), cwd, warn);
}

/** Runs the gate; the hook always exits 0. */
export async function runGate(env: GateEnv): Promise<void> {
  const warn = (m: string) => env.stderr(`baton: hook pre-tool: ${m}\n`);
  // The time scale as the person set it: one a repository's host file names would let the host
  // kill the gate before it judges a slow call (searched only when it is set).
  let scale = await timeScale(env, env.cwd(), warn);
  const read = await env.readPayload(MAX_PAYLOAD_BYTES, PAYLOAD_TIMEOUT_MS * scale);
  // The size of a call is the agent's to choose: too large to read is no reason to let it
  // through where a deny is on record.
  if (read === "too_large") return await oversized(env, warn);
  const payload = readPayload(read.bytes);
  // Nor is a payload still arriving when the time ran out (a large Write on a loaded
  // machine): judged as one too large. One complete before the end of input is read.
  if (payload === null && read.timedOut) return await oversized(env, warn);
  if (payload === null) {
    warn("payload ignored: not a tool call baton can read; allowed");
    return;
  }
  // The escape hatch, first: the printed resume always passes (the bypass is a
  // person's command, run in their own terminal, and never passes).
  let text = shellText(payload);
  // Only a command that can be the printed resume loads the words baton answers to, and only
  // a shell tool's: an edit carrying a `command` beside its file and content is still an edit.
  if (text !== null && text.includes(" handoff resume --session ")) {
    const { toolCallOf } = await import("./tool_call.ts");
    const call = toolCallOf(payload.tool, payload.input);
    text = call.kind === "shell" ? call.command.trim() : null;
  }
  if (text !== null && text.includes(" handoff resume --session ")) {
    for (const word of await env.acceptedBatonWords()) {
      if (!text.startsWith(`${word} `)) continue;
      const resume = RESUME.exec(text.slice(word.length + 1));
      if (resume !== null && resume[1] === payload.session && resume[1] !== resume[2]) return;
    }
  }
  if (await offHonoured(env, payload.cwd ?? env.cwd(), payload.input, warn)) return;
  if (scale > 1 && payload.cwd !== null && payload.cwd !== env.cwd()) {
    scale = await timeScale(env, payload.cwd, warn);
  }
  const budget = env.budget(GATE_BUDGET_MS * scale);
  try {
    const judged = decide(env, payload, "judged");
    const result = await Promise.race([judged, budget.expired]);
    if (result === "timeout") {
      env.abandoned?.(judged.catch(() => null));
      return await late(env, payload, scale, warn);
    }
    if (result !== null) env.stdout(result + "\n");
  } catch (e) {
    const name = e instanceof Error ? e.name : "unknown";
    warn(`internal error (${name}); allowed`);
    try {
      const { gateStores } = await import("./gate_stores.ts");
      const { recordFault } = await import("./deny_store.ts");
      const { enforcePaths } = await import("./enforce_paths.ts");
      for (const s of await gateStores(env.fs, [payload.cwd ?? env.cwd()])) {
        await recordFault(env.fs, enforcePaths(s.stateDir), env.now(), `gate error ${name}`);
      }
    } catch { /* best effort */ }
  } finally {
    budget.cancel();
  }
}

/**
 * A call the gate did not judge in time: an edit or shell call is judged
 * again as one that changes files (the command classifier, the slow part,
 * skipped), so a deny that blocks changes still denies it. How long a call
 * takes to judge is the agent's to choose (a command built to cost the
 * classifier seconds), and on a loaded machine any call can run out: that
 * is no reason to let it through a deny. Allowed when this judgement runs
 * out of time too, or fails.
 */
async function late(
  env: GateEnv,
  payload: Payload,
  scale: number,
  warn: (m: string) => void,
): Promise<void> {
  const budget = env.budget(GATE_BUDGET_MS * scale);
  try {
    const asChange = decide(env, payload, "as_change");
    const result = await Promise.race([asChange, budget.expired]).catch(() => null);
    if (result === "timeout") env.abandoned?.(asChange.catch(() => null));
    if (result !== null && result !== "timeout") {
      warn("the gate did not finish in time; judged as a change, and denied");
      env.stdout(result + "\n");
      return;
    }
  } finally {
    budget.cancel();
  }
  warn("the gate did not finish in time; allowed");
}

/**
 * How a shell command is judged: by the classifier, or, when the gate ran
 * out of time, as one that changes files.
 */
type Judging = "judged" | "as_change";

/** The deny document to print, or null to allow: the first store that denies the call wins. */
async function decide(env: GateEnv, payload: Payload, judging: Judging): Promise<string | null> {
  // Not opted in, or no deny record: nothing to deny, found with lstat calls
  // only (the repository lookup and the config parser are not loaded).
  const { gateStores, startsOf } = await import("./gate_stores.ts");
  const cwd = payload.cwd ?? env.cwd();
  for (const s of await gateStores(env.fs, startsOf(cwd, payload.input))) {
    const denied = await decideIn(env, payload, s.root, s.stateDir, judging);
    if (denied !== null) return denied;
  }
  return null;
}

/** The deny document for the store of the work tree at `root`, or null. */
async function decideIn(
  env: GateEnv,
  payload: Payload,
  root: string,
  stateDir: string,
  judging: Judging,
): Promise<string | null> {
  const store = await import("./deny_store.ts");
  const { enforcePaths } = await import("./enforce_paths.ts");
  const p = enforcePaths(stateDir);
  const { records, faults } = await store.readDenies(env.fs, p);
  if (faults > 0) {
    env.stderr(
      `baton: hook pre-tool: ${faults} deny record(s) are invalid and were ignored (run baton handoff repair --write)\n`,
    );
    await store.recordFault(env.fs, p, env.now(), `${faults} invalid deny record(s)`);
  }
  if (records.length === 0) return null;
  const [{ readBatonConfig }, { findBatonLayout }, { DEFAULT_ORPHAN_MS }] = await Promise.all([
    import("../config/read_config.ts"),
    import("../store/find_layout.ts"),
    import("./deny_record.ts"),
  ]);
  const found = await findBatonLayout(env.fs, root);
  // The settings a commit carries may only tune (orphan hours); they cannot opt anyone in, and
  // a file a pull broke cannot switch off this machine's opt-in: the defaults are used.
  const orphanMs = await readBatonConfig(env.fs, found.layout.dir, {
    cache: "read-write",
    stateDir,
  }).then((c) => c.enforce.orphanMs, () => {
    env.stderr(
      "baton: hook pre-tool: .baton/config.yaml cannot be used; its defaults apply (run baton enforce status)\n",
    );
    return DEFAULT_ORPHAN_MS;
  });
  const [{ decideGate }, { toolCallOf }, { classifyCommand }, { readHead }, programs] =
    await Promise.all([
      import("./gate.ts"),
      import("./tool_call.ts"),
      import("../safety/command/classify.ts"),
      import("../facts/git/read_head.ts"),
      import("./repo_programs.ts"),
    ]);
  const branch = found.repo === null
    ? null
    : await readHead(env.fs, found.repo).then((h) => h.branch).catch(() => null);
  const call = toolCallOf(payload.tool, payload.input);
  // Read (the index too, for its submodules) only for a shell command that runs git.
  const repoRuns = found.repo === null || call.kind !== "shell" ||
      !programs.mentionsGit(call.command)
    ? false
    : await programs.repoRunsPrograms(env.fs, found.repo);
  // What the repository's host settings make a shell command run (hosts hand their shell tool
  // the environment those files set): no command it changes is read-only.
  const chosen = call.kind === "shell"
    ? await programs.environmentRunsPrograms(env.fs, root, payload.cwd ?? env.cwd())
    : { shell: false, git: false };
  const now = env.now();
  const { decision, orphans } = decideGate({
    mode: "deny",
    call,
    classify: (c) => judging === "as_change" || chosen.shell ? "review" : classifyCommand(c).class,
    records,
    caller: { session: payload.session, root, branch },
    nowMs: now.getTime(),
    orphanMs,
    batonWords: await env.printableBatonWords(),
    afterHandoff: await env.afterHandoff(),
    runsConfiguredPrograms: (c) => (repoRuns || chosen.git) && programs.mentionsGit(c),
  });
  if (orphans.length > 0) {
    env.stderr(
      `baton: hook pre-tool: ${orphans.length} orphaned deny(s) (session not seen for ${
        Math.round(orphanMs / 3600000)
      } h) no longer block; clear them with baton handoff bypass\n`,
    );
  }
  const own = records.find((r) => r.session === payload.session);
  if (own !== undefined && now.getTime() - Date.parse(own.last_seen_at) > SEEN_INTERVAL_MS) {
    // Its own file: rewriting the record here would race a resume or a bypass and reopen it.
    await store.markSeen(env.fs, p, own.session, now).catch(() => {});
  }
  if (decision.action === "allow") return null;
  return await hostDeny(env, decision.message);
}
