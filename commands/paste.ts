/**
 * `baton paste`: what to paste into a chat tool that has no shell — the
 * instructions for the model's handoff block, or with --resume the last
 * capsule's meaning followed by them, to continue in a new chat. Only the
 * text to paste goes to stdout; what the person needs to know goes to
 * stderr.
 * @module
 */
import { NotFoundError } from "../core/errors.ts";
import { boolFlag, type Command } from "./_cli/command.ts";
import { gitDiscovery, printJson } from "./_adapters/context.ts";

/** Characters of the previous capsule's meaning --resume carries at most. */
const RESUME_MAX_CHARS = 4000;

/** The paste command. */
export const pasteCommand: Command = {
  name: "paste",
  category: "everyday",
  summary: "Print what to paste into a chat that has no shell",
  description: [
    "Prints only the text to paste into a chat model that cannot run baton: the instructions for answering, when the work stops, with one JSON block in the draft format (meaning only). Save that answer and run baton ingest on it where a shell exists. stderr says about how many tokens the text is and what to do next.",
    "With --resume, prints the latest capsule's meaning (budgeted, framed as a record to re-check rather than instructions) followed by the same instructions: paste it into a new chat to continue the work there and get an updated block back. The meaning is export's: from a capsule written in another repository it says so and shows verified and observed claims as claimed.",
  ].join("\n\n"),
  examples: ["baton paste | pbcopy", "baton paste --resume | xclip -selection clipboard"],
  flags: [{
    name: "resume",
    type: "boolean",
    summary: "Start with the latest capsule's meaning, to continue in a new chat",
  }],
  async run(args, io) {
    const { pasteInstructions, resumeText } = await import("../core/capsule/paste_text.ts");
    let text = pasteInstructions();
    let capsuleId: string | null = null;
    if (boolFlag(args, "resume")) {
      const { readLatest } = await import("../core/store/capsule_store.ts");
      const { findBatonLayout } = await import("../core/store/find_layout.ts");
      const { renderExport } = await import("../core/briefing/render_export.ts");
      const { createKeyRing } = await import("./_adapters/key_ring.ts");
      const trustedKeys = (await createKeyRing(io).trustedKeys()).keys;
      const found = await findBatonLayout(io.fs, io.cwd(), gitDiscovery(io));
      const parsed = await readLatest(io.fs, found.layout, { trustedKeys });
      if (parsed === null) {
        throw new NotFoundError(
          "Cannot resume: no capsule yet (baton paste prints the instructions for a first one)",
          "no_capsule",
        );
      }
      capsuleId = parsed.capsule.id;
      // Who signed it and where it was written, as export says them: without the signer every
      // capsule would read as unsigned, without the place another project's as this one's.
      const { writtenElsewhere } = await import("../core/store/written_elsewhere.ts");
      const elsewhere = await writtenElsewhere(io.fs, found.repo)(parsed.capsule.facts);
      text = resumeText(
        renderExport(
          parsed.capsule,
          "meaning",
          RESUME_MAX_CHARS,
          undefined,
          parsed.authorship,
          elsewhere,
        ).text,
      );
    }
    // About four characters a token in English prose: said as an estimate.
    const tokens = Math.ceil(text.length / 4);
    if (boolFlag(args, "json")) {
      printJson(io, { text, tokens_estimate: tokens, capsule_id: capsuleId });
      return 0;
    }
    io.stdout.write(text);
    io.stderr.write(
      `baton paste: about ${tokens} tokens; paste them into the chat. Save the model's final answer to a file and run: baton ingest FILE\n`,
    );
    return 0;
  },
};
