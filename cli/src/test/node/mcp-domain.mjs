// Drives `codemode mcp` over stdio with the official MCP TypeScript client against a warehouse of
// any domain and prints one JSON summary of what a host sees (OwnWarehouseCliIT asserts on it).
//
//   node mcp-domain.mjs TABLE PROGRAM.js COMMAND [ARG...]
//
// TABLE is a table whose resource is read; PROGRAM.js is run once through run_javascript; COMMAND
// and its ARGs start the server. Exit 0 with the summary, 1 with {"error": ...}.
import { readFile } from "node:fs/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [table, program, command, ...args] = process.argv.slice(2);
if (!table || !program || !command) {
  console.error("usage: node mcp-domain.mjs TABLE PROGRAM.js COMMAND [ARG...]");
  process.exit(2);
}

const REQUEST = { timeout: 120_000 };
const QUESTION = "which store sold the most?";

const client = new Client({ name: "codemode-mcp-domain", version: "1.0.0" });
const transport = new StdioClientTransport({ command, args, stderr: "inherit" });
try {
  await client.connect(transport, REQUEST);
  const tools = (await client.listTools(undefined, REQUEST)).tools;
  const resources = (await client.listResources(undefined, REQUEST)).resources;
  const resource = await client.readResource({ uri: `codemode://tables/${table}` }, REQUEST);
  const prompt = await client.getPrompt({ name: "analyst", arguments: { question: QUESTION } }, REQUEST);
  const result = await client.callTool(
    { name: "run_javascript", arguments: { code: await readFile(program, "utf8") } },
    undefined,
    REQUEST,
  );
  console.log(JSON.stringify({
    tools: tools.map((t) => ({ name: t.name, description: t.description })),
    resources: resources.map((r) => r.uri),
    table: JSON.parse(resource.contents[0].text),
    promptText: prompt.messages.map((m) => m.content.text ?? "").join("\n"),
    promptDescription: (await client.listPrompts(undefined, REQUEST)).prompts.find((p) => p.name === "analyst")?.description ?? null,
    run: { isError: result.isError === true, structured: result.structuredContent ?? null },
  }));
  await client.close();
} catch (e) {
  console.log(JSON.stringify({ error: String(e?.stack ?? e) }));
  await client.close().catch(() => {});
  process.exit(1);
}
