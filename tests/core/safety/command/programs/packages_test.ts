/**
 * Tools whose real program the tree picks, against the real tools: in a
 * tree whose rust-toolchain.toml names a toolchain `path` inside the tree,
 * `cargo --version` and its kin run the tree's own program; terraform runs
 * the provider binaries under the tree's .terraform/ for every form that
 * loads provider schemas. None of those is read_only. Each test is skipped
 * where its tool is not installed (the case table holds the verdicts).
 */
import assert from "node:assert/strict";
import { classifyCommand } from "../../../../../core/safety/command/classify.ts";
import { programRuns } from "../../../../_helpers/program_runs.ts";

async function sha256(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", data));
}

/** Runs `program argv` in `dir` with a clean environment; true when `marker` appeared. */
async function runs(
  program: string,
  argv: readonly string[],
  dir: string,
  env: Record<string, string>,
  marker: string,
): Promise<boolean> {
  await Deno.remove(marker).catch(() => {});
  await new Deno.Command(program, {
    args: [...argv],
    cwd: dir,
    clearEnv: true,
    env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", ...env },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).output().catch(() => null);
  return await Deno.stat(marker).then(() => true, () => false);
}

/**
 * Terraform's "h1:" hash of a provider package directory holding one file
 * (dirhash Hash1: SHA-256 over "<sha256 hex>  <name>\n" lines, base64).
 */
async function h1(name: string, content: Uint8Array<ArrayBuffer>): Promise<string> {
  const hex = [...await sha256(content)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const sum = await sha256(new TextEncoder().encode(`${hex}  ${name}\n`));
  return "h1:" + btoa(String.fromCharCode(...sum));
}

/** terraform forms with a verdict; the first group ran the tree's provider under terraform 1.11. */
const TERRAFORM_FORMS: readonly string[][] = [
  ["validate"],
  ["graph"],
  ["providers", "schema", "-json"],
  ["show"],
  ["state", "show", "null_resource.x"],
  ["version"],
  ["output"],
  ["state", "list"],
  ["providers"],
  ["fmt", "-check"],
];

Deno.test({
  name: "terraform: every form called read_only leaves a tree's own provider binary unrun",
  ignore: !programRuns("terraform", ["version"]),
  fn: async () => {
    const dir = await Deno.makeTempDir();
    try {
      const home = `${dir}/home`;
      await Deno.mkdir(home);
      const marker = `${dir}/provider.ran`;
      const pkg =
        `${dir}/.terraform/providers/registry.terraform.io/hashicorp/null/3.2.0/linux_amd64`;
      const bin = "terraform-provider-null_v3.2.0_x5";
      const script = new TextEncoder().encode(`#!/bin/sh\ntouch '${marker}'\nexit 1\n`);
      await Deno.mkdir(pkg, { recursive: true });
      await Deno.writeFile(`${pkg}/${bin}`, script, { mode: 0o755 });
      await Deno.writeTextFile(
        `${dir}/main.tf`,
        'terraform {\n  required_providers {\n    null = {\n      source  = "hashicorp/null"\n      version = "3.2.0"\n    }\n  }\n}\nresource "null_resource" "x" {}\n',
      );
      // The tree's lock file vouches for the tree's binary.
      await Deno.writeTextFile(
        `${dir}/.terraform.lock.hcl`,
        `provider "registry.terraform.io/hashicorp/null" {\n  version     = "3.2.0"\n  constraints = "3.2.0"\n  hashes = [\n    "${await h1(
          bin,
          script,
        )}",\n  ]\n}\n`,
      );
      await Deno.writeTextFile(
        `${dir}/terraform.tfstate`,
        JSON.stringify({
          version: 4,
          terraform_version: "1.11.4",
          serial: 1,
          lineage: "x",
          outputs: { o: { value: "v", type: "string" } },
          resources: [{
            mode: "managed",
            type: "null_resource",
            name: "x",
            provider: 'provider["registry.terraform.io/hashicorp/null"]',
            instances: [{ schema_version: 0, attributes: { id: "1" }, sensitive_attributes: [] }],
          }],
        }),
      );
      let ran = 0;
      for (const argv of TERRAFORM_FORMS) {
        const env = { HOME: home, CHECKPOINT_DISABLE: "1" };
        const wasRun = await runs("terraform", argv, dir, env, marker);
        const cls = classifyCommand(`terraform ${argv.join(" ")}`).class;
        if (wasRun) ran++;
        assert.ok(!(wasRun && cls === "read_only"), `terraform ${argv.join(" ")} ran the provider`);
        // Positive control: the forms that leave it alone stay read_only.
        if (!wasRun) assert.equal(cls, "read_only", `terraform ${argv.join(" ")}`);
      }
      // The oracle can fail: the real terraform ran the tree's provider for several forms.
      assert.ok(ran >= 3, `${ran} forms ran the tree's provider`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

/** Proxy invocations that look like they only print (the classifier judged them read_only). */
const FORMS: readonly string[][] = [
  ["cargo", "--version"],
  ["cargo", "pkgid"],
  ["cargo", "locate-project"],
  ["rustc", "--version"],
];

Deno.test({
  name: "rustup: a tree's rust-toolchain.toml makes cargo --version run the tree's own program",
  ignore: !programRuns("rustup", ["--version"]),
  fn: async () => {
    const dir = await Deno.makeTempDir();
    try {
      const home = `${dir}/home`;
      await Deno.mkdir(`${dir}/tc/bin`, { recursive: true });
      await Deno.mkdir(home);
      // The tree's "toolchain": each program only leaves a marker beside itself.
      for (const p of ["cargo", "rustc"]) {
        await Deno.writeTextFile(`${dir}/tc/bin/${p}`, '#!/bin/sh\ntouch "$0.ran"\n', {
          mode: 0o755,
        });
      }
      // A relative path is refused; /proc/self/cwd is the tree wherever it was cloned.
      await Deno.writeTextFile(
        `${dir}/rust-toolchain.toml`,
        '[toolchain]\npath = "/proc/self/cwd/tc"\n',
      );
      let ran = 0;
      for (const argv of FORMS) {
        const marker = `${dir}/tc/bin/${argv[0]}.ran`;
        await Deno.remove(marker).catch(() => {});
        await new Deno.Command(argv[0]!, {
          args: argv.slice(1),
          cwd: dir,
          clearEnv: true,
          env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", HOME: home },
          stdin: "null",
          stdout: "null",
          stderr: "null",
        }).output().catch(() => null);
        const wasRun = await Deno.stat(marker).then(() => true, () => false);
        if (wasRun) ran++;
        const cls = classifyCommand(argv.join(" ")).class;
        assert.ok(!(wasRun && cls === "read_only"), `${argv.join(" ")} ran the tree's program`);
      }
      // The oracle can fail: the real rustup ran the tree's program for these forms.
      assert.equal(ran, FORMS.length, `${ran} of ${FORMS.length} forms ran the tree's program`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
