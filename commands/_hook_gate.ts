/**
 * Edge: `baton hook pre-tool --host H` — the mutation gate. The escape
 * hatch is checked first, before anything else is loaded; then the opt-in
 * (BATON_ENFORCE=off, `.baton/config.yaml` enforce: deny); then the deny
 * records. It denies only on a positive decision: on any error, timeout or
 * malformed state it allows, prints one line on stderr and records the
 * fault. Always exits 0; stdout holds the host's deny document or nothing.
 * @module
 */
import type { ParsedArgs } from "./_cli/command.ts";
import type { Io } from "./_adapters/io.ts";

/** The gate gives up (and allows) after this long. */
const GATE_BUDGET_MS = 1500;
/** A denier's last-seen time is refreshed at most this often. */
const SEEN_INTERVAL_MS = 60_000;

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

/** The largest payload the gate reads (a Write of a big file carries the whole file). */
const MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;

/**
 * A payload too large to read: denied when a store that would judge a call
 * from this directory enforces and holds an open deny (whose session cannot
 * be told), else allowed.
 */
async function oversized(io: Io, args: ParsedArgs, warn: (m: string) => void): Promise<number> {
  try {
    if (io.env("BATON_ENFORCE") === "off") return 0;
    const { gateStores } = await import("./_gate_stores.ts");
    const { readBatonConfig } = await import("./_config.ts");
    const { batonLayout } = await import("../core/store/layout.ts");
    const { readDenies } = await import("./_enforce_store.ts");
    for (const batonDir of await gateStores(io, [io.cwd()])) {
      const config = await readBatonConfig(io, batonDir, { cache: "read-write" });
      if (config.enforce.mode !== "deny") continue;
      const layout = batonLayout(batonDir.slice(0, -"/.baton".length) || "/");
      if (!(await readDenies(io, layout)).records.some((r) => r.status === "open")) continue;
      io.stdout.write(
        await hostDeny(
          args,
          `baton: this tool call is larger than the gate reads (${
            MAX_PAYLOAD_BYTES / 1024 / 1024
          } MiB) while a handoff deny is on record in this repository; make the change in smaller steps. A person can turn the gate off with BATON_ENFORCE=off.`,
        ) + "\n",
      );
      return 0;
    }
  } catch { /* allowed below */ }
  return allowBig(warn);
}

/** The deny document in the shape of the host `--host` names (Claude Code's when unknown). */
async function hostDeny(args: ParsedArgs, reason: string): Promise<string> {
  const host = typeof args.flags.host === "string" ? args.flags.host : null;
  const { renderDeny } = await import("../core/enforce/deny_output.ts");
  const { isHostId } = await import("../core/hosts/ids.ts");
  return renderDeny(host !== null && isHostId(host) ? host : null, reason);
}

function allowBig(warn: (m: string) => void): number {
  warn("payload ignored: too large; allowed");
  return 0;
}

/** Runs the gate; always 0. */
export async function runGate(args: ParsedArgs, io: Io): Promise<number> {
  const warn = (m: string) => io.stderr.write(`baton: hook pre-tool: ${m}\n`);
  let bytes: Uint8Array;
  try {
    bytes = await io.readStdin(MAX_PAYLOAD_BYTES, { timeoutMs: 500 });
  } catch {
    // The size of a call is the agent's to choose: too large to read is no reason to let it
    // through where a deny is on record.
    return await oversized(io, args, warn);
  }
  const payload = readPayload(bytes);
  if (payload === null) {
    warn("payload ignored: not a tool call baton can read; allowed");
    return 0;
  }
  // The escape hatch, first: the printed resume always passes (the bypass is a
  // person's command, run in their own terminal, and never passes).
  const text = shellText(payload);
  if (text !== null) {
    const { acceptedBatonWords } = await import("./_adapters/baton_words.ts");
    for (const word of acceptedBatonWords()) {
      if (!text.startsWith(`${word} `)) continue;
      const rest = text.slice(word.length + 1);
      const resume = RESUME.exec(rest);
      if (resume !== null && resume[1] === payload.session && resume[1] !== resume[2]) return 0;
    }
  }
  if (io.env("BATON_ENFORCE") === "off") return 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), GATE_BUDGET_MS);
  });
  try {
    const result = await Promise.race([decide(io, payload, args), timeout]);
    if (result === "timeout") {
      warn("the gate did not finish in time; allowed");
      return 0;
    }
    if (result !== null) io.stdout.write(result + "\n");
  } catch (e) {
    warn(`internal error (${e instanceof Error ? e.name : "unknown"}); allowed`);
    try {
      const { findBatonLayout } = await import("../core/store/find_layout.ts");
      const { recordFault } = await import("./_enforce_store.ts");
      const found = await findBatonLayout(io.fs, payload.cwd ?? io.cwd());
      await recordFault(io, found.layout, `gate error ${e instanceof Error ? e.name : "unknown"}`);
    } catch { /* best effort */ }
  } finally {
    clearTimeout(timer);
  }
  return 0;
}

