/**
 * `baton finalize`: merge a model's draft with facts collected now and write
 * the capsule.
 * @module
 */
import { EXIT, UsageError } from "../core/errors.ts";
import { boolFlag, type Command, stringFlag } from "./_cli/command.ts";
import { printJson, workflowContext, writtenJson } from "./_adapters/context.ts";
import { readInput } from "./_cli/read_input.ts";
import { renderRewrites } from "../core/capsule/render_rewrites.ts";
import { forkKeptLine } from "../core/workflow/fork_kept_line.ts";

/** Largest draft read from stdin or a file. */
const MAX_DRAFT_INPUT = 4 * 1024 * 1024;

/** What a fold asks of the agent, printed after the capsule line. */
const FOLD_NOTICE =
  "Fold: this session is done. Stop here and ask the user to start a fresh session (Claude Code: /clear, Codex CLI: /new, Gemini CLI: /clear, OpenCode: /new, Copilot CLI: /clear); its start hook shows this capsule.\n";

/**
 * The host and session a person named (BATON_HOST, BATON_SESSION) for this
 * machine to stamp into the capsule it signs: a host by its id, a session in
 * the session-id shape, else not stamped and said on stderr (never echoed).
 * A repository's host files cannot set either (main.ts reads them as unset).
 */
async function stampedOrigin(io: Parameters<Command["run"]>[1]) {
  const { HOST_IDS } = await import("../core/hosts/ids.ts");
  const { SESSION_ID } = await import("../core/enforce/deny_record.ts");
  const host = io.env("BATON_HOST") || null;
  const session = io.env("BATON_SESSION") || null;
  const hostOk = host === null || (HOST_IDS as readonly string[]).includes(host);
  const sessionOk = session === null || SESSION_ID.test(session);
  if (!hostOk) io.stderr.write("baton: BATON_HOST ignored: it names no host baton knows\n");
  if (!sessionOk) io.stderr.write("baton: BATON_SESSION ignored: not a session id's shape\n");
  return { host: hostOk ? host : null, session: sessionOk ? session : null };
}

/** The finalize command. */
export const finalizeCommand: Command = {
  name: "finalize",
  category: "agent-facing",
  summary: "Write a capsule from a draft plus facts collected now",
  description:
    "Parses the draft (JSON, meaning only; a fenced block or JSON inside prose is found as ingest finds it, trailing commas are ignored and a lone string is a list of one, each said in a note), collects repository facts, rewrites any trust or provenance a model may not claim and prints and records each rewrite with its reason, warns when supersedes names no decision in force, budgets the result, and stores it as .baton/latest.md and in the archive, linked to the capsule it replaces. Nothing is written when the draft is invalid. A draft with fold: true is a checkpoint that ends the session: after writing, finalize prints what to do (start a fresh session, whose start hook shows this capsule in full) and exits 10 (folded) instead of 0, so a host integration or script can tell a fold from a plain handoff. On a latest.md rolled back to an older capsule of its signer (a newer one that key signed is in the archive, or this clone's store made it current on this branch), or missing while the archive lacks the capsule this clone last made current, nothing is written and finalize exits 1 (rolled_back), as the capture hooks write nothing there: baton load says which capsule is newer and baton revive restores it; --over-rollback writes on top of the older one, a person's decision. On a latest.md a trusted teammate signed (or this user's own key, dated later: another of the user's clones) from another fork that leaves out the newest capsule this clone made current (its previous links, through the archive and a trusted rotation tombstone, never reach it), the capsule continues that newest instead and the teammate's stays in the archive, said on stderr (--json: fork_kept, its id), as the capture hooks do; when the archive no longer holds that newest, nothing is written (rolled_back); with --over-rollback the capsule goes on top of the teammate's either way.",
  examples: [
    "baton finalize --draft draft.json",
    "cat draft.json | baton finalize --draft - --json",
  ],
  flags: [
    {
      name: "draft",
      short: "d",
      type: "string",
      value: "FILE|-",
      summary: "The draft JSON file, or - for stdin (required)",
    },
    {
      name: "over-rollback",
      type: "boolean",
      summary: "Write on top of a rolled-back latest.md anyway",
    },
  ],
  async run(args, io) {
    const draftPath = stringFlag(args, "draft");
    if (draftPath === undefined) {
      throw new UsageError(
        'Missing --draft: expected "baton finalize --draft FILE" or "--draft -" for stdin',
      );
    }
    const bytes = await readInput(io, draftPath, {
      maxBytes: MAX_DRAFT_INPUT,
      what: "draft",
      missingCode: "draft_missing",
    });
    const { readDraft } = await import("../core/capsule/read_draft.ts");
    const { finalizeParsedDraft } = await import("../core/workflow/finalize.ts");
    const { checkSupersedes, supersedesWarning } = await import(
      "../core/workflow/supersedes_check.ts"
    );
    const read = readDraft(bytes);
    const ctx = workflowContext(io);
    const result = await finalizeParsedDraft(ctx, read.draft, {
      ...await stampedOrigin(io),
      refuseRolledBack: !boolFlag(args, "over-rollback"),
    });
    const supersedes = await checkSupersedes(ctx, result.capsule).catch(() => null);
    const warning = supersedes === null ? null : supersedesWarning(supersedes);
    if (!result.signing.signed) {
      io.stderr.write(
        `baton: capsule written unsigned (${result.signing.reason}): nothing in it keeps verified\n`,
      );
    }
    if (result.forkKept !== null) io.stderr.write(`baton: ${forkKeptLine(result.forkKept)}\n`);
    if (result.setAside !== null) {
      io.stderr.write(
        `baton: .baton/latest.md was not a regular file: set aside as .baton/${result.setAside}\n`,
      );
    }
    const c = result.capsule;
    if (boolFlag(args, "json")) {
      printJson(io, {
        ...writtenJson(result),
        status: c.status,
        downgrades: result.downgrades,
        rewrites: c.downgrades,
        notes: read.notes,
        warnings: warning === null ? [] : [warning],
        signed: result.signing.signed,
        signed_by: result.signing.fingerprint,
        pointers_dropped: c.pointers_dropped.length,
        budget: { dropped: c.budget.dropped.length, truncated: c.budget.truncated.length },
        fold: c.meaning.fold,
      });
    } else {
      io.stdout.write(`Wrote capsule ${c.id} to ${result.latestPath}\n`);
      for (const note of read.notes) io.stdout.write(`Note: ${note}\n`);
      if (warning !== null) io.stdout.write(`Warning: ${warning}\n`);
      if (result.downgrades > 0) {
        io.stdout.write(
          `Rewrote ${result.downgrades} trust/provenance claim(s) a model may not make:\n${
            renderRewrites(c.downgrades).join("\n")
          }\n`,
        );
      }
      if (c.pointers_dropped.length > 0) {
        io.stdout.write(
          `Dropped ${c.pointers_dropped.length} pointer(s) that lead outside the repository\n`,
        );
      }
      if (c.budget.dropped.length + c.budget.truncated.length > 0) {
        io.stdout.write("Budget applied: losses are listed in the capsule\n");
      }
      if (c.meaning.fold) io.stdout.write(FOLD_NOTICE);
    }
    return c.meaning.fold ? EXIT.folded.code : 0;
  },
};
