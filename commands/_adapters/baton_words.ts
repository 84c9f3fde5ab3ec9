/**
 * Edge: the ways this baton is started, for the mutation gate. The gate
 * lets through the recovery commands and baton's own state commands when
 * they start with the word `baton` or with this process's exact invocation
 * (the binary's path, or the runtime with its flags and main.ts: the text
 * the hooks and the band advisories print). A printed recovery command
 * starts with `baton` only when that word on PATH is this very program;
 * otherwise with the invocation, so the printed text runs as it stands.
 * @module
 */
import { renderShellCommand } from "../../core/hosts/shell_quote.ts";
import { currentInvocation } from "./invocation.ts";
import type { BatonInvocation } from "../../core/hosts/hook_command.ts";
import type { Io } from "./io.ts";

/** `baton` and this process's invocation as shell text (one entry when they are the same). */
export function acceptedBatonWords(invocation: BatonInvocation = currentInvocation()): string[] {
  const own = renderShellCommand(invocation);
  return own === "baton" ? ["baton"] : ["baton", own];
}

/**
 * The accepted words with the one to print first: `baton` when the
 * `baton` found on PATH resolves to this program, else the invocation.
 */
export async function printableBatonWords(
  io: Io,
  invocation: BatonInvocation = currentInvocation(),
): Promise<string[]> {
  const words = acceptedBatonWords(invocation);
  if (words.length === 1) return words;
  if (invocation.length === 1) {
    const self = await io.fs.realPath(invocation[0]!).catch(() => null);
    for (const dir of (io.env("PATH") ?? "").split(":")) {
      if (dir === "") continue;
      const found = await io.fs.realPath(`${dir}/baton`).catch(() => null);
      if (found === null) continue;
      if (found === self) return words;
      break;
    }
  }
  return [words[1]!, words[0]!];
}
