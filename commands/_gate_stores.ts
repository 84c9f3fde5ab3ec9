/**
 * Edge: which stores a tool call may fall under, for the mutation gate.
 * The call's working directory (real path: a symbolic link leads to the
 * same store) and, for an edit, the file it writes: every repository at or
 * above each of them whose `.baton/` opted in and holds deny records. A
 * session that moves into a nested repository (a submodule, a vendored
 * checkout) is still judged by the outer one's denies. Only lstat and
 * realpath calls; the first directory without any is skipped quickly.
 * @module
 */
import type { Io } from "./_adapters/io.ts";

/** Keys of an edit tool's input that name the file written. */
const PATH_KEYS = ["file_path", "filePath", "path", "target_file", "notebook_path"];

function parentOf(path: string): string {
  const up = path.replace(/\/[^/]*$/, "");
  return up === "" ? "/" : up;
}

/** The directories to start from: the cwd and an edit's target folder, made absolute. */
export function startsOf(cwd: string, input: unknown): string[] {
  const starts = [cwd];
  if (typeof input === "object" && input !== null) {
    const o = input as Record<string, unknown>;
    for (const k of PATH_KEYS) {
      const v = o[k];
      if (typeof v !== "string" || v === "") continue;
      starts.push(parentOf(v.startsWith("/") ? v : `${cwd.replace(/\/+$/, "")}/${v}`));
    }
  }
  return starts;
}

/** The `.baton` directories with a config and deny records above `starts`, nearest first. */
export async function gateStores(io: Io, starts: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const start of starts) {
    // A file that does not exist yet: walk from its nearest existing folder.
    let dir = start.replace(/(.)\/+$/, "$1");
    let real: string | null = null;
    for (let i = 0; i < 256 && real === null; i++) {
      real = await io.fs.realPath(dir).catch(() => null);
      if (real === null) {
        const up = parentOf(dir);
        if (up === dir) break;
        dir = up;
      }
    }
    if (real === null) continue;
    dir = real;
    for (let i = 0; i < 256; i++) {
      const base = dir === "/" ? "" : dir;
      if (
        !found.includes(`${base}/.baton`) &&
        (await io.fs.lstat(`${base}/.git`)) !== null &&
        (await io.fs.lstat(`${base}/.baton/enforce/denies`)) !== null &&
        (await io.fs.lstat(`${base}/.baton/config.yaml`)) !== null
      ) found.push(`${base}/.baton`);
      const up = parentOf(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  return found;
}
