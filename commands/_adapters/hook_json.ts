/**
 * Edge: `baton hook --json`, the hook runner with its report printer. One
 * module, so that the runner, its edge and the printer load as one graph (a
 * second dynamic import builds a second one), and only under `--json`: a
 * host's hook never loads the printer and its invisible-character expression.
 * @module
 */
import type { HookArgs } from "../../core/hosts/runtime/run_hook.ts";
import type { Io } from "./io.ts";
import { runHookWithIo } from "./hook_io.ts";
import { printJson } from "../_cli/print_json.ts";

/** Runs the hook and prints its report as JSON (`--json`); always 0. */
export function runHookWithReport(io: Io, args: HookArgs): Promise<number> {
  return runHookWithIo(io, args, printJson);
}
