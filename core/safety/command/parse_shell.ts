/**
 * A bounded, forgiving parser for POSIX-shell text (with the PowerShell
 * forms that matter for safety: `iex (...)` subexpressions). It turns a
 * command string into pipelines of simple commands, groups and function
 * definitions, with quotes and escapes removed, line continuations joined,
 * heredoc bodies attached, and every command or process substitution kept
 * as text for the classifier to parse again. Pure.
 *
 * It never fails on malformed input: what it cannot make sense of (an
 * unterminated quote, heredoc or substitution, an unbalanced parenthesis) is
 * listed in `problems`, and the caller treats that as a reason for caution.
 * Hostile input cannot blow up time or stack: scanning is linear and
 * iterative, and token count and nesting are bounded
 * ({@linkcode ShellBoundsError} past a bound).
 * @module
 */
import {
  Lexer,
  type Redirect,
  type Segment,
  ShellBoundsError,
  type ShellWord,
  type Token,
  wordText,
} from "./_shell_lexer.ts";
import { zshQualifierCode } from "./zsh_qualifiers.ts";

export {
  type Heredoc,
  type Redirect,
  type Segment,
  ShellBoundsError,
  type ShellWord,
  type Substitution,
} from "./_shell_lexer.ts";

/** A simple command: assignments, words and redirections. */
export interface SimpleCommand {
  kind: "simple";
  /**
   * `NAME=value`; `append` for `NAME+=value`, `indexed` for `NAME[i]=value`
   * with `subscript` the text between the brackets.
   */
  assignments: {
    name: string;
    value: ShellWord;
    append?: true;
    indexed?: true;
    subscript?: string;
    /** `NAME=(a b)`: the array's element words (`value` holds them joined by blanks). */
    elements?: ShellWord[];
  }[];
  words: ShellWord[];
  redirects: Redirect[];
  /** A loop or case header (`for x in ...`): nothing runs but its expansions. */
  control: boolean;
}

/** `( ... )` or `{ ...; }`. */
export interface Group {
  kind: "group";
  body: Script;
  redirects: Redirect[];
}

/** `name() body` or `function name body`. */
export interface FunctionDef {
  kind: "function";
  name: string;
  body: ShellNode;
}

/** One element of a pipeline. */
export type ShellNode = SimpleCommand | Group | FunctionDef;

/** Commands joined by `|`; `background` when it ends with `&`. */
export interface Pipeline {
  elements: ShellNode[];
  background: boolean;
}

/** A parsed command list (`;`, `&&`, `||`, `&` and newlines all separate pipelines). */
export interface Script {
  pipelines: Pipeline[];
}

/** What {@linkcode parseShell} returns. */
export interface ParsedShell {
  script: Script;
  /** Content-free notes on what could not be parsed cleanly. */
  problems: string[];
}

/** Bounds of {@linkcode parseShell}. */
export interface ParseShellOptions {
  /** Most tokens. @default {20000} */
  maxTokens?: number;
  /** Deepest nesting of groups, quotes and substitutions. @default {64} */
  maxNesting?: number;
  /**
   * Read a backslash as a literal character (PowerShell and cmd paths such as
   * `C:\Users`) instead of an escape, also at the end of a line (no line continuation).
   * @default {false}
   */
  literalBackslash?: boolean;
}

/** Reserved words the parser passes over where a command starts (`! cmd`, `if cmd`...). */
export const RESERVED_SKIP: ReadonlySet<string> = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "do",
  "done",
  "while",
  "until",
  "!",
]);

/** Builtins whose `NAME=(...)` arguments are array assignments. */
const DECLARER_WORDS: ReadonlySet<string> = new Set([
  "declare",
  "typeset",
  "local",
  "readonly",
  "export",
]);

/** Words joined by single blanks into one word (an array's elements as one value). */
function joinWords(words: readonly ShellWord[]): ShellWord {
  const segments: Segment[] = [];
  words.forEach((w, i) => {
    if (i > 0) segments.push({ kind: "lit", text: " ", quoted: true });
    segments.push(...w.segments);
  });
  return { segments, text: words.map((w) => w.text).join(" ") };
}

function isPlain(word: ShellWord, text: string): boolean {
  return word.segments.length === 1 && word.segments[0]!.kind === "lit" &&
    !word.segments[0]!.quoted && word.text === text;
}

