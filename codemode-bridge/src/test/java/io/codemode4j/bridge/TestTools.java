package io.codemode4j.bridge;

import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.tool.CallContext;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolFailure;
import io.codemode4j.bridge.tool.ToolSpec;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Real tools for the executor tests: their handlers count, sleep, block and fail on request. */
public final class TestTools {

  public static final JsonMapper MAPPER = JsonMapper.builder().build();
  public static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  public final AtomicInteger active = new AtomicInteger();
  public final AtomicInteger maxActive = new AtomicInteger();
  public final AtomicInteger started = new AtomicInteger();
  public final ConcurrentLinkedQueue<CallContext> contexts = new ConcurrentLinkedQueue<>();
  public final ConcurrentLinkedQueue<String> interrupted = new ConcurrentLinkedQueue<>();
  public final ConcurrentLinkedQueue<Boolean> onVirtualThread = new ConcurrentLinkedQueue<>();
  public final CountDownLatch release = new CountDownLatch(1);

  public static JsonNode json(String text) {
    return MAPPER.readTree(text);
  }

  /** {@code echo({value, sleepMs?})} returns {@code {value}} after sleeping. */
  public Tool echo() {
    return new Tool(
        new ToolSpec(
            "echo",
            "Returns its value after sleepMs.",
            json(
                """
            {"type":"object","properties":{"value":{},"sleepMs":{"type":"integer","minimum":0}},
             "required":["value"],"additionalProperties":false}"""),
            json("{\"type\":\"object\",\"properties\":{\"value\":{}},\"required\":[\"value\"]}"),
            ExecutionClass.READONLY),
        (args, ctx) -> {
          enter(ctx);
          try {
            long sleep = args.path("sleepMs").asLong(0);
            if (sleep > 0) {
              Thread.sleep(sleep);
            }
            ObjectNode out = JSON.objectNode();
            out.set("value", args.get("value"));
            return out;
          } catch (InterruptedException e) {
            interrupted.add(ctx.callId());
            throw e;
          } finally {
            active.decrementAndGet();
          }
        });
  }

  /** {@code fail({kind, message})} always fails with that kind. */
  public Tool fail() {
    return new Tool(
        new ToolSpec(
            "fail",
            "Fails as asked.",
            json(
                """
            {"type":"object","properties":{"kind":{"enum":["refused","failed","unauthorized","timeout","crash"]},
             "message":{"type":"string"}},"required":["kind"]}"""),
            json("{\"type\":\"object\"}"),
            ExecutionClass.MUTATION),
        (args, ctx) -> {
          enter(ctx);
          active.decrementAndGet();
          String kind = args.get("kind").asString();
          if (kind.equals("crash")) {
            throw new IllegalStateException("secret internal detail");
          }
          throw new ToolFailure(
              ToolFailure.Kind.valueOf(kind.toUpperCase()), args.path("message").asString("no"));
        });
  }

  /** {@code block({})} waits until the test releases it or the call is interrupted. */
  public Tool block() {
    return new Tool(
        new ToolSpec(
            "block", "Blocks.", json("{\"type\":\"object\"}"), json("{}"), ExecutionClass.MUTATION),
        (args, ctx) -> {
          enter(ctx);
          try {
            release.await();
            return JSON.objectNode().put("released", true);
          } catch (InterruptedException e) {
            interrupted.add(ctx.callId());
            throw e;
          } finally {
            active.decrementAndGet();
          }
        });
  }

  /**
   * {@code big({bytes})} returns a string of that many bytes; its schema claims an object with n.
   */
  public Tool big() {
    return new Tool(
        new ToolSpec(
            "big",
            "Returns a large value.",
            json(
                "{\"type\":\"object\",\"properties\":{\"bytes\":{\"type\":\"integer\"},\"lie\":{\"type\":\"boolean\"}}}"),
            json(
                "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}"),
            ExecutionClass.READONLY),
        (args, ctx) -> {
          enter(ctx);
          active.decrementAndGet();
          if (args.path("lie").asBoolean(false)) {
            return JSON.objectNode().put("text", 42);
          }
          return JSON.objectNode().put("text", "x".repeat(args.path("bytes").asInt(10)));
        });
  }

  private void enter(CallContext ctx) {
    contexts.add(ctx);
    onVirtualThread.add(Thread.currentThread().isVirtual());
    started.incrementAndGet();
    int now = active.incrementAndGet();
    maxActive.accumulateAndGet(now, Math::max);
  }

  public CodeMode.Builder codeMode() {
    return CodeMode.builder()
        .method("t", "echo", echo())
        .method("t", "fail", fail())
        .method("t", "block", block())
        .method("t", "big", big());
  }

  public static RunContext run() {
    return RunContext.of("run-1", Principal.unconfined("tester"));
  }

  public static List<CallStatus> statuses(PassOutcome outcome) {
    return outcome.calls().stream().map(CallRecord::status).toList();
  }

  public static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }
}
