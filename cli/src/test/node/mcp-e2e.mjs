// Drives `codemode mcp` over stdio with the official MCP TypeScript client and prints one JSON
// summary of what a host sees on stdout (McpTypeScriptClientIT asserts on it).
//
//   node mcp-e2e.mjs EXAMPLE.js COMMAND [ARG...]
//
// EXAMPLE.js is examples/top-region.js, which README.md's first command runs; COMMAND and its ARGs
// start the server. The server's stderr is passed through to this process's stderr. Exit 0 with the summary, 1 with {"error": ...}.
import { readFile } from "node:fs/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [example, command, ...args] = process.argv.slice(2);
if (!example || !command) {
  console.error("usage: node mcp-e2e.mjs EXAMPLE.js COMMAND [ARG...]");
  process.exit(2);
}

// Long enough for a cold JVM's first pass on a loaded two-core machine.
const REQUEST = { timeout: 120_000 };
const QUESTION = "which region had the highest revenue in 2024?";

// The tool result as the summary reports it: isError and the structured egress. The client checks
// structuredContent against the tool's outputSchema before it returns.
async function run(client, code) {
  const result = await client.callTool(
    { name: "run_javascript", arguments: { code } },
    undefined,
    REQUEST,
  );
  const text = result.content.find((c) => c.type === "text")?.text;
  return {
    isError: result.isError === true,
    structured: result.structuredContent ?? null,
    textMatchesStructured: text !== undefined && JSON.stringify(JSON.parse(text)) === JSON.stringify(result.structuredContent),
  };
}

const client = new Client({ name: "codemode-mcp-e2e", version: "1.0.0" });
const transport = new StdioClientTransport({ command, args, stderr: "inherit" });
try {
  await client.connect(transport, REQUEST);
  const tools = (await client.listTools(undefined, REQUEST)).tools;
  const resources = (await client.listResources(undefined, REQUEST)).resources;
  const prompts = (await client.listPrompts(undefined, REQUEST)).prompts;
  const table = await client.readResource({ uri: "codemode://tables/invoice_summary" }, REQUEST);
  const prompt = await client.getPrompt({ name: "analyst", arguments: { question: QUESTION } }, REQUEST);
  const summary = {
    server: client.getServerVersion(),
    tools: tools.map((t) => ({
      name: t.name,
      inputSchemaType: t.inputSchema?.type ?? null,
      outputSchemaType: t.outputSchema?.type ?? null,
      annotations: t.annotations ?? null,
    })),
    resources: resources.map((r) => r.uri),
    tableColumns: JSON.parse(table.contents[0].text).columns.map((c) => c.name),
    prompts: prompts.map((p) => p.name),
    promptAsksTheQuestion: prompt.messages.some((m) => m.content.type === "text" && m.content.text.includes(QUESTION)),
    example: await run(client, await readFile(example, "utf8")),
    failing: await run(client, "async () => { await warehouse.tables({}); throw new TypeError('bad total'); }"),
    hostile: await run(client, "async () => { while (true) {} }"),
    afterHostile: await run(client, "async () => (await warehouse.query({sql: 'SELECT 40 + 2 AS answer'})).rows[0].answer"),
  };
  console.log(JSON.stringify(summary));
  await client.close();
} catch (e) {
  console.log(JSON.stringify({ error: String(e?.stack ?? e) }));
  await client.close().catch(() => {});
  process.exit(1);
}
