/**
 * Secrets in CSV tables (redact103): every row's cell under a credential
 * column is redacted, whatever the column's place (the first too), with
 * `,`, `;` or a tab between cells, quoted cells (`"p@ss,word"`, `""`
 * inside), raw and JSON-escaped once and twice; the other cells, the
 * header and look-alikes (letters alone, references, placeholders, prose
 * and code that only look like a header) stay. A streamed scan redacts as
 * the in-memory one does wherever its chunks fall (property). Every value
 * is drawn at run time.
 * @module
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { defaultEngine } from "../../../../core/safety/secrets/default_engine.ts";
import { findSecrets } from "../../../../core/safety/secrets/engine.ts";
import { judgeCsvs } from "../../../../core/safety/secrets/csvs.ts";
import { csvCellIsSecret } from "../../../../core/safety/secrets/csv_cells.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, p, Rng } from "../../../_helpers/secret_fixtures.ts";
import { ESCAPES } from "../../../_helpers/redact_everywhere.ts";
import { streamedRedaction } from "../../../_helpers/streamed_redaction.ts";

const engine = defaultEngine();
const MARK = "[REDACTED:generic_secret]";

/** A password-like value: letters, a digit and more letters (no blank, no separator). */
function secret(rng: Rng): string {
  return p(rng.str(ALNUM, 8), "7", rng.str(ALNUM, 9));
}

/** Tables whose `%1%`, `%2%`, `%3%` cells are secrets (each on its own row). */
const TABLES: readonly string[] = [
  // Every row, not the first alone.
  "id,token,name\n1,%1%,bob\n2,%2%,al\n3,%3%,cy\n",
  // The credential column first.
  "password,name\n%1%,bob\n%2%,al\n",
  // `;` and a tab between cells.
  "id;password;name\n1;%1%;bob\n2;%2%;al\n",
  "id\tpassword\tname\n1\t%1%\tbob\n2\t%2%\tal\n",
  "password\tname\n%1%\tbob\n",
  // Quoted cells, the header's too, and CRLF.
  '"id","api_token","note"\r\n"1","%1%","a, b"\r\n"2","%2%",""\r\n',
  // Two credential columns.
  "user,password,api_key\nbob,%1%,%2%\n",
  // After a command, the last row without a line break.
  "$ cat users.csv\nname;secret;scope\nci;%1%;repo\nbot;%2%;read",
];

/** `shape` with a fresh secret at `%1%`, raw and escaped once and twice: only the secret goes. */
function assertRedactedEveryEscape(rng: Rng, shape: string): void {
  for (const escape of ESCAPES) {
    const v = secret(rng);
    const input = escape(shape.replace("%1%", v));
    assert.equal(redactText(engine, input).text, input.replace(v, MARK), input);
  }
}

Deno.test("redact103: every row's cell under a credential column is redacted, any column, `,` `;` or tab, quoted, raw and escaped once and twice", () => {
  const rng = new Rng(103001);
  for (const table of TABLES) {
    for (const escape of ESCAPES) {
      let text = table;
      const values: string[] = [];
      for (const k of ["%1%", "%2%", "%3%"]) {
        if (!text.includes(k)) continue;
        const v = secret(rng);
        values.push(v);
        text = text.replace(k, v);
      }
      const input = escape(text);
      const r = redactText(engine, input);
      // Only the cells go: the header and every other cell stay as they were.
      let want = input;
      for (const v of values) want = want.replace(v, MARK);
      assert.equal(r.text, want, JSON.stringify(input));
    }
  }
});

Deno.test("redact103: a quoted cell holding the separator or a doubled quote is redacted whole", () => {
  for (const escape of ESCAPES) {
    for (
      const [table, value] of [
        ['id,password,name\n1,"p@ss,wordX9z",bob\n', "p@ss,wordX9z"],
        ['id;password\n1;"Zq;8x""Lk2Pw"\n', 'Zq;8x""Lk2Pw'],
      ]
    ) {
      const input = escape(table!);
      // The value as the escape writes it inside the text (no quotes of its own around it).
      const level = ESCAPES.indexOf(escape);
      let inner = value!;
      for (let k = 0; k < level; k++) inner = JSON.stringify(inner).slice(1, -1);
      const r = redactText(engine, input);
      assert.equal(r.text, input.replace(inner, MARK), JSON.stringify(input));
    }
  }
});

