/**
 * The kubectl record against the real kubectl: every `kubectl config view`
 * form the classifier calls read_only prints a kubeconfig's token redacted,
 * and the forms that print it in clear are credential exposure. Skipped
 * where kubectl is not installed (the case table holds the verdicts).
 */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";
import { programRuns } from "../../../../_helpers/program_runs.ts";

/** A token no real kubeconfig holds, so finding it in the output means kubectl printed it. */
const TOKEN = "review30-fake-token-0123456789";

const KUBECONFIG = [
  "apiVersion: v1",
  "kind: Config",
  "clusters:",
  "- name: c",
  "  cluster:",
  "    server: https://127.0.0.1:1",
  "contexts:",
  "- name: x",
  "  context:",
  "    cluster: c",
  "    user: u",
  "current-context: x",
  "users:",
  "- name: u",
  "  user:",
  `    token: ${TOKEN}`,
  "",
].join("\n");

/** `kubectl config view` argument lists the classifier has a verdict on. */
const FORMS: readonly string[][] = [
  [],
  ["--minify"],
  ["-o", "json"],
  ["--minify", "-o", "yaml"],
  ["--raw"],
  ["--flatten"],
  ["--minify", "--flatten"],
  ["--flatten", "-o", "json"],
];

Deno.test({
  name:
    "kubectl: every config view form called read_only keeps the token redacted under the real kubectl",
  ignore: !programRuns("kubectl", ["version", "--client"]),
  fn: async () => {
    const dir = await Deno.makeTempDir();
    try {
      const config = `${dir}/config`;
      await Deno.writeTextFile(config, KUBECONFIG);
      let printing = 0;
      for (const argv of FORMS) {
        const out = await new Deno.Command("kubectl", {
          args: ["config", "view", ...argv],
          cwd: dir,
          clearEnv: true,
          env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", HOME: dir, KUBECONFIG: config },
          stdin: "null",
          stdout: "piped",
          stderr: "null",
        }).output();
        assert.ok(out.success, `kubectl config view ${argv.join(" ")} failed`);
        const printed = new TextDecoder().decode(out.stdout).includes(TOKEN);
        const r = classifyCommand(`kubectl config view ${argv.join(" ")}`);
        if (printed) {
          printing++;
          assert.equal(r.class, "dangerous", `${argv.join(" ")} printed the token`);
          assert.ok(r.families.includes("credential_exposure"), argv.join(" "));
        } else {
          // Positive control: the forms that keep it redacted stay read_only.
          assert.equal(r.class, "read_only", `${argv.join(" ")} kept the token redacted`);
        }
      }
      // The oracle can fail: the real kubectl prints the token for several forms.
      assert.ok(printing >= 3, `${printing} forms printed the token`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
