/**
 * `baton paste`: print the paste-only instructions for a chat tool that has
 * no shell (embedded in the binary).
 * @module
 */
import { boolFlag, type Command } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";

/** The paste command. */
export const pasteCommand: Command = {
  name: "paste",
  category: "everyday",
  summary: "Print instructions to paste into a chat that has no shell",
  description:
    "Prints the generic handoff instructions: paste them into a chat model that cannot run baton, and it answers with one JSON block in the draft format (meaning only, the same fields as baton preflight's template). The instructions explain why nothing the model writes can be marked verified. Save the answer and run baton ingest on it where a shell exists.",
  examples: ["baton paste", "baton paste | pbcopy", "baton paste --json | jq -r .text"],
  flags: [],
  async run(args, io) {
    const { HANDOFF_INSTRUCTIONS } = await import("../integrations/mod.ts");
    if (boolFlag(args, "json")) printJson(io, { text: HANDOFF_INSTRUCTIONS });
    else io.stdout.write(HANDOFF_INSTRUCTIONS);
    return 0;
  },
};
