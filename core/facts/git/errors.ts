/**
 * Typed errors raised by the git readers in this folder.
 *
 * Messages are content-free: they name the file kind and a position or a
 * length, never bytes read from the repository (which may hold secrets).
 * @module
 */
import { BatonError, type BatonErrorOptions, type CodedError, EXIT } from "../../errors.ts";

/**
 * Repository data is malformed: a bad HEAD, a truncated pack, an inflate
 * failure, a delta that does not apply.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GitCorruptError } from "./errors.ts";
 * const e = new GitCorruptError("Cannot read HEAD: it is neither a ref nor an object id", "git_head_invalid");
 * assert.equal(e.code, "git_head_invalid");
 * ```
 */
export class GitCorruptError extends BatonError {
  /**
   * @param message What could not be read and why, without file content.
   * @param code Stable code, `git_*`.
   * @param options Data and cause.
   */
  constructor(message: string, code = "git_corrupt", options: BatonErrorOptions = {}) {
    super(message, code, EXIT.io.code, options);
  }
}

/**
 * The repository uses a format these readers do not implement (reftable,
 * pack index v3, an unknown object type). Callers report "unsupported"
 * rather than guessing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GitUnsupportedError } from "./errors.ts";
 * const e = new GitUnsupportedError("Cannot read refs: reftable storage is not supported", "git_reftable_unsupported");
 * assert.equal(e.exitCode, 6);
 * ```
 */
export class GitUnsupportedError extends BatonError {
  /**
   * @param message What is unsupported.
   * @param code Stable code, `git_*_unsupported`.
   * @param options Data and cause.
   */
  constructor(message: string, code = "git_unsupported", options: BatonErrorOptions = {}) {
    super(message, code, EXIT.unavailable.code, options);
  }
}

/**
 * A safety bound was hit: an object larger than allowed, a delta chain or
 * alternates chain deeper than allowed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GitLimitError } from "./errors.ts";
 * const e = new GitLimitError("Cannot read object: 70000000 bytes exceeds the limit of 67108864", "git_object_too_large");
 * assert.equal(e.code, "git_object_too_large");
 * ```
 */
export class GitLimitError extends BatonError {
  /**
   * @param message Which bound and the sizes involved.
   * @param code Stable code.
   * @param options Data and cause.
   */
  constructor(message: string, code = "git_limit_exceeded", options: BatonErrorOptions = {}) {
    super(message, code, EXIT.io.code, options);
  }
}

/**
 * A git config file does not parse. A SyntaxError so `instanceof SyntaxError`
 * holds; the message gives the line number, never the line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GitConfigSyntaxError } from "./errors.ts";
 * const e = new GitConfigSyntaxError(3, "unterminated quote");
 * assert.ok(e instanceof SyntaxError);
 * assert.equal(e.data.line, 3);
 * ```
 */
export class GitConfigSyntaxError extends SyntaxError implements CodedError {
  /** Stable code. */
  readonly code = "git_config_invalid";
  /** Exit status: the user can fix the file. */
  readonly exitCode: number = EXIT.usage.code;
  /** 1-based line and the kind of problem. */
  readonly data: { line: number; problem: string };

  /**
   * @param line 1-based line number.
   * @param problem Short kind of problem, e.g. "unterminated quote".
   */
  constructor(line: number, problem: string) {
    super(`Cannot parse git config: ${problem} at line ${line}`);
    this.name = "GitConfigSyntaxError";
    this.data = { line, problem };
  }
}

/**
 * A git config file git must read cannot be read: the system file, or a
 * file an include names, that its permissions refuse. git passes over only
 * a global or XDG file it may not read; these it stops on ("unable to
 * access"), reading nothing of the repository. The message names which
 * file, never its path or content.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GitConfigUnreadableError } from "./errors.ts";
 * const e = new GitConfigUnreadableError("the system config file");
 * assert.equal(e.code, "git_config_unreadable");
 * assert.match(e.message, /system config file cannot be read/);
 * ```
 */
export class GitConfigUnreadableError extends BatonError {
  /** @param which The file, in words ("the system config file"). @param options Data and cause. */
  constructor(which: string, options: BatonErrorOptions = {}) {
    super(
      `Cannot read git config: ${which} cannot be read by this user, and git stops where it cannot`,
      "git_config_unreadable",
      EXIT.io.code,
      options,
    );
  }
}

/**
 * git refuses the repository: it is owned by another user and no
 * `safe.directory` of the system or global config names it ("dubious
 * ownership"). A command that reads or writes the repository as git would
 * refuses too, naming no path (the fix is the person's: `git config --global
 * --add safe.directory` with the path they trust).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GitOwnershipError } from "./errors.ts";
 * assert.equal(new GitOwnershipError().exitCode, 6);
 * ```
 */
export class GitOwnershipError extends BatonError {
  /** @param options Data and cause. */
  constructor(options: BatonErrorOptions = {}) {
    super(
      "git refuses this repository: it is owned by another user and safe.directory does not name it (if you trust it, add it with git config --global --add safe.directory, then run this again)",
      "git_dubious_ownership",
      EXIT.unavailable.code,
      options,
    );
  }
}