/** Text shaped like a header and rows that holds no secret under a credential column. */
const KEPT: readonly string[] = [
  "name,password\nbob,hunterbob\nal,sunnyday\n",
  "name;api_token\nbob;${API_TOKEN}\nal;<your-token>\n",
  "name,token\nbob,xxxxxxxxxxxx\n",
  "id\tsecret\n1\t/etc/app/secret.key\n",
  '"id","token"\n"1",""\n',
  // The column's name with more after it is another column.
  "name,password_hash\nbob,Xk9mQ2vL7pR4tW8zB3nCq5\n",
  // Code and prose that only look like a header.
  "f(a,token,b)\nx,Xk9mQ2vL7pR4tW8zB3nCq5,y\n",
  "Enter your username,password\nthen click Login, or press Enter-key9\n",
  "openssl list\npasswd,\npkcs12,\n",
  // A row with another number of cells ends the table.
  "id,token\n1,2,Xk9mQ2vL7pR4tW8zB3nCq5\n",
  // A blank line ends it too.
  "id,token\n\n1,Xk9mQ2vL7pR4tW8zB3nCq5\n",
  // A token contract's public address.
  "symbol,token\nDAI,0x6B175474E89094C44Da98b954EedeAC495271d0F\n",
];

Deno.test("redact103: look-alikes of a CSV table are kept, raw and escaped once and twice", () => {
  for (const text of KEPT) {
    for (const escape of ESCAPES) {
      const input = escape(text);
      assert.deepEqual(redactText(engine, input).kinds, [], JSON.stringify(input));
    }
  }
});

Deno.test("judgeCsvs() drops the heads and reads each header once; csvCellIsSecret() judges a cell by its column", () => {
  const bytes = new TextEncoder().encode(
    "user,password,token\nbob,Zx81kPq0LmN3,Qw81kPq0LmN3vB7tQx\n",
  );
  const found = findSecrets(engine, bytes, true);
  // Heads of one header overlap: one is kept, and the header is read once for both columns.
  assert.ok(found.length >= 1);
  const r = judgeCsvs(engine, bytes, found);
  assert.deepEqual(r.rest, []);
  assert.deepEqual(r.found.map((f) => [f.start, f.end]), [[24, 36], [37, 55]]);
  assert.deepEqual(r.values.length, 2);
  assert.ok(csvCellIsSecret("password", "Zx81kPq0LmN3"));
  assert.ok(!csvCellIsSecret("password", "hunterbob"));
  assert.ok(!csvCellIsSecret("token", "short1"));
  assert.ok(!csvCellIsSecret("token", "${API_TOKEN}"));
});

/**
 * Property: `table` (holding `values`) after padding, escaped as a transcript holds it, is
 * redacted by the stream as in memory wherever the chunks fall, and no value is left.
 */
async function assertStreamedAsInMemory(
  table: string,
  values: readonly string[],
  numRuns: number,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 3000 }),
      fc.integer({ min: 64, max: 4096 }),
      fc.integer({ min: 1, max: 13 }),
      fc.constantFrom(...ESCAPES.keys()),
      async (pad, chunkBytes, step, escape) => {
        const text = "y".repeat(pad) + "\n" + ESCAPES[escape]!(table) + "z\n".repeat(50);
        const whole = redactText(engine, text).text;
        for (const v of values) assert.ok(!whole.includes(v), whole);
        assert.equal(await streamedRedaction(engine, text, chunkBytes, step * 97), whole);
      },
    ),
    { numRuns },
  );
}

Deno.test("redact103: a CSV table streamed is redacted as in memory wherever the chunks fall (property)", async () => {
  const rng = new Rng(103002);
  const values = [secret(rng), secret(rng)];
  const table = `id,token,name\n1,${values[0]},bob\n2,${values[1]},al\n`;
  await assertStreamedAsInMemory(table, values, 60);
});

