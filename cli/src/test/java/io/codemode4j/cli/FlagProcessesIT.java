package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Real {@code codemode run} processes sharing one embedded flag store: two flagging at the same
 * time both succeed and lose nothing, and a later process (a restart) lists every flag.
 */
class FlagProcessesIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final int FLAGS_EACH = 15;

  @TempDir Path dir;

  private Process start(String program, Path state) throws IOException {
    Path file = dir.resolve("program-" + System.nanoTime() + ".js");
    Files.writeString(file, program);
    List<String> command =
        PackagedMcp.command(
            "run", "--json", "--approve", "all", "--state", state.toString(), file.toString());
    return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
  }

  private static JsonNode egress(Process process) throws Exception {
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return JSON.readTree(out);
  }

  private static String flagging(int offset) {
    return """
        async () => {
          const ids = (await warehouse.query({sql: "SELECT invoice_id FROM invoices ORDER BY invoice_id LIMIT %d OFFSET %d"}))
            .rows.map(r => r.invoice_id);
          const flags = [];
          for (const invoiceId of ids) flags.push((await billing.flagInvoice({invoiceId, reason: 'batch %d'})).flagId);
          return flags.length;
        }
        """
        .formatted(FLAGS_EACH, offset, offset);
  }

  @Test
  void flagInvoice_twoProcessesAtOnce_bothSucceedAndARestartListsEveryFlag() throws Exception {
    Path state = dir.resolve("state");
    Process first = start(flagging(0), state);
    Process second = start(flagging(1000), state);

    JsonNode firstEgress = egress(first);
    JsonNode secondEgress = egress(second);

    assertThat(firstEgress.path("ok").asBoolean()).as(firstEgress.toString()).isTrue();
    assertThat(secondEgress.path("ok").asBoolean()).as(secondEgress.toString()).isTrue();
    assertThat(firstEgress.path("result").asInt()).isEqualTo(FLAGS_EACH);
    assertThat(secondEgress.path("result").asInt()).isEqualTo(FLAGS_EACH);

    JsonNode listed =
        egress(
            start(
                "async () => (await billing.flags({})).map(f => f.reason + ' ' + f.invoiceId)",
                state));
    assertThat(listed.path("ok").asBoolean()).as(listed.toString()).isTrue();
    List<String> flags = listed.path("result").valueStream().map(JsonNode::asString).toList();
    assertThat(flags).hasSize(2 * FLAGS_EACH).doesNotHaveDuplicates();
    assertThat(flags.stream().filter(f -> f.startsWith("batch 0 "))).hasSize(FLAGS_EACH);
    assertThat(flags.stream().filter(f -> f.startsWith("batch 1000 "))).hasSize(FLAGS_EACH);
  }
}
