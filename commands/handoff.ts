/**
 * `baton handoff write | resume | bypass | repair | unlock | status`: the
 * session-terminal deny's lifecycle. Dry run unless --write; every change
 * runs under the session's lock and appends chained, authenticated
 * evidence to the manifest under `<git dir>/baton/enforce/`, rolled back if
 * that fails.
 * @module
 */
import { UsageError } from "../core/errors.ts";
import { boolFlag, type Command, stringFlag } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";

const ACTIONS = ["write", "resume", "bypass", "repair", "unlock", "status"] as const;

/** The handoff command. */
export const handoffCommand: Command = {
  name: "handoff",
  category: "agent-facing",
  summary: "Hand a session off: deny changes until a successor resumes",
  usage: "write|resume|bypass|repair|unlock|status",
  maxPositionals: 1,
  description:
    "Manages the session-terminal deny of a repository that opted in on this machine (baton enforce on; a committed enforce: deny opts nobody in). The deny records, locks and manifest live under <git dir>/baton/enforce, where no commit, clone or checkout reaches them. write --session S binds a deny to the latest capsule: from then on the pre-tool hook refuses S's mutating tool calls (D1, and D2 for good: a session that handed off never resumes work) and other sessions' mutating calls on the same work tree and branch (D3) until one of them runs resume; it refuses in a repository that has not opted in, when there is no capsule, and, where this machine has a key, when no key it trusts signed the latest one (a capsule committed, pulled or written by another machine is not this session's handoff). resume --session NEW --deny-session OLD is run by the successor: it consumes OLD's deny (exactly one successor per deny; the same session cannot resume itself, exit 2). bypass --session S releases a deny; only a person can, in their own terminal (it asks for confirmation, and the gate never lets an agent's bypass through). repair moves invalid deny records aside (the hook already ignores them) and never creates a deny. unlock --session S removes that session's lock when its owner is gone (the store lock's rule; a live owner is never displaced). status lists the denies (every field checked by its shape; an invalid record is counted, never printed) and verifies the manifest (its chain, its authentication, and a line for every deny), exit 1 when it does not verify. Reads, read_only commands (unless the repository's git configuration makes them run programs) and the baton commands the command table lets through after a handoff (never one that runs configured programs or denies another session) are never denied, the resume a deny prints always passes, and BATON_ENFORCE=off in the person's own environment turns the gate off (not when a file in the repository could have set it: enforce status names it). Everything is a dry run unless --write is given. The evidence lines are chained by sha256 and authenticated with a key kept in the baton home (made on first use); without it they are still written, unauthenticated.",
  examples: [
    "baton handoff write --session 3f1c2a9e --write",
    "baton handoff resume --session 7d2e --deny-session 3f1c2a9e --write",
    "baton handoff status --json",
  ],
  flags: [
    { name: "session", type: "string", value: "ID", summary: "The session acted for" },
    {
      name: "deny-session",
      type: "string",
      value: "ID",
      summary: "resume: the session whose deny is consumed",
    },
    { name: "host", type: "string", value: "HOST", summary: "write: the host the session runs in" },
    { name: "write", type: "boolean", summary: "Act (otherwise a dry run)" },
  ],
  async run(args, io) {
    const action = args.positionals[0];
    if (action === undefined || !(ACTIONS as readonly string[]).includes(action)) {
      throw new UsageError(`Expected one of: ${ACTIONS.join(", ")}`);
    }
    const { runHandoff } = await import("../core/enforce/handoff_lifecycle.ts");
    const { handoffEnv } = await import("./_adapters/deny_env.ts");
    const { confirmOnTerminal } = await import("./_cli/confirm.ts");
    const env = handoffEnv(io, (q) => confirmOnTerminal(io, q));
    const result = await runHandoff(env, action as typeof ACTIONS[number], {
      session: stringFlag(args, "session") ?? null,
      denySession: stringFlag(args, "deny-session") ?? null,
      host: stringFlag(args, "host") ?? null,
      write: boolFlag(args, "write"),
    });
    if (boolFlag(args, "json")) printJson(io, result.json);
    else io.stdout.write(result.text + "\n");
    return result.code;
  },
};
