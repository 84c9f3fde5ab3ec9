/**
 * The pre-tool gate's decision: allow or deny one tool call, given the
 * repository's enforcement mode, the deny records and the call. Pure; the
 * hook (commands/_hook_gate.ts) reads the state and prints the host's shape.
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
  bypassCommand,
  isPlainBatonStateCommand,
  isPrintedRecovery,
  resumeCommand,
} from "./recovery.ts";
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
    if (isPlainBatonStateCommand(call.command, input.batonWords)) return allow("baton_state");
    if (input.classify(call.command) === "read_only") return allow("read_only");
  }
  const { deny, orphans } = blockingDeny(input.records, input.caller, input.nowMs, input.orphanMs);
  if (deny === null) return { decision: { action: "allow", reason: "no_deny" }, orphans };
  const r = deny.record;
  const baton = input.batonWords[0] ?? "baton";
  const capsule = r.capsule_id === null ? "" : ` in capsule ${r.capsule_id}`;
  if (
    deny.code === "D3" && input.caller.session !== null && SESSION_ID.test(input.caller.session)
  ) {
    const recovery = resumeCommand(input.caller.session, r.session, baton);
    return {
      decision: {
        action: "deny",
        code: "D3",
        session: r.session,
        recovery,
        message:
          `baton: session ${r.session} handed this work off${capsule}; read its briefing (${baton} load) and resume from it before changing files. Run exactly: ${recovery}`,
      },
      orphans,
    };
  }
  const recovery = bypassCommand(r.session, baton);
  const message = deny.code === "D3"
    ? `baton: session ${r.session} handed this work off${capsule}, and this call names no session to resume it. A person can release it from their own terminal with: ${recovery}`
    : `baton: this session handed its work off${capsule} and may not change files any more (${deny.code}). Continue in a fresh session: it is shown the capsule and the command to resume. A person can release this session from their own terminal with: ${recovery}`;
  return {
    decision: { action: "deny", code: deny.code, session: r.session, recovery, message },
    orphans,
  };
}
