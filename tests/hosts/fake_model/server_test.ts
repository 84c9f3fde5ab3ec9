/**
 * The fake model server answers each API the hosts speak, logs every body,
 * listens on 127.0.0.1 only and stops itself when its lifetime ends.
 */
import assert from "node:assert/strict";
import { startFakeModel } from "./server.ts";

async function post(url: string, body: unknown): Promise<Response> {
  return await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

Deno.test("fake model: every API answers a streamed turn and every body is logged", async () => {
  const m = startFakeModel({ lifetimeMs: 10_000 });
  try {
    const a = await (await post(`${m.url}/v1/messages?beta=true`, {
      stream: true,
      marker: "M1",
    }))
      .text();
    assert.match(a, /event: message_start\n/);
    assert.match(a, /"text_delta","text":"OK/);
    assert.match(a, /event: message_stop\n/);
    const r = await (await post(`${m.url}/v1/responses`, {
      stream: true,
      marker: "M2",
    })).text();
    assert.match(r, /event: response\.completed\n/);
    const c = await (await post(`${m.url}/v1/chat/completions`, {
      stream: true,
      marker: "M3",
    }))
      .text();
    assert.match(c, /data: \[DONE\]\n\n$/);
    const g = await (await post(
      `${m.url}/v1beta/models/gemini-x:streamGenerateContent?alt=sse`,
      { marker: "M4" },
    )).text();
    assert.match(g, /^data: \{"candidates"/);
    for (const marker of ["M1", "M2", "M3", "M4"]) {
      assert.equal(m.bodiesWith(marker).length, 1, marker);
    }
    const missing = await post(`${m.url}/v2/nothing`, { marker: "M5" });
    assert.equal(missing.status, 404);
    await missing.body?.cancel();
    assert.equal(m.bodiesWith("M5")[0]?.status, 404);
  } finally {
    await m.close();
  }
});

Deno.test("fake model: a Gemini JSON-mode call gets an object shaped by its schema", async () => {
  const m = startFakeModel({ lifetimeMs: 10_000 });
  try {
    const res = await (await post(`${m.url}/v1beta/models/g:generateContent`, {
      generationConfig: {
        responseMimeType: "application/json",
        responseJsonSchema: {
          type: "object",
          properties: {
            reasoning: { type: "string" },
            model_choice: { type: "string", enum: ["flash", "pro"] },
          },
        },
      },
    })).json();
    const text = res.candidates[0].content.parts[0].text;
    assert.deepEqual(JSON.parse(text), {
      reasoning: "fake",
      model_choice: "flash",
    });
  } finally {
    await m.close();
  }
});

Deno.test("fake model: large usage only for the replies asked, then small", async () => {
  const m = startFakeModel({ lifetimeMs: 10_000, bigInputTokens: 500_000 });
  try {
    m.reportBigUsage(1);
    const one = await (await post(`${m.url}/v1/chat/completions`, {})).json();
    const two = await (await post(`${m.url}/v1/chat/completions`, {})).json();
    assert.equal(one.usage.prompt_tokens, 500_000);
    assert.ok(two.usage.prompt_tokens < 1000);
  } finally {
    await m.close();
  }
});

Deno.test("fake model: the server stops by itself when its lifetime ends", async () => {
  const m = startFakeModel({ lifetimeMs: 200 });
  const ok = await fetch(`${m.url}/v1/models`);
  assert.equal(ok.status, 200);
  await ok.body?.cancel();
  await new Promise((r) => setTimeout(r, 400));
  await assert.rejects(fetch(`${m.url}/v1/models`));
  await m.close();
});
