/**
 * The pre-tool gate's decision: allow or deny one tool call, given the
 * repository's enforcement mode, the deny records and the call. Pure; the
 * hook (core/enforce/run_gate.ts) reads the state and prints the host's shape.
 *
 * Order, cheapest and safest first: not opted in → allow; a recovery
 * command exactly as printed → allow; reads and unknown tools → allow; a
 * plain baton state command → allow; a read_only shell command → allow;
 * then the deny records (D1–D3); no deny → allow.
 * @module
 */
import {
  blockingDeny,
  type CallerScope,
  type DenyCode,
  type DenyRecord,
  SESSION_ID,
} from "./deny_record.ts";
import {
  type AfterHandoff,
  bypassCommand,
  isPlainBatonStateCommand,
  isPrintedRecovery,
  resumeCommand,
} from "./recovery.ts";
import { anonymousRefusal, deniedSessionRefusal, resumeRefusal } from "./sentences.ts";
import type { ToolCall } from "./tool_call.ts";

/** The repository's enforcement mode. */
export type EnforceMode = "deny" | "advise" | "off";

/** Why a call passed. */
export type AllowReason =
  | "not_enforced"
  | "recovery"
  | "read"
  | "unknown_tool"
  | "baton_state"
  | "read_only"
  | "no_deny";

/** The gate's answer. */
export type GateDecision =
  | { action: "allow"; reason: AllowReason }
  | { action: "deny"; code: DenyCode; session: string; message: string; recovery: string };

/** Inputs of {@linkcode decideGate}. */
export interface GateInput {
  mode: EnforceMode;
  call: ToolCall;
  /** The command classifier's class for a shell command. */
  classify(command: string): "read_only" | "review" | "dangerous";
  records: readonly DenyRecord[];
  caller: CallerScope;
  nowMs: number;
  orphanMs: number;
  /**
   * The ways this baton is started (`baton`, the installed path, the runtime
   * invocation); the first is the one printed in recovery commands.
   */
  batonWords: readonly string[];
  /** What each baton command may do after a handoff (the command table's AFTER_HANDOFF). */
  afterHandoff: Readonly<Record<string, AfterHandoff>>;
  /**
   * Whether the repository's configuration makes a command run programs it
   * names (core.fsmonitor, pagers, textconv drivers, aliases …): such a
   * command is never read-only here, whatever the classifier says.
   * @default {() => false}
   */
  runsConfiguredPrograms?: (command: string) => boolean;
}

/** Decides one call; also returns the orphaned denies it skipped. */
export function decideGate(input: GateInput): { decision: GateDecision; orphans: DenyRecord[] } {
  const allow = (reason: AllowReason) => ({
    decision: { action: "allow", reason } as const,
    orphans: [],
  });
  if (input.mode !== "deny") return allow("not_enforced");
  const call = input.call;
  if (call.kind === "shell") {
    const deniers = input.records.map((r) => r.session);
    if (isPrintedRecovery(call.command, input.caller.session, deniers, input.batonWords)) {
      return allow("recovery");
    }
  }
  if (call.kind === "read") return allow("read");
  if (call.kind === "other") return allow("unknown_tool");
  if (call.kind === "shell") {
    const plain = isPlainBatonStateCommand(call.command, {
      batonWords: input.batonWords,
      afterHandoff: input.afterHandoff,
      caller: input.caller.session,
    });
    if (plain) return allow("baton_state");
    if (
      input.classify(call.command) === "read_only" &&
      !(input.runsConfiguredPrograms?.(call.command) ?? false)
    ) return allow("read_only");
  }
  const { deny, orphans } = blockingDeny(input.records, input.caller, input.nowMs, input.orphanMs);
  if (deny === null) return { decision: { action: "allow", reason: "no_deny" }, orphans };
  const r = deny.record;
  const baton = input.batonWords[0] ?? "baton";
  if (
    deny.code === "D3" && input.caller.session !== null && SESSION_ID.test(input.caller.session)
  ) {
    return {
      decision: {
        action: "deny",
        code: "D3",
        session: r.session,
        recovery: resumeCommand(input.caller.session, r.session, baton),
        message: resumeRefusal(r, input.caller.session, baton),
      },
      orphans,
    };
  }
  const message = deny.code === "D3"
    ? anonymousRefusal(r, baton)
    : deniedSessionRefusal(r, deny.code, baton);
  return {
    decision: {
      action: "deny",
      code: deny.code,
      session: r.session,
      recovery: bypassCommand(r.session, baton),
      message,
    },
    orphans,
  };
}
