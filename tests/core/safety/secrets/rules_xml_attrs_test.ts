// Tests for core/safety/secrets/rules_xml_attrs.ts: an XML tag's value
// attribute wherever the attributes stand (separate lines, single quotes,
// the value first, others between), and a tag named for a credential with a
// value attribute. Every value is drawn at run time.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { ALNUM, CONTEXTS, p, Rng } from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);

Deno.test("a setting's value attribute on another line, single-quoted or before its name is redacted (see: #21)", () => {
  const rng = new Rng(2021);
  const key = p("Zq7", rng.str(ALNUM, 21));
  const pw = p("Hq7", rng.str(ALNUM, 9));
  const cases: [string, string, string][] = [
    [
      `<appSettings>\n  <add key="ApiKey"\n       value="${key}" />\n</appSettings>`,
      key,
      "xml_token",
    ],
    [`<add value="${key}" key="api_key_string"/>`, key, "xml_token"],
    [`<add value="${key}" key="ApiKey"/>`, key, "xml_token"],
    [`<property name='db.password' value='${pw}'/>`, pw, "xml_password"],
    [`<entry key="smtp.password"\n  description="mail"\n  value="${pw}"/>`, pw, "xml_password"],
  ];
  for (const [text, value, kind] of cases) {
    for (const wrap of [(x: string) => x, CONTEXTS.json_transcript!]) {
      const r = redactText(engine, wrap(text));
      assert.ok(r.kinds.includes(kind), `${kind} not found: ${text} (${r.kinds.join(",")})`);
      assert.ok(!r.text.includes(value), `left in: ${r.text}`);
    }
  }
});

Deno.test("a tag named for a credential gives its value attribute, raw quotes (see: #21)", () => {
  const rng = new Rng(2023);
  const key = p("Zq7", rng.str(ALNUM, 21));
  const cases: [string, string][] = [
    [`<the_password_tag value="${key}"/>`, "xml_password"],
    [`<apiKey id="main" value="${key}"/>`, "xml_token"],
  ];
  for (const [text, kind] of cases) {
    for (const wrap of [(x: string) => x, CONTEXTS.yaml!, CONTEXTS.markdown_fence!]) {
      const r = redactText(engine, wrap(text));
      assert.ok(r.kinds.includes(kind), `${kind} not found: ${text} (${r.kinds.join(",")})`);
      assert.ok(!r.text.includes(key), `left in: ${r.text}`);
    }
  }
});