class Parser {
  readonly lx: Lexer;
  peeked: Token | null = null;
  depth = 0;
  caseDepth = 0;
  droppedPattern = false;
  /** Case pattern words read in the current pipeline: bash expands them (`$(...)` runs). */
  patternWords: ShellWord[] = [];

  constructor(lx: Lexer) {
    this.lx = lx;
  }

  peek(): Token {
    if (this.peeked === null) this.peeked = this.lx.next();
    return this.peeked;
  }

  take(): Token {
    const t = this.peek();
    this.peeked = null;
    return t;
  }

  enter(): void {
    if (++this.depth > this.lx.maxNesting) throw new ShellBoundsError("nesting");
  }

  /** Parses pipelines until EOF or the terminator (`)` op or `}` word). */
  script(until: ")" | "}" | null): Script {
    const pipelines: Pipeline[] = [];
    while (true) {
      const t = this.peek();
      if (t.kind === "eof") {
        if (until !== null) this.lx.problem("unbalanced group");
        return { pipelines };
      }
      if (
        t.kind === "newline" || (t.kind === "op" && [";", "&", ";;", "&&", "||"].includes(t.op))
      ) {
        this.take();
        if (t.kind === "op" && t.op === ";;" && this.caseDepth === 0) {
          this.lx.problem("stray case terminator");
        }
        continue;
      }
      if (t.kind === "op" && t.op === ")") {
        if (until === ")") return { pipelines };
        this.take();
        this.lx.problem("unbalanced parenthesis");
        continue;
      }
      if (t.kind === "op" && (t.op === "|" || t.op === "|&")) {
        this.take();
        this.lx.problem("pipe without a command");
        continue;
      }
      if (until === "}" && t.kind === "word" && isPlain(t.word, "}")) return { pipelines };
      pipelines.push(this.pipeline());
    }
  }

  pipeline(): Pipeline {
    const outer = this.patternWords;
    this.patternWords = [];
    try {
      return this.pipelineElements();
    } finally {
      this.patternWords = outer;
    }
  }

  pipelineElements(): Pipeline {
    let elements: ShellNode[] = [this.command()];
    while (true) {
      const t = this.peek();
      if (t.kind === "op" && (t.op === "|" || t.op === "|&")) {
        this.take();
        while (this.peek().kind === "newline") this.take();
        const n = this.peek();
        if (n.kind === "eof" || (n.kind === "op" && n.op !== "(")) {
          this.lx.problem("pipe without a command");
          break;
        }
        this.droppedPattern = false;
        const at = this.patternWords.length;
        const next = this.command();
        // `a|b) cmd` in a case: the earlier elements were pattern alternatives.
        if (this.droppedPattern) {
          const earlier = elements.flatMap((e) => e.kind === "simple" ? e.words : []);
          this.patternWords.splice(at, 0, ...earlier);
        }
        elements = this.droppedPattern ? [next] : [...elements, next];
        continue;
      }
      break;
    }
    if (this.patternWords.length > 0) {
      // The patterns are expanded before the command after them runs: kept as a header.
      const header: SimpleCommand = {
        kind: "simple",
        assignments: [],
        words: this.patternWords,
        redirects: [],
        control: true,
      };
      elements = [header, ...elements];
    }
    const t = this.peek();
    const background = t.kind === "op" && t.op === "&";
    return { elements, background };
  }

  group(until: ")" | "}"): Group {
    this.enter();
    // A `)` inside the group closes the group, not an enclosing case pattern.
    const caseDepth = this.caseDepth;
    this.caseDepth = 0;
    const body = this.script(until);
    this.caseDepth = caseDepth;
    this.take(); // the terminator (or eof)
    this.depth--;
    const redirects: Redirect[] = [];
    while (this.peek().kind === "redir") redirects.push(this.redirect());
    return { kind: "group", body, redirects };
  }

  redirect(): Redirect {
    const t = this.take() as { kind: "redir"; op: string; fd: string | null };
    const r: Redirect = { op: t.op, fd: t.fd, target: null, heredoc: null };
    const n = this.peek();
    if (n.kind !== "word") {
      this.lx.problem("redirection without a target");
      return r;
    }
    this.take();
    r.target = n.word;
    if (t.op === "<<" || t.op === "<<-") {
      const quotedDelimiter = n.word.segments.some((s) => s.kind === "lit" && s.quoted);
      r.heredoc = { body: "", quotedDelimiter };
      this.lx.pendingHeredocs.push({ delim: n.word.text, strip: t.op === "<<-", redirect: r });
    }
    return r;
  }