Deno.test("attack117: a long run of header characters with a column name every few bytes is read about once, not once per name", () => {
  // `\tpassword` repeated, no line break: each name was a head whose pattern read up to 1,024
  // characters ahead looking for the line's break and failed, so 4 MiB took 4.3 s (1 MB/s).
  // A head now ends where the run of header characters ends, break or not; csvs.ts drops one
  // without a break, and the names inside its match are not tried again.
  for (const unit of ["\tpassword", '"id","password",', "token,", 'password",']) {
    for (const end of ["", "!\n"]) {
      const text = unit.repeat(Math.ceil(20_000 / unit.length)) + end;
      const bytes = new TextEncoder().encode(text);
      const heads = findSecrets(engine, bytes, true).filter((f) => f.kind === "csv:header");
      // About one head per 1,024 bytes of the run, together covering it.
      const covered = heads.reduce((n, h) => n + (h.end - h.start), 0);
      assert.ok(
        covered >= 0.9 * text.length,
        `${JSON.stringify(unit)}: ${covered} of ${text.length}`,
      );
      assert.ok(heads.length <= Math.ceil(text.length / 1024) + 2, `${heads.length}`);
      assert.deepEqual(judgeCsvs(engine, bytes, heads).found, []);
    }
  }
});

Deno.test("attack117: control: a table after such a run, and a header whose line ends within reach, are still read", () => {
  const rng = new Rng(117001);
  for (const escape of ESCAPES) {
    const v = secret(rng);
    const w = secret(rng);
    const text = escape(
      "\tpassword".repeat(300) + "!\nid,token,name\n1," + v + ",bob\n" +
        // A header 1,000 characters long, its break within reach.
        "id," + "note,".repeat(198) + "password\n1," + "x,".repeat(198) + w + "\n",
    );
    const r = redactText(engine, text);
    assert.ok(!r.text.includes(v) && !r.text.includes(w), JSON.stringify(text).slice(-300));
    assert.equal(r.kinds.length, 2);
  }
});

Deno.test("attack117: hex under a credential column other than a bare token or secret is redacted, as under that name in code", () => {
  // `api_key = "<32 hex>"` was redacted and `id,api_key` then `1,<32 hex>` printed: the cell was
  // judged by literalForName alone, which reads hex as a digest.
  const rng = new Rng(117002);
  const HEX = "0123456789abcdef";
  for (const name of ["api_key", "access_token", "client_secret", "password", "private_key"]) {
    for (const escape of ESCAPES) {
      for (const length of [32, 40, 64]) {
        const v = p(rng.str(HEX, length - 1), "e");
        const code = redactText(engine, escape(`${name} = "${v}"\n`)).text;
        assert.ok(!code.includes(v), code);
        const input = escape(`id,${name},note\n1,${v},x\n`);
        assert.equal(redactText(engine, input).text, input.replace(v, MARK), input);
      }
    }
  }
});

Deno.test("attack117: control: hex under a bare token or secret column, digits alone and a contract's address stay kept", () => {
  const rng = new Rng(117003);
  const HEX = "0123456789abcdef";
  for (const escape of ESCAPES) {
    const v = p(rng.str(HEX, 39), "e");
    for (
      const text of [
        `id,token\n1,${v}\n`,
        `id,secret\n1,${v}\n`,
        `id,api_key\n1,${"1234567890".repeat(4)}\n`,
        `symbol,api_key\nDAI,0x6B175474E89094C44Da98b954EedeAC495271d0F\n`,
      ]
    ) {
      const input = escape(text);
      assert.deepEqual(redactText(engine, input).kinds, [], input);
    }
  }
});

/**
 * Tables the reader skipped before redact104, each with a credential column and `%1%`, `%2%`
 * secret cells: a byte-order mark before the header, blanks after the separators, pipe tables.
 */