Deno.test("a setting's value attribute that is no secret, or under a name about the credential, is kept (see: #21)", () => {
  const rng = new Rng(2022);
  const key = p("Zq7", rng.str(ALNUM, 21));
  for (
    const text of [
      '<add key="ApiKeyHeader"\n     value="X-Api-Key" />',
      `<add value="${key}" key="PasswordPolicy"/>`,
      '<add key="ApiKey" value="${API_KEY}" />',
      '<input type="password" name="password" value="{{password}}">',
      `<passwordHint value="${key}"/>`,
      '<option name="token" value="true"/>',
      `<property name="tokenEndpoint" value="https://login.example.test/${key}"/>`,
      `<item name="sortKey" value="${key}"/>`,
      `<tokenEndpoint value="https://login.example.test/${key}"/>`,
      '<password value="${DB_PASSWORD}"/>',
      `reset the password manager value="${key}"`,
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("a setting element broken after its name or tab-separated, inside a transcript's JSON, is redacted (see: #21, review36)", () => {
  const rng = new Rng(2024);
  const key = p("Zq7", rng.str(ALNUM, 21));
  const pw = p("Hq7", rng.str(ALNUM, 9));
  const cases: [string, string][] = [
    // One attribute a line, the element's name alone on the first: `<add\n` is `<add\\n` in JSON.
    [`<appSettings>\n  <add\n    key="ApiKey"\n    value="${key}" />\n</appSettings>`, key],
    [`<property\n\tname="db.password"\n\tvalue="${pw}"/>`, pw],
    // Tab-separated attributes: the escaped tab's letter before `value`.
    [`<add key="ApiKey"\tvalue="${key}"/>`, key],
  ];
  for (const [text, value] of cases) {
    const r = redactText(engine, CONTEXTS.json_transcript!(text));
    assert.ok(!r.text.includes(value), `left in: ${r.text}`);
  }
  // Controls: the same layouts with no secret under the name are kept.
  for (
    const text of [
      '<add\n    key="ApiKeyHeader"\n    value="X-Api-Key" />',
      '<add key="ApiKey"\tvalue="${API_KEY}"/>',
      `<add\n    key="CacheKey"\n    value="${key}" />`,
    ]
  ) {
    assert.deepEqual(redactText(engine, CONTEXTS.json_transcript!(text)).kinds, [], text);
  }
});

Deno.test("a tag named for a credential gives its value attribute single-quoted, spaced around `=` or on the next line (see: #21, left40)", () => {
  const rng = new Rng(2040);
  const key = p("Zq7", rng.str(ALNUM, 21));
  const pw = p("Hq7", rng.str(ALNUM, 9));
  const cases: [string, string, string][] = [
    [`<apiKey value='${key}'/>`, key, "xml_token"],
    [`<apiKey id='main' value='${key}'/>`, key, "xml_token"],
    [`<apiKey value = "${key}"/>`, key, "xml_token"],
    [`<apiKey value ='${key}'/>`, key, "xml_token"],
    [`<apiKey\n    value="${key}"/>`, key, "xml_token"],
    [`<apiKey id="main"\n        value="${key}"/>`, key, "xml_token"],
    [`<db_password value='${pw}'/>`, pw, "xml_password"],
    [`<db_password\r\n  value = "${pw}"/>`, pw, "xml_password"],
  ];
  for (const [text, value, kind] of cases) {
    for (const wrap of [(x: string) => x, CONTEXTS.yaml!, CONTEXTS.markdown_fence!]) {
      const r = redactText(engine, wrap(text));
      assert.ok(r.kinds.includes(kind), `${kind} not found: ${text} (${r.kinds.join(",")})`);
      assert.ok(!r.text.includes(value), `left in: ${r.text}`);
    }
  }
  // Look-alikes: no secret as the value, a name about the credential, prose, a value two lines on.
  for (
    const text of [
      "<apiKey value='${API_KEY}'/>",
      `<apiKeyHeader value = "X-Api-Key"/>`,
      `<tokenEndpoint\n  value='https://login.example.test/${key}'/>`,
      `<passwordHint value = '${key}'/>`,
      "<password value='{{password}}'/>",
      `the api key\n\n\nvalue="${key}"`,
      `<apiKey>\n</apiKey>\nvalue = "${key}"`,
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});

Deno.test("a setting element with a raw tab or line break right after its name is redacted; names that only start so are not read (see: #21, left40)", () => {
  const rng = new Rng(2041);
  const key = p("Zq7", rng.str(ALNUM, 21));
  const pw = p("Hq7", rng.str(ALNUM, 9));
  const cases: [string, string][] = [
    [`<add\tkey="ApiKey"\n     value="${key}" />`, key],
    [`<add\tvalue="${key}" key="api_key_string"/>`, key],
    [`<setting\tname="DbPassword"\n  value="${pw}"/>`, pw],
    [`<add\n  key="ApiKey"\n  value="${key}"/>`, key],
    [`<property\r\n\tname="db.password"\r\n\tvalue="${pw}"/>`, pw],
  ];
  for (const [text, value] of cases) {
    const r = redactText(engine, text);
    assert.ok(!r.text.includes(value), `left in: ${r.text}`);
  }
  for (
    const text of [
      '<add\tkey="ApiKeyHeader"\n value="X-Api-Key"/>',
      `<add\n  key="CacheKey"\n  value="${key}"/>`,
      `<address\tline="${key}"/>`,
      '<add\tkey="ApiKey" value="${API_KEY}"/>',
    ]
  ) {
    assert.deepEqual(redactText(engine, text).kinds, [], text);
  }
});
