/**
 * Generates the reference in docs/ (every command grouped by category, from
 * the same summary, description and flags `--help` prints; the command
 * classes and dangerous families; the secret kinds; what install writes and
 * which hooks it registers per host), the README's exit-code table, the
 * paste-only instructions (core/capsule/paste_text.ts) and the
 * per-host reference files in
 * integrations/<host>/ from the command table and core/hosts (`deno task
 * gen`); with --check it only reports staleness and exits 1 (part of `deno
 * task check` and the test suite).
 *
 * Generated text sits between `<!-- BEGIN GENERATED: name -->` and `<!-- END
 * GENERATED: name -->` markers; the prose around the markers is written by
 * hand. docs/ and README.md are outside `deno fmt`, which would realign the
 * generated tables. `deno task gen` runs this script twice: a run that rewrites
 * the records module (core/hosts/_records_generated.ts) built its docs from the
 * module as it was loaded, so the second run rebuilds them from the new one.
 * @module
 */
import { CATEGORIES, loadCommands, loadHelp } from "../../commands/mod.ts";
import { pasteInstructions } from "../../core/capsule/paste_text.ts";
import { EXIT } from "../../core/errors.ts";
import { HOSTS } from "../../core/hosts/install/hosts.ts";
import { HOOK_EVENTS, HOST_IDS } from "../../core/hosts/ids.ts";
import { HOST_RECORDS } from "../../core/hosts/records.ts";
import type { HostRecord, RuntimeRecord } from "../../core/hosts/record.ts";
import type { HostContent, InstallScope } from "../../core/hosts/install/types.ts";
import { parsePromptSource } from "../../core/hosts/install/parse_prompt.ts";
import { hostReferenceFiles } from "../../core/hosts/install/reference_files.ts";
import { PROMPT_TEXTS } from "../../integrations/mod.ts";
import { BATON_SKILL } from "../../skills/mod.ts";
import { CLASS_POLICY, COMMAND_FAMILIES } from "../../core/safety/command/families.ts";
import { SECRET_RULES } from "../../core/safety/secrets/rules.ts";
import { COPY_BOUNDS } from "../../core/safety/secrets/copies.ts";
import { WRAP_WIDTHS } from "../../core/safety/secrets/wraps.ts";

function cell(text: string): string {
  return text.replace(/\|/g, "\\|");
}

/** The dangerous command families as a Markdown table. */
export function familyTable(): string {
  return [
    "| family | what it covers | examples (each classified dangerous with this family) |",
    "| --- | --- | --- |",
    ...COMMAND_FAMILIES.map((f) =>
      `| \`${f.id}\`: ${f.title} | ${cell(f.covers)} | ${
        f.examples.map((e) =>
          `<code>${cell(e.replace(/&/g, "&amp;").replace(/</g, "&lt;"))}</code>`
        )
          .join("<br>")
      } |`
    ),
    "",
  ].join("\n");
}

/** The class policy as a Markdown list. */
export function classPolicy(): string {
  return CLASS_POLICY.map((p) => wrapItem(`\`${p.class}\`: ${p.rule}`)).join("\n") + "\n";
}

/** A list item wrapped at 100 columns as `deno fmt` wraps prose. */
function wrapItem(text: string): string {
  const lines: string[] = [];
  let line = "-";
  for (const word of text.split(" ")) {
    if (line.length + 1 + word.length > 100 && line !== "-") {
      lines.push(line);
      line = " ";
    }
    line += " " + word;
  }
  lines.push(line);
  return lines.join("\n");
}

const COMMANDS = await loadCommands();
const { renderHelp } = await loadHelp();

/** The command reference, grouped by category: one section per category, one per command. */
export function commandReference(): string {
  const shown = COMMANDS.filter((c) => !c.hidden);
  const sections: string[] = [];
  for (const category of CATEGORIES) {
    const members = shown.filter((c) => c.category === category.id);
    if (members.length === 0) continue;
    sections.push(`## ${category.heading}`, "");
    sections.push(
      ...members.map((c) => `- [\`baton ${c.name}\`](#baton-${c.name}): ${c.summary}`),
      "",
    );
    for (const c of members) {
      sections.push(
        `### \`baton ${c.name}\``,
        "",
        c.summary + ".",
        "",
        "```text",
        renderHelp(c).trimEnd(),
        "```",
        "",
      );
    }
  }
  return sections.join("\n");
}

