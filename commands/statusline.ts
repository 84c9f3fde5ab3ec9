/**
 * `baton statusline`: a Claude Code status-line command that shows the
 * context band.
 * @module
 */
import { boolFlag, type Command } from "./_cli/command.ts";
import { gitDiscovery, printJson } from "./_adapters/context.ts";
import { InputError, isCodedError } from "../core/errors.ts";
import { compareBands, evaluateBands } from "../core/bands/evaluate.ts";
import {
  joinSignals,
  readTranscriptSignals,
  type TranscriptBandSignals,
} from "../core/bands/signals.ts";
import { MAX_STATUS_LINE_BYTES, parseStatusLineInput } from "../core/bands/status_line.ts";
import { DEFAULT_BAND_THRESHOLDS } from "../core/config/bands_section.ts";
import { findBatonLayout } from "../core/store/find_layout.ts";
import { readBatonConfig } from "../core/config/read_config.ts";
import { bandsReport } from "./_cli/bands_report.ts";

/** The statusline command. */
export const statuslineCommand: Command = {
  name: "statusline",
  category: "agent-facing",
  summary: "Claude Code status line: show the context band",
  description:
    'For Claude Code\'s status line, not for people: reads the status-line JSON Claude Code writes on stdin (strictly, at most 256 KiB, waiting at most 0.5 s), takes the context-window fill from context_window.used_percentage (or, while that is null, computes it from current_usage and context_window_size, as Claude Code documents), adds depth and bytes from the transcript it names (the bounded scan of baton bands), and prints one short line: the band, the percentage when known, and the deciding signal above ok, e.g. "baton handoff 41% (depth)". To use it, add to ~/.claude/settings.json (or the project\'s .claude/settings.json): "statusLine": {"type": "command", "command": "baton statusline"} (with the full path of baton if it is not on PATH). Thresholds come from .baton/config.yaml of the session\'s directory; a bad file falls back to the defaults with one line on stderr. Input that is not a JSON object exits 2 with nothing on stdout. --json prints the report of baton bands instead.',
  examples: [
    "baton statusline < status.json",
    'echo \'{"context_window":{"used_percentage":55}}\' | baton statusline',
  ],
  flags: [],
  async run(args, io) {
    let bytes: Uint8Array;
    try {
      bytes = await io.readStdin(MAX_STATUS_LINE_BYTES, { timeoutMs: 500 });
    } catch {
      throw new InputError(
        `Cannot read the status-line input: it is larger than ${MAX_STATUS_LINE_BYTES} bytes`,
        "status_line_too_large",
      );
    }
    const input = parseStatusLineInput(bytes);
    const cwd = input.cwd ?? io.cwd();
    let thresholds = DEFAULT_BAND_THRESHOLDS;
    try {
      thresholds = (await readBatonConfig(
        io.fs,
        (await findBatonLayout(io.fs, cwd, gitDiscovery(io))).layout.dir,
      )).bands;
    } catch (e) {
      io.stderr.write(
        `baton: statusline: ${
          isCodedError(e) ? e.message : "config unreadable"
        }; using the default thresholds\n`,
      );
    }
    let fromFile: TranscriptBandSignals | null = null;
    if (input.transcriptPath !== null) {
      // The transcript may not exist yet (a new session): then only pct counts.
      fromFile = await readTranscriptSignals(io.fs, input.transcriptPath, {
        thresholds,
        host: "claude-code",
      })
        .catch(() => null);
    }
    const result = evaluateBands(
      joinSignals({ pct: input.pct }, fromFile?.signals ?? {}),
      thresholds,
    );
    if (boolFlag(args, "json")) {
      printJson(io, bandsReport(result, fromFile?.scan ?? null));
      return 0;
    }
    const pct = result.readings.find((r) => r.signal === "pct" && r.value !== null);
    const why = compareBands(result.band, "ok") > 0 ? ` (${result.deciding.join(", ")})` : "";
    io.stdout.write(
      `baton ${result.band}${pct === undefined ? "" : ` ${Math.round(pct.value!)}%`}${why}\n`,
    );
    return 0;
  },
};
