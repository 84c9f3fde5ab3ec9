/**
 * The error a bad `.baton/config.yaml` raises: where (line and column, and
 * the key path by baton's own key names) and what kind of problem, never
 * the offending text. Pure.
 * @module
 */
import { type BatonErrorOptions, InputError } from "../errors.ts";

/** Where a problem sits in the config file (1-based). */
export interface ConfigPosition {
  line: number;
  column: number;
}

/** A config file that cannot be used: a YAML syntax error or a value baton refuses. */
export class ConfigError extends InputError {
  /** Position of the problem, when known. */
  readonly position: ConfigPosition | null;
  /** What is wrong, content-free (the message without its prefix and position). */
  readonly problem: string;

  /**
   * @param problem What is wrong, content-free.
   * @param position Line and column, when known.
   * @param options Data and cause.
   */
  constructor(problem: string, position: ConfigPosition | null, options: BatonErrorOptions = {}) {
    super(
      `Cannot use .baton/config.yaml: ${problem}${
        position === null ? "" : ` at line ${position.line}, column ${position.column}`
      }`,
      "config_invalid",
      {
        ...options,
        data: {
          ...options.data,
          line: position?.line ?? null,
          column: position?.column ?? null,
        },
      },
    );
    this.position = position;
    this.problem = problem;
  }
}
