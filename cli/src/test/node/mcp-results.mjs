// Drives `codemode mcp` with the official MCP TypeScript client through what a host gets beside an
// inline answer: a large result as a resource_link read back page by page (its rows compared with
// the query's, hashed inside the sandbox by a second program), another client's read of that link,
// and a result's chart as an MCP App (its ui:// page written to a file for the browser test).
// Prints one JSON summary on stdout (McpResultLinksIT asserts on it).
//
//   node mcp-results.mjs CHART_PROGRAM HTML_OUT stdio COMMAND [ARG...]
//   node mcp-results.mjs CHART_PROGRAM HTML_OUT http URL TOKEN OTHER_TOKEN
//   node mcp-results.mjs - - expired COMMAND [ARG...]     (a server whose links expire at once)
//
// Exit 0 with the summary, 1 with {"error": ...}.
import { readFileSync, writeFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [chartProgram, htmlOut, mode, ...rest] = process.argv.slice(2);
if (!["stdio", "http", "expired"].includes(mode) || rest.length < 1) {
  console.error("usage: node mcp-results.mjs CHART_PROGRAM HTML_OUT stdio|http|expired ...");
  process.exit(2);
}

const REQUEST = { timeout: 120_000 };
const SQL = "SELECT invoice_id, region, status, amount_cents FROM invoices ORDER BY invoice_id LIMIT 1200";
const LARGE = `async () => (await warehouse.query({sql: "${SQL}"})).rows`;
// FNV-1a over the JSON text of the rows, the same function on both sides of the link.
const FNV = `(text) => { let h = 0x811c9dc5; for (let i = 0; i < text.length; i++) {
  h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; } return h; }`;
const HASHED = `async () => { const rows = (await warehouse.query({sql: "${SQL}"})).rows;
  return { count: rows.length, hash: (${FNV})(JSON.stringify(rows)) }; }`;
const fnv = eval(FNV);

function transport(args) {
  return args[0] === "http"
    ? new StreamableHTTPClientTransport(new URL(args[1]), {
        requestInit: { headers: { Authorization: `Bearer ${args[2]}` } },
      })
    : new StdioClientTransport({ command: args[1], args: args.slice(2), stderr: "inherit" });
}

async function connect(args) {
  const client = new Client({ name: "codemode-mcp-results", version: "1.0.0" });
  await client.connect(transport(args), REQUEST);
  return client;
}

async function call(client, code) {
  return client.callTool({ name: "run_javascript", arguments: { code } }, undefined, REQUEST);
}

async function failure(promise) {
  try {
    await promise;
    return { refused: false };
  } catch (e) {
    return { refused: true, code: e?.code ?? null, message: String(e?.message ?? e) };
  }
}

// The large result: what the model reads, the link, and every page read back.
async function large(client, read) {
  const result = await call(client, LARGE);
  const links = result.content.filter((c) => c.type === "resource_link");
  const text = result.content.find((c) => c.type === "text")?.text ?? "";
  const summary = {
    isError: result.isError === true,
    textBytes: Buffer.byteLength(text),
    textMatchesStructured: JSON.stringify(JSON.parse(text)) === JSON.stringify(result.structuredContent),
    resultLink: result.structuredContent?.resultLink ?? null,
    shown: result.structuredContent?.result ?? null,
    links: links.map((l) => ({ uri: l.uri, mimeType: l.mimeType, name: l.name })),
  };
  const rows = [];
  let pages = 0;
  let uri = read ? (summary.resultLink?.uri ?? null) : null;
  while (uri !== null && pages < 100) {
    const read = await client.readResource({ uri }, REQUEST);
    const page = JSON.parse(read.contents[0].text);
    rows.push(...page.rows);
    pages++;
    uri = page.next;
  }
  summary.pagesRead = pages;
  summary.rowsRead = rows.length;
  summary.readHash = fnv(JSON.stringify(rows));
  summary.shownAreTheFirstRows =
    Array.isArray(summary.shown) && JSON.stringify(summary.shown) === JSON.stringify(rows.slice(0, summary.shown.length));
  return summary;
}

try {
  const own = mode === "http" ? ["http", rest[0], rest[1]] : ["stdio", ...rest];
  const client = await connect(own);
  const summary = { large: await large(client, mode !== "expired") };
  const uri = summary.large.resultLink?.uri;

  if (mode === "expired") {
    summary.expired = await failure(client.readResource({ uri }, REQUEST));
  } else {
    const hashed = await call(client, HASHED);
    summary.query = hashed.structuredContent?.result ?? null;
    summary.templates = (await client.listResourceTemplates(undefined, REQUEST)).resourceTemplates.map(
      (t) => t.uriTemplate,
    );
    // Another client: over HTTP another token's, over stdio another session (a second process).
    const other = await connect(mode === "http" ? ["http", rest[0], rest[2]] : ["stdio", ...rest]);
    summary.foreign = await failure(other.readResource({ uri }, REQUEST));
    await other.close();

    const charted = await call(client, readFileSync(chartProgram, "utf8"));
    const chart = charted.structuredContent?.chart ?? null;
    const app = charted.content.find((c) => c.type === "resource_link" && c.uri.startsWith("ui://"));
    summary.chart = {
      isError: charted.isError === true,
      structured: chart,
      rows: charted.structuredContent?.result?.rows ?? null,
      link: app ? { uri: app.uri, mimeType: app.mimeType } : null,
      metaSpecMark: charted._meta?.["io.codemode4j/chart"]?.mark?.type ?? null,
    };
    // What a host that renders MCP Apps does: the app the tool declares, and the result it sends it.
    const tool = (await client.listTools(undefined, REQUEST)).tools.find((t) => t.name === "run_javascript");
    summary.chart.toolMeta = tool._meta ?? null;
    const appUri = tool._meta?.ui?.resourceUri;
    if (appUri) {
      const listed = (await client.listResources(undefined, REQUEST)).resources.find((r) => r.uri === appUri);
      const app = (await client.readResource({ uri: appUri }, REQUEST)).contents[0];
      writeFileSync(htmlOut + ".app.html", app.text);
      writeFileSync(htmlOut + ".result.json", JSON.stringify(charted));
      summary.chart.app = { listedMimeType: listed?.mimeType ?? null, mimeType: app.mimeType, meta: app._meta ?? null };
    }
    if (app) {
      const read = await client.readResource({ uri: app.uri }, REQUEST);
      const contents = read.contents[0];
      writeFileSync(htmlOut, contents.text);
      summary.chart.resource = { mimeType: contents.mimeType, meta: contents._meta ?? null, bytes: contents.text.length };
    }
  }
  await client.close();
  console.log(JSON.stringify(summary));
} catch (e) {
  console.log(JSON.stringify({ error: String(e?.stack ?? e) }));
  process.exit(1);
}
