/**
 * A realistic agent transcript for the secret-scanning bench, generated
 * deterministically from a seed: Claude Code JSON Lines with user turns,
 * assistant turns (text and tool calls), tool results holding source code,
 * logs, `.env.example` files, lockfiles, diffs, test output, configuration
 * and base64 screenshots, with a few hundred planted secrets of every kind
 * in the places agents meet them (a `.env` read, a pasted key, a command
 * line, a config file). The filler is full of what scanners mistake for
 * secrets: placeholders, empty assignments, JSON-escaped `.env` examples,
 * digests, ids, integrity strings, `process.env.X` references and token
 * counts. Every planted span is recorded in bytes, so recall and false
 * positives are exact.
 * @module
 */
import { B64, HEX, Rng, SAMPLES } from "../_helpers/secret_fixtures.ts";

/** One planted secret: its kind and span in bytes of the file. */
export interface PlantedSpan {
  kind: string;
  start: number;
  end: number;
  /** The secret as written in the file (JSON-escaped); generated at run time, never stored. */
  text: string;
}

/** The generated transcript. */
export interface Transcript {
  path: string;
  bytes: number;
  lines: number;
  planted: PlantedSpan[];
}

const encoder = new TextEncoder();

const WORDS = (
  "the a to of and in is it for on with that this read file test run fix build error value " +
  "function return const import export async await config path module branch commit diff " +
  "token tokens password secret key api cache user assistant result output input session " +
  "request response handler middleware schema migration deploy staging release check lint " +
  "café naïve — résumé 日本 ✓"
).split(" ");

const IDENTS = [
  "user",
  "session",
  "token",
  "apiKey",
  "password",
  "secret",
  "config",
  "client",
  "request",
  "response",
  "handler",
  "cache",
  "store",
  "auth",
  "payload",
  "header",
  "credentials",
  "accessToken",
  "refreshToken",
  "hashedPassword",
];

const ENV_NAMES = [
  "DATABASE_URL",
  "REDIS_URL",
  "API_KEY",
  "API_SECRET",
  "SECRET_KEY",
  "JWT_SECRET",
  "SESSION_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "OPENAI_API_KEY",
  "ANTHROPIC_API_KEY",
  "GITHUB_TOKEN",
  "SLACK_BOT_TOKEN",
  "AWS_ACCESS_KEY_ID",
  "AWS_SECRET_ACCESS_KEY",
  "SENTRY_AUTH_TOKEN",
  "DD_API_KEY",
  "DB_PASSWORD",
  "SMTP_PASSWORD",
  "ADMIN_PASSWORD",
  "NPM_TOKEN",
  "POSTMAN_API_KEY",
  "AUTH0_CLIENT_SECRET",
  "NEXTAUTH_SECRET",
  "ENCRYPTION_KEY",
  "PRIVATE_KEY",
];

function sentence(rng: Rng, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(rng.pick(WORDS));
  return out.join(" ");
}

function uuid(rng: Rng): string {
  const h = (n: number) => rng.str(HEX, n);
  return `${h(8)}-${h(4)}-4${h(3)}-a${h(3)}-${h(12)}`;
}

const ID62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A placeholder value as agents and docs write them (also the labelled negatives). */
export function placeholder(rng: Rng, name: string): string {
  const lower = name.toLowerCase().replace(/_/g, "-");
  switch (rng.int(16)) {
    case 0:
      return "";
    case 1:
      return `your-${lower}-here`;
    case 2:
      return `<${lower}>`;
    case 3:
      return "x".repeat(8 + rng.int(30));
    case 4:
      return "changeme";
    case 5:
      return `\${${name}}`;
    case 6:
      return `example-${lower}`;
    case 7:
      return "*".repeat(8 + rng.int(10));
    case 8:
      return `"<your ${lower.replace(/-/g, " ")}>"`;
    case 9:
      return "";
    case 10:
      return `sk_test_your_key_here`;
    case 11:
      return `replace-with-your-${lower}`;
    case 12:
      return "0".repeat(32);
    case 13:
      return `{{ ${name.toLowerCase()} }}`;
    case 14:
      return "...";
    default:
      return "";
  }
}