/** The exit-code table as Markdown. */
export function exitCodeTable(): string {
  return [
    "| status | meaning |",
    "| --- | --- |",
    ...Object.values(EXIT).map((e) => `| ${e.code} | ${e.meaning} |`),
    "",
  ].join("\n");
}

/** The every-copy rule, with its memory bounds. */
export function secretCopiesRule(): string {
  const kib = (n: number) => n >= 1024 * 1024 ? `${n / 1024 / 1024} MiB` : `${n / 1024} KiB`;
  return [
    "- Every copy of a found secret is redacted: once a rule confirms a value anywhere in an input,",
    "  every other occurrence of the same bytes in that input is replaced too, with the same kind",
    "  (a tool result echoing a command, a log repeating a header), before or after the original,",
    "  and so is every occurrence of its other forms: percent-encoded (upper- or lower-case hex),",
    '  JSON-escaped once more or once less (`\\"`, `\\\\`, `\\/`), with punctuation written as',
    "  `\\u00XX` as JSON writers print it (Go's `&<>`, Gson's `<>&='`, .NET's `\"&'+<>` and the",
    "  backtick, an HTML-safe `<>/`; as printed and escaped once more), base64-encoded",
    "  (with or without padding, with or without the line break `echo` adds) and, when the value is",
    "  the base64 of printable text, that text (and, for `user:password`, the password); a key",
    "  block's body without its armour, each base64 line of 16 or more characters and the lines",
    "  joined (`sed -n 2,5p key.pem`, `tr -d '\\n'`). Other",
    "  encodings (hex, gzip, a mix of `\\u` escapes no writer above prints) and a base64 that",
    "  encodes the value inside other text are",
    "  not followed. A copy must stand alone: a value inside a longer run of letters and digits is",
    "  left. A capsule is",
    "  one input (a value found in its facts is redacted where its meaning quotes it). A stream",
    "  catches every copy in the same or a later chunk; a copy already written before the original",
    "  was read cannot be recalled. The values are remembered in memory bounded to",
    `  ${COPY_BOUNDS.maxValues.toLocaleString("en")} values and ${
      kib(COPY_BOUNDS.maxBytes)
    } of them and their forms: past either bound the value found (or`,
    "  found again) longest ago is forgotten first, with its forms, so a secret's bare copies print",
    "  again once that many other values were found after it was last found. Values shorter than",
    `  ${COPY_BOUNDS.minBytes} bytes or longer than ${
      kib(COPY_BOUNDS.maxValueBytes)
    } are not remembered (a rule still redacts them where it finds`,
    "  them). Nor is a value that is one word (letters only, in one case or capitalised, at most",
    "  16 bytes: `nodejs`, `postgres`): the same word elsewhere is far more often a name (a package,",
    "  a folder in a URL) than the password again, and a line `PASSWORD=<word>` would otherwise hide",
    "  that word everywhere; the rule's own finding is still redacted.",
    "- Values are redacted whole, whatever their length or inner `=`: an assigned value is read to",
    "  the end of its quotes, or to the end of its run of value characters however long (a stream",
    "  carries the run into the next chunk), so no tail of a long token is left. A bare value keeps",
    "  an inner `=` that a value character follows and is judged whole, however short the part",
    "  before it, under every assignment rule (`DB_PASSWORD=ab=cd9Kq7Lm`, `api_key = Xk9=q2Lm7pQ8`,",
    "  `client_secret: Z=...`, `--password=...`, a form field `password=...&user=`); base64 padding",
    "  at its end is part of it. A bare value with an inner `=` whose last part is a placeholder",
    "  (`API_TOKEN=key=value`) or whose parts are all shorter than four characters (`a=b`) is a",
    "  setting written as the value and is kept.",
    "- A value a tool wrapped onto further lines (`fold`, a terminal's paste, textwrap, `base64`) is",
    "  redacted over them: a finding that ends its line (a real `\\n` or `\\r\\n`, or one JSON-escaped",
    "  in a transcript's string) goes on over each next line that continues its alphabet (letters,",
    "  digits and the punctuation the value holds) when the lines show a wrap: a next line exactly as",
    "  wide as the finding's (and then its next, shorter piece), or a last piece no wider, after a",
    `  line as wide as a tool wraps at (${[...WRAP_WIDTHS].join(", ")} characters) or as two of`,
    "  the 16 lines before it that were wrapped too (a terminal's paste, 40 characters or more),",
    "  that is not a word (`fi`, `EOF`, `Done` stay). A quoted value's wrapped lines run to its",
    "  closing quote.",
    "  Every copy of the joined value is redacted too.",
    "- Two readings of an input are scanned as well as its bytes (in memory and in a file",
    "  `baton scan`/`redact` streams, where a secret they show in pieces is decided whole across a",
    "  chunk boundary): a whole output an HTML-safe JSON",
    "  writer escaped (Gson, .NET: every `=` as `\\u003d`, `+` as `\\u002b`, `&` as `\\u0026`, `'` as",
    "  `\\u0027`, also under one to three more backslashes inside a transcript's JSON) is read with",
    "  those characters put back, and a reply an API streamed in server-sent delta events",
    "  (Anthropic's `text_delta`/`input_json_delta`, OpenAI's chat `delta.content` and Responses",
    "  `*.delta`; Gemini's `candidates[].content.parts[].text` chunks) is read as the text of its",
    "  deltas joined (and, when the joined text holds those escapes, read with them put back too).",
    "  A secret found in a reading is redacted over every input byte it stands for (each piece of a",
    "  streamed secret, also the pieces after a head that was a finding on its own; a piece holding",
    "  an escape whole), also where the bytes alone show only part of it (a key's head up to its",
    "  first `\\u002b`), and every copy of its value as read too.",
    '- A value code splits into concatenated strings (`("sk-…"` and `"…")` of Python\'s',
    "  adjacent strings, `\"…\" +` and `\"…\"` of JavaScript, Java or Go, PHP's `'…' . '…'`) is",
    "  redacted over every piece: a finding that is a whole string goes on over each next string",
    "  (in either quote: code mixes them) joined to it by `+`, `.` or a line break (raw, JSON-escaped or between",
    "  colour codes) that holds 4 to 1,024 token characters, opens with a letter or a digit and",
    "  holds a digit or both cases (up to 8 pieces, 2 KiB). Two strings side by side on one line",
    '  (`echo "…" "…"`), words, paths and a list\'s next item are kept. The first piece must',
    "  be found on its own.",
    "- A prefixed token folded inside its body (`ghp_`, `github_pat_`, `sk-ant-`, `xoxb-`, `AKIA`,",
    "  `AIza`, `glpat-`, an `eyJ` JWT, every token whose keyword holds a separator and the long",
    "  tokens whose rules declare their body: `ATATT3`, `ABSK`, `xprv`, a Twitter bearer), where no",
    "  rule matches the first line, is found by its keyword and the run of its body up to the line",
    "  break; the same width rules decide whether the next lines continue it, and the rules judge",
    "  the joined value: a token's own rule matching it from the keyword to a piece's end makes the",
    "  whole span a finding of that kind (its copies too). A prefix at a line end before prose, a",
    "  short `sk-` in text, a line of just the prefix, or a folded look-alike its format rejects (a",
    "  wrong checksum) is kept. A token whose body holds other punctuation is followed over it when",
    "  its rule declares its body (a Salesforce session id's `!`, a self-hosted integration",
    "  runtime key's `@`). A token broken inside its keyword (`github_p` | `at_…`, `xoxb` | `-…`) is",
    "  joined the same way when a part of the keyword around the break tells it (three characters",
    "  or more with a separator, or all the keyword but its closing separator); a cut such as `gh` |",
    "  `p_` or `AK` | `IA` is not, nor a Facebook app token's `<id>|`.",
    "- Colour codes a tool was forced to print (`grep --color=always`, `jq -C`: `ESC [ ... m` and",
    "  `ESC [ K`, the ESC raw or JSON-escaped as `\\u001b`), and the other control sequences",
    "  (`ESC [` parameters and one final byte: a progress display's cursor moves `ESC [ 1 G`,",
    "  `ESC [ ? 25 l`), character set designations (`ESC ( B` of `tput sgr0`) and operating system",
    "  commands (`ESC ] ... BEL` or `ESC \\`: the OSC 8 hyperlinks of `ls --hyperlink`, a terminal",
    "  title) of a text that holds a `[` after an ESC, or the opening of an operating system",
    "  command (`ESC ] 8 ;`, `ESC ] 0 ;` and the other common numbers: a hyperlink, a title, a",
    "  shell's prompt marks `ESC ] 133 ;`), do not hide a value: the rules also read the text",
    "  without them, and a value found there is redacted over its own bytes in the input (the",
    "  codes around it stay; codes inside its span go with it).",
    "- Hex dumps of a file (`xxd`, `hexdump -C`, `od -c`, each with its offsets from 0, and the",
    "  output after an `xxd -p` or `od -An -c` command), raw or in a transcript's JSON string: the",
    "  rows are read back into the bytes they show (each row's ASCII column must show its hex, and",
    "  the offsets must follow one another), the rules read those bytes, and each secret found",
    "  there is redacted in both columns on every row it spans (hiding the ASCII column alone would",
    "  leave the hex). Every copy of the value is redacted too. A dump is read at most 24 KiB from",
    "  its first row (a `.env` of about 5 kB, or a 4096-bit PEM key); a dump of a binary, a git",
    "  object or a list of hashes shows no secret and is kept. A dump cut short inside a row (a",
    "  tool's or a capsule's bound, an ellipsis after it) is read to its last whole cell (hex for",
    "  `xxd` and `hexdump -C`, a character for `od -c`, a byte's two digits for `xxd -p`), so a",
    "  secret's first bytes do not stay. Other widths and groupings (`xxd -c 32`, `od -x`) are not",
    "  read.",
    "- CSV tables (`cat users.csv`) whose header names a credential column (`password`, `passwd`,",
    "  `token`, `secret`, `api_key`, `api key`, `apikey`, `api_token`, `access_token`, `auth_token`,",
    "  `secret_key`, `client_secret`, `private_key`; any column, the first too), with `,`, `;` or a",
    '  tab between cells, blanks after them or not, quoted cells (`"p@ss,word"`, `""` inside), the',
    "  header quoted or not and after a byte-order mark (Excel's CSV) or not, and pipe tables",
    "  (Markdown's `| user | token |` with its `|---|` line and cells in inline code, psql's and",
    "  MySQL's output, sqlite3's `id|token`), raw or in a transcript's JSON string: every row's cell",
    "  under that column is judged as a value under that name in code (letters alone, references,",
    "  placeholders, paths and a contract's public address `0x` + 40 hex are kept; 32 to 128 hex",
    "  digits are a key under every column but a bare `token` or `secret`, which may hold digests;",
    "  under a bare `token`, lower-case words joined by `-`, `_` or `.` that read as a vocabulary's",
    "  (`x86_64-linux`, `utf8mb4_general_ci`, `node18-alpine`) are kept) and redacted over its own",
    "  bytes; the header and the other cells stay. The table ends at an empty line or a line with",
    "  another number of cells, and is read at most 24 KiB from its header (rows past that print);",
    "  every copy of a value is redacted too.",
    "",
  ].join("\n");
}

