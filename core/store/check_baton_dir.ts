/**
 * Refuses a `.baton` that leads out of the repository: a cloned repository
 * could ship `.baton` (or `.baton/capsules`, `state`, `lock`) as a symbolic
 * link, and following it would write baton's state, or read a capsule,
 * somewhere else on the machine. A link in place of a file (`latest.md`, an
 * archived capsule) is different: it is never read (the readers refuse it,
 * {@linkcode refuseFileLink}), and a write replaces the link itself by an
 * atomic rename, never writing through it, so a committed link cannot stop
 * a capture. Edge-free: I/O through `ReadFs`.
 * @module
 */
import { BatonError, EXIT } from "../errors.ts";
import { PathEscapeError, type ReadFs } from "../fs.ts";
import type { BatonLayout } from "./layout.ts";

/** `.baton` or a path baton manages inside it is a symbolic link. */
export class BatonDirLinkError extends BatonError {
  /**
   * @param path The link (baton's own path, safe to show).
   * @param kind What baton keeps there: a directory, or a file (latest.md).
   */
  constructor(path: string, kind: "directory" | "file" = "directory") {
    super(
      `Cannot use "${path}": it is a symbolic link, and baton keeps its state only in real ${
        kind === "file" ? "files" : "directories"
      } inside the repository; remove the link${
        kind === "file" ? " (baton writes the file again)" : " and make a directory there"
      }`,
      "baton_dir_symlink",
      EXIT.io.code,
      { data: { path } },
    );
  }
}

/**
 * Checks `.baton` and the directories baton manages in it; missing ones are
 * fine. A link at `latest.md` is left to the readers ({@linkcode refuseFileLink})
 * and replaced by the next write.
 * @throws {BatonDirLinkError}
 */
export async function checkBatonDir(fs: ReadFs, layout: BatonLayout): Promise<void> {
  const top = await fs.lstat(layout.dir);
  if (top === null) return;
  if (top.isSymlink) throw new BatonDirLinkError(layout.dir);
  for (const path of [layout.capsules, layout.state, layout.lock]) {
    if ((await fs.lstat(path))?.isSymlink === true) throw new BatonDirLinkError(path);
  }
}

/**
 * Refuses to read a file of the store (`latest.md`, an archived capsule)
 * that is a symbolic link: its target is a stranger's choice.
 * @throws {BatonDirLinkError} when `path` is a symbolic link.
 */
export async function refuseFileLink(fs: ReadFs, path: string): Promise<void> {
  if ((await fs.lstat(path))?.isSymlink === true) throw new BatonDirLinkError(path, "file");
}

/**
 * The real path `.baton` must resolve to (the repository's real root plus
 * `/.baton`), checked: writes pass it as `within`.
 * @throws {PathEscapeError} when `.baton` resolves anywhere else.
 */
export async function realBatonDir(fs: ReadFs, layout: BatonLayout): Promise<string> {
  const root = layout.dir.slice(0, layout.dir.lastIndexOf("/")) || "/";
  const expected = `${(await fs.realPath(root)).replace(/\/+$/, "")}/.baton`;
  if ((await fs.realPath(layout.dir)) !== expected) throw new PathEscapeError(layout.dir, expected);
  return expected;
}