function envExample(rng: Rng): string {
  const lines = ["# Copy to .env and fill in", "NODE_ENV=development", "PORT=3000"];
  const n = 6 + rng.int(12);
  for (let i = 0; i < n; i++) {
    const name = rng.pick(ENV_NAMES);
    if (name === "DATABASE_URL") {
      lines.push(
        rng.pick([
          "DATABASE_URL=postgres://postgres:postgres@localhost:5432/app_dev",
          "DATABASE_URL=postgresql://user:password@localhost:5432/mydb",
          "DATABASE_URL=postgres://app:${DB_PASSWORD}@db:5432/app",
          "DATABASE_URL=",
        ]),
      );
    } else lines.push(`${name}=${placeholder(rng, name)}`);
    if (rng.int(4) === 0) lines.push(`# ${sentence(rng, 6)}`);
  }
  return lines.join("\n") + "\n";
}

function tsSource(rng: Rng): string {
  const a = rng.pick(IDENTS);
  const b = rng.pick(IDENTS);
  const out = [
    `import { ${a}Schema } from "./schema.ts";`,
    `import type { Request } from "express";`,
    "",
    `const API_KEY = process.env.API_KEY ?? "";`,
    `const tokenTtlSeconds = ${rng.int(9000)};`,
    "",
    `export async function verify${a[0]!.toUpperCase()}${
      a.slice(1)
    }(req: Request): Promise<boolean> {`,
    `  const token = req.headers.authorization?.replace(/^Bearer /, "");`,
    `  if (!token) throw new Error("missing token");`,
    `  const ${b} = await store.get(\`session:\${token}\`);`,
    `  const password = req.body.password as string;`,
    `  if (password === "") return false;`,
    `  return bcrypt.compare(password, ${b}.hashedPassword);`,
    "}",
    "",
    `export const config = { apiKey: API_KEY, secret: process.env.JWT_SECRET, retries: ${
      rng.int(5)
    } };`,
    `// ${sentence(rng, 8)}`,
  ];
  for (let i = 0; i < 4 + rng.int(10); i++) {
    out.push(
      `  const ${rng.pick(IDENTS)}${i} = await fetch(\`\${baseUrl}/v1/${rng.pick(IDENTS)}\`, {`,
      `    headers: { Authorization: \`Bearer \${${rng.pick(IDENTS)}}\`, "x-api-key": apiKey },`,
      "  });",
    );
  }
  return out.join("\n") + "\n";
}

function pySource(rng: Rng): string {
  return [
    "import os",
    "import hashlib",
    "",
    'SECRET_KEY = os.environ["SECRET_KEY"]',
    'DATABASE_PASSWORD = os.getenv("DB_PASSWORD", "")',
    `API_TOKEN = settings.API_TOKEN`,
    "",
    "def check_password(password: str, hashed: str) -> bool:",
    '    """Compare a password with its stored hash."""',
    "    return hmac.compare_digest(hashlib.sha256(password.encode()).hexdigest(), hashed)",
    "",
    `class ${rng.pick(["Token", "Session", "Auth"])}Store:`,
    "    def __init__(self, secret: str | None = None, token_ttl: int = 3600):",
    "        self.secret = secret or SECRET_KEY",
    `        self.max_tokens = ${rng.int(4096)}`,
    `        # ${sentence(rng, 8)}`,
    "",
  ].join("\n");
}

function logText(rng: Rng): string {
  const out: string[] = [];
  for (let i = 0; i < 10 + rng.int(30); i++) {
    const ts = `2026-11-${String(1 + rng.int(28)).padStart(2, "0")}T${
      String(rng.int(24)).padStart(2, "0")
    }:${String(rng.int(60)).padStart(2, "0")}:${String(rng.int(60)).padStart(2, "0")}.${
      rng.int(1000)
    }Z`;
    out.push(
      rng.pick([
        `${ts} INFO request_id=${uuid(rng)} trace_id=${rng.str(HEX, 32)} span_id=${
          rng.str(HEX, 16)
        } status=200 took=${rng.int(900)}ms`,
        `${ts} WARN token refresh scheduled expires_in=3600 token_type=Bearer`,
        `${ts} DEBUG cache hit key=user:${rng.int(99999)} etag="${rng.str(HEX, 32)}"`,
        `${ts} INFO pulled image sha256:${rng.str(HEX, 64)}`,
        `${ts} ERROR auth failed for user ${rng.pick(IDENTS)}: invalid password`,
        `${ts} INFO built main.${rng.str(HEX, 8)}.js (${rng.int(900)} kB)`,
        `${ts} INFO commit ${rng.str(HEX, 40)} deployed to staging`,
      ]),
    );
  }
  return out.join("\n") + "\n";
}

