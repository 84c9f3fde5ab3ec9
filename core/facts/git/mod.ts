/**
 * Git facts without a git binary: repository discovery, HEAD and refs
 * (loose and packed), config (with credential stripping), objects read by
 * pack offset (never a whole pack), and whether HEAD is published to a
 * remote-tracking ref. Every function takes the ReadFs capability; nothing
 * here touches Deno, the environment or the clock.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseGitConfig, getConfigValue, stripUrlCredentials } from "./mod.ts";
 * const config = parseGitConfig('[remote "origin"]\n\turl = https://me:tok@example.com/r.git\n');
 * const url = getConfigValue(config, "remote.origin.url");
 * assert.equal(stripUrlCredentials(url ?? ""), "https://example.com/r.git");
 * ```
 * @module
 */
export { findRepo, type FindRepoOptions } from "./find_repo.ts";
export { type HeadInfo, readHead } from "./read_head.ts";
export { type ResolvedRef, resolveRef, type ResolveRefOptions } from "./resolve_ref.ts";
export { listRefs, type ListRefsOptions, type RefEntry } from "./list_refs.ts";
export { type PackedRef, parsePackedRefs } from "./packed_refs.ts";
export { type GitConfig, type GitConfigEntry, parseGitConfig } from "./parse_config.ts";
export {
  getConfigBool,
  getConfigEntries,
  getConfigValue,
  listConfigSubsections,
  parseConfigBool,
} from "./config_lookup.ts";
export {
  defaultGlobalConfigPaths,
  readRepoConfig,
  type ReadRepoConfigOptions,
  type RemoteInfo,
  type RepoConfig,
} from "./read_repo_config.ts";
export { stripUrlCredentials } from "./strip_url_credentials.ts";
export { createObjectReader, type ObjectReaderOptions } from "./object_reader.ts";
export { type Commit, type GitIdentity, parseCommit, parseIdentity } from "./parse_commit.ts";
export { parseTree, type TreeEntry } from "./parse_tree.ts";
export { parseTag, type Tag } from "./parse_tag.ts";
export {
  checkPublished,
  type CheckPublishedOptions,
  type PublishedResult,
} from "./check_published.ts";
export { type InProgressOperation, inProgressOperation } from "./in_progress_operation.ts";
export {
  GitConfigSyntaxError,
  GitCorruptError,
  GitLimitError,
  GitUnsupportedError,
} from "./errors.ts";
