/**
 * Prints what `baton commit` or `baton clean` did, as JSON or as text.
 * @module
 */
import type { HandoffCommitReport } from "../../core/handoff/handoff_commit.ts";
import { shortOid } from "../../core/facts/git/short_oid.ts";
import { HANDOFF_PATH } from "../../core/handoff/handoff_policy.ts";
import type { Io } from "../_adapters/io.ts";
import { printJson } from "../_adapters/context.ts";
import { safeWord } from "./command.ts";

/** Prints the report; returns the exit code (0). */
export function printHandoffReport(
  io: Io,
  kind: "put" | "remove",
  report: HandoffCommitReport,
  json: boolean,
): number {
  if (json) {
    printJson(io, report);
    return 0;
  }
  const what = kind === "put" ? "the handoff" : "the removal of .baton/";
  const branch = safeWord(report.branch);
  if (report.action === "unchanged") {
    io.stdout.write(
      kind === "put"
        ? `Nothing to commit: ${HANDOFF_PATH} in HEAD already matches the file\n`
        : "Nothing to remove: HEAD tracks nothing under .baton/\n",
    );
  } else if (report.action === "planned") {
    io.stdout.write(
      `Would commit ${what} on ${branch}${
        report.created_branch
          ? ` (a new branch: HEAD is ${
            report.reason === "detached"
              ? "detached"
              : `on the base branch ${safeWord(report.base ?? "")}`
          })`
          : ""
      }\n`,
    );
  } else {
    io.stdout.write(`Committed ${what} as ${shortOid(report.commit!)} on ${branch}\n`);
    if (report.created_branch) {
      io.stdout.write(
        `HEAD was ${
          report.reason === "detached"
            ? "detached"
            : `on the base branch ${safeWord(report.base ?? "")}`
        }: created and switched to ${branch}. Share it with: git push -u origin ${branch}\n`,
      );
    }
  }
  if (report.warning !== null) io.stderr.write(`${report.warning}\n`);
  return 0;
}
