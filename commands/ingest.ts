/**
 * `baton ingest`: add a capsule a chat model wrote by following `baton paste`.
 * @module
 */
import { boolFlag, type Command } from "./_cli/command.ts";
import { printJson, workflowContext, writtenJson } from "./_adapters/context.ts";
import { forkKeptLine } from "../core/workflow/fork_kept_line.ts";
import { readInput } from "./_cli/read_input.ts";
import { renderRewrites } from "../core/capsule/render_rewrites.ts";

/** Largest answer read (the same bound as the core reader). */
const MAX_ANSWER_INPUT = 4 * 1024 * 1024;

/** The ingest command. */
export const ingestCommand: Command = {
  name: "ingest",
  category: "everyday",
  summary: "Add a capsule a chat model wrote from the paste instructions",
  usage: "[FILE | -]",
  description: [
    "Reads the model's answer (Markdown or prose around one JSON block, or bare JSON; FILE, or stdin when FILE is - or absent), picks the draft block and refuses an answer with two different ones, ignores trailing commas (saying so), validates it strictly, and adds it to the chain with trigger paste.",
    "Every claim is treated as model-authored: trust above claimed is rewritten and each rewrite recorded. Its facts are marked unavailable, so its briefing says they were never machine-checked when it was written; --with-facts attaches facts collected now, labelled as collected at ingest time.",
    "On a latest.md rolled back to an older capsule of its signer nothing is written and ingest exits 1 (rolled_back), as finalize does; --over-rollback writes on top anyway. On a latest.md a trusted teammate signed from another fork that leaves out the newest capsule this clone made current, the capsule continues that newest instead, and the teammate's stays in the archive, said on stderr (--json: fork_kept), as finalize does; with --over-rollback it goes on top of the teammate's.",
  ].join("\n\n"),
  examples: [
    "baton ingest answer.md",
    "pbpaste | baton ingest - --json",
    "baton ingest answer.md --with-facts",
  ],
  maxPositionals: 1,
  flags: [
    {
      name: "with-facts",
      type: "boolean",
      summary: "Attach repository facts collected now (labelled as collected at ingest time)",
    },
    {
      name: "over-rollback",
      type: "boolean",
      summary: "Write on top of a rolled-back latest.md anyway",
    },
  ],
  async run(args, io) {
    const source = args.positionals[0] ?? "-";
    const bytes = await readInput(io, source, {
      maxBytes: MAX_ANSWER_INPUT,
      what: "answer",
      missingCode: "answer_missing",
    });
    const withFacts = boolFlag(args, "with-facts");
    const { ingestAnswer } = await import("../core/workflow/ingest.ts");
    const result = await ingestAnswer(workflowContext(io), bytes, {
      withFacts,
      refuseRolledBack: !boolFlag(args, "over-rollback"),
    });
    const c = result.capsule;
    if (!result.signing.signed) {
      io.stderr.write(
        `baton: capsule written unsigned (${result.signing.reason}): nothing in it keeps verified\n`,
      );
    }
    if (result.forkKept !== null) io.stderr.write(`baton: ${forkKeptLine(result.forkKept)}\n`);
    const facts = withFacts ? "collected_at_ingest" : "unavailable";
    if (boolFlag(args, "json")) {
      printJson(io, {
        ...writtenJson(result),
        trigger: c.trigger,
        facts,
        block: result.block,
        downgrades: result.downgrades,
        rewrites: c.downgrades,
        signed: result.signing.signed,
        signed_by: result.signing.fingerprint,
      });
      return 0;
    }
    io.stdout.write(
      `Ingested capsule ${c.id} from the ${result.block.kind} JSON at line ${result.block.line} into ${result.latestPath}\n`,
    );
    if (result.block.trailingCommas) {
      io.stdout.write("Note: ignored trailing commas in the answer's JSON\n");
    }
    io.stdout.write(
      withFacts
        ? "Facts were collected now, at ingest time; the answer itself was never machine-checked\n"
        : "Facts: unavailable (nothing was machine-checked when the answer was written)\n",
    );
    if (result.downgrades > 0) {
      io.stdout.write(
        `Rewrote ${result.downgrades} trust/provenance claim(s) a model may not make:\n${
          renderRewrites(c.downgrades).join("\n")
        }\n`,
      );
    }
    return 0;
  },
};