/** The secret kinds as a Markdown table. */
export function secretKindTable(): string {
  return [
    `${new Set(SECRET_RULES.map((r) => r.kind)).size} credential kinds, in rule order:`,
    "",
    "| kind | credential | recognised by |",
    "| --- | --- | --- |",
    ...SECRET_RULES.map((r) =>
      `| \`${r.kind}\` | ${r.title} | ${r.description.replaceAll("|", "\\|")} |`
    ),
    "",
  ].join("\n");
}

const HOST_CONTENT: HostContent = {
  invocation: ["baton"],
  skill: BATON_SKILL,
  prompts: Object.entries(PROMPT_TEXTS).map(([n, t]) => parsePromptSource(n, t)),
};

/** Placeholder roots the host tables are rendered against. */
const TABLE_ENV = { projectRoot: "/REPO", home: "/HOME", env: () => undefined };

function shownPath(path: string): string {
  return path.replace(/^\/REPO\//, "").replace(/^\/HOME/, "~");
}

function dirOf(path: string): string {
  return path.slice(0, path.lastIndexOf("/") + 1);
}

/** What `baton install HOST` writes, per host and scope, as a Markdown table. */
export function hostFilesTable(): string {
  const rows = [
    "| host | scope | skill | command files | hooks |",
    "| --- | --- | --- | --- | --- |",
  ];
  for (const id of HOST_IDS) {
    for (const scope of ["project", "user"] as InstallScope[]) {
      const layout = HOSTS[id].layout(scope, TABLE_ENV, HOST_CONTENT);
      const of = (kind: string) => layout.files.filter((f) => f.kind === kind);
      const skill = of("skill").map((f) => `\`${shownPath(dirOf(f.path))}\``).join(", ");
      const commands = [...new Set(of("command").map((f) => shownPath(dirOf(f.path))))];
      const commandCell = commands.length === 0
        ? "none"
        : commands.map((d) => `\`${d}\` (${of("command").length} files)`).join(", ");
      const hooks = [...of("hooks"), ...of("plugin"), ...of("block"), ...of("rules")].map((f) =>
        `\`${shownPath(f.path)}\`${
          f.kind === "plugin"
            ? " (plugin)"
            : f.kind === "block"
            ? " (rules block)"
            : f.kind === "rules"
            ? " (permission rules)"
            : ""
        }`
      ).join(", ") || "none";
      rows.push(
        `| ${HOSTS[id].label} | ${scope} | ${skill || "none"} | ${commandCell} | ${hooks} |`,
      );
    }
  }
  return rows.join("\n") + "\n";
}

/** Which host event calls which `baton hook EVENT`, per host, as a Markdown table and notes. */
export function hostHooksTable(): string {
  const rows = [
    `| host | ${HOOK_EVENTS.map((e) => `\`${e}\``).join(" | ")} | what runs |`,
    `| --- | ${HOOK_EVENTS.map(() => "---").join(" | ")} | --- |`,
  ];
  const notes: string[] = [];
  for (const id of HOST_IDS) {
    const host = HOSTS[id];
    const layout = host.layout("project", TABLE_ENV, HOST_CONTENT);
    const hooks = layout.files.flatMap((f) => f.kind === "hooks" ? f.hooks : []);
    const cells = HOOK_EVENTS.map((event) => {
      const h = hooks.find((x) => x.event === event);
      if (h === undefined) return host.hookSupport === "plugin" ? "plugin" : "–";
      return `\`${h.native}\`${
        h.matcher === undefined ? "" : ` (${cell(h.matcher)})`
      }, ${h.timeoutSeconds} s`;
    });
    rows.push(`| ${host.label} | ${cells.join(" | ")} | ${cell(host.hookNote)} |`);
    for (
      const note of new Set([
        ...layout.notes,
        ...host.layout("user", TABLE_ENV, HOST_CONTENT).notes,
      ])
    ) {
      // A note that names its host already ("Gemini CLI fingerprints...") needs no label.
      const named = note.startsWith(host.label.split(" ")[0]!);
      notes.push(`- ${named ? "" : `${host.label}: `}${note}.`);
    }
  }
  return [...rows, "", "What install tells you about each host:", "", ...notes, ""].join("\n");
}

