/**
 * `baton load`: the briefing for a new session, re-checked against the
 * repository as it is now.
 * @module
 */
import { boolFlag, type Command, intFlag } from "./_cli/command.ts";
import { printJson, workflowContext } from "./_adapters/context.ts";
import { findBatonLayout } from "../core/store/find_layout.ts";

/** The load command. */
export const loadCommand: Command = {
  name: "load",
  category: "everyday",
  summary: "Print the briefing, re-checked against the repository now",
  description: [
    "Reads .baton/latest.md, checks its signature against the keys this machine trusts (an unsigned or unknown-key capsule keeps no verified or observed, and the briefing says so; see baton trust), applies the trust cap and re-checks the evidence that can be re-checked (commits and objects must exist, file hashes are compared with the files now; --json: evidence_checks).",
    "It re-checks root, remote, branch, HEAD, the whole-tree sets of changed tracked and untracked paths (naming what is new since capture and what no longer is, and for a tracked path changed then and now whether its git status code changed, such as an edit staged since) and every recorded changed file (by hash, or by size and mtime over the hash cap, which it calls weaker); each check says what it compared and a check that could not run is unknown with the reason, never match (--json: drift[].compared, drift[].sets). When the repository cannot be read the meaning is still printed, the affected checks say unavailable now and why, and --json has degraded: {reasons} (null otherwise); exit 0.",
    "It states the capsule's age and whether its HEAD is on a remote, and prints a budgeted briefing framed as claims to re-check. Untrusted items are withheld unless asked for; superseded decisions are hidden; a carried command is classified from its raw text (read_only, review or dangerous, as baton classify does) and shown inert with its class, defanged with its families when dangerous (--json: command_safety).",
    "With no capsule it prints nothing on stdout and exits 0.",
  ].join("\n\n"),
  examples: ["baton load", "baton load --max-chars 4000", "baton load --json | jq .drift"],
  flags: [
    {
      name: "include-untrusted",
      type: "boolean",
      summary: "Also show items whose trust is untrusted",
    },
    {
      name: "max-chars",
      type: "string",
      value: "N",
      default: "10000",
      summary: "Character budget of the briefing",
    },
  ],
  async run(args, io) {
    const json = boolFlag(args, "json");
    const maxChars = intFlag(args, "max-chars", 200, 1_000_000);
    const ctx = workflowContext(io);
    // Cheap check first: no capsule means no heavy modules are loaded.
    const found = await findBatonLayout(ctx.fs, ctx.cwd, ctx);
    if ((await io.fs.lstat(found.layout.latest)) === null) {
      const { listArchive } = await import("../core/store/capsule_store.ts");
      const archived = (await listArchive(io.fs, found.layout).catch(() => [])).length;
      const revive = archived > 0 ? { archived, revive_needed: true } : {};
      if (json) printJson(io, { capsule_id: null, text: "", ...revive });
      else if (archived > 0) {
        io.stderr.write(
          `No current capsule: latest.md is missing but the archive holds ${archived} file(s) under capsule names, none read here (a fresh clone or a pull); run baton revive to make a valid one current (baton verify checks them all)\n`,
        );
      } else io.stderr.write("No capsule yet: nothing to load (write one with baton finalize)\n");
      return 0;
    }
    const { loadBriefing } = await import("../core/workflow/load.ts");
    const result = await loadBriefing(ctx, {
      found,
      includeUntrusted: boolFlag(args, "include-untrusted"),
      ...(maxChars === undefined ? {} : { maxChars }),
    });
    if (result === null) {
      if (json) printJson(io, { capsule_id: null, text: "" });
      return 0;
    }
    if (json) printJson(io, result);
    else io.stdout.write(result.text + "\n");
    return 0;
  },
};
