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

/** A command, process or arithmetic substitution inside a word, kept as source text. */
export interface Substitution {
  /** `command` is `$(...)`, `(...)` in argument position (PowerShell) or backticks. */
  kind: "command" | "process" | "arith";
  text: string;
}

/** One piece of a word. */
export type Segment =
  | { kind: "lit"; text: string; quoted: boolean; escapes?: boolean }
  | { kind: "var"; name: string; raw: string; quoted: boolean }
  | { kind: "sub"; sub: Substitution; raw: string; quoted: boolean };

/** A word after quote removal. */
export interface ShellWord {
  segments: Segment[];
  /** Literal text with expansions kept in their source form (`$HOME/x`). */
  text: string;
}

/** A heredoc body attached to its redirection. */
export interface Heredoc {
  body: string;
  /** A quoted delimiter means no expansion happens inside the body. */
  quotedDelimiter: boolean;
}

/** One redirection. */
export interface Redirect {
  op: string;
  fd: string | null;
  target: ShellWord | null;
  heredoc: Heredoc | null;
}

/** A simple command: assignments, words and redirections. */
export interface SimpleCommand {
  kind: "simple";
  assignments: { name: string; value: ShellWord }[];
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
   * `C:\Users`) instead of an escape; backslash-newline still joins lines.
   * @default {false}
   */
  literalBackslash?: boolean;
}

/** A bound of the shell parser was exceeded; the input is too large or too deep to analyse. */
export class ShellBoundsError extends RangeError {
  /** Which bound. */
  readonly bound: "tokens" | "nesting";
  /** @param bound Which bound was exceeded. */
  constructor(bound: "tokens" | "nesting") {
    super(`Cannot analyse the command: more ${bound} than the bound allows`);
    this.name = "ShellBoundsError";
    this.bound = bound;
  }
}

type Token =
  | { kind: "word"; word: ShellWord }
  | { kind: "op"; op: string }
  | { kind: "redir"; op: string; fd: string | null }
  | { kind: "newline" }
  | { kind: "eof" };

const OP_CHARS = new Set([";", "&", "|", "<", ">", "(", ")"]);
const BLANK = new Set([" ", "\t"]);

function wordText(segments: Segment[]): string {
  return segments.map((s) => s.kind === "lit" ? s.text : s.raw).join("");
}

function decodeAnsiC(body: string): { text: string; escapes: boolean } {
  let out = "";
  let escapes = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== "\\" || i + 1 >= body.length) {
      out += c;
      continue;
    }
    const n = body[++i]!;
    const simple: Record<string, string> = {
      n: "\n",
      t: "\t",
      r: "\r",
      a: "\x07",
      b: "\b",
      e: "\x1b",
      E: "\x1b",
      f: "\f",
      v: "\v",
      "\\": "\\",
      "'": "'",
      '"': '"',
      "?": "?",
    };
    if (n in simple) {
      out += simple[n];
      continue;
    }
    const hex = n === "x"
      ? /^[0-9a-fA-F]{1,2}/
      : n === "u"
      ? /^[0-9a-fA-F]{1,4}/
      : n === "U"
      ? /^[0-9a-fA-F]{1,8}/
      : null;
    if (hex !== null) {
      const m = body.slice(i + 1).match(hex);
      if (m) {
        const cp = parseInt(m[0], 16);
        out += cp <= 0x10ffff ? String.fromCodePoint(cp) : "\ufffd";
        i += m[0].length;
        escapes = true;
        continue;
      }
    }
    if (/[0-7]/.test(n)) {
      const m = body.slice(i).match(/^[0-7]{1,3}/)!;
      out += String.fromCharCode(parseInt(m[0], 8) & 0xff);
      i += m[0].length - 1;
      escapes = true;
      continue;
    }
    if (n === "c" && i + 1 < body.length) {
      out += String.fromCharCode(body.charCodeAt(++i) & 0x1f);
      escapes = true;
      continue;
    }
    out += "\\" + n;
  }
  return { text: out, escapes };
}

class Lexer {
  readonly src: string;
  pos = 0;
  tokens = 0;
  readonly problems: string[] = [];
  readonly pendingHeredocs: { delim: string; strip: boolean; redirect: Redirect }[] = [];
  readonly maxTokens: number;
  readonly maxNesting: number;
  readonly literalBackslash: boolean;

  constructor(src: string, maxTokens: number, maxNesting: number, literalBackslash: boolean) {
    this.src = src;
    this.maxTokens = maxTokens;
    this.maxNesting = maxNesting;
    this.literalBackslash = literalBackslash;
  }

  problem(p: string): void {
    if (!this.problems.includes(p)) this.problems.push(p);
  }

