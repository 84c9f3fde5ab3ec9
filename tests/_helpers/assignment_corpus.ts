/**
 * Test helper: a generated corpus of assignments under credential-like
 * names, each line with the verdict a careful reader gives it. Names (a
 * password's, a key's or a token's, cased as each syntax writes them) times
 * values (random secrets of many alphabets and lengths, hex, UUIDs, random
 * letters, passwords people choose, passphrases; placeholders, references,
 * code, constants, paths, URLs, numbers, booleans) times syntaxes (.env,
 * YAML, JSON, INI, TOML, Python, JavaScript, Go, a CLI option, docker's
 * `-e`), raw or JSON-escaped once or twice. A secret must be redacted whole;
 * anything else must be kept. Drawn from a seeded source, so the corpus and
 * its verdicts are the same on every run.
 * @module
 */
import { ALNUM, HEX, Rng, uuidV4 } from "./secret_fixtures.ts";

/** What must happen to a line's value. */
export type Verdict = "secret" | "keep";

/** One generated line. */
export interface CorpusLine {
  /** The whole text, escaped. */
  text: string;
  /** Text before the value, escaped. */
  before: string;
  /** The value, escaped. */
  value: string;
  /** Text after the value, escaped. */
  after: string;
  verdict: Verdict;
  /** Which class, syntax, name group and escape drew it (for failure lists and exceptions). */
  label: string;
}

/** A name's words and whether it names a password (whose values may be words a person chose). */
interface Name {
  words: readonly string[];
  password: boolean;
}

const NAMES: readonly Name[] = [
  { words: ["password"], password: true },
  { words: ["db", "password"], password: true },
  { words: ["mysql", "root", "password"], password: true },
  { words: ["smtp", "password"], password: true },
  { words: ["admin", "pass"], password: true },
  { words: ["redis", "passwd"], password: true },
  { words: ["api", "key"], password: false },
  { words: ["github", "token"], password: false },
  { words: ["auth", "token"], password: false },
  { words: ["access", "token"], password: false },
  { words: ["client", "secret"], password: false },
  { words: ["secret", "key"], password: false },
  { words: ["jwt", "secret"], password: false },
  { words: ["stripe", "secret", "key"], password: false },
  { words: ["private", "token"], password: false },
];

/** How a syntax writes a name. */
type Casing = "upper" | "snake" | "kebab" | "camel" | "pascal";

function cased(words: readonly string[], casing: Casing): string {
  const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
  switch (casing) {
    case "upper":
      return words.join("_").toUpperCase();
    case "snake":
      return words.join("_");
    case "kebab":
      return words.join("-");
    case "camel":
      return words[0]! + words.slice(1).map(cap).join("");
    case "pascal":
      return words.map(cap).join("");
  }
}

/** A syntax: how it writes a name and a value, and whether its literals are quoted. */
interface Syntax {
  id: string;
  casing: Casing;
  /** Literals are quoted (a bare value there is code). */
  quoted: boolean;
  /** Code: a bare value is an expression. */
  code: boolean;
  /** Text before and after the value. */
  wrap: (name: string) => readonly [string, string];
}

const SYNTAXES: readonly Syntax[] = [
  { id: "env", casing: "upper", quoted: false, code: false, wrap: (n) => [`${n}=`, ""] },
  {
    id: "dotenv",
    casing: "upper",
    quoted: true,
    code: false,
    wrap: (n) => [`export ${n}="`, `"`],
  },
  {
    id: "yaml",
    casing: "snake",
    quoted: false,
    code: false,
    wrap: (n) => [`app:\n  ${n}: `, "\n  port: 8080"],
  },
  { id: "yaml_quoted", casing: "snake", quoted: true, code: false, wrap: (n) => [`${n}: "`, `"`] },
  {
    id: "json",
    casing: "snake",
    quoted: true,
    code: false,
    wrap: (n) => [`{"user": "app", "${n}": "`, `"}`],
  },
  {
    id: "ini",
    casing: "snake",
    quoted: false,
    code: false,
    wrap: (n) => [`[database]\nhost = db1\n${n} = `, ""],
  },
  {
    id: "toml",
    casing: "snake",
    quoted: true,
    code: false,
    wrap: (n) => [`[auth]\n${n} = "`, `"`],
  },
  { id: "python", casing: "snake", quoted: true, code: true, wrap: (n) => [`${n} = "`, `"`] },
  {
    id: "js",
    casing: "camel",
    quoted: true,
    code: true,
    wrap: (n) => [`const ${n} = '`, `';`],
  },
  { id: "go", casing: "pascal", quoted: true, code: true, wrap: (n) => [`\t${n} := "`, `"`] },
  {
    id: "cli",
    casing: "kebab",
    quoted: false,
    code: false,
    wrap: (n) => [`./deploy.sh --${n} `, " --region eu-west-1"],
  },
  {
    id: "cli_eq",
    casing: "kebab",
    quoted: false,
    code: false,
    wrap: (n) => [`mytool login --${n}=`, ""],
  },
  {
    id: "docker",
    casing: "upper",
    quoted: false,
    code: false,
    wrap: (n) => [`docker run -e ${n}=`, " -p 8080:80 app:latest"],
  },
];