  /** Parses a group when `t` (the peeked token) opens one. */
  groupAt(t: Token): Group | null {
    if (t.kind === "op" && t.op === "(") {
      this.take();
      return this.group(")");
    }
    if (t.kind === "word" && isPlain(t.word, "{")) {
      this.take();
      return this.group("}");
    }
    return null;
  }

  /** The element words of an array whose `(` is the next character; its `)` is consumed. */
  arrayElements(): ShellWord[] {
    this.take(); // the `(`
    return this.arrayElementsAfterParen();
  }

  /** The element words up to the array's `)`, which is consumed. */
  arrayElementsAfterParen(): ShellWord[] {
    const elements: ShellWord[] = [];
    while (true) {
      const t = this.peek();
      if (t.kind === "newline") {
        this.take();
        continue;
      }
      if (t.kind === "word") {
        this.take();
        elements.push(t.word);
        continue;
      }
      const last = elements.at(-1);
      if (
        t.kind === "op" && t.op === "(" && last !== undefined &&
        this.lx.src[this.lx.pos - 2] !== " " &&
        this.lx.src[this.lx.pos - 2] !== "\t"
      ) {
        // zsh: a glob's qualifier list right after an element (`x=(*.ts(.N))`); the code an `e`
        // or `+` qualifier runs is judged.
        this.peeked = null;
        const text = this.lx.readGroupText();
        const code: Segment[] = zshQualifierCode(text).map((c) => ({
          kind: "sub",
          sub: { kind: "command", text: c },
          raw: "",
          quoted: false,
        }));
        elements[elements.length - 1] = {
          segments: [...last.segments, { kind: "lit", text: `(${text})`, quoted: false }, ...code],
          text: `${last.text}(${text})`,
        };
        continue;
      }
      if (t.kind === "op" && t.op === ")") this.take();
      else this.lx.problem("an array without its closing parenthesis");
      return elements;
    }
  }

