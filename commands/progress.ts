/**
 * `baton progress add|verify|rebuild`: the append-only progress log and its
 * hash chain.
 * @module
 */
import { UsageError } from "../core/errors.ts";
import { boolFlag, type Command } from "./_cli/command.ts";
import { gitDiscovery, printJson, storeLock } from "./_adapters/context.ts";

/** The progress command. */
export const progressCommand: Command = {
  name: "progress",
  category: "agent-facing",
  summary: "Append to and verify the hash-chained progress log",
  description:
    "Keeps .baton/progress.md, an optional append-only log of dated entries (each from a '## YYYY-MM-DD' heading to the next), and a sha256 chain over its last 20 entries in the progress_chain key of index.json in baton's private state directory (<git dir>/baton, never committed). add TEXT appends one entry headed with today's date and time (text redacted, one line), under the store lock, after verifying the log (a log that does not verify is never appended to), and re-syncs the chain. verify checks the chained entries: each is hashed with LF line endings and without its trailing blank lines, everything else covered, so an edited, deleted, moved or inserted entry among the last 20 is CRITICAL while a CRLF-only change is not; a malformed index.json or chain record is CRITICAL too, never skipped; entries appended after the chain are counted as not yet chained; of the entries before its last 20 the chain holds only how many there were, so one inserted or deleted there is CRITICAL while one edited there goes unnoticed: what they say is counted as not verified. A log with entries and no chain on this machine (a clone, a deleted index) is unchained: it cannot be verified, add refuses it, and rebuild is how a person accepts it. rebuild accepts the log as it is now and re-chains it, keeping every other key of index.json and backing a malformed one up to index.json.bak. Exit 0 when intact or empty, 1 when tampered or unchained or when add meets a log that does not verify, 4 when another baton holds the lock.",
  usage: "add TEXT | verify | rebuild",
  maxPositionals: 1000,
  examples: [
    'baton progress add "lexer handles heredocs"',
    "baton progress verify --json",
    "baton progress rebuild",
  ],
  flags: [],
  async run(args, io) {
    const [action, ...words] = args.positionals;
    const json = boolFlag(args, "json");
    const { findBatonLayout } = await import("../core/store/find_layout.ts");
    const store = await import("../core/progress/progress_store.ts");
    const layout = (await findBatonLayout(io.fs, io.cwd(), gitDiscovery(io))).layout;
    if (action === "add") {
      if (words.length === 0) throw new UsageError("Missing TEXT: baton progress add TEXT");
      const { loadSafeOutput } = await import("./_cli/safe_output.ts");
      const text = (await loadSafeOutput()).value(words.join(" "));
      const r = await store.appendProgress(io.fs, layout, { text }, {
        now: io.now(),
        lock: storeLock(io),
      });
      if (json) printJson(io, { heading: r.heading, chained: r.chain.tail.length });
      else io.stdout.write(`appended ${r.heading}; ${r.chain.tail.length} entries chained\n`);
      return 0;
    }
    if (words.length > 0) throw new UsageError(`Too many arguments for "progress ${action}"`);
    if (action === "rebuild") {
      const r = await store.rebuildProgressChain(io.fs, layout, {
        now: io.now(),
        lock: storeLock(io),
      });
      if (json) printJson(io, { chained: r.chain.tail.length, backup: r.backup });
      else {
        if (r.backup !== null) {
          io.stdout.write(`backed up the malformed index.json to ${r.backup}\n`);
        }
        io.stdout.write(`re-chained ${r.chain.tail.length} entries\n`);
      }
      return 0;
    }
    if (action !== "verify") {
      throw new UsageError('Expected "add TEXT", "verify" or "rebuild" after "baton progress"');
    }
    const v = await store.verifyProgressLog(io.fs, layout);
    if (json) {
      const { loadSafeOutput } = await import("./_cli/safe_output.ts");
      printJson(io, (await loadSafeOutput()).deep(v));
    } else {
      const { loadSafeOutput } = await import("./_cli/safe_output.ts");
      const safe = await loadSafeOutput();
      for (const p of v.problems) {
        io.stdout.write(
          safe.line(
            `CRITICAL ${p.kind}: ${p.message}${p.heading === null ? "" : ` (${p.heading})`}`,
          ) +
            "\n",
        );
      }
      io.stdout.write(
        v.status === "intact"
          ? `progress: intact: ${v.chained} chained entries verified, ${v.unsynced} appended since (not yet chained)${
            v.unverified === 0
              ? ""
              : `; ${v.unverified} earlier entries are outside the chain (it covers the last ${v.chained} only): not verified`
          }\n`
          : v.status === "unchained"
          ? `progress: unchained: ${v.entries} entries and no chain on this machine, so they cannot be verified (read them, then accept them with baton progress rebuild)\n`
          : v.status === "empty"
          ? "progress: empty (no .baton/progress.md entries)\n"
          : `progress: TAMPERED: ${v.problems.length} CRITICAL problem(s)\n`,
      );
    }
    return v.status === "tampered" || v.status === "unchained" ? 1 : 0;
  },
};
