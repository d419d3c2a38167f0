// Drives `codemode mcp --plans` with the official MCP TypeScript client, over stdio (the client
// starts COMMAND) or Streamable HTTP (a server with sessions running at URL, reached with a bearer
// TOKEN): plan_javascript
// plans a program that flags three invoices (its writes recorded, not run), then apply_plan is
// called APPLIES times with the plan's id, the client's user answering each elicitation as ANSWER
// says. Prints one JSON summary on stdout (McpPlanIT asserts on it): the tools listed, the plan
// result, each apply result, and the elicitation requests the client received.
//
//   node mcp-plan.mjs approve|decline|cancel|silent|incapable APPLIES PLAN_ID COMMAND [ARG...]
//   node mcp-plan.mjs approve|decline|cancel|silent|incapable APPLIES PLAN_ID URL TOKEN
//
// approve: accept with {approve: true}; decline, cancel: those actions; silent: never answer;
// incapable: the client does
// not declare the elicitation capability. PLAN_ID "planned" applies the id plan_javascript gave;
// any other value is sent as it is (a plan this session never made). Exit 0 with the summary, 1
// with {"error": ...}.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const MODES = ["approve", "decline", "cancel", "silent", "incapable"];
const [mode, applies, planId, ...command] = process.argv.slice(2);
if (!MODES.includes(mode) || !/^[0-9]+$/.test(applies ?? "") || !planId || command.length < 1) {
  console.error("usage: node mcp-plan.mjs " + MODES.join("|") + " APPLIES PLAN_ID COMMAND [ARG...]");
  process.exit(2);
}

const REQUEST = { timeout: 120_000 };
const PROGRAM = `async () => {
  const ids = (await warehouse.query({sql: "SELECT invoice_id FROM invoices ORDER BY invoice_id LIMIT 3"}))
    .rows.map(r => r.invoice_id);
  const out = [];
  for (const invoiceId of ids) {
    out.push(await billing.flagInvoice({invoiceId, reason: "plan over MCP"}));
  }
  return out;
}`;

const http = /^https?:\/\//.test(command[0]);
const transport = http
  ? new StreamableHTTPClientTransport(new URL(command[0]), {
      requestInit: { headers: { Authorization: `Bearer ${command[1]}` } },
    })
  : new StdioClientTransport({ command: command[0], args: command.slice(1), stderr: "inherit" });
const client = new Client(
  { name: "codemode-plan-client", version: "1.0.0" },
  mode === "incapable" ? {} : { capabilities: { elicitation: {} } },
);
const elicitations = [];
if (mode !== "incapable") {
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    elicitations.push({
      message: request.params.message,
      requestedSchema: request.params.requestedSchema,
    });
    switch (mode) {
      case "approve":
        return { action: "accept", content: { approve: true } };
      case "decline":
        return { action: "decline" };
      case "cancel":
        return { action: "cancel" };
      default:
        // silent: a user who never answers.
        return new Promise(() => {});
    }
  });
}

try {
  await client.connect(transport, REQUEST);
  const tools = (await client.listTools(undefined, REQUEST)).tools.map((t) => t.name);
  const plan = await client.callTool(
    { name: "plan_javascript", arguments: { code: PROGRAM } },
    undefined,
    REQUEST,
  );
  const id = planId === "planned" ? plan.structuredContent?.plan?.planId : planId;
  const results = [];
  for (let i = 0; i < Number(applies); i++) {
    const applied = await client.callTool(
      { name: "apply_plan", arguments: { planId: id } },
      undefined,
      REQUEST,
    );
    results.push({ isError: applied.isError === true, structured: applied.structuredContent ?? null });
  }
  const summary = {
    tools,
    plan: { isError: plan.isError === true, structured: plan.structuredContent ?? null },
    applies: results,
    elicitations,
  };
  if (http) {
    // Ends the session on the server (DELETE), as a client that is done should.
    await transport.terminateSession();
  }
  await client.close();
  console.log(JSON.stringify(summary));
  process.exit(0);
} catch (e) {
  console.log(JSON.stringify({ error: String(e?.stack ?? e) }));
  process.exit(1);
}