  command(): ShellNode {
    let t = this.peek();
    // `then`, `do`, `!` ... before a group: `if x; then { y; }; fi`.
    while (t.kind === "word" && RESERVED_SKIP.has(t.word.text) && isPlain(t.word, t.word.text)) {
      this.take();
      t = this.peek();
    }
    const opened = this.groupAt(t);
    if (opened !== null) return opened;
    const cmd: SimpleCommand = {
      kind: "simple",
      assignments: [],
      words: [],
      redirects: [],
      control: false,
    };
    while (true) {
      const n = this.peek();
      if (n.kind === "redir") {
        cmd.redirects.push(this.redirect());
        continue;
      }
      if (n.kind === "word") {
        const w = n.word;
        if (cmd.words.length === 0 && !cmd.control) {
          const first = w.segments[0];
          const m = first?.kind === "lit" && !first.quoted
            ? first.text.match(/^([A-Za-z_][A-Za-z0-9_]*)(?:\[([^\]]*)\])?\+?=/)
            : null;
          if (m) {
            this.take();
            const rest: Segment[] = [
              {
                ...(first as Segment & { kind: "lit" }),
                text: (first as { text: string }).text.slice(m[0].length),
              },
              ...w.segments.slice(1),
            ];
            // `NAME=(a b)`: an array, its parenthesis right after the `=` (bash
            // rejects a blank there); its elements are words, not a subshell.
            const elements = wordText(rest) === "" && m[2] === undefined &&
                this.lx.src[this.lx.pos] === "("
              ? this.arrayElements()
              : undefined;
            cmd.assignments.push({
              name: m[1]!,
              value: elements === undefined
                ? { segments: rest, text: wordText(rest) }
                : joinWords(elements),
              ...(m[0].endsWith("+=") ? { append: true as const } : {}),
              ...(m[2] !== undefined ? { indexed: true as const, subscript: m[2] } : {}),
              ...(elements !== undefined ? { elements } : {}),
            });
            continue;
          }
          if (RESERVED_SKIP.has(w.text) && isPlain(w, w.text)) {
            this.take();
            continue;
          }
          if (isPlain(w, "}") || isPlain(w, "esac")) {
            if (isPlain(w, "esac") && this.caseDepth > 0) this.caseDepth--;
            if (cmd.assignments.length === 0 && cmd.redirects.length === 0) {
              this.take();
              continue;
            }
            break;
          }
          if (["for", "select", "case"].includes(w.text) && isPlain(w, w.text)) {
            cmd.control = true;
            if (w.text === "case") this.caseDepth++;
          }
          if (isPlain(w, "function")) {
            this.take();
            const name = this.peek();
            if (name.kind === "word") {
              this.take();
              const p = this.peek();
              if (p.kind === "op" && p.op === "(") {
                this.take();
                const q = this.peek();
                if (!(q.kind === "op" && q.op === ")")) {
                  // `function f ( cmd )`: the parenthesis opens a subshell body, not `()`.
                  return { kind: "function", name: name.word.text, body: this.group(")") };
                }
                this.take();
              }
              while (this.peek().kind === "newline") this.take();
              this.enter();
              const body = this.command();
              this.depth--;
              return { kind: "function", name: name.word.text, body };
            }
            continue;
          }
        }
        this.take();
        cmd.words.push(w);
        if (cmd.control && w.text === "in" && this.caseDepth > 0) return cmd;
        continue;
      }
      if (n.kind === "op" && n.op === "(") {
        const last = cmd.words.at(-1);
        if (
          last !== undefined && DECLARER_WORDS.has(cmd.words[0]!.text) &&
          /^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(last.text) && this.lx.src[this.lx.pos - 2] === "="
        ) {
          // `declare -a NAME=(a b)`: the array's elements join the assignment word.
          this.peeked = null;
          const joined = joinWords(this.arrayElementsAfterParen());
          cmd.words[cmd.words.length - 1] = {
            segments: [...last.segments, ...joined.segments],
            text: last.text + joined.text,
          };
          continue;
        }
        this.take();
        const save = this.lx.pos;
        const after = this.peek();
        if (cmd.words.length === 1 && after.kind === "op" && after.op === ")") {
          this.take();
          while (this.peek().kind === "newline") this.take();
          this.enter();
          const body = this.command();
          this.depth--;
          return { kind: "function", name: cmd.words[0]!.text, body };
        }
        // In argument position `(...)` is a PowerShell subexpression (a syntax
        // error in sh): keep it as a command substitution.
        this.peeked = null;
        this.lx.pos = save;
        const text = this.lx.readGroupText();
        const raw = `(${text})`;
        // In zsh it is a glob's qualifier list (`*(e:'cmd':)`): the code it runs is judged too.
        const qualifierCode: Segment[] = zshQualifierCode(text).map((code) => ({
          kind: "sub",
          sub: { kind: "command", text: code },
          raw: "",
          quoted: false,
        }));
        cmd.words.push({
          segments: [
            { kind: "sub", sub: { kind: "command", text }, raw, quoted: false },
            ...qualifierCode,
          ],
          text: raw,
        });
        continue;
      }
      if (n.kind === "op" && n.op === ")" && this.caseDepth > 0 && cmd.words.length > 0) {
        // A case pattern: drop it and read the command that follows.
        this.take();
        this.patternWords.push(...cmd.words);
        cmd.words = [];
        this.droppedPattern = true;
        const opened = this.groupAt(this.peek());
        if (opened !== null) return opened;
        continue;
      }
      break;
    }
    return cmd;
  }
}

/**
 * Parses shell text into pipelines of commands.
 *
 * @param text The command text (any number of lines).
 * @param options Bounds.
 * @returns The script and what could not be parsed cleanly.
 * @throws {ShellBoundsError} when the token or nesting bound is exceeded.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseShell } from "./parse_shell.ts";
 * const { script } = parseShell("FOO=1 'r'm -rf \"$HOME\" | tee log && echo $(date)");
 * const first = script.pipelines[0]!.elements[0]!;
 * assert.equal(first.kind, "simple");
 * if (first.kind === "simple") {
 *   assert.deepEqual(first.words.map((w) => w.text), ["rm", "-rf", "$HOME"]);
 *   assert.equal(first.assignments[0]!.name, "FOO");
 * }
 * assert.equal(script.pipelines.length, 2);
 * ```
 */
export function parseShell(text: string, options: ParseShellOptions = {}): ParsedShell {
  const lx = new Lexer(
    text,
    options.maxTokens ?? 20_000,
    options.maxNesting ?? 64,
    options.literalBackslash ?? false,
  );
  const parser = new Parser(lx);
  const script = parser.script(null);
  return { script, problems: lx.problems };
}
