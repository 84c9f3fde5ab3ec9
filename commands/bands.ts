/**
 * `baton bands`: where the session stands against the context bands (ok,
 * warn, handoff, hard), from signals given as flags and read from a
 * transcript.
 * @module
 */
import { boolFlag, type Command, stringFlag } from "./_cli/command.ts";
import { printJson } from "./_cli/print_json.ts";
import { UsageError } from "../core/errors.ts";
import { HOST_IDS, isHostId } from "../core/hosts/ids.ts";
import { findBatonLayout } from "../core/store/find_layout.ts";
import { type BandSignals, evaluateBands } from "../core/bands/evaluate.ts";
import { BAND_SIGNALS } from "../core/config/bands_section.ts";
import { joinSignals, readTranscriptSignals } from "../core/bands/signals.ts";
import { readBatonConfig } from "../core/config/read_config.ts";
import { bandsReport, flagSignal } from "./_cli/bands_report.ts";
import { gitDiscovery } from "./_adapters/context.ts";

/** The bands command. */
export const bandsCommand: Command = {
  name: "bands",
  category: "agent-facing",
  summary: "Show the context band: ok, warn, handoff or hard",
  description:
    "Judges context pressure from the signals present, OR-joined (the highest band any signal reaches decides): --pct (context window used, percent; defaults warn 50, handoff 60, hard 80), --depth (tool calls since the last user turn; 20/30/40) and --bytes (transcript bytes since the last compaction; 128/192/256 KiB). --transcript FILE reads depth and bytes from a Claude Code or Codex transcript and depth from a Gemini CLI chat file or a Copilot CLI events file, and the context fill each host's own token accounting states (Claude Code usage over a 200k window assumed, 1M past it; Codex token_count; Gemini CLI tokens over the window it gives the model; Copilot CLI usage records over their maxPromptTokens; the reading says where the window came from), scanning backwards from the end in 64 KiB chunks and stopping at the compaction marker or after the bytes hard threshold plus one chunk, so a huge transcript costs what a small one does; a flag beats what the transcript says. A missing signal is ignored; a present one that is not a number or is out of range (negative, a fractional count, over 100%) counts as hard. Thresholds come from the bands: section of .baton/config.yaml (for example `bands: {pct: {warn: 40}}`; each value optional, positive, warn < handoff < hard after the defaults fill the rest; bytes at most 16 MiB); a bad file is an error with its line and column. Prints the band, the deciding signal(s) and the thresholds; --json: band, deciding, readings, missing, thresholds, transcript. Exit status 0 whatever the band (scripts read the band from the output: `baton bands --json | jq -r .band`); 2 for a bad flag or config file, 3 when the transcript file does not exist.",
  examples: [
    "baton bands --pct 62",
    "baton bands --transcript ~/.claude/projects/-home-u-app/SESSION.jsonl",
    "baton bands --transcript rollout.jsonl --host codex --json | jq -r .band",
  ],
  flags: [
    { name: "pct", type: "string", value: "N", summary: "Context window used, in percent" },
    { name: "depth", type: "string", value: "N", summary: "Tool calls since the last user turn" },
    {
      name: "bytes",
      type: "string",
      value: "N",
      summary: "Transcript bytes since the last compaction",
    },
    {
      name: "transcript",
      type: "string",
      value: "FILE",
      summary: "Read depth and bytes (and Codex's pct) from this transcript",
    },
    {
      name: "host",
      type: "string",
      value: "HOST",
      summary: "The transcript's host (claude-code, codex, gemini, ...); detected when absent",
    },
  ],
  async run(args, io) {
    const host = stringFlag(args, "host");
    if (host !== undefined && !isHostId(host)) {
      throw new UsageError(`Unknown host: expected one of ${HOST_IDS.join(", ")}`);
    }
    const found = await findBatonLayout(io.fs, io.cwd(), gitDiscovery(io));
    const config = await readBatonConfig(io.fs, found.layout.dir);
    const flags: BandSignals = {};
    for (const signal of BAND_SIGNALS) {
      const s = flagSignal(stringFlag(args, signal));
      if (s !== undefined) flags[signal] = s;
    }
    const file = stringFlag(args, "transcript");
    const fromFile = file === undefined
      ? null
      : await readTranscriptSignals(io.fs, file, { thresholds: config.bands, host: host ?? null });
    const result = evaluateBands(joinSignals(flags, fromFile?.signals ?? {}), config.bands);
    if (boolFlag(args, "json")) {
      printJson(io, bandsReport(result, fromFile?.scan ?? null));
      return 0;
    }
    // The human renderer loads only for human output (scripts and the OpenCode plugin read --json).
    const { describeReading, renderBandLine } = await import("../core/bands/render_band.ts");
    const t = config.bands;
    const lines = [
      renderBandLine(result),
      ...result.readings.map((r) => `  ${r.signal}: ${describeReading(r, result)} [${r.source}]`),
      ...result.missing.map((s) => `  ${s}: not available`),
      `thresholds warn/handoff/hard: pct ${t.pct.warn}/${t.pct.handoff}/${t.pct.hard}%, depth ${t.depth.warn}/${t.depth.handoff}/${t.depth.hard}, bytes ${
        [t.bytes.warn, t.bytes.handoff, t.bytes.hard].map((b) => Math.round(b / 1024)).join("/")
      } KiB`,
    ];
    io.stdout.write(lines.join("\n") + "\n");
    return 0;
  },
};