/** The versions tests/hosts/package.json pins, by npm package. */
function pinnedHostVersions(): Record<string, string> {
  const url = new URL("../hosts/package.json", import.meta.url);
  return JSON.parse(Deno.readTextFileSync(url)).devDependencies ?? {};
}

/** How each host is wired, from its install support. */
const WIRING: Record<string, string> = {
  hooks: "hooks",
  plugin: "a plugin or extension",
  rules: "a rules block (no hooks)",
  none: "skill and commands",
};

/** README's host list: one row per host record, with what the real-host suite does with it. */
export function hostListTable(): string {
  const pinned = pinnedHostVersions();
  const rows = [
    "| host | `baton install` | wired through | the real program in `deno task test:hosts` |",
    "| --- | --- | --- | --- |",
  ];
  for (const record of HOST_RECORDS) {
    const program: { npm: string | null; notRun?: string } | undefined = record.program;
    const npm = program?.npm ?? null;
    const version = npm === null ? undefined : pinned[npm];
    const suite = program === undefined
      ? "not recorded"
      : program.notRun !== undefined
      ? `install and schema only: ${program.notRun}`
      : version === undefined
      ? "not pinned"
      : `\`${npm}\` ${version}, run headless against the fake model`;
    rows.push(
      `| ${record.label} | \`${record.id}\` | ${WIRING[record.install.support]} | ${cell(suite)} |`,
    );
  }
  return rows.join("\n") + "\n";
}