/** The deny document to print, or null to allow: the first store that denies the call wins. */
async function decide(io: Io, payload: Payload, args: ParsedArgs): Promise<string | null> {
  // Not opted in, or no deny record: nothing to deny, found with lstat calls
  // only (the repository lookup and the config parser are not loaded).
  const { gateStores, startsOf } = await import("./_gate_stores.ts");
  const cwd = payload.cwd ?? io.cwd();
  const stores = await gateStores(io, startsOf(cwd, payload.input));
  for (const batonDir of stores) {
    const denied = await decideIn(io, payload, args, batonDir.slice(0, -"/.baton".length) || "/");
    if (denied !== null) return denied;
  }
  return null;
}

/** The deny document for the store of the repository at `root`, or null. */
async function decideIn(
  io: Io,
  payload: Payload,
  args: ParsedArgs,
  root: string,
): Promise<string | null> {
  const { readBatonConfig } = await import("./_config.ts");
  const { findBatonLayout } = await import("../core/store/find_layout.ts");
  const found = await findBatonLayout(io.fs, root);
  const config = await readBatonConfig(io, found.layout.dir, { cache: "read-write" }).catch((e) => {
    io.stderr.write("baton: hook pre-tool: .baton/config.yaml cannot be used; allowed\n");
    throw e;
  });
  if (config.enforce.mode !== "deny") return null;
  const store = await import("./_enforce_store.ts");
  const { records, faults } = await store.readDenies(io, found.layout);
  if (faults > 0) {
    io.stderr.write(
      `baton: hook pre-tool: ${faults} deny record(s) are malformed and were ignored (run baton handoff repair --write)\n`,
    );
    await store.recordFault(io, found.layout, `${faults} malformed deny record(s)`);
  }
  if (records.length === 0) return null;
  const [{ decideGate }, { toolCallOf }, { classifyCommand }, { readHead }, words] = await Promise
    .all([
      import("../core/enforce/gate.ts"),
      import("../core/enforce/tool_call.ts"),
      import("../core/safety/command/classify.ts"),
      import("../core/facts/git/read_head.ts"),
      import("./_adapters/baton_words.ts"),
    ]);
  const branch = found.repo === null
    ? null
    : await readHead(io.fs, found.repo).then((h) => h.branch).catch(() => null);
  const workTree = found.repo?.workTree ?? root;
  const now = io.now();
  const { decision, orphans } = decideGate({
    mode: config.enforce.mode,
    call: toolCallOf(payload.tool, payload.input),
    classify: (c) => classifyCommand(c).class,
    records,
    caller: { session: payload.session, root: workTree, branch },
    nowMs: now.getTime(),
    orphanMs: config.enforce.orphanMs,
    batonWords: await words.printableBatonWords(io),
  });
  if (orphans.length > 0) {
    io.stderr.write(
      `baton: hook pre-tool: ${orphans.length} orphaned deny(s) (session not seen for ${
        Math.round(config.enforce.orphanMs / 3600000)
      } h) no longer block; clear them with baton handoff bypass\n`,
    );
  }
  const own = records.find((r) => r.session === payload.session);
  if (own !== undefined && now.getTime() - Date.parse(own.last_seen_at) > SEEN_INTERVAL_MS) {
    // Its own file: rewriting the record here would race a resume or a bypass and reopen it.
    await store.markSeen(io, found.layout, own.session, now).catch(() => {});
  }
  if (decision.action === "allow") return null;
  return await hostDeny(args, decision.message);
}
