/**
 * The lexer of the shell parser: words with quotes and escapes removed and
 * expansions kept as segments, operators, redirections, newlines and the
 * heredoc bodies that follow them. Scanning is linear and iterative; token
 * count and nesting are bounded ({@linkcode ShellBoundsError}). Pure;
 * internal to parse_shell.ts.
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

/** One token. */
export type Token =
  | { kind: "word"; word: ShellWord }
  | { kind: "op"; op: string }
  | { kind: "redir"; op: string; fd: string | null }
  | { kind: "newline" }
  | { kind: "eof" };

const OP_CHARS = new Set([";", "&", "|", "<", ">", "(", ")"]);
const BLANK = new Set([" ", "\t"]);

/** The text of a word, expansions in their source form. */
export function wordText(segments: Segment[]): string {
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

/** Operators, longest first, as the lexer tries them. */
const OPERATORS: readonly string[] = [
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
];

/** Reads tokens from shell text on demand. */
export class Lexer {
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

  /**
   * Index just past the `]` that closes an already-open `$[`: brackets
   * nest, and substitutions and quotes inside are skipped whole.
   */
  scanBracket(from: number): { end: number; ok: boolean } {
    const s = this.src;
    let depth = 1;
    let i = from;
    while (i < s.length) {
      const c = s[i]!;
      if (c === "\\") i += 2;
      else if (c === "$" && (s[i + 1] === "(" || s[i + 1] === "{")) {
        i = this.scanBalanced(i + 2, s[i + 1] === "(" ? "paren" : "brace").end;
      } else if (c === "'" || c === '"' || c === "`") {
        const j = s.indexOf(c, i + 1);
        i = j < 0 ? s.length : j + 1;
      } else if (c === "[") {
        depth++;
        i++;
      } else if (c === "]") {
        i++;
        if (--depth === 0) return { end: i, ok: true };
      } else i++;
    }
    return { end: s.length, ok: false };
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
    if (n === "[") {
      // `$[...]`, bash's (and zsh's) older spelling of `$((...))`: the same
      // arithmetic, evaluating the values of the variables it names.
      const { end, ok } = this.scanBracket(start + 2);
      if (!ok) this.problem("unterminated arithmetic expansion");
      this.pos = end;
      const text = s.slice(start + 2, ok ? end - 1 : end);
      return { kind: "sub", sub: { kind: "arith", text }, raw: s.slice(start, end), quoted };
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
      if (/\$[([]|`/.test(inner)) {
        // `${X:-$(cmd)}` runs cmd (and `${X:-$[Y]}` evaluates Y): keep the operand as a command for the
        // classifier (`:` does nothing but expand its arguments). Single
        // quotes do not always hide what is inside: in a double-quoted
        // `"${X:-'$(cmd)'}"` they are literal, and an array subscript
        // (`${BASH_VERSINFO['$(cmd)']}`) is expanded whatever its quotes;
        // so the operand is judged a second time with them removed.
        const bare = inner.replaceAll("'", "");
        const text = bare === inner ? `: ${inner}` : `: ${inner}\n: ${bare}`;
        return {
          kind: "sub",
          sub: { kind: "command", text },
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
        if (s[this.pos + 1] === "\n" && !this.literalBackslash) {
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
      else if (c === "\\" && s[this.pos + 1] === "\n" && !this.literalBackslash) this.pos += 2;
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
    for (const op of OPERATORS) {
      if (rest.startsWith(op)) {
        this.pos += op.length;
        if (/[<>]/.test(op)) return { kind: "redir", op, fd: null };
        return { kind: "op", op: op === ";;&" || op === ";&" ? ";;" : op };
      }
    }
    return { kind: "word", word: this.readWord() };
  }
}
