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

/**
 * `baton` and this process's invocation as shell text (one entry when they
 * are the same); without `baton` when `bare` is false ({@linkcode bareWordIsOwn}).
 */
export function acceptedBatonWords(
  invocation: BatonInvocation = currentInvocation(),
  bare = true,
): string[] {
  const own = renderShellCommand(invocation);
  if (!bare) return own === "baton" ? [] : [own];
  return own === "baton" ? ["baton"] : ["baton", own];
}

/**
 * Whether the word `baton` may be taken for baton: the shell finds it on the
 * PATH the host hands its tools and hooks alike, which a repository's host
 * settings can set (Claude Code's `env`, a `.env` a host loads), so the
 * first `baton` on it must not be a file a commit could have put in a work
 * tree around the current folder (commands/_adapters/invocation.ts), and no
 * entry before it may be relative (found from the shell's folder). With no
 * `baton` on PATH the word runs nothing. `home` is the person's
 * (commands/_adapters/home.ts).
 */
export async function bareWordIsOwn(io: Io, home: string | null): Promise<boolean> {
  const { inCurrentWorkTree } = await import("./invocation.ts");
  const windows = Deno.build.os === "windows";
  // Windows: `;` between entries, drive or UNC roots, and the names PATHEXT completes.
  const names = windows ? ["baton.exe", "baton.cmd", "baton.bat", "baton"] : ["baton"];
  const absolute = windows ? /^(?:[A-Za-z]:[\\/]|[\\/]{2})/ : /^\//;
  for (const dir of (io.env("PATH") ?? "").split(windows ? ";" : ":")) {
    if (dir === "") continue;
    if (!absolute.test(dir)) return false;
    for (const name of names) {
      const st = await io.fs.stat(`${dir}/${name}`).catch(() => null);
      if (st === null || st.isDirectory) continue;
      return !inCurrentWorkTree(`${dir}/${name}`, home);
    }
  }
  return true;
}

/**
 * The accepted words with the one to print first: `baton` when the
 * `baton` found on PATH resolves to this program, else the invocation.
 */
export async function printableBatonWords(
  io: Io,
  invocation: BatonInvocation = currentInvocation(),
  bare = true,
): Promise<string[]> {
  const words = acceptedBatonWords(invocation, bare);
  if (words.length < 2) return words;
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
