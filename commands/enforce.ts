/**
 * `baton enforce on | off | status`: opts a repository in to (or out of)
 * the mutation gate on this machine (recorded under `<git dir>/baton/`,
 * never in a file a commit carries).
 * @module
 */
import { UsageError } from "../core/errors.ts";
import { boolFlag, type Command } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";

/** The enforce command. */
export const enforceCommand: Command = {
  name: "enforce",
  category: "setup",
  summary: "Opt this repository in to or out of the mutation gate",
  usage: "on|off|status",
  maxPositionals: 1,
  description:
    "status prints the mode (deny when this machine opted in, else advise; a committed enforce: deny in .baton/config.yaml is shown but opts nobody in) and the denies on record. on records the opt-in on this machine, under <git dir>/baton/enforce/ where no commit or clone reaches it, after confirmation (a question on a terminal, or --yes); from then on baton handoff write can deny a session's changes. off is for a person: it asks for confirmation on a terminal (an agent's shell cannot answer, so an agent cannot clear its own deny), removes the opt-in and moves every deny record aside, so nothing blocks any more; it needs no key. BATON_ENFORCE=off in the person's own environment turns the gate off without touching the repository; an off that a file in the repository could have set (a committed .claude/settings.json env block, a .env a host loads, and the other host files core/enforce/repo_off_switch.ts lists) is not honoured, and status names the file. baton never creates deny state in a repository that has not opted in. on and off also add or remove the gate's pre-tool hook in every host installed in this repository (project scope), so a repository that has not opted in starts no baton process before a tool call.",
  examples: ["baton enforce status", "baton enforce on --yes", "baton enforce off"],
  flags: [
    { name: "yes", type: "boolean", summary: "on: confirm without asking (off always asks)" },
  ],
  async run(args, io) {
    const action = args.positionals[0] ?? "status";
    if (!["on", "off", "status"].includes(action)) {
      throw new UsageError("Expected on, off or status");
    }
    const { runEnforce } = await import("../core/enforce/enforce_mode.ts");
    const { handoffEnv } = await import("./_adapters/deny_env.ts");
    const { confirmOnTerminal } = await import("./_cli/confirm.ts");
    const env = handoffEnv(io, (q) => confirmOnTerminal(io, q));
    const result = await runEnforce(env, action as "on" | "off" | "status", boolFlag(args, "yes"));
    let hooks: string[] = [];
    if (action !== "status") {
      const { syncGateHooks } = await import("./_cli/hosts_args.ts");
      const sync = await syncGateHooks(io);
      hooks = sync.updated;
      // The opt-in is recorded either way; a host config that cannot be edited is named.
      // Its error names the config's path, and the repository's folder name is anyone's
      // (an escape sequence, a bidi override, a line break): one redacted, neutral line each.
      if (sync.failed.length > 0) {
        const { loadSafeOutput } = await import("./_cli/safe_output.ts");
        const safe = await loadSafeOutput();
        for (const f of sync.failed) {
          io.stderr.write(
            `baton: pre-tool hook not updated for ${safe.line(f)}; fix it and run baton install\n`,
          );
        }
      }
    }
    const said = hooks.length === 0
      ? ""
      : `\npre-tool hook ${action === "on" ? "registered" : "removed"} for: ${hooks.join(", ")}`;
    if (boolFlag(args, "json")) printJson(io, { ...result.json, hooks_updated: hooks });
    else io.stdout.write(result.text + said + "\n");
    return 0;
  },
};