/** Block-generated Markdown: path -> marker name -> content. */
export function generatedBlocks(): Record<string, Record<string, string>> {
  return {
    "README.md": { "exit-codes": exitCodeTable(), hosts: hostListTable() },
    "docs/commands.md": { commands: commandReference(), "exit-codes": exitCodeTable() },
    "docs/safety.md": {
      "command-classes": classPolicy(),
      "command-families": familyTable(),
      "secret-kinds": secretKindTable(),
      "secret-copies": secretCopiesRule(),
    },
    "docs/hooks.md": { "host-files": hostFilesTable(), "host-hooks": hostHooksTable() },
  };
}

/** The completion table the shell scripts are rendered from (commands/_cli/completions.ts). */
export function completionTable(): string {
  const table = COMMANDS.filter((c) => !c.hidden).map((c) => ({
    name: c.name,
    summary: c.summary,
    flags: c.flags.filter((f) => f.name !== "json").map((f) => ({
      name: f.name,
      ...(f.short === undefined ? {} : { short: f.short }),
      takesValue: f.type !== "boolean",
      summary: f.summary,
    })).concat([{ name: "json", takesValue: false, summary: "Print the result as JSON" }]),
  }));
  return [
    "// Generated by deno task gen from the command table (tests/_tools/gen_docs.ts): do not edit.",
    'import type { CompletionCommand } from "./completions.ts";',
    "",
    "/** Every command, its summary and its flags, for the completion scripts. */",
    `export const COMPLETION_TABLE: readonly CompletionCommand[] = ${
      JSON.stringify(table, null, 2)
    };`,
    "",
  ].join("\n");
}