const MORE_TABLES: readonly string[] = [
  // Excel's CSV: a byte-order mark before the header (the credential column first too).
  "\ufeffid,password,name\n1,%1%,bob\n2,%2%,al\n",
  "\ufeffpassword;name\r\n%1%;bob\r\n",
  // A blank after each separator, in the header and the cells, or in the header alone.
  "id, token, name\n1, %1%, bob\n2, %2%, al\n",
  "id, api_key\n1,%1%\n",
  '"id", "token", "name"\n"1", "%1%", "bob"\n',
  // Markdown: outer pipes, a rule line, padded cells, an aligned rule, inline code.
  "| user | token | note |\n|---|---|---|\n| bob | %1% | x |\n| al | %2% | y |\n",
  "| user  | password          |\n| :---- | :---------------: |\n| bob   | `%1%` |\n",
  "user | token | note\n--- | --- | ---\nbob | %1% | x\n",
  // psql: centred names, a rule line of `-` and `+`, a row count after the rows.
  " id |       token        | name\n----+--------------------+------\n  1 | %1% | bob\n  2 | %2% | al\n(2 rows)\n",
  // sqlite3 with headers on (no rule line), and MySQL's box.
  "id|token|name\n1|%1%|bob\n2|%2%|al\n",
  "+----+-------+------+\n| id | secret | name |\n+----+-------+------+\n|  1 | %1% | bob  |\n+----+-------+------+\n",
  // After a transcript's prose, the table's last row without a line break.
  "The accounts:\n\n| name | api_token |\n|------|-----------|\n| ci | %1% |\n| bot | %2% |",
];

Deno.test("redact104: a byte-order mark, blanks after separators and pipe tables (Markdown, psql, sqlite, MySQL) are read, raw and escaped once and twice", () => {
  const rng = new Rng(104001);
  for (const table of MORE_TABLES) {
    for (const escape of ESCAPES) {
      let text = table;
      const values: string[] = [];
      for (const k of ["%1%", "%2%"]) {
        if (!text.includes(k)) continue;
        const v = secret(rng);
        values.push(v);
        text = text.replace(k, v);
      }
      const input = escape(text);
      const r = redactText(engine, input);
      let want = input;
      for (const v of values) want = want.replace(v, MARK);
      assert.equal(r.text, want, JSON.stringify(input));
    }
  }
});

Deno.test("redact104: a byte-order mark written as JSON's \\ufeff escape opens the header too", () => {
  const rng = new Rng(104002);
  const v = secret(rng);
  const once = JSON.stringify(`id,password\n1,${v}\n`).slice(1, -1);
  for (const input of [`\\ufeff${once}`, JSON.stringify(`\ufeff${once}`).slice(1, -1)]) {
    assert.equal(redactText(engine, input).text, input.replace(v, MARK), input);
  }
  // A JSON document whose string opens with the escaped mark (Python's json.dumps).
  const record = `{"output": "\\ufeff${once}"}\n`;
  assert.equal(redactText(engine, record).text, record.replace(v, MARK), record);
});

/** Pipe tables and padded headers that hold no secret under a credential column. */
const MORE_KEPT: readonly string[] = [
  // Documentation: a token column of words, format codes, placeholders and references.
  "| Token | Meaning |\n|---|---|\n| `%H` | hour |\n| `%M` | minute |\n",
  "| name | token |\n| --- | --- |\n| ci | `${CI_TOKEN}` |\n| bot | <your-token> |\n",
  "| user | password |\n|---|---|\n| bob | hunterbob |\n| al | ******** |\n",
  // A tokenizer's vocabulary, and a design system's tokens.
  "| token | id |\n|---|---|\n| x86_64-linux | 1 |\n| utf8mb4_general_ci | 2 |\n",
  "| Token | Value |\n| --- | --- |\n| `--color-primary-500` | #3b82f6 |\n| `--font-size-2xl` | 1.5rem |\n",
  // A regular expression's alternation and a shell pipe are no header.
  "grep -E 'password|token|secret' app.log\nx|Xk9mQ2vL7pR4tW8zB3nCq5|y\n",
  "re = /(?:password|token)/\nfoo|Xk9mQ2vL7pR4tW8zB3nCq5\n",
  // A row of another number of cells ends the table; a rule line not under the header is a row.
  "id|token\n1|2|Xk9mQ2vL7pR4tW8zB3nCq5\n",
  "| id | token |\n\n| 1 | Xk9mQ2vL7pR4tW8zB3nCq5 |\n",
  // Prose with a comma and a blank before a credential's name.
  "Fields: id, token, name\nthen 1, Xk9mQ2vL7pR4tW8zB3nCq5 etc\n",
  // A byte-order mark before prose.
  "\ufeffThe password, if any\nis Xk9mQ2vL7pR4tW8zB3nCq5 here\n",
];

