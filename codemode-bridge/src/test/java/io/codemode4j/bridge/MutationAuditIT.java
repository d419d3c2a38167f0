package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.audit.AuditLog;
import io.codemode4j.bridge.event.MutationAudit;
import io.codemode4j.bridge.event.MutationIntent;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * A mutation's audit record is on disk before its handler runs, and a mutation whose record cannot
 * be written does not run; reads are not held by the audit.
 */
class MutationAuditIT {

  static final String PROGRAM =
      """
      async () => {
        const out = [];
        for (const key of ['a', 'b', 'c']) {
          try { out.push((await store.put({key})).stored); } catch (e) { out.push(e.kind + ': ' + e.message); }
        }
        const read = await t.echo({value: 'read'});
        return {out, read: read.value};
      }""";

  /** The writes that happened, and what the audit file held when each happened. */
  final List<String> stored = new CopyOnWriteArrayList<>();

  final List<String> auditAtWrite = new CopyOnWriteArrayList<>();

  Tool put(Supplier<String> auditNow) {
    return new Tool(
        new ToolSpec(
            "put",
            "Stores a key.",
            TestTools.json(
                "{\"type\":\"object\",\"properties\":{\"key\":{\"type\":\"string\"}},\"required\":[\"key\"]}"),
            TestTools.json("{\"type\":\"object\"}"),
            ExecutionClass.MUTATION),
        (args, ctx) -> {
          auditAtWrite.add(ctx.callId() + "|" + auditNow.get());
          stored.add(args.get("key").asString());
          return TestTools.JSON.objectNode().put("stored", args.get("key").asString());
        });
  }

  @Test
  void run_mutationsWithAnAuditFile_eachIntentIsOnDiskBeforeItsWrite(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("audit.jsonl");
    try (AuditLog audit = AuditLog.appendingTo(file, AuditLog.Arguments.INCLUDED);
        CodeMode codeMode =
            new TestTools()
                .codeMode()
                .method("store", "put", put(() -> read(file)))
                .listener(audit)
                .build()) {
      PassOutcome outcome = codeMode.run(PROGRAM, TestTools.run());

      assertThat(outcome).isInstanceOf(PassSuccess.class);
      assertThat(((PassSuccess) outcome).result().toString())
          .isEqualTo("{\"out\":[\"a\",\"b\",\"c\"],\"read\":\"read\"}");
    }
    assertThat(stored).containsExactly("a", "b", "c");
    for (String seen : auditAtWrite) {
      String callId = seen.substring(0, seen.indexOf('|'));
      assertThat(seen.substring(seen.indexOf('|') + 1).lines().map(TestTools::json))
          .as("the audit file when " + callId + " wrote")
          .anySatisfy(
              line -> {
                assertThat(line.get("record").asString()).isEqualTo("intent");
                assertThat(line.get("callId").asString()).isEqualTo(callId);
                assertThat(line.get("arguments").get("key").isString()).isTrue();
              });
    }
    List<JsonNode> lines = Files.readString(file).lines().map(TestTools::json).toList();
    assertThat(
            lines.stream()
                .map(l -> l.get("record").asString() + " " + l.path("method").asString("")))
        .containsExactly(
            "intent store.put",
            "call store.put",
            "intent store.put",
            "call store.put",
            "intent store.put",
            "call store.put",
            "call t.echo",
            "pass ");
  }

  static List<OutputStream> failingStreams() {
    return List.of(
        new OutputStream() {
          @Override
          public void write(int b) throws IOException {
            throw new IOException("No space left on device");
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            throw new IOException("No space left on device");
          }

          @Override
          public String toString() {
            return "write fails";
          }
        },
        new OutputStream() {
          @Override
          public void write(int b) {}

          @Override
          public void flush() throws IOException {
            throw new IOException("Input/output error");
          }

          @Override
          public String toString() {
            return "flush fails";
          }
        },
        new OutputStream() {
          @Override
          public void write(int b) {}

          @Override
          public void write(byte[] b, int off, int len) {
            throw new UncheckedIOException(new IOException("stale file handle"));
          }

          @Override
          public String toString() {
            return "write throws unchecked";
          }
        });
  }

  @ParameterizedTest
  @MethodSource("failingStreams")
  void run_auditThatCannotWrite_mutationsFailUnauditedWithoutRunningAndReadsGoOn(
      OutputStream broken) {
    try (AuditLog audit = AuditLog.writingTo(broken, AuditLog.Arguments.OMITTED);
        CodeMode codeMode =
            new TestTools()
                .codeMode()
                .method("store", "put", put(() -> ""))
                .listener(audit)
                .build()) {
      PassOutcome outcome = codeMode.run(PROGRAM, TestTools.run());

      assertThat(outcome).isInstanceOf(PassSuccess.class);
      JsonNode result = ((PassSuccess) outcome).result();
      assertThat(result.get("out"))
          .hasSize(3)
          .allSatisfy(
              e ->
                  assertThat(e.asString())
                      .isEqualTo(
                          "unaudited: store.put changes data and its audit record could not be"
                              + " written first, so it did not run: the operator must fix the audit"
                              + " log's storage"));
      assertThat(result.get("read").asString()).isEqualTo("read");
      assertThat(outcome.calls().stream().map(c -> c.failureKind()).toList())
          .containsExactly("unaudited", "unaudited", "unaudited", null);
    } catch (IOException e) {
      // Closing a broken stream may fail too; what matters is above.
    }
    assertThat(stored).isEmpty();
  }

  @Test
  void run_secondOfTwoAuditsFails_theMutationDoesNotRun() {
    MutationAudit fine = intent -> {};
    MutationAudit broken =
        intent -> {
          throw new IOException("the audit service is down");
        };
    try (CodeMode codeMode =
        new TestTools()
            .codeMode()
            .method("store", "put", put(() -> ""))
            .listener(listening(fine))
            .listener(listening(broken))
            .build()) {
      PassOutcome outcome = codeMode.run(PROGRAM, TestTools.run());

      assertThat(outcome.calls().stream().map(c -> c.failureKind()).toList())
          .containsExactly("unaudited", "unaudited", "unaudited", null);
    }
    assertThat(stored).isEmpty();
  }

  /** A listener that is also the audit {@code gate}. */
  private static PassListener listening(MutationAudit gate) {
    final class Both implements PassListener, MutationAudit {
      @Override
      public void recordIntent(MutationIntent intent) throws IOException {
        gate.recordIntent(intent);
      }
    }
    return new Both();
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
