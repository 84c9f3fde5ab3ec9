/**
 * The error for a `.gitmodules` git reads from a blob that is not here (a
 * partial clone's), shared by the work-tree scan, which reads the index's
 * blob, and the submodule reader, which falls back to HEAD's.
 * @module
 */
import { GitCorruptError } from "../git/errors.ts";

/**
 * The `.gitmodules` git would read is a blob (the index's or HEAD's: the work
 * tree has none) that is in no object store read, as in a partial clone: git
 * fetches it from the promisor remote and applies its `ignore` settings (or
 * stops where it cannot fetch). Which of a submodule's changes git shows is
 * then not known, so each gitlink is unchecked; the rest of the tree is not
 * touched by it. Content-free.
 */
export class GitmodulesBlobMissingError extends GitCorruptError {
  constructor() {
    super(
      "the .gitmodules git reads is a blob in no object store read (a partial clone's: git fetches it), so which submodule changes git shows is not known",
      "git_gitmodules_blob_missing",
    );
  }
}