/** A value class: its verdict, where it fits and how it is drawn. */
interface ValueClass {
  id: string;
  verdict: Verdict;
  /** Only under a password's name (a word a person chose is a key's or a token's only by accident). */
  passwordOnly?: boolean;
  /** Holds a blank: never a bare value. */
  spaced?: boolean;
  /** An expression: only bare, in code. */
  expression?: boolean;
  draw: (r: Rng, name: Name, syntax: Syntax) => string;
}

const WORDS = [
  "sunshine",
  "dragon",
  "walrus",
  "monkey",
  "harbor",
  "velvet",
  "pepper",
  "canyon",
  "falcon",
  "meadow",
  "saturn",
  "breeze",
  "copper",
  "tundra",
  "lantern",
  "orchid",
];
const CAP_WORDS = WORDS.map((w) => w[0]!.toUpperCase() + w.slice(1));
/** Symbols of generated passwords (no `&` or `%`: a shell's operator, a format's field). */
const SYMBOLS = "!@^*-_+.~";
const LOWER = "abcdefghijklmnopqrstuvwxyz";

/** A random run whose first and last characters are letters or digits. */
function framed(r: Rng, alphabet: string, n: number): string {
  return r.str(ALNUM, 1) + r.str(alphabet, n - 2) + r.str(ALNUM, 1);
}

/** A random run holding both letters and digits. */
function mixed(r: Rng, n: number): string {
  for (;;) {
    const s = r.str(ALNUM, n);
    if (/\d/.test(s) && /[a-z]/.test(s) && /[A-Z]/.test(s)) return s;
  }
}

const VALUE_CLASSES: readonly ValueClass[] = [
  // Secrets.
  { id: "alnum", verdict: "secret", draw: (r) => mixed(r, 16 + r.int(33)) },
  {
    id: "symbols",
    verdict: "secret",
    draw: (r) => {
      for (;;) {
        const s = framed(r, ALNUM + SYMBOLS, 12 + r.int(21));
        if (/\d/.test(s) && /[A-Za-z]/.test(s) && /[!@^*\-_+.~]/.test(s)) return s;
      }
    },
  },
  {
    id: "hex",
    verdict: "secret",
    draw: (r) => {
      for (;;) {
        const s = r.str(HEX, r.pick([32, 40, 64]));
        if (/[a-f]/.test(s) && /\d/.test(s)) return s;
      }
    },
  },
  {
    id: "base64",
    verdict: "secret",
    draw: (r) => {
      for (;;) {
        const s = r.str(ALNUM + "+/", 4 * (7 + r.int(6)) - 1) + "=";
        if (/\d/.test(s) && /[A-Z]/.test(s) && /[a-z]/.test(s) && /^[A-Za-z0-9]/.test(s)) return s;
      }
    },
  },
  { id: "uuid", verdict: "secret", draw: (r) => uuidV4(r) },
  {
    id: "letters_mixed",
    verdict: "secret",
    draw: (r) => {
      for (;;) {
        const s = r.str(ALNUM.slice(0, 52), 20 + r.int(13));
        if ((s.match(/[A-Z]/g) ?? []).length >= 4 && (s.match(/[a-z]/g) ?? []).length >= 4) {
          return s;
        }
      }
    },
  },
  { id: "letters_lower", verdict: "secret", draw: (r) => r.str(LOWER, 24 + r.int(9)) },
  {
    id: "chosen_password",
    verdict: "secret",
    passwordOnly: true,
    draw: (r) => {
      const a = r.pick(CAP_WORDS);
      const b = r.pick(CAP_WORDS);
      switch (r.int(5)) {
        case 0:
          return `${a}${10 + r.int(90)}${b}`;
        case 1:
          return `${a.replace(/o/, "0").replace(/a/, "@")}${1990 + r.int(40)}${
            r.pick(["!", "*", "#"])
          }`;
        case 2:
          return `${r.pick(WORDS)}_${r.pick(WORDS)}${r.int(2) ? "" : String(r.int(100))}`;
        case 3:
          return `${a.toUpperCase().replace(/E/g, "3")}_${b.toUpperCase()}_PW`;
        default:
          return `${a}${r.pick(["!", "$", "#", "%"])}${r.int(1000)}`;
      }
    },
  },
  { id: "word", verdict: "secret", passwordOnly: true, draw: (r) => r.pick(WORDS) },
  {
    id: "passphrase",
    verdict: "secret",
    passwordOnly: true,
    spaced: true,
    draw: (r) => Array.from({ length: 4 + r.int(3) }, () => r.pick(WORDS)).join(" "),
  },
  {
    id: "passphrase_dashed",
    verdict: "secret",
    passwordOnly: true,
    draw: (r) => Array.from({ length: 4 + r.int(3) }, () => r.pick(WORDS)).join("-"),
  },
  // Placeholders, references, code and settings.
  {
    id: "placeholder",
    verdict: "keep",
    draw: (r, name) => {
      const k = name.words.join("-");
      return r.pick([
        `<your-${k}>`,
        `<${k}>`,
        `your-${k}-here`,
        `your_${name.words.join("_")}_here`,
        "changeme",
        "xxx",
        "x".repeat(8 + r.int(24)),
        "*".repeat(8 + r.int(8)),
        "REPLACE_ME",
        "TODO",
        "...",
        `example-${k}`,
        `replace-with-your-${k}`,
        "<redacted>",
        "dummy",
      ]);
    },
  },
  {
    id: "reference",
    verdict: "keep",
    draw: (r, name) => {
      const n = cased(name.words, "upper");
      return r.pick([
        `\${${n}}`,
        `$${n}`,
        `\${{ secrets.${n} }}`,
        `{{ .Values.${cased(name.words, "camel")} }}`,
        `\${${n}:-}`,
        `%(${name.words.join("_")})s`,
        `vault:secret/data/app#${name.words.join("_")}`,
      ]);
    },
  },
  {
    id: "expression",
    verdict: "keep",
    expression: true,
    draw: (r, name, syntax) => {
      const n = cased(name.words, "upper");
      const snake = name.words.join("_");
      const camel = cased(name.words, "camel");
      if (syntax.id === "python") {
        return r.pick([
          `os.environ["${n}"]`,
          `os.getenv("${n}")`,
          `settings.${n}`,
          `self.${snake}`,
          `args.${snake}`,
          `config.get("${snake}")`,
          "None",
          `get_${snake}()`,
        ]);
      }
      if (syntax.id === "js") {
        return r.pick([
          `process.env.${n};`,
          `config.${camel};`,
          `this.${camel};`,
          `req.body.${camel};`,
          "null;",
          "undefined;",
          `await getSecret("${snake}");`,
        ]);
      }
      return r.pick([
        `os.Getenv("${n}")`,
        `cfg.${cased(name.words, "pascal")}`,
        `viper.GetString("${snake}")`,
        `flag.String("${cased(name.words, "kebab")}", "", "")`,
      ]);
    },
  },
  {
    id: "constant",
    verdict: "keep",
    expression: true,
    draw: (r, name) =>
      `${r.pick(["DEFAULT", "TEST", "EMPTY", "MISSING"])}_${cased(name.words, "upper")}`,
  },
  {
    id: "path",
    verdict: "keep",
    draw: (r, name) => {
      const snake = name.words.join("_");
      return r.pick([
        `/run/secrets/${snake}`,
        `/etc/ssl/private/server.key`,
        `~/.config/app/${snake}.txt`,
        `./secrets/${snake}.txt`,
        `../keys/id_ed25519`,
        `/var/lib/app/credentials.json`,
      ]);
    },
  },
  {
    id: "url",
    verdict: "keep",
    draw: (r) =>
      r.pick([
        "https://vault.example.com/v1/secret/data/app",
        "https://auth.example.com/oauth/token",
        "http://localhost:8200",
        "https://example.com/docs/api-keys",
      ]),
  },
  { id: "number", verdict: "keep", draw: (r) => r.pick(["0", "1", "-1", "3600", "8080", "1.5"]) },
  {
    id: "boolean",
    verdict: "keep",
    draw: (r) => r.pick(["true", "false", "yes", "no", "on", "off", "True", "False"]),
  },
];

