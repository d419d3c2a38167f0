package io.codemode4j.charts;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Debian's headless Chromium ({@code /usr/bin/chromium}, which {@code .ci/run} installs), driven
 * over the DevTools protocol with the JDK's own WebSocket: one browser per test class, one tab per
 * page, every event of a tab kept for the test to read.
 *
 * <p>Decided: the flags are the ones this machine needs to start Chromium as root on a closed
 * network (no sandbox, no background networking, a fresh profile), so that the only requests a tab
 * makes are the page's own. Public, in this module's test-jar, for the CLI's chart tests.
 */
public final class Chromium implements AutoCloseable {

  static final Path BINARY = Path.of("/usr/bin/chromium");
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");
  private static final long WAIT_SECONDS = 60;

  private final Process process;
  private final WebSocket socket;
  private final AtomicLong ids = new AtomicLong();
  private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final List<JsonNode> events = new CopyOnWriteArrayList<>();
  private final List<Waiter> waiters = new CopyOnWriteArrayList<>();

  private record Waiter(String session, String method, CompletableFuture<JsonNode> event) {}

  private Chromium(Process process, WebSocket socket) {
    this.process = process;
    this.socket = socket;
  }

  /** Starts Chromium; skips the calling test (an assumption) only where it is not installed. */
  public static Chromium start(Path profile) throws Exception {
    Assumptions.assumeTrue(
        Files.isExecutable(BINARY),
        "Debian's chromium is not installed (/usr/bin/chromium): .ci/run installs it; on a"
            + " developer machine run `apt-get install chromium` to run the browser tests");
    Files.createDirectories(profile);
    Process process =
        new ProcessBuilder(
                BINARY.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-extensions",
                "--hide-scrollbars",
                "--window-size=900,600",
                "--user-data-dir=" + profile.toAbsolutePath(),
                "--remote-debugging-port=0",
                "about:blank")
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    process.getOutputStream().close();
    String endpoint = endpoint(process);
    Chromium[] self = new Chromium[1];
    WebSocket socket =
        HttpClient.newHttpClient()
            .newWebSocketBuilder()
            .buildAsync(URI.create(endpoint), new Listener(self))
            .get(WAIT_SECONDS, TimeUnit.SECONDS);
    self[0] = new Chromium(process, socket);
    return self[0];
  }

  /** Reads stderr up to the DevTools address, then drains the rest so Chromium never blocks. */
  private static String endpoint(Process process) throws IOException {
    BufferedReader err =
        new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
    StringBuilder seen = new StringBuilder();
    for (String line = err.readLine(); line != null; line = err.readLine()) {
      seen.append(line).append('\n');
      Matcher m = LISTENING.matcher(line);
      if (m.find()) {
        Thread drain =
            new Thread(
                () -> {
                  try {
                    err.transferTo(java.io.Writer.nullWriter());
                  } catch (IOException e) {
                    // Chromium exited; nothing more to drain.
                  }
                },
                "chromium-stderr");
        drain.setDaemon(true);
        drain.start();
        return m.group(1);
      }
    }
    throw new IllegalStateException("chromium exited before it listened for DevTools:\n" + seen);
  }

  /** A new tab with its runtime, log, network and page events on. */
  public Tab open() throws Exception {
    String target =
        call(null, "Target.createTarget", JSON.createObjectNode().put("url", "about:blank"))
            .get("targetId")
            .asString();
    String session =
        call(
                null,
                "Target.attachToTarget",
                JSON.createObjectNode().put("targetId", target).put("flatten", true))
            .get("sessionId")
            .asString();
    Tab tab = new Tab(session);
    for (String domain : List.of("Runtime", "Log", "Network", "Page")) {
      tab.call(domain + ".enable", JSON.createObjectNode());
    }
    return tab;
  }

  JsonNode call(String session, String method, ObjectNode params) throws Exception {
    long id = ids.incrementAndGet();
    ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
    message.set("params", params);
    if (session != null) {
      message.put("sessionId", session);
    }
    CompletableFuture<JsonNode> reply = new CompletableFuture<>();
    pending.put(id, reply);
    socket.sendText(JSON.writeValueAsString(message), true).get(WAIT_SECONDS, TimeUnit.SECONDS);
    JsonNode answer = reply.get(WAIT_SECONDS, TimeUnit.SECONDS);
    if (answer.has("error")) {
      throw new IllegalStateException(method + " failed: " + answer.get("error"));
    }
    return answer.get("result");
  }

