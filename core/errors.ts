/**
 * Typed errors for the whole library and the one exit-code table.
 *
 * Every error baton raises carries a stable `code` (part of the JSON output
 * contract) and an `exitCode`. Only main.ts maps errors to process exits.
 * Messages never quote file content, transcript text or values that may be
 * secrets: they give kinds, positions and lengths instead.
 * @module
 */

/** One documented exit status. */
export interface ExitStatus {
  /** The numeric process exit status. */
  code: number;
  /** When baton uses it. */
  meaning: string;
}

/**
 * The exit-code table, rendered into `--help`, the README and docs/commands.md. Each meaning
 * fits one line of `baton --help` at 80 columns (at most 74 characters).
 */
export const EXIT = {
  ok: { code: 0, meaning: "Success" },
  no: {
    code: 1,
    meaning: "Ran, and the answer is no (capsule invalid, check failed, doctor degraded)",
  },
  usage: { code: 2, meaning: "Usage or input error (unknown command or flag, malformed input)" },
  notFound: {
    code: 3,
    meaning: "Something named does not exist (no capsule, unknown id, missing file)",
  },
  busy: { code: 4, meaning: "Another process holds a lock baton needs (.baton, or a git ref)" },
  io: { code: 5, meaning: "A read or write failed (permissions, disk full)" },
  unavailable: {
    code: 6,
    meaning: "A required resource is unavailable here (for example the compile stub)",
  },
  unchecked: {
    code: 7,
    meaning: "Ran, and checked nothing: not a pass (done: no required gate ran)",
  },
  folded: {
    code: 10,
    meaning: "Capsule written as a fold: end this session, continue in a fresh one",
  },
  internal: { code: 70, meaning: "Internal error: please report it" },
} as const satisfies Record<string, ExitStatus>;

/** Data attached to an error for `--json` output; never holds untrusted content. */
export type ErrorData = Record<string, string | number | boolean | null>;

/** Options shared by every baton error constructor. */
export interface BatonErrorOptions {
  /** Structured, content-free details (positions, kinds, counts). */
  data?: ErrorData;
  /** The underlying error, kept for debugging. */
  cause?: unknown;
}

/** The shape main.ts relies on: a stable code and an exit status. */
export interface CodedError {
  code: string;
  exitCode: number;
  message: string;
  data?: ErrorData;
}

/**
 * Base class of every baton error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BatonError } from "./errors.ts";
 * const e = new BatonError("Cannot read capsule", "capsule_unreadable", 5);
 * assert.equal(e.toJSON().error.code, "capsule_unreadable");
 * ```
 */
export class BatonError extends Error implements CodedError {
  /** Stable machine-readable code. */
  readonly code: string;
  /** Process exit status main.ts uses. */
  readonly exitCode: number;
  /** Content-free details. */
  readonly data?: ErrorData;

  /**
   * @param message One line, capitalised, no trailing period.
   * @param code Stable code.
   * @param exitCode Exit status from {@linkcode EXIT}.
   * @param options Data and cause.
   */
  constructor(message: string, code: string, exitCode: number, options: BatonErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.exitCode = exitCode;
    if (options.data !== undefined) this.data = options.data;
  }

  /** The `--json` error object. */
  toJSON(): { error: { code: string; message: string; data?: ErrorData } } {
    return { error: errorObject(this) };
  }
}

/** Builds the JSON error object shared by every coded error. */
export function errorObject(e: CodedError): { code: string; message: string; data?: ErrorData } {
  return e.data === undefined
    ? { code: e.code, message: e.message }
    : { code: e.code, message: e.message, data: e.data };
}

/** Bad command line: unknown command or flag, missing argument. */
export class UsageError extends BatonError {
  /** @param message What was wrong and what is expected. @param options Data and cause. */
  constructor(message: string, options: BatonErrorOptions = {}) {
    super(message, "usage", EXIT.usage.code, options);
  }
}

/** Malformed or out-of-bounds input the user can fix (draft, capsule, payload). */
export class InputError extends BatonError {
  /** @param message What was wrong. @param code Stable code. @param options Data and cause. */
  constructor(message: string, code = "invalid_input", options: BatonErrorOptions = {}) {
    super(message, code, EXIT.usage.code, options);
  }
}

/** A named thing does not exist. */
export class NotFoundError extends BatonError {
  /** @param message What is missing. @param code Stable code. @param options Data and cause. */
  constructor(message: string, code = "not_found", options: BatonErrorOptions = {}) {
    super(message, code, EXIT.notFound.code, options);
  }
}

/** The .baton lock is held by another live process. */
export class LockBusyError extends BatonError {
  /** @param message Who holds it, without secrets. @param options Data and cause. */
  constructor(message: string, options: BatonErrorOptions = {}) {
    super(message, "lock_busy", EXIT.busy.code, options);
  }
}

/** A file-system operation failed. */
export class StorageError extends BatonError {
  /** @param message The action that failed. @param options Data and cause. */
  constructor(message: string, options: BatonErrorOptions = {}) {
    super(message, "io_failed", EXIT.io.code, options);
  }
}

/** A capsule failed validation (schema, id integrity). Exit 1: the answer is "invalid". */
export class CapsuleInvalidError extends BatonError {
  /** @param message Why it is invalid. @param code Stable code. @param options Data and cause. */
  constructor(message: string, code = "capsule_invalid", options: BatonErrorOptions = {}) {
    super(message, code, EXIT.no.code, options);
  }
}

/** Something this machine cannot provide (compile stub download). */
export class UnavailableError extends BatonError {
  /** @param message What is unavailable. @param options Data and cause. */
  constructor(message: string, options: BatonErrorOptions = {}) {
    super(message, "unavailable", EXIT.unavailable.code, options);
  }
}

/** True when a value carries a stable code and an exit status. */
export function isCodedError(e: unknown): e is CodedError {
  if (typeof e !== "object" || e === null) return false;
  const r = e as Record<string, unknown>;
  return typeof r.code === "string" && typeof r.exitCode === "number" &&
    typeof r.message === "string";
}

/**
 * Shortens and sanitises a word typed by the user for an error message. A
 * cut never splits a run of token characters (it drops the whole run), so
 * no prefix of a secret too short for the scanner to recognise is printed;
 * main.ts redacts and neutralises the finished message.
 */
export function safeWord(word: string): string {
  // deno-lint-ignore no-control-regex
  const clean = word.replace(/[\u0000-\u001f\u007f]/g, "?");
  if (clean.length <= 40) return JSON.stringify(clean);
  let cut = 40;
  const token = /[A-Za-z0-9+\/=_.~-]/;
  if (token.test(clean[cut - 1]!) && token.test(clean[cut]!)) {
    while (cut > 0 && token.test(clean[cut - 1]!)) cut--;
  }
  return JSON.stringify(`${clean.slice(0, cut)}…`);
}
