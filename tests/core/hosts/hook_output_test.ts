import assert from "node:assert/strict";
import { renderAck, renderInjection } from "../../../core/hosts/hook_output.ts";
import { HOOK_EVENTS, HOST_IDS, hostRecord } from "../../../core/hosts/ids.ts";

const TEXT = 'line one\nline "two" with `ticks` and \\ backslash\n';

Deno.test("renderInjection() writes each host's documented shape, and the text survives it unchanged", () => {
  for (const host of HOST_IDS) {
    const out = renderInjection(host, TEXT);
    assert.ok(out.endsWith("\n"));
    // The plugin hosts (OpenCode, pi) take the text itself.
    if (hostRecord(host).output.shape === "plain") {
      assert.equal(out, TEXT);
      continue;
    }
    const parsed = JSON.parse(out);
    if (host === "cursor") assert.deepEqual(parsed, { additional_context: TEXT });
    else if (host === "copilot") {
      // Copilot CLI reads only the top level; VS Code reads the nested field.
      assert.deepEqual(parsed, {
        additionalContext: TEXT,
        hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: TEXT },
      });
    } else {
      assert.deepEqual(parsed, {
        hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: TEXT },
      }, host);
    }
  }
});

Deno.test("renderAck() prints {} only after a stop hook of a JSON host, never a blocking decision", () => {
  for (const host of [...HOST_IDS, null]) {
    for (const event of HOOK_EVENTS.filter((e) => e !== "session-start")) {
      const out = renderAck(host, event);
      const expected = event === "stop" && host !== null && hostRecord(host).output.stopAck
        ? "{}\n"
        : "";
      assert.equal(out, expected, `${host} ${event}`);
    }
  }
  // Controls named outright: a JSON host acknowledges a stop, a plugin host does not.
  assert.equal(renderAck("claude-code", "stop"), "{}\n");
  assert.equal(renderAck("opencode", "stop"), "");
});