function lockfile(rng: Rng): string {
  switch (rng.int(4)) {
    case 0: {
      const out = ["{", '  "name": "app",', '  "lockfileVersion": 3,', '  "packages": {'];
      for (let i = 0; i < 10 + rng.int(20); i++) {
        const name = rng.pick(["secretlint", "jsonwebtoken", "token-types", "passport", "zod"]) +
          (i === 0 ? "" : `-${i}`);
        out.push(
          `    "node_modules/${name}": {`,
          `      "version": "${rng.int(9)}.${rng.int(20)}.${rng.int(30)}",`,
          `      "resolved": "https://registry.npmjs.org/${name}/-/${name}-1.2.3.tgz",`,
          `      "integrity": "sha512-${rng.str(B64, 86)}==",`,
          '      "dev": true',
          "    },",
        );
      }
      out.push("  }", "}");
      return out.join("\n") + "\n";
    }
    case 1: {
      const out: string[] = [];
      for (let i = 0; i < 10 + rng.int(20); i++) {
        out.push(
          `golang.org/x/crypto v0.${rng.int(40)}.0 h1:${rng.str(B64, 43)}=`,
          `golang.org/x/crypto v0.${rng.int(40)}.0/go.mod h1:${rng.str(B64, 43)}=`,
        );
      }
      return out.join("\n") + "\n";
    }
    case 2: {
      const out: string[] = [];
      for (let i = 0; i < 8 + rng.int(12); i++) {
        out.push(
          "[[package]]",
          `name = "${rng.pick(["ring", "rustls", "secrecy", "tokio", "serde"])}"`,
          `version = "0.${rng.int(30)}.${rng.int(9)}"`,
          `source = "registry+https://github.com/rust-lang/crates.io-index"`,
          `checksum = "${rng.str(HEX, 64)}"`,
          "",
        );
      }
      return out.join("\n");
    }
    default: {
      const out: string[] = [];
      for (let i = 0; i < 8 + rng.int(12); i++) {
        out.push(
          `"@types/node@^20.${rng.int(9)}.0":`,
          `  version "20.${rng.int(9)}.${rng.int(20)}"`,
          `  resolved "https://registry.yarnpkg.com/@types/node/-/node-20.1.0.tgz#${
            rng.str(HEX, 40)
          }"`,
          `  integrity sha512-${rng.str(B64, 86)}==`,
          "",
        );
      }
      return out.join("\n");
    }
  }
}

function diffText(rng: Rng): string {
  return [
    `diff --git a/src/auth.ts b/src/auth.ts`,
    `index ${rng.str(HEX, 7)}..${rng.str(HEX, 7)} 100644`,
    "--- a/src/auth.ts",
    "+++ b/src/auth.ts",
    `@@ -${rng.int(90)},7 +${rng.int(90)},9 @@`,
    "-  const token = getToken();",
    "+  const token = await getToken({ refresh: true });",
    '+  if (!process.env.GITHUB_TOKEN) throw new Error("set GITHUB_TOKEN");',
    `   // ${sentence(rng, 6)}`,
    "",
  ].join("\n");
}

function testOutput(rng: Rng): string {
  const out: string[] = [];
  for (let i = 0; i < 5 + rng.int(20); i++) {
    out.push(
      `  ✓ ${rng.pick(["rejects", "accepts", "refreshes", "hashes"])} ${rng.pick(IDENTS)} (${
        rng.int(90)
      } ms)`,
    );
  }
  out.push(`\n Test Files  ${rng.int(40)} passed`, `      Tests  ${rng.int(400)} passed`);
  return out.join("\n") + "\n";
}

function readme(rng: Rng): string {
  return [
    "## Configuration",
    "",
    "Set `GITHUB_TOKEN` to a personal access token with `repo` scope, and `OPENAI_API_KEY`",
    "to your API key. Never commit them: use `.env` (ignored) or your CI's secret store.",
    "",
    "```bash",
    "export GITHUB_TOKEN=<your-token>",
    "export OPENAI_API_KEY=sk-...",
    'curl -H "Authorization: Bearer $API_TOKEN" https://api.example.com/v1/me',
    "```",
    "",
    `The password must have at least 12 characters. ${sentence(rng, 10)}`,
    "",
  ].join("\n");
}

