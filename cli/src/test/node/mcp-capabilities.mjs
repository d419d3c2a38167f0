// Drives `codemode mcp` with the official MCP TypeScript client through what a host sees besides
// answers: log messages at the level it sets, progress of a call that carries a progress token, and
// completions of the analyst prompt's arguments and of the table template, and every tool's
// structuredContent checked against its outputSchema by the SDK's own validator, for failures too
// (the client checks only successes itself). Prints one JSON summary on stdout (McpCapabilitiesIT
// asserts on it).
//
//   node mcp-capabilities.mjs stdio COMMAND [ARG...]
//   node mcp-capabilities.mjs http URL TOKEN
//
// Exit 0 with the summary, 1 with {"error": ...}.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";

const [mode, ...rest] = process.argv.slice(2);
if ((mode !== "stdio" && mode !== "http") || rest.length < (mode === "http" ? 2 : 1)) {
  console.error("usage: node mcp-capabilities.mjs stdio COMMAND [ARG...] | http URL TOKEN");
  process.exit(2);
}

const REQUEST = { timeout: 120_000 };
// Two inner calls at once, then one more, and two console.log lines.
const PROGRAM = `async () => {
  console.log("looking up the tables");
  const [tables, one] = await Promise.all([
    warehouse.tables({}),
    warehouse.query({sql: "SELECT 1 AS one"}),
  ]);
  const two = await warehouse.query({sql: "SELECT 2 AS two"});
  console.log("read " + (one.rows.length + two.rows.length) + " rows");
  return one.rows.length + two.rows.length;
}`;
const FAILING = `async () => { console.log("about to fail"); throw new TypeError("bad total"); }`;

const transport =
  mode === "stdio"
    ? new StdioClientTransport({ command: rest[0], args: rest.slice(1), stderr: "inherit" })
    : new StreamableHTTPClientTransport(new URL(rest[0]), {
        requestInit: { headers: { Authorization: `Bearer ${rest[1]}` } },
      });
const client = new Client({ name: "codemode-mcp-capabilities", version: "1.0.0" });
let logs = [];
client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
  logs.push({ level: n.params.level, logger: n.params.logger ?? null, data: n.params.data });
});

// One call with a progress token: its result, and the log messages and progress it brought.
async function call(code, withProgress) {
  logs = [];
  const progress = [];
  const options = withProgress ? { ...REQUEST, onprogress: (p) => progress.push(p) } : REQUEST;
  const result = await client.callTool({ name: "run_javascript", arguments: { code } }, undefined, options);
  return {
    isError: result.isError === true,
    result: result.structuredContent?.result ?? null,
    logs,
    progress,
  };
}

async function complete(ref, name, value) {
  try {
    const answer = await client.complete({ ref, argument: { name, value } }, REQUEST);
    return { values: answer.completion.values, total: answer.completion.total ?? null };
  } catch (e) {
    return { error: String(e?.message ?? e) };
  }
}

try {
  await client.connect(transport, REQUEST);
  const summary = { capabilities: client.getServerCapabilities() };
  await client.setLoggingLevel("info", REQUEST);
  summary.info = await call(PROGRAM, true);
  summary.infoWithoutToken = await call(PROGRAM, false);
  summary.infoFailing = await call(FAILING, false);
  await client.setLoggingLevel("error", REQUEST);
  summary.error = await call(PROGRAM, false);
  summary.errorFailing = await call(FAILING, false);
  const templates = (await client.listResourceTemplates(undefined, REQUEST)).resourceTemplates;
  summary.templates = templates.map((t) => t.uriTemplate);
  const prompt = (await client.listPrompts(undefined, REQUEST)).prompts.find((p) => p.name === "analyst");
  summary.promptArguments = prompt.arguments.map((a) => a.name);
  const analyst = { type: "ref/prompt", name: "analyst" };
  summary.completeTable = await complete(analyst, "table", "inv");
  summary.completeTenant = await complete(analyst, "tenant", "");
  summary.completeTemplate = await complete({ type: "ref/resource", uri: "codemode://tables/{table}" }, "table", "");
  const tools = (await client.listTools(undefined, REQUEST)).tools;
  summary.outputSchemas = tools.map((t) => ({ name: t.name, type: t.outputSchema?.type ?? null }));
  const validator = new AjvJsonSchemaValidator();
  const schemas = Object.fromEntries(tools.map((t) => [t.name, validator.getValidator(t.outputSchema)]));
  async function structured(name, args) {
    logs = [];
    const result = await client.callTool({ name, arguments: args }, undefined, REQUEST);
    const check = schemas[name](result.structuredContent);
    return { tool: name, isError: result.isError === true, valid: check.valid, problem: check.errorMessage ?? null };
  }
  summary.structured = [
    await structured("run_javascript", { code: "async () => 42" }),
    await structured("run_javascript", { code: "async () => { throw new Error('no') }" }),
    await structured("run_javascript", {}),
    await structured("discover_tools", { query: "revenue by region" }),
    await structured("discover_tools", {}),
  ];
  await client.close();
  console.log(JSON.stringify(summary));
} catch (e) {
  console.log(JSON.stringify({ error: String(e?.stack ?? e) }));
  process.exit(1);
}
