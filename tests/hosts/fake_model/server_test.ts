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
  // Control: within its lifetime it answers (a long one: on a loaded machine a request can
  // take longer than a short lifetime, which is not what is tested here).
  const long = startFakeModel({ lifetimeMs: 10_000 });
  const ok = await fetch(`${long.url}/v1/models`);
  assert.equal(ok.status, 200);
  await ok.body?.cancel();
  await long.close();
  // Nothing but its lifetime stops this one (close() comes after): waited for, not slept on.
  const m = startFakeModel({ lifetimeMs: 50 });
  let guard: ReturnType<typeof setTimeout> | undefined;
  const stopped = await Promise.race([
    m.finished.then(() => true),
    new Promise<boolean>((r) => void (guard = setTimeout(() => r(false), 60_000))),
  ]);
  clearTimeout(guard);
  assert.ok(stopped, "the server was still running a minute after its lifetime");
  await assert.rejects(fetch(`${m.url}/v1/models`));
  await m.close();
});

Deno.test("fake model: a script answers with a call to each API's shell tool, then text once it has the result", async () => {
  const m = startFakeModel({ lifetimeMs: 10_000 });
  try {
    // Positive control: no script, text as before.
    const plain = await (await post(`${m.url}/v1/messages`, {
      tools: [{
        name: "Bash",
        input_schema: { properties: { command: { type: "string" } } },
      }],
      messages: [],
    })).json();
    assert.equal(plain.content[0].type, "text");
    m.setScript(({ results }) => results.length === 0 ? "touch x" : null);
    const a = await (await post(`${m.url}/v1/messages`, {
      tools: [{
        name: "Bash",
        input_schema: {
          properties: {
            command: { type: "string" },
            description: { type: "string" },
          },
          required: ["command", "description"],
        },
      }],
      messages: [{ role: "user", content: "go" }],
    })).json();
    assert.equal(a.stop_reason, "tool_use");
    assert.equal(a.content[0].name, "Bash");
    assert.equal(a.content[0].input.command, "touch x");
    assert.equal(typeof a.content[0].input.description, "string");
    const aDone = await (await post(`${m.url}/v1/messages`, {
      tools: [{ name: "Bash", input_schema: {} }],
      messages: [{
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "t", content: "denied" }],
      }],
    })).json();
    assert.equal(aDone.content[0].type, "text");
    const r = await (await post(`${m.url}/v1/responses`, {
      tools: [{
        type: "function",
        name: "shell",
        parameters: { properties: { command: { type: "array" } } },
      }],
      input: [],
    })).json();
    assert.equal(r.output[0].type, "function_call");
    assert.deepEqual(JSON.parse(r.output[0].arguments).command, [
      "bash",
      "-lc",
      "touch x",
    ]);
    const c = await (await post(`${m.url}/v1/chat/completions`, {
      stream: true,
      tools: [{ type: "function", function: { name: "bash", parameters: {} } }],
      messages: [{ role: "user", content: "go" }],
    })).text();
    assert.match(
      c,
      /"tool_calls":\[\{"index":0,"id":"call_fake_[^"]+","type":"function"/,
    );
    assert.match(c, /"finish_reason":"tool_calls"/);
    const g = await (await post(`${m.url}/v1beta/models/g:generateContent`, {
      tools: [{
        functionDeclarations: [{
          name: "run_shell_command",
          parametersJsonSchema: {},
        }],
      }],
      contents: [{ role: "user", parts: [{ text: "go" }] }],
    })).json();
    assert.deepEqual(g.candidates[0].content.parts[0].functionCall, {
      name: "run_shell_command",
      args: { command: "touch x" },
    });
    const gDone = await (await post(`${m.url}/v1beta/models/g:generateContent`, {
      tools: [{ functionDeclarations: [{ name: "run_shell_command" }] }],
      contents: [{
        role: "user",
        parts: [{ functionResponse: { response: { output: "ok" } } }],
      }],
    })).json();
    assert.equal(typeof gDone.candidates[0].content.parts[0].text, "string");
    assert.deepEqual(m.calls.map((x) => x.tool), [
      "Bash",
      "shell",
      "bash",
      "run_shell_command",
    ]);
    // No shell tool offered: text, and no call logged.
    const none = await (await post(`${m.url}/v1/messages`, {
      tools: [{ name: "Read", input_schema: {} }],
      messages: [],
    })).json();
    assert.equal(none.content[0].type, "text");
    assert.equal(m.calls.length, 4);
  } finally {
    await m.close();
  }
});

Deno.test("fake model: reply padding makes every text reply longer until it is turned off", async () => {
  const m = startFakeModel({ lifetimeMs: 10_000 });
  try {
    const text = async () =>
      (await (await post(`${m.url}/v1/chat/completions`, { messages: [] }))
        .json()).choices[0]
        .message.content as string;
    const plain = await text();
    m.setReplyPadding(5000);
    const long = await text();
    assert.ok(
      long.startsWith(plain) && long.length >= plain.length + 5000,
      String(long.length),
    );
    m.setReplyPadding(0);
    assert.equal(await text(), plain);
  } finally {
    await m.close();
  }
});

Deno.test("fake model: fullestResults() is the longest tool-result list seen since an index", async () => {
  const m = startFakeModel({ lifetimeMs: 10_000 });
  try {
    m.setScript(() => null);
    const send = (results: string[]) =>
      post(`${m.url}/v1/chat/completions`, {
        tools: [{
          type: "function",
          function: { name: "bash", parameters: {} },
        }],
        messages: results.map((content) => ({ role: "tool", content })),
      }).then((r) => r.body?.cancel());
    await send(["a", "b", "c"]);
    await send(["x"]);
    await send(["x", "y"]);
    assert.deepEqual(m.fullestResults(), ["a", "b", "c"]);
    assert.deepEqual(m.fullestResults(1), ["x", "y"]);
    assert.deepEqual(m.fullestResults(3), []);
  } finally {
    await m.close();
  }
});