function configJson(rng: Rng): string {
  return JSON.stringify(
    {
      compilerOptions: { strict: true, target: "ES2022" },
      auth: {
        tokenEndpoint: "https://auth.example.com/oauth/token",
        token_ttl: 3600,
        clientSecret: "${CLIENT_SECRET}",
        password_policy: "strict",
        apiKey: "",
      },
      cacheKey: rng.str(HEX, 40),
      max_tokens: 4096,
    },
    null,
    2,
  ) + "\n";
}

function toolResultBody(rng: Rng): { tool: string; input: Record<string, unknown>; out: string } {
  switch (rng.int(10)) {
    case 0:
      return {
        tool: "Read",
        input: { file_path: "/home/dev/app/.env.example" },
        out: envExample(rng),
      };
    case 1:
    case 2:
      return {
        tool: "Read",
        input: { file_path: "/home/dev/app/src/auth.ts" },
        out: tsSource(rng),
      };
    case 3:
      return {
        tool: "Read",
        input: { file_path: "/home/dev/app/app/auth.py" },
        out: pySource(rng),
      };
    case 4:
      return {
        tool: "Bash",
        input: { command: "kubectl logs deploy/api --tail=50", description: "Read the api logs" },
        out: logText(rng),
      };
    case 5:
      return {
        tool: "Read",
        input: { file_path: "/home/dev/app/package-lock.json" },
        out: lockfile(rng),
      };
    case 6:
      return {
        tool: "Bash",
        input: { command: "git diff", description: "Show the diff" },
        out: diffText(rng),
      };
    case 7:
      return {
        tool: "Bash",
        input: { command: "npm test", description: "Run the tests" },
        out: testOutput(rng),
      };
    case 8:
      return { tool: "Read", input: { file_path: "/home/dev/app/README.md" }, out: readme(rng) };
    default:
      return {
        tool: "Read",
        input: { file_path: "/home/dev/app/config.json" },
        out: configJson(rng),
      };
  }
}

/** Shared envelope fields of a Claude Code transcript line. */
function envelope(rng: Rng, type: string, n: number): Record<string, unknown> {
  return {
    parentUuid: uuid(rng),
    isSidechain: false,
    userType: "external",
    cwd: "/home/dev/app",
    sessionId: "5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f",
    version: "2.0.14",
    gitBranch: "feature/token-refresh",
    type,
    uuid: uuid(rng),
    timestamp: `2026-11-30T12:${String(n % 60).padStart(2, "0")}:00.000Z`,
  };
}

function assistantLine(
  rng: Rng,
  n: number,
  toolId: string,
  call: ReturnType<typeof toolResultBody>,
): string {
  const content: unknown[] = [{ type: "text", text: sentence(rng, 15 + rng.int(60)) }];
  content.push({ type: "tool_use", id: toolId, name: call.tool, input: call.input });
  return JSON.stringify({
    ...envelope(rng, "assistant", n),
    message: {
      id: `msg_01${rng.str(ID62, 22)}`,
      type: "message",
      role: "assistant",
      model: "claude-sonnet-4-5-20250929",
      content,
      stop_reason: "tool_use",
      usage: {
        input_tokens: rng.int(9000),
        cache_creation_input_tokens: rng.int(5000),
        cache_read_input_tokens: rng.int(90000),
        output_tokens: rng.int(900),
      },
    },
    requestId: `req_011C${rng.str(ID62, 20)}`,
  });
}

function toolResultLine(rng: Rng, n: number, toolId: string, out: string, file?: string): string {
  return JSON.stringify({
    ...envelope(rng, "user", n),
    message: {
      role: "user",
      content: [{ tool_use_id: toolId, type: "tool_result", content: out }],
    },
    toolUseResult: file === undefined
      ? { stdout: out, stderr: "", interrupted: false, isImage: false }
      : { type: "text", file: { filePath: file, content: out, numLines: out.split("\n").length } },
  });
}

function imageLine(rng: Rng, n: number): string {
  // A PNG header, then random base64 (a screenshot the user pasted).
  const data = "iVBORw0KGgoAAAANSUhEUgAA" + rng.str(B64, 20_000 + rng.int(80_000)) + "==";
  return JSON.stringify({
    ...envelope(rng, "user", n),
    message: {
      role: "user",
      content: [
        { type: "text", text: "Here is a screenshot of the error" },
        { type: "image", source: { type: "base64", media_type: "image/png", data } },
      ],
    },
  });
}