Deno.test("redact104: look-alikes of pipe tables and padded headers are kept, raw and escaped once and twice", () => {
  for (const text of MORE_KEPT) {
    for (const escape of ESCAPES) {
      const input = escape(text);
      assert.deepEqual(redactText(engine, input).kinds, [], JSON.stringify(input));
    }
  }
});

Deno.test("redact104: a pipe table streamed is redacted as in memory wherever the chunks fall (property)", async () => {
  const rng = new Rng(104003);
  const values = [secret(rng), secret(rng)];
  const table = `| id | token | name |\n|----|-------|------|\n| 1 | ${values[0]} | bob |\n` +
    `| 2 | \`${values[1]}\` | al |\n`;
  await assertStreamedAsInMemory(table, values, 40);
});

Deno.test("redact104: runs of padded or piped column names are matched once each, not read again per name", () => {
  // The heads now allow blanks and a byte-order mark before a name, blanks after it and `|`
  // around it. A run of header characters is still one match per 1,024 of them, whose names
  // are not tried again; a mark (no header character) ends a match, so the run after it is a
  // match of its own, as short. Either way no byte is matched twice.
  for (
    const unit of [
      "| token ",
      "id, token, ",
      " password |",
      "\ufefftoken,",
      "token" + " ".repeat(300),
    ]
  ) {
    for (const end of ["", "!\n"]) {
      const text = unit.repeat(Math.ceil(20_000 / unit.length)) + end;
      const bytes = new TextEncoder().encode(text);
      const heads = findSecrets(engine, bytes, true).filter((f) => f.kind === "csv:header");
      let covered = 0;
      let last = -1;
      for (const h of heads) {
        assert.ok(h.start >= last, `${JSON.stringify(unit)}: overlapping heads`);
        covered += h.end - h.start;
        last = h.end;
      }
      assert.ok(covered <= bytes.length, `${JSON.stringify(unit)}: ${covered}`);
      if (!unit.startsWith("\ufeff")) {
        assert.ok(heads.length <= Math.ceil(text.length / 1024) + 2, `${unit}: ${heads.length}`);
      }
      assert.deepEqual(judgeCsvs(engine, bytes, heads).found, []);
    }
  }
});

/**
 * Columns named as code names a credential, with a prefix before the credential word
 * (redact105): `db_password = "…"` was redacted and `user,db_password` then a row printed
 * the password, the column names being a fixed list apart from the assignment rules' judgement.
 */
const PREFIXED_NAMES: readonly string[] = [
  "db_password",
  "admin_password",
  "aws_secret_access_key",
  "github_token",
  "stripe_api_key",
  "session_token",
  "smtp_pass",
  "API Key",
  "Secret access key",
];

Deno.test("redact105: a column named as code names a credential (a prefix before the word) is read, any place, `,` `;` tab `|` quoted, raw and escaped once and twice", () => {
  const rng = new Rng(105001);
  for (const name of PREFIXED_NAMES) {
    for (
      const shape of [
        "user,%N%\nbob,%1%\nal,%2%\n",
        "%N%,user\n%1%,bob\n",
        "id;%N%;note\n1;%1%;x\n",
        "id\t%N%\tnote\n1\t%1%\tx\n",
        "%N%\tnote\n%1%\tx\n",
        '"id","%N%","note"\n"1","%1%","x"\n',
        '"%N%","id"\n"%1%","1"\n',
        "| user | %N% |\n|---|---|\n| bob | %1% |\n",
      ]
    ) {
      for (const escape of ESCAPES) {
        let text = shape.replace("%N%", name);
        const values: string[] = [];
        for (const k of ["%1%", "%2%"]) {
          if (!text.includes(k)) continue;
          const v = secret(rng);
          values.push(v);
          text = text.replace(k, v);
        }
        const input = escape(text);
        let want = input;
        for (const v of values) want = want.replace(v, MARK);
        assert.equal(redactText(engine, input).text, want, JSON.stringify(input));
      }
    }
  }
});