  private void receive(String text) {
    JsonNode message = JSON.readTree(text);
    if (message.has("id")) {
      CompletableFuture<JsonNode> reply = pending.remove(message.get("id").asLong());
      if (reply != null) {
        reply.complete(message);
      }
      return;
    }
    events.add(message);
    String session = message.path("sessionId").asString("");
    String method = message.path("method").asString("");
    for (Waiter waiter : waiters) {
      if (waiter.session().equals(session) && waiter.method().equals(method)) {
        waiter.event().complete(message);
        waiters.remove(waiter);
      }
    }
  }

  @Override
  public void close() throws Exception {
    socket.sendClose(WebSocket.NORMAL_CLOSURE, "done");
    process.destroy();
    if (!process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }

  /** One tab: a DevTools session of its own. */
  public final class Tab {
    private final String session;

    private Tab(String session) {
      this.session = session;
    }

    public JsonNode call(String method, ObjectNode params) throws Exception {
      return Chromium.this.call(session, method, params);
    }

    /** Opens {@code page} and waits for its load event. */
    public void navigate(Path page) throws Exception {
      CompletableFuture<JsonNode> loaded = new CompletableFuture<>();
      waiters.add(new Waiter(session, "Page.loadEventFired", loaded));
      call("Page.navigate", JSON.createObjectNode().put("url", page.toUri().toString()));
      loaded.get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** The value of {@code expression}, awaited when it is a promise. */
    public JsonNode evaluate(String expression) throws Exception {
      JsonNode result =
          call(
              "Runtime.evaluate",
              JSON.createObjectNode()
                  .put("expression", expression)
                  .put("awaitPromise", true)
                  .put("returnByValue", true));
      if (result.has("exceptionDetails")) {
        throw new IllegalStateException(expression + " threw: " + result.get("exceptionDetails"));
      }
      return result.path("result").path("value");
    }

    /** Console errors, uncaught exceptions and error log entries (CSP violations among them). */
    public List<String> errors() {
      List<String> errors = new ArrayList<>();
      for (JsonNode event : own()) {
        String method = event.path("method").asString("");
        JsonNode params = event.path("params");
        if (method.equals("Runtime.consoleAPICalled")
            && params.path("type").asString("").equals("error")) {
          errors.add("console.error: " + params.path("args"));
        } else if (method.equals("Runtime.exceptionThrown")) {
          errors.add("exception: " + params.path("exceptionDetails"));
        } else if (method.equals("Log.entryAdded")
            && params.path("entry").path("level").asString("").equals("error")) {
          errors.add("log: " + params.path("entry").path("text").asString(""));
        }
      }
      return errors;
    }

    /** The URL of every request the tab made. */
    public List<String> requests() {
      List<String> urls = new ArrayList<>();
      for (JsonNode event : own()) {
        if (event.path("method").asString("").equals("Network.requestWillBeSent")) {
          urls.add(event.path("params").path("request").path("url").asString(""));
        }
      }
      return urls;
    }

    /** A PNG of the tab, written to {@code file}. */
    public void screenshot(Path file) throws Exception {
      JsonNode shot = call("Page.captureScreenshot", JSON.createObjectNode().put("format", "png"));
      Files.createDirectories(file.getParent());
      Files.write(file, java.util.Base64.getDecoder().decode(shot.get("data").asString()));
    }

    private List<JsonNode> own() {
      return events.stream().filter(e -> e.path("sessionId").asString("").equals(session)).toList();
    }
  }

  /** Joins a message's fragments and hands each whole message to the browser. */
  private static final class Listener implements WebSocket.Listener {
    private final Chromium[] browser;
    private final StringBuilder partial = new StringBuilder();

    Listener(Chromium[] browser) {
      this.browser = browser;
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        String message = partial.toString();
        partial.setLength(0);
        browser[0].receive(message);
      }
      webSocket.request(1);
      return null;
    }
  }
}