/** Escapes as a JSON string holds the text, `times` times (one character at a time, so parts concatenate). */
function escaped(text: string, times: number): string {
  let t = text;
  for (let i = 0; i < times; i++) t = JSON.stringify(t).slice(1, -1);
  return t;
}

/** Whether a value class can stand in a syntax (and under a name). */
function fits(c: ValueClass, s: Syntax, n: Name): boolean {
  if (c.passwordOnly && !n.password) return false;
  if (c.expression) return s.code;
  if (c.spaced) return s.quoted;
  return true;
}

/**
 * Draws `count` lines from `seed`: each line a syntax, a name, a value class
 * that fits them, a value and an escape depth (0 to 2), drawn in turn.
 * @param seed The seed.
 * @param count How many lines.
 * @returns The lines.
 */
export function assignmentCorpus(seed: number, count: number): CorpusLine[] {
  const r = new Rng(seed);
  const lines: CorpusLine[] = [];
  while (lines.length < count) {
    const syntax = r.pick(SYNTAXES);
    const name = r.pick(NAMES);
    const cls = r.pick(VALUE_CLASSES);
    if (!fits(cls, syntax, name)) continue;
    const raw = cls.draw(r, name, syntax);
    const times = r.int(3);
    const written = cased(name.words, syntax.casing);
    let [pre, post] = syntax.wrap(written);
    // An expression stands bare in code: the quotes around a literal go.
    if (cls.expression) {
      pre = pre.replace(/["']$/, "");
      post = syntax.id === "js" ? "" : post.replace(/^["']/, "");
    }
    const before = escaped(pre, times);
    const value = escaped(raw, times);
    const after = escaped(post, times);
    lines.push({
      text: before + value + after,
      before,
      value,
      after,
      verdict: cls.verdict,
      label: `${cls.id}/${syntax.id}/${name.words.join("_")}/esc${times}`,
    });
  }
  return lines;
}