/** Every generated file under integrations/<host>/: repository-relative path -> text. */
export function integrationFiles(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of HOST_IDS) {
    for (const [rel, text] of Object.entries(hostReferenceFiles(HOSTS[id], HOST_CONTENT))) {
      out[`integrations/${id}/${rel}`] = text;
    }
  }
  return out;
}

/** Replaces every generated block in `text`. */
export function applyBlocks(text: string, blocks: Record<string, string>): string {
  let out = text;
  for (const [name, content] of Object.entries(blocks)) {
    const begin = `<!-- BEGIN GENERATED: ${name} -->`;
    const end = `<!-- END GENERATED: ${name} -->`;
    const i = out.indexOf(begin);
    const j = out.indexOf(end);
    if (i < 0 || j < i) throw new Error(`The file lacks the markers for "${name}"`);
    out = out.slice(0, i + begin.length) + "\n\n" + content + "\n" + out.slice(j);
  }
  return out;
}

function listFiles(dir: string, out: string[] = []): string[] {
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch {
    return out;
  }
  for (const e of entries) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) listFiles(path, out);
    else out.push(path);
  }
  return out;
}

function readOrNull(path: string): string | null {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return null;
  }
}

/** Block-generated files (README, docs/, the paste-only instructions) with their blocks. */
export function generatedFiles(): Record<string, Record<string, string>> {
  return {
    ...generatedBlocks(),
    "integrations/generic/HANDOFF_INSTRUCTIONS.md": { "model-instructions": pasteInstructions() },
  };
}

/** Where the light part of the host records is generated. */
export const RUNTIME_RECORDS_FILE = "core/hosts/_records_generated.ts";