function userLine(rng: Rng, n: number): string {
  return JSON.stringify({
    ...envelope(rng, "user", n),
    message: { role: "user", content: sentence(rng, 8 + rng.int(40)) },
  });
}

/** Where a planted secret sits: returns the line and the secret's text in it. */
function plantLine(rng: Rng, n: number, kind: string): { line: string; secret: string } {
  const s = SAMPLES[kind]!(rng);
  const toolId = `toolu_01${rng.str(ID62, 22)}`;
  const multiline = /[\n"\\]/.test(s.secret);
  const where = multiline ? rng.pick([0, 1, 3]) : rng.int(5);
  let line: string;
  switch (where) {
    case 0: {
      // A real .env (or config) read by the agent, placeholders around it.
      const out = `${envExample(rng)}${s.text}\n${envExample(rng)}`;
      line = toolResultLine(rng, n, toolId, out, "/home/dev/app/.env");
      break;
    }
    case 1:
      // The user pastes it.
      line = JSON.stringify({
        ...envelope(rng, "user", n),
        message: { role: "user", content: `use this one:\n${s.text}\nthanks` },
      });
      break;
    case 2:
      // On a command line the agent runs.
      line = assistantLine(rng, n, toolId, {
        tool: "Bash",
        input: { command: `echo ${s.text} | ./configure --stdin`, description: "Configure" },
        out: "",
      });
      break;
    case 3: {
      // In command output, between log lines.
      const out = `${logText(rng)}${s.text}\n${logText(rng)}`;
      line = toolResultLine(rng, n, toolId, out);
      break;
    }
    default:
      // In a Markdown fence of the assistant's reply.
      line = JSON.stringify({
        ...envelope(rng, "assistant", n),
        message: {
          role: "assistant",
          content: [{ type: "text", text: `Set it like this:\n\n\`\`\`bash\n${s.text}\n\`\`\`\n` }],
        },
      });
  }
  return { line, secret: s.secret };
}

/**
 * Writes the transcript (about `targetBytes`) with `perKind` planted secrets of every kind.
 * @param path Where to write it.
 * @param targetBytes Size to reach.
 * @param perKind Planted secrets per kind.
 * @param seed RNG seed.
 */
export async function buildTranscript(
  path: string,
  targetBytes = 50 * 1000 * 1000,
  perKind = 3,
  seed = 20261201,
): Promise<Transcript> {
  const rng = new Rng(seed);
  const kinds = Object.keys(SAMPLES).sort();
  const plants: string[] = [];
  for (let k = 0; k < perKind; k++) plants.push(...kinds);
  const planted: PlantedSpan[] = [];
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  let bytes = 0;
  let n = 0;
  let next = 0;
  const pending: Uint8Array[] = [];
  let pendingBytes = 0;
  // Plants are spread evenly by bytes.
  const gap = targetBytes / (plants.length + 1);
  const write = async (text: string) => {
    const enc = encoder.encode(text + "\n");
    pending.push(enc);
    pendingBytes += enc.length;
    bytes += enc.length;
    n++;
    if (pendingBytes > 4 << 20) {
      for (const b of pending) await file.write(b);
      pending.length = 0;
      pendingBytes = 0;
    }
  };
  while (bytes < targetBytes) {
    if (next < plants.length && bytes >= gap * (next + 1)) {
      const kind = plants[next++]!;
      const { line, secret } = plantLine(rng, n, kind);
      const escaped = JSON.stringify(secret).slice(1, -1);
      let at = line.indexOf(escaped);
      if (at < 0) throw new Error(`transcript: cannot locate planted ${kind}`);
      while (at >= 0) {
        const start = bytes + encoder.encode(line.slice(0, at)).length;
        planted.push({ kind, start, end: start + encoder.encode(escaped).length, text: escaped });
        at = line.indexOf(escaped, at + escaped.length);
      }
      await write(line);
      continue;
    }
    const r = rng.int(100);
    if (r < 2) await write(imageLine(rng, n));
    else if (r < 12) await write(userLine(rng, n));
    else {
      const toolId = `toolu_01${rng.str(ID62, 22)}`;
      const call = toolResultBody(rng);
      await write(assistantLine(rng, n, toolId, call));
      const file = typeof call.input.file_path === "string" ? call.input.file_path : undefined;
      await write(toolResultLine(rng, n, toolId, call.out, file));
    }
  }
  for (const b of pending) await file.write(b);
  file.close();
  return { path, bytes, lines: n, planted };
}
