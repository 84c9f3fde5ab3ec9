/**
 * Edge: the one place that says where the user's home directory and the
 * baton home are. The baton home holds this machine's signing key and the
 * trusted-keys file; it is per user and outside every repository:
 *
 * 1. `$BATON_HOME` when set (it must be an absolute path);
 * 2. else `$XDG_CONFIG_HOME/baton` when that is set and absolute;
 * 3. else `%APPDATA%/baton` on Windows;
 * 4. else `~/.config/baton` (macOS included, as most command-line tools do).
 *
 * Paths use "/" separators on every OS.
 * @module
 */
import type { Io } from "./io.ts";
import { isAbsolutePath as isAbsolute } from "../../core/path.ts";

/** Where the baton home is, or why it cannot be told. */
export type BatonHome = { ok: true; path: string } | { ok: false; reason: string };

function clean(value: string | undefined): string | null {
  if (value === undefined || value === "") return null;
  const p = value.replaceAll("\\", "/");
  return p.length > 1 && p.endsWith("/") ? p.slice(0, -1) : p;
}

/**
 * XDG_CONFIG_HOME as set (git's global config lookup reads it raw), or null.
 */
export function xdgConfigHome(io: Io): string | null {
  return io.env("XDG_CONFIG_HOME") ?? null;
}

/** The home directory (HOME, else USERPROFILE), or null. */
export function homeDir(io: Io): string | null {
  return clean(io.env("HOME")) ?? clean(io.env("USERPROFILE"));
}

/** The baton home directory, resolved as the module doc says. */
export function batonHome(io: Io, os: string = Deno.build.os): BatonHome {
  const explicit = clean(io.env("BATON_HOME"));
  if (explicit !== null) {
    return isAbsolute(explicit)
      ? { ok: true, path: explicit }
      : { ok: false, reason: "BATON_HOME is not an absolute path" };
  }
  const xdg = clean(io.env("XDG_CONFIG_HOME"));
  if (xdg !== null && isAbsolute(xdg)) return { ok: true, path: `${xdg}/baton` };
  if (os === "windows") {
    const appData = clean(io.env("APPDATA"));
    if (appData !== null && isAbsolute(appData)) return { ok: true, path: `${appData}/baton` };
  }
  const home = homeDir(io);
  if (home !== null && isAbsolute(home)) return { ok: true, path: `${home}/.config/baton` };
  return { ok: false, reason: "no home directory is known (set BATON_HOME or HOME)" };
}

/**
 * The home directory as the person set it, for a hook, whose Io is not
 * guarded (commands/_adapters/repo_env.ts guards every command's): HOME,
 * else USERPROFILE, leaving out one a host file in a work tree around the
 * current folder sets (core/trust/repository_home.ts), null when none is
 * left or the search fails. A repository that set HOME to its superproject's
 * folder would otherwise make a launcher planted there the person's own.
 */
export async function personsHomeDir(io: Io): Promise<string | null> {
  const { outermostWorkTree } = await import("../../core/facts/git/outer_work_tree.ts");
  const { personsHome } = await import("../../core/trust/repository_home.ts");
  const cwd = io.cwd();
  const all = await outermostWorkTree(io.fs, cwd, null).catch(() => null);
  return clean((await personsHome(io.fs, all, cwd, (n) => io.env(n))) ?? undefined);
}
