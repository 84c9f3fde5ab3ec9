/**
 * `baton decisions`: what is decided now, across the whole capsule chain.
 * @module
 */
import { boolFlag, type Command } from "./_cli/command.ts";
import { printJson } from "./_adapters/context.ts";
import { shortId } from "../core/capsule/capsule_id.ts";
import { safeInline } from "../core/safety/render_safe.ts";
import { shapedRecordId } from "../core/capsule/header_fields.ts";

/** The decisions command. */
export const decisionsCommand: Command = {
  name: "decisions",
  category: "everyday",
  summary: "Show the decisions in force across the whole chain",
  description:
    "Walks the capsule chain (as baton verify does, the decisions of capsules pruned by baton rotate included) and folds every decision oldest to newest: a decision keeps its id across capsules, a later decision with supersedes replaces the one it names, and a decision repeated with status withdrawn is no longer in force. A capsule not signed by a key this machine trusts (a pull request, baton pull) never changes a decision a trusted capsule made: the change is listed as not applied. A decision whose capsule (or rotation tombstone) is not signed by a trusted key says so and is never verified. Prints the decisions in force, each with its id, trust, text, and when and in which capsule it was made; --all adds the superseded ones (with what replaced them) and the withdrawn ones. Text from capsules is redacted and neutralised. When the chain does not verify, a last line says so and the view covers only the capsules reached. Exit 0.",
  examples: ["baton decisions", "baton decisions --all --json"],
  flags: [{
    name: "all",
    type: "boolean",
    summary: "Also show superseded and withdrawn decisions",
  }],
  async run(args, io) {
    const all = boolFlag(args, "all");
    const { walkDecisions } = await import("../core/chain/chain_decisions.ts");
    const { loadSafeOutput } = await import("./_cli/safe_output.ts");
    const safe = await loadSafeOutput();
    const { walkChainHere } = await import("./_adapters/walk_chain.ts");
    const { walk, repo } = await walkChainHere(io);
    const { writtenElsewhere: placeCheck } = await import("../core/store/written_elsewhere.ts");
    const view = await walkDecisions(walk, placeCheck(io.fs, repo));
    const shown = all ? view.views : view.views.filter((v) => v.status === "active");
    if (boolFlag(args, "json")) {
      printJson(io, {
        chain: walk.status,
        complete: view.complete,
        capsules: view.capsules,
        untrusted_pruned: view.untrusted_pruned,
        pruned: walk.pruned,
        decisions: safe.deep(shown),
      });
      return 0;
    }
    /** A capsule's words: redacted first, then with any bracketed trust label escaped. */
    const words = (text: string): string => safeInline(safe.line(text));
    if (shown.length === 0) io.stderr.write("No decisions in force\n");
    for (const v of shown) {
      const made = `${v.made.created_at} ${shortId(v.made.capsule_id)}${
        v.made.via === "tombstone" ? " via the rotation tombstone" : ""
      }${
        v.made.elsewhere === true
          ? ", written in another repository (the commit or work tree it records is not here)"
          : v.made.trusted
          ? ""
          : v.made.via === "tombstone"
          ? ", which the tombstone credits to no trusted key"
          : ", not signed by a trusted key"
      }`;
      const tail = v.status === "active"
        ? ""
        : v.status === "superseded"
        ? ` -> superseded ${v.superseded_by!.at.created_at} by ${
          v.superseded_by!.id === null ? "(no successor)" : shapedRecordId(v.superseded_by!.id)
        }`
        : ` -> withdrawn ${v.withdrawn!.at.created_at}: ${words(v.withdrawn!.reason)}`;
      // The id and text are a capsule's words, maybe a stranger's: the id is printed only in
      // a record id's shape, and a "[verified]" in the text is escaped as in the briefing,
      // so only baton's own label reads as one.
      io.stdout.write(
        safe.line(
          `${v.status.padEnd(10)} ${shapedRecordId(v.id)} [${v.trust}] ${
            words(v.text)
          } (made ${made})${tail}`,
        ) + "\n",
      );
      for (const i of v.ignored) {
        io.stdout.write(
          safe.line(
            `           not applied: ${i.action} by ${i.at.created_at} ${
              shortId(i.at.capsule_id)
            }, ${
              i.at.elsewhere === true
                ? "which was written in another repository (the commit or work tree it records is not here)"
                : "which is not signed by a trusted key"
            }`,
          ) + "\n",
        );
      }
    }
    const hidden = view.views.length - shown.length;
    if (hidden > 0) io.stdout.write(`${hidden} superseded or withdrawn (see --all)\n`);
    if (view.untrusted_pruned > 0) {
      io.stdout.write(
        `${view.untrusted_pruned} older capsule(s) stand only in a rotation tombstone no trusted key signed: decisions they made may be missing here\n`,
      );
    }
    if (walk.status === "tampered") {
      io.stdout.write(
        "chain: CRITICAL problems (run baton verify): the view covers only the capsules reached\n",
      );
    }
    return 0;
  },
};
