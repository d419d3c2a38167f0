// Puts the bearer token on every request the conformance suite sends, which has no option for one,
// and passes everything else through as it is (Host and Origin included, so the server's own checks
// answer the suite). Listens on loopback, prints "listening PORT", then reads the server's URL as the
// first line of its input and forwards there.
//
//   node proxy.mjs TOKEN
import http from "node:http";
import readline from "node:readline";

const [token] = process.argv.slice(2);
if (!token) {
  console.error("usage: node proxy.mjs TOKEN");
  process.exit(2);
}
let upstream = null;
const ready = new Promise((resolve) => {
  readline.createInterface({ input: process.stdin }).once("line", (line) => {
    upstream = new URL(line.trim());
    resolve();
  });
});

const server = http.createServer(async (request, response) => {
  await ready;
  const forwarded = http.request(
    {
      hostname: upstream.hostname,
      port: upstream.port,
      path: request.url,
      method: request.method,
      headers: { ...request.headers, authorization: `Bearer ${token}` },
    },
    (answer) => {
      response.writeHead(answer.statusCode, answer.headers);
      answer.pipe(response);
    },
  );
  forwarded.on("error", (e) => {
    response.writeHead(502, { "content-type": "text/plain" });
    response.end(`proxy: ${e.message}`);
  });
  request.pipe(forwarded);
});
server.listen(0, "127.0.0.1", () => console.log(`listening ${server.address().port}`));
