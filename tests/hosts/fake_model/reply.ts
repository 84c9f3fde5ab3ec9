/**
 * What every fake API answers: a short text and the token usage to report.
 * Usage is large for the first `bigUsageReplies` model replies (to push a
 * host into compaction), small afterwards, so a host that compacts while
 * usage stays high can never loop.
 * @module
 */

/** The text every turn answers. */
export const REPLY_TEXT = "OK from the fake model.";

/** Token usage of one reply. */
export interface Usage {
  input: number;
  output: number;
}

/** Counts replies and decides the usage each one reports. */
export class UsagePlan {
  #served = 0;
  constructor(
    readonly bigUsageReplies: number,
    readonly bigInputTokens: number,
  ) {}

  /** The usage of the next reply. */
  next(): Usage {
    const big = this.#served < this.bigUsageReplies;
    this.#served += 1;
    return big ? { input: this.bigInputTokens, output: 20 } : { input: 120, output: 8 };
  }
}