/** The light part of every host record (RuntimeRecord), as the module the hook path loads. */
export function runtimeRecordsModule(): string {
  const records = (HOST_RECORDS as readonly HostRecord[]).map((r): RuntimeRecord => ({
    id: r.id,
    events: r.events,
    payload: r.payload,
    output: r.output,
    deny: r.deny,
    tools: r.tools,
    projectDirEnv: r.projectDirEnv,
    sessionLabel: r.sessionLabel,
    ...(r.compression === undefined ? {} : { compression: r.compression }),
    transcript: { formats: r.transcript.formats },
  }));
  return [
    "// Generated by `deno task gen` from the host records (core/hosts/<host>.ts, listed in",
    "// core/hosts/records.ts): the part of each record the hook's light path reads, in one",
    "// module, so a hook loads one file rather than every record. Do not edit: `deno task",
    "// check` fails when it is stale.",
    'import type { RuntimeRecord } from "./record.ts";',
    "",
    "/** The light part of every host record, in the records' order. */",
    // One compact line per record: every hook loads this module, and Deno's emit carries its
    // source once more in an inline source map. A literal, not a JSON text: V8 builds a literal
    // from the code cache, and JSON.parse cost the hooks more at load (V8 profiles).
    "export const RUNTIME_RECORDS = [",
    ...records.map((r) => `${JSON.stringify(r)},`),
    "] as const satisfies readonly RuntimeRecord[];",
    "",
  ].join("\n");
}

/** Where the names `baton hook` dispatches on are generated. */
export const HOOK_NAMES_FILE = "core/hosts/hook_names_generated.ts";

/**
 * The host ids and the event names that reach the pre-tool gate, as the
 * module `baton hook` loads before it knows its path: the gate then starts
 * without the host records (core/enforce/deny_output.ts derives the same
 * list from them; a test holds the two equal).
 */
export function hookNamesModule(): string {
  const ids = (HOST_RECORDS as readonly HostRecord[]).map((r) => r.id);
  const preTool = [
    ...new Set([
      "pre-tool",
      "pre-tool-use",
      ...(HOST_RECORDS as readonly HostRecord[]).flatMap((r) => r.events["pre-tool"] ?? []),
    ]),
  ];
  return [
    "// Generated by `deno task gen` from the host records (core/hosts/records.ts): the names",
    "// `baton hook` dispatches on, so the pre-tool gate starts without loading the records. Do",
    "// not edit: `deno task check` fails when it is stale.",
    "",
    "/** Every host id, in the records' order. */",
    "export const HOST_ID_NAMES: readonly string[] = [",
    ...ids.map((id) => `  ${JSON.stringify(id)},`),
    "];",
    "",
    "/** The event names routed to the pre-tool gate: baton's own, then every record's. */",
    "export const PRE_TOOL_NAMES: readonly string[] = [",
    ...preTool.map((name) => `  ${JSON.stringify(name)},`),
    "];",
    "",
  ].join("\n");
}

/** Path -> wanted text (null: the file must not exist) for every generated file. */
export function wantedFiles(): Record<string, string | null> {
  const wanted: Record<string, string | null> = {};
  for (const [path, blocks] of Object.entries(generatedFiles())) {
    wanted[path] = applyBlocks(readOrNull(path) ?? "", blocks);
  }
  wanted["commands/_cli/completion_table.ts"] = completionTable();
  const files = integrationFiles();
  for (const id of HOST_IDS) {
    for (const path of listFiles(`integrations/${id}`)) {
      if (!(path in files)) wanted[path] = null;
    }
  }
  return {
    ...wanted,
    ...files,
    [RUNTIME_RECORDS_FILE]: runtimeRecordsModule(),
    [HOOK_NAMES_FILE]: hookNamesModule(),
  };
}

if (import.meta.main) {
  const stale: string[] = [];
  for (const [path, text] of Object.entries(wantedFiles())) {
    if (readOrNull(path) === text) continue;
    stale.push(path);
    if (Deno.args.includes("--check")) continue;
    if (text === null) Deno.removeSync(path);
    else {
      Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")) || ".", { recursive: true });
      Deno.writeTextFileSync(path, text);
    }
  }
  if (Deno.args.includes("--check")) {
    if (stale.length > 0) {
      console.error(`Generated files are stale (${stale.join(", ")}): run deno task gen`);
      Deno.exit(1);
    }
  } else if (stale.length > 0) {
    console.error(`Regenerated: ${stale.join(", ")}`);
  }
}
