// Tests for core/safety/secrets/rules_service_urls.ts: a key inside a service's own URL
// (Infura, Alchemy, QuickNode, OpenWeather's appid, Make, IFTTT, Feishu/Lark and WeCom webhooks)
// is redacted and the rest of the URL stays; documentation forms are kept. Every value is drawn
// at run time.

import assert from "node:assert/strict";
import { SECRET_RULES } from "../../../../core/safety/secrets/rules.ts";
import { createEngine } from "../../../../core/safety/secrets/engine.ts";
import { redactText } from "../../../../core/safety/secrets/redact.ts";
import { SERVICE_URL_RULES } from "../../../../core/safety/secrets/rules_service_urls.ts";
import {
  ALNUM,
  CONTEXTS,
  HEX,
  lookAlikes,
  p,
  Rng,
  SAMPLES,
  URLSAFE,
} from "../../../_helpers/secret_fixtures.ts";

const engine = createEngine(SECRET_RULES);
const WRAPS = [(x: string) => x, CONTEXTS.json_transcript!, CONTEXTS.yaml!, CONTEXTS.dotenv!];

function uuid(rng: Rng): string {
  return [8, 4, 4, 4, 12].map((n) => rng.str(HEX, n)).join("-");
}

Deno.test("a key inside a node provider's or OpenWeather's URL is redacted, the URL kept (see: #21)", () => {
  const rng = new Rng(6630);
  for (const kind of SERVICE_URL_RULES.map((r) => r.kind)) {
    if (kind === "webhook_url_secret") continue;
    for (let i = 0; i < 3; i++) {
      const sample = SAMPLES[kind]!(rng);
      for (const wrap of WRAPS) {
        const r = redactText(engine, wrap(sample.text));
        assert.ok(r.kinds.includes(kind), `${kind} not found: ${sample.text} (${r.kinds})`);
        assert.ok(!r.text.includes(sample.core), `left in: ${r.text}`);
        // The host stays readable: only the key is replaced.
        const host = /https?:\/\/([a-z0-9.-]+)/.exec(sample.text)![1]!;
        assert.ok(r.text.includes(host), `${host} gone: ${r.text}`);
      }
    }
  }
});

Deno.test("the key of a Make, IFTTT, Feishu, Lark or WeCom webhook URL is redacted (see: #21)", () => {
  const rng = new Rng(6631);
  const lower = "abcdefghijklmnopqrstuvwxyz0123456789";
  const make = p("a7", rng.str(lower, 30));
  const ifttt = p("Q7z", rng.str(URLSAFE, 19));
  const feishu = uuid(rng);
  const wecom = uuid(rng);
  const cases: [string, string][] = [
    [`curl -X POST https://hook.eu1.make.com/${make} -d '{"a":1}'`, make],
    [`MAKE_WEBHOOK=https://hook.integromat.com/${make}`, make],
    [`curl -X POST https://maker.ifttt.com/trigger/door_open/with/key/${ifttt}`, ifttt],
    [`https://maker.ifttt.com/trigger/x/json/with/key/${ifttt}?value1=a`, ifttt],
    [`requests.post("https://open.feishu.cn/open-apis/bot/v2/hook/${feishu}", json=msg)`, feishu],
    [`url: https://open.larksuite.com/open-apis/bot/v2/hook/${feishu}`, feishu],
    [`https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=${wecom}`, wecom],
  ];
  for (const [text, secret] of cases) {
    for (const wrap of WRAPS) {
      const r = redactText(engine, wrap(text));
      assert.ok(r.kinds.includes("webhook_url_secret"), `not found: ${text} (${r.kinds})`);
      assert.ok(!r.text.includes(secret), `left in: ${r.text}`);
    }
  }
});

Deno.test("documentation forms of the service URLs are kept, beside their positive controls (see: #21)", () => {
  const all = lookAlikes(new Rng(6632));
  const rng = new Rng(6633);
  for (const kind of new Set(SERVICE_URL_RULES.map((r) => r.kind))) {
    const values = all[kind]!;
    for (const text of values) {
      for (const wrap of WRAPS) {
        assert.deepEqual(redactText(engine, wrap(text)).kinds, [], `${kind}: ${text}`);
      }
    }
    const sample = SAMPLES[kind]!(rng);
    assert.ok(redactText(engine, sample.text).kinds.includes(kind), sample.text);
  }
  // An Alchemy path of another length and an appid of another shape are not keys.
  for (
    const text of [
      `https://eth-mainnet.g.alchemy.com/v2/${rng.str(ALNUM, 20)}`,
      "appid=wx1234567890abcdef",
      `https://mainnet.infura.io/v3/${rng.str(HEX, 24)}`,
    ]
  ) assert.deepEqual(redactText(engine, text).kinds, [], text);
});