Deno.test("redact105: control: the same names in code are redacted, by the judgement the columns now share", () => {
  const rng = new Rng(105002);
  for (const name of PREFIXED_NAMES.filter((n) => !n.includes(" "))) {
    for (const escape of ESCAPES) {
      const v = secret(rng);
      const r = redactText(engine, escape(`${name} = "${v}"\n`));
      assert.ok(!r.text.includes(v), r.text);
    }
  }
});

Deno.test("redact105: AWS's credentials CSV (blanks inside its column names) has its password and secret key redacted, its names and link kept", () => {
  const rng = new Rng(105003);
  for (const escape of ESCAPES) {
    const pw = secret(rng);
    const key = p(rng.str(ALNUM, 20), "7", rng.str(ALNUM, 19));
    const id = p("AKIA", rng.str("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16));
    const text = escape(
      "User name,Password,Access key ID,Secret access key,Console login link\n" +
        `deploy,${pw},${id},${key},https://123456789012.signin.aws.amazon.com/console\n`,
    );
    const r = redactText(engine, text);
    // The password is the table's alone; the key pair's own rules may read the key beside its id.
    assert.ok(
      r.text.includes(`,${MARK},`) && !r.text.includes(pw) && !r.text.includes(key),
      r.text,
    );
    assert.ok(r.text.includes("User name,Password,Access key ID,Secret access key,"), r.text);
    assert.ok(r.text.includes(".signin.aws.amazon.com/console"), r.text);
  }
});

/**
 * Tables whose column names hold a credential's word but are no credential's, by the name
 * judgement of code (each kept there too, below): the value under each would be redacted
 * under `password` or `api_key`.
 */
const ORDINARY_NAMES: readonly string[] = [
  "token_count",
  "password_reset_at",
  "primary_key",
  "public_key",
  "cache_key",
  "sort_key",
  "key",
  "secret_id",
  "token_type",
  "Access key ID",
  "max_tokens",
  "csrf_token",
  "monkey",
  // Prose before a comma: more words than a column's name holds.
  "paste your new api key",
];

Deno.test("redact105: look-alike columns (token_count, password_reset_at, primary_key, public_key, cache_key, …) are kept, raw and escaped once and twice", () => {
  const rng = new Rng(105004);
  for (const name of ORDINARY_NAMES) {
    const v = secret(rng);
    for (
      const shape of [
        `user,${name}\nbob,${v}\n`,
        `${name}\tuser\n${v}\tbob\n`,
        `"id","${name}"\n"1","${v}"\n`,
        `| id | ${name} |\n|---|---|\n| 1 | ${v} |\n`,
      ]
    ) {
      for (const escape of ESCAPES) {
        const input = escape(shape);
        assert.deepEqual(redactText(engine, input).kinds, [], JSON.stringify(input));
      }
    }
    // Code's assignment judgement of the same name keeps it too (a bare `key = "…"` is the key
    // rule's, which reads `key` alone; as a column, `key,value` is a settings table).
    if (!name.includes(" ") && name !== "key") {
      assert.deepEqual(redactText(engine, `${name} = "${v}"\n`).kinds, [], name);
    }
  }
  // The other columns of a header that has a credential column are still judged each.
  const w = secret(rng);
  const mixed = `primary_key,db_password,token_count\n${secret(rng)},${w},${secret(rng)}\n`;
  const r = redactText(engine, mixed);
  assert.deepEqual(r.kinds, ["generic_secret"], r.text);
  assert.ok(!r.text.includes(w), r.text);
});

Deno.test("redact105: a header with a placeholder's word in another column (`id,token,example`) is read; it was dropped by the filters meant for secrets", () => {
  const rng = new Rng(105005);
  for (const other of ["example", "placeholder", "sample", "xxxx_note"]) {
    assertRedactedEveryEscape(rng, `id,token,${other}\n1,%1%,x\n`);
  }
});

Deno.test("redact105: runs of prefixed names, long prefixes and blanks inside names are read about once, not once per name", () => {
  for (
    const unit of [
      "\tdb_password",
      "db_password\t",
      "a b db_password,",
      "x_".repeat(40) + "password,",
      "a".repeat(100) + "_token,",
      "passphrase\t",
      'secret",',
      "Secret access key,",
      " ".repeat(90) + "key,",
    ]
  ) {
    for (const end of ["", "!\n"]) {
      const text = unit.repeat(Math.ceil(20_000 / unit.length)) + end;
      const bytes = new TextEncoder().encode(text);
      const heads = findSecrets(engine, bytes, true).filter((f) => f.kind === "csv:header");
      let last = -1;
      for (const h of heads) {
        assert.ok(h.start >= last, `${JSON.stringify(unit)}: overlapping heads`);
        last = h.end;
      }
      assert.ok(heads.length <= Math.ceil(text.length / 1024) + 2, `${unit}: ${heads.length}`);
      assert.deepEqual(judgeCsvs(engine, bytes, heads).found, []);
    }
  }
});

Deno.test("redact105: a row inside a table whose cell names a credential is no header (a package list, a keyword list), raw and escaped once and twice", () => {
  // Found by the precision sweep over /usr/share: `apt<TAB>base-passwd<TAB>3.6.1` of a package
  // list and `syn keyword<TAB>pfService<TAB>kpasswd` of a Vim syntax file were read as headers,
  // and every package or service name with a digit under them was redacted.
  for (
    const text of [
      "apt\tbinutils\t2.40-2\napt\tbase-passwd\t3.6.1\napt\tlibssl3\t3.0.17-1\napt\tgcc-12-base\t12.2.0-14\n",
      "syn keyword\tpfService\tklogin\nsyn keyword\tpfService\tkpasswd\nsyn keyword\tpfService\tkrb524\nsyn keyword\tpfService\tpop3pw\n",
      "name,version\nlibsecret,0.20.5-3\nbase-passwd,3.6.1\nlibssl3,3.0.17-1\n",
      // The same with a name the old list held (redacted before redact105 too): a settings
      // table's row and a keyword list's.
      "opt,kind\nuser,string\npassword,string\nretries2,int32x\n",
      "syn keyword,sqlKw,login\nsyn keyword,sqlKw,password\nsyn keyword,sqlKw,pg_hba2\nsyn keyword,sqlKw,utf8mb4\n",
      // A number or a version among the cells is a row's, also as a table's first line.
      "apt\tbase-passwd\t3.6.1\napt\tlibssl3\t3.0.17-1\n",
    ]
  ) {
    for (const escape of ESCAPES) {
      const input = escape(text);
      assert.deepEqual(redactText(engine, input).kinds, [], JSON.stringify(input));
    }
  }
});

Deno.test("redact105: control: a header under prose, a command or a rule line of another shape is read", () => {
  const rng = new Rng(105006);
  for (
    const shape of [
      "The accounts:\nuser,db_password\nbob,%1%\n",
      "$ cat users.tsv\nuser\tdb_password\tnote\nbob\t%1%\tx\n",
      "a,b,c\nuser,db_password\nbob,%1%\n",
    ]
  ) {
    assertRedactedEveryEscape(rng, shape);
  }
});

Deno.test("fix60a: a header under a title line is read (an export's title, Excel's `sep=,`, names of as many cells), raw and escaped once and twice", () => {
  // Printed in full through `baton redact` after redact105: the line above had as many cells
  // with the same separator, so the header was taken for a row inside a table.
  const rng = new Rng(60001);
  for (
    const shape of [
      "Exported users, 2024-05-01\nid,password\n1,%1%\n",
      "sep=,\nid,password\n1,%1%\n",
      "sep=;\nid;password\n1;%1%\n",
      "x,y,z\nid,user,password\n1,bob,%1%\n",
      "Name,Value\nid,password\nbob,%1%\n",
    ]
  ) {
    assertRedactedEveryEscape(rng, shape);
  }
});

Deno.test("fix60a: control: a line of names inside a table of names is still a row, alike the line above it or under two such lines", () => {
  for (
    const text of [
      // No cell shared with the line above, but that line is itself a row.
      "host,str\nport,int\npassword,str\nretries2,int\n",
      "syn keyword\tpfService\tklogin\nsyn keyword\tpfService\tkpasswd\nsyn keyword\tpfService\tpop3pw\n",
      "opt,kind\nuser,string\npassword,string\nretries2,int32x\n",
    ]
  ) {
    for (const escape of ESCAPES) {
      const input = escape(text);
      assert.deepEqual(redactText(engine, input).kinds, [], JSON.stringify(input));
    }
  }
});
