// Drives a running `codemode mcp --transport http` with the official MCP TypeScript client over
// Streamable HTTP, as two tokens and as none, and prints one JSON summary on stdout
// (McpTypeScriptClientIT asserts on it).
//
//   node mcp-e2e-http.mjs URL TOKEN_A TOKEN_B
//
// Exit 0 with the summary, 1 with {"error": ...}.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [url, ...tokens] = process.argv.slice(2);
if (!url || tokens.length !== 2) {
  console.error("usage: node mcp-e2e-http.mjs URL TOKEN_A TOKEN_B");
  process.exit(2);
}

const REQUEST = { timeout: 120_000 };
const REGIONS =
  "async () => (await warehouse.query({sql: 'SELECT DISTINCT region FROM customers ORDER BY region'})).rows.map(r => r.region)";

function connect(token) {
  const client = new Client({ name: "codemode-mcp-e2e-http", version: "1.0.0" });
  const headers = token === null ? {} : { Authorization: `Bearer ${token}` };
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  return { client, transport };
}

// What one token sees: its regions, and whether its run_javascript declares billing.
async function asToken(token) {
  const { client, transport } = connect(token);
  await client.connect(transport, REQUEST);
  const run = (await client.listTools(undefined, REQUEST)).tools.find((t) => t.name === "run_javascript");
  const result = await client.callTool({ name: "run_javascript", arguments: { code: REGIONS } }, undefined, REQUEST);
  await client.close();
  return {
    declaresBilling: run.description.includes("declare const billing"),
    isError: result.isError === true,
    regions: result.structuredContent?.result ?? null,
  };
}

try {
  const summary = { a: await asToken(tokens[0]), b: await asToken(tokens[1]) };
  const { client, transport } = connect(null);
  try {
    await client.connect(transport, REQUEST);
    summary.anonymous = { connected: true };
    await client.close();
  } catch (e) {
    summary.anonymous = { connected: false, code: e?.code ?? null, message: String(e?.message ?? e) };
  }
  console.log(JSON.stringify(summary));
} catch (e) {
  console.log(JSON.stringify({ error: String(e?.stack ?? e) }));
  process.exit(1);
}
