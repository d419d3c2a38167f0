// Drives `codemode mcp` with the official MCP TypeScript client answering elicitation: a program
// flags three invoices through billing.flagInvoice, and each flag needs the client's user's
// approval. Over stdio (the client starts COMMAND) or Streamable HTTP (a server running at URL,
// with sessions, reached with a bearer TOKEN). Prints one JSON summary on stdout (McpApprovalIT
// asserts on it): the elicitation requests the client received and the run_javascript result.
//
//   node mcp-approval.mjs approve|decline|cancel|silent|incapable COMMAND [ARG...]
//   node mcp-approval.mjs approve|decline|cancel|silent|incapable http://HOST:PORT/mcp TOKEN
//
// approve: accept with {approve: true}; decline, cancel: those actions; silent: never answer;
// incapable: the client does not declare the elicitation capability. Exit 0 with the summary, 1
// with {"error": ...}.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const MODES = ["approve", "decline", "cancel", "silent", "incapable"];
const [mode, ...command] = process.argv.slice(2);
if (!MODES.includes(mode) || command.length < 1) {
  console.error("usage: node mcp-approval.mjs " + MODES.join("|") + " COMMAND [ARG...]");
  process.exit(2);
}

const REQUEST = { timeout: 120_000 };
// The three flags one after another, each outcome caught, so the program reports every one.
const PROGRAM = `async () => {
  const ids = (await warehouse.query({sql: "SELECT invoice_id FROM invoices ORDER BY invoice_id LIMIT 3"}))
    .rows.map(r => r.invoice_id);
  const out = [];
  for (const invoiceId of ids) {
    try { await billing.flagInvoice({invoiceId, reason: "approval over MCP"}); out.push({invoiceId, outcome: "flagged"}) }
    catch (e) { out.push({invoiceId, outcome: e.kind, message: e.message}) }
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
  { name: "codemode-approval-client", version: "1.0.0" },
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
  const result = await client.callTool(
    { name: "run_javascript", arguments: { code: PROGRAM } },
    undefined,
    REQUEST,
  );
  const summary = {
    isError: result.isError === true,
    structured: result.structuredContent ?? null,
    elicitations,
    session: http ? transport.sessionId ?? null : null,
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