  /** Index just past the `close` that balances an already-open construct. */
  scanBalanced(from: number, first: "paren" | "brace"): { end: number; ok: boolean } {
    const s = this.src;
    const stack: string[] = [first];
    let i = from;
    let wordStart = true;
    while (i < s.length) {
      const c = s[i]!;
      const mode = stack[stack.length - 1]!;
      if (stack.length > this.maxNesting) throw new ShellBoundsError("nesting");
      if (c === "\\") {
        i += 2;
        wordStart = false;
        continue;
      }
      if (mode === "paren" && wordStart && /^case\s/.test(s.slice(i, i + 5))) {
        // Inside case ... esac a `)` ends a pattern, not the substitution.
        stack.push("case");
        i += 4;
        continue;
      }
      if (mode === "case") {
        if (c === "'") {
          const j = s.indexOf("'", i + 1);
          i = j < 0 ? s.length : j + 1;
          continue;
        }
        if (c === '"') stack.push("dquote");
        else if (c === "`") stack.push("backtick");
        else if (c === "$" && s[i + 1] === "(") {
          stack.push("paren");
          i++;
        } else if (wordStart && /^esac(?![\w-])/.test(s.slice(i, i + 5))) {
          stack.pop();
          i += 4;
          wordStart = false;
          continue;
        }
        wordStart = BLANK.has(c) || c === "\n" || c === ";" || c === "(" || c === ")" ||
          c === "|" || c === "&";
        i++;
        continue;
      }
      if (mode === "paren" || mode === "brace") {
        if (c === "'" && mode === "paren") {
          const j = s.indexOf("'", i + 1);
          i = j < 0 ? s.length : j + 1;
          continue;
        }
        if (c === "#" && mode === "paren" && wordStart) {
          const j = s.indexOf("\n", i);
          i = j < 0 ? s.length : j;
          continue;
        }
        if (c === '"') stack.push("dquote");
        else if (c === "`") stack.push("backtick");
        else if (c === "$" && s[i + 1] === "(") {
          stack.push("paren");
          i++;
        } else if (c === "$" && s[i + 1] === "{") {
          stack.push("brace");
          i++;
        } else if (c === "(" && mode === "paren") stack.push("paren");
        else if (c === "{" && mode === "brace") stack.push("brace");
        else if ((c === ")" && mode === "paren") || (c === "}" && mode === "brace")) {
          stack.pop();
          if (stack.length === 0) return { end: i + 1, ok: true };
        }
        wordStart = BLANK.has(c) || c === "\n" || c === ";" || c === "(" || c === "|" ||
          c === "&";
        i++;
        continue;
      }
      if (mode === "dquote") {
        if (c === '"') stack.pop();
        else if (c === "`") stack.push("backtick");
        else if (c === "$" && s[i + 1] === "(") {
          stack.push("paren");
          i++;
        } else if (c === "$" && s[i + 1] === "{") {
          stack.push("brace");
          i++;
        }
        i++;
        continue;
      }
      // backtick
      if (c === "`") stack.pop();
      i++;
    }
    return { end: s.length, ok: false };
  }

