package io.codemode4j.bridge;

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
final class TestTools {

  static final JsonMapper MAPPER = JsonMapper.builder().build();
  static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  final AtomicInteger active = new AtomicInteger();
  final AtomicInteger maxActive = new AtomicInteger();
  final AtomicInteger started = new AtomicInteger();
  final ConcurrentLinkedQueue<CallContext> contexts = new ConcurrentLinkedQueue<>();
  final ConcurrentLinkedQueue<String> interrupted = new ConcurrentLinkedQueue<>();
  final ConcurrentLinkedQueue<Boolean> onVirtualThread = new ConcurrentLinkedQueue<>();
  final CountDownLatch release = new CountDownLatch(1);

  static JsonNode json(String text) {
    return MAPPER.readTree(text);
  }

  /** {@code echo({value, sleepMs?})} returns {@code {value}} after sleeping. */
  Tool echo() {
    return new Tool(new ToolSpec("echo", "Returns its value after sleepMs.",
        json("""
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
  Tool fail() {
    return new Tool(new ToolSpec("fail", "Fails as asked.",
        json("""
            {"type":"object","properties":{"kind":{"enum":["refused","failed","unauthorized","timeout","crash"]},
             "message":{"type":"string"}},"required":["kind"]}"""),
        json("{\"type\":\"object\"}"), ExecutionClass.MUTATION),
        (args, ctx) -> {
          enter(ctx);
          active.decrementAndGet();
          String kind = args.get("kind").asString();
          if (kind.equals("crash")) {
            throw new IllegalStateException("secret internal detail");
          }
          throw new ToolFailure(ToolFailure.Kind.valueOf(kind.toUpperCase()), args.path("message").asString("no"));
        });
  }

  /** {@code block({})} waits until the test releases it or the call is interrupted. */
  Tool block() {
    return new Tool(new ToolSpec("block", "Blocks.", json("{\"type\":\"object\"}"), json("{}"),
        ExecutionClass.MUTATION),
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

  /** {@code big({bytes})} returns a string of that many bytes; its schema claims an object with n. */
  Tool big() {
    return new Tool(new ToolSpec("big", "Returns a large value.",
        json("{\"type\":\"object\",\"properties\":{\"bytes\":{\"type\":\"integer\"},\"lie\":{\"type\":\"boolean\"}}}"),
        json("{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},\"required\":[\"text\"]}"),
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

  CodeMode.Builder codeMode() {
    return CodeMode.builder()
        .method("t", "echo", echo())
        .method("t", "fail", fail())
        .method("t", "block", block())
        .method("t", "big", big());
  }

  static RunContext run() {
    return RunContext.of("run-1", Principal.unconfined("tester"));
  }

  static List<CallStatus> statuses(PassOutcome outcome) {
    return outcome.calls().stream().map(CallRecord::status).toList();
  }

  static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }
}