  readDollar(quoted: boolean): Segment {
    const s = this.src;
    const start = this.pos;
    const n = s[start + 1];
    if (n === "(" && s[start + 2] === "(") {
      const { end, ok } = this.scanBalanced(start + 2, "paren");
      if (!ok) this.problem("unterminated arithmetic expansion");
      // The body ends with "))"; keep what is inside both parentheses.
      const text = s.slice(start + 3, Math.max(start + 3, end - 2));
      this.pos = ok && s[end] === ")" ? end + 1 : end;
      return {
        kind: "sub",
        sub: { kind: "arith", text },
        raw: s.slice(start, this.pos),
        quoted,
      };
    }
    if (n === "(") {
      const { end, ok } = this.scanBalanced(start + 2, "paren");
      if (!ok) this.problem("unterminated command substitution");
      this.pos = end;
      const text = s.slice(start + 2, ok ? end - 1 : end);
      return { kind: "sub", sub: { kind: "command", text }, raw: s.slice(start, end), quoted };
    }
    if (n === "{") {
      const { end, ok } = this.scanBalanced(start + 2, "brace");
      if (!ok) this.problem("unterminated parameter expansion");
      this.pos = end;
      const inner = s.slice(start + 2, ok ? end - 1 : end);
      if (/\$\(|`/.test(inner)) {
        // `${X:-$(cmd)}` runs cmd: keep the operand as a command for the
        // classifier (`:` does nothing but expand its arguments).
        return {
          kind: "sub",
          sub: { kind: "command", text: `: ${inner}` },
          raw: s.slice(start, end),
          quoted,
        };
      }
      const name = inner.match(/^[#!]?([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])/)?.[1] ?? "";
      return { kind: "var", name, raw: s.slice(start, end), quoted };
    }
    if (n === "'" && !quoted) {
      let j = start + 2;
      while (j < s.length && s[j] !== "'") j += s[j] === "\\" ? 2 : 1;
      if (j >= s.length) this.problem("unterminated quote");
      const { text, escapes } = decodeAnsiC(s.slice(start + 2, Math.min(j, s.length)));
      this.pos = Math.min(j + 1, s.length);
      return { kind: "lit", text, quoted: true, escapes };
    }
    const m = s.slice(start + 1, start + 200).match(/^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]|[@*#?$!-])/);
    if (m) {
      this.pos = start + 1 + m[0].length;
      return { kind: "var", name: m[0], raw: s.slice(start, this.pos), quoted };
    }
    this.pos = start + 1;
    return { kind: "lit", text: "$", quoted };
  }

  readBacktick(quoted: boolean): Segment {
    const s = this.src;
    const start = this.pos;
    let j = start + 1;
    let text = "";
    while (j < s.length && s[j] !== "`") {
      if (s[j] === "\\" && j + 1 < s.length && "`$\\".includes(s[j + 1]!)) {
        text += s[j + 1];
        j += 2;
      } else text += s[j++];
    }
    if (j >= s.length) this.problem("unterminated backquote substitution");
    this.pos = Math.min(j + 1, s.length);
    return {
      kind: "sub",
      sub: { kind: "command", text },
      raw: s.slice(start, this.pos),
      quoted,
    };
  }

  readDouble(out: Segment[]): void {
    const s = this.src;
    this.pos++; // opening quote
    let lit = "";
    const flush = () => {
      if (lit !== "") out.push({ kind: "lit", text: lit, quoted: true });
      lit = "";
    };
    while (this.pos < s.length) {
      const c = s[this.pos]!;
      if (c === '"') {
        this.pos++;
        flush();
        return;
      }
      if (c === "\\" && this.pos + 1 < s.length && !this.literalBackslash) {
        const n = s[this.pos + 1]!;
        if (n === "\n") this.pos += 2;
        else if ('$`"\\'.includes(n)) {
          lit += n;
          this.pos += 2;
        } else {
          lit += c;
          this.pos++;
        }
        continue;
      }
      if (c === "$") {
        flush();
        out.push(this.readDollar(true));
        continue;
      }
      if (c === "`") {
        flush();
        out.push(this.readBacktick(true));
        continue;
      }
      lit += c;
      this.pos++;
    }
    flush();
    this.problem("unterminated quote");
  }

  readWord(): ShellWord {
    const s = this.src;
    const segments: Segment[] = [];
    let lit = "";
    const flush = () => {
      if (lit !== "") segments.push({ kind: "lit", text: lit, quoted: false });
      lit = "";
    };
    const start = this.pos;
    while (this.pos < s.length) {
      const c = s[this.pos]!;
      if (BLANK.has(c) || c === "\n") break;
      if (OP_CHARS.has(c)) {
        // `<(` and `>(` at the start of a word are process substitutions.
        if ((c === "<" || c === ">") && s[this.pos + 1] === "(" && this.pos === start) {
          const { end, ok } = this.scanBalanced(this.pos + 2, "paren");
          if (!ok) this.problem("unterminated process substitution");
          segments.push({
            kind: "sub",
            sub: { kind: "process", text: s.slice(this.pos + 2, ok ? end - 1 : end) },
            raw: s.slice(this.pos, end),
            quoted: false,
          });
          this.pos = end;
          continue;
        }
        break;
      }
      if (c === "\\") {
        if (s[this.pos + 1] === "\n") {
          this.pos += 2;
          continue;
        }
        if (this.literalBackslash) {
          lit += c;
          this.pos++;
          continue;
        }
        if (this.pos + 1 < s.length) {
          flush();
          segments.push({ kind: "lit", text: s[this.pos + 1]!, quoted: true });
        }
        this.pos += 2;
        continue;
      }
      if (c === "'") {
        flush();
        const j = s.indexOf("'", this.pos + 1);
        if (j < 0) this.problem("unterminated quote");
        segments.push({
          kind: "lit",
          text: s.slice(this.pos + 1, j < 0 ? s.length : j),
          quoted: true,
        });
        this.pos = j < 0 ? s.length : j + 1;
        continue;
      }
      if (c === '"') {
        flush();
        this.readDouble(segments);
        continue;
      }
      if (c === "$") {
        flush();
        if (s[this.pos + 1] === '"') {
          this.pos++;
          this.readDouble(segments);
        } else segments.push(this.readDollar(false));
        continue;
      }
      if (c === "`") {
        flush();
        segments.push(this.readBacktick(false));
        continue;
      }
      lit += c;
      this.pos++;
    }
    flush();
    return { segments, text: wordText(segments) };
  }

  readHeredocBodies(): void {
    const s = this.src;
    for (const h of this.pendingHeredocs.splice(0)) {
      let body = "";
      let found = false;
      while (this.pos < s.length) {
        const nl = s.indexOf("\n", this.pos);
        const lineEnd = nl < 0 ? s.length : nl;
        let line = s.slice(this.pos, lineEnd);
        this.pos = nl < 0 ? s.length : nl + 1;
        if (h.strip) line = line.replace(/^\t+/, "");
        if (line.replace(/\r$/, "") === h.delim) {
          found = true;
          break;
        }
        body += line + "\n";
      }
      if (!found) this.problem("unterminated heredoc");
      if (h.redirect.heredoc !== null) h.redirect.heredoc.body = body;
    }
  }

  /** The text inside a `(` just consumed, up to its matching `)`, which is consumed too. */
  readGroupText(): string {
    const { end, ok } = this.scanBalanced(this.pos, "paren");
    if (!ok) this.problem("unbalanced parenthesis");
    const text = this.src.slice(this.pos, ok ? end - 1 : end);
    this.pos = end;
    return text;
  }

  next(): Token {
    const s = this.src;
    if (++this.tokens > this.maxTokens) throw new ShellBoundsError("tokens");
    while (this.pos < s.length) {
      const c = s[this.pos]!;
      if (BLANK.has(c) || c === "\r") this.pos++;
      else if (c === "\\" && s[this.pos + 1] === "\n") this.pos += 2;
      else if (c === "#") {
        const j = s.indexOf("\n", this.pos);
        this.pos = j < 0 ? s.length : j;
      } else break;
    }
    if (this.pos >= s.length) return { kind: "eof" };
    const c = s[this.pos]!;
    const rest = s.slice(this.pos, this.pos + 4);
    if (c === "\n") {
      this.pos++;
      if (this.pendingHeredocs.length > 0) this.readHeredocBodies();
      return { kind: "newline" };
    }
    const fdMatch = s.slice(this.pos, this.pos + 12).match(/^([0-9]+)[<>]/);
    if (fdMatch) {
      this.pos += fdMatch[1]!.length;
      const r = this.next();
      this.tokens--;
      if (r.kind === "redir") return { ...r, fd: fdMatch[1]! };
      return r;
    }
    if ((c === "<" || c === ">") && s[this.pos + 1] === "(") {
      return { kind: "word", word: this.readWord() };
    }
    for (
      const op of [
        ";;&",
        "<<<",
        "<<-",
        "&>>",
        ";;",
        ";&",
        "&&",
        "||",
        "|&",
        "&>",
        "<<",
        "<>",
        "<&",
        ">>",
        ">|",
        ">&",
        ";",
        "&",
        "|",
        "(",
        ")",
        "<",
        ">",
      ]
    ) {
      if (rest.startsWith(op)) {
        this.pos += op.length;
        if (/[<>]/.test(op)) return { kind: "redir", op, fd: null };
        return { kind: "op", op: op === ";;&" || op === ";&" ? ";;" : op };
      }
    }
    return { kind: "word", word: this.readWord() };
  }
}

const RESERVED_SKIP = new Set([
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
        const next = this.command();
        // `a|b) cmd` in a case: the earlier elements were pattern alternatives.
        elements = this.droppedPattern ? [next] : [...elements, next];
        continue;
      }
      break;
    }
    const t = this.peek();
    const background = t.kind === "op" && t.op === "&";
    return { elements, background };
  }

  group(until: ")" | "}"): Group {
    this.enter();
    const body = this.script(until);
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

  command(): ShellNode {
    const t = this.peek();
    if (t.kind === "op" && t.op === "(") {
      this.take();
      return this.group(")");
    }
    if (t.kind === "word" && isPlain(t.word, "{")) {
      this.take();
      return this.group("}");
    }
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
            ? first.text.match(/^([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\+?=/)
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
            cmd.assignments.push({ name: m[1]!, value: { segments: rest, text: wordText(rest) } });
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
                if (this.peek().kind === "op") this.take();
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
        cmd.words.push({
          segments: [{ kind: "sub", sub: { kind: "command", text }, raw, quoted: false }],
          text: raw,
        });
        continue;
      }
      if (n.kind === "op" && n.op === ")" && this.caseDepth > 0 && cmd.words.length > 0) {
        // A case pattern: drop it and read the command that follows.
        this.take();
        cmd.words = [];
        this.droppedPattern = true;
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
