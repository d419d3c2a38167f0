package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code codemode run --approve none|ask|all} as a user's shell runs the packaged CLI: a program
 * that flags three invoices is approved call by call at the prompt, refused without a person, or
 * approved wholesale only when {@code all} is typed; denied calls never reach the flag store.
 */
class ApproveCommandIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static final String FLAG_THREE =
      """
      async () => {
        const ids = (await warehouse.query({sql: "SELECT invoice_id FROM invoices ORDER BY invoice_id LIMIT 3"}))
          .rows.map(r => r.invoice_id);
        const out = [];
        for (const invoiceId of ids) {
          try { await billing.flagInvoice({invoiceId, reason: 'approval check'}); out.push(invoiceId + ' flagged') }
          catch (e) { out.push(invoiceId + ' ' + e.kind) }
        }
        return out;
      }
      """;

  private static final String LIST =
      "async () => (await billing.flags({})).map(f => f.invoiceId).sort()";

  @TempDir Path dir;

  private PackagedCli.Outcome run(List<String> input, String program, String... options)
      throws Exception {
    Path file = Files.createTempFile(dir, "program", ".js");
    Files.writeString(file, program);
    List<String> args =
        new java.util.ArrayList<>(
            List.of("run", "--json", "--state", dir.resolve("state").toString()));
    args.addAll(List.of(options));
    args.add(file.toString());
    return PackagedCli.run(dir, Map.of(), input, args.toArray(String[]::new));
  }

  private static JsonNode result(PackagedCli.Outcome outcome) {
    JsonNode egress = JSON.readTree(outcome.out());
    assertThat(egress.path("ok").asBoolean()).as(outcome.both()).isTrue();
    return egress.get("result");
  }

  private List<String> flagged() throws Exception {
    return result(run(List.of(), LIST, "--approve", "none"))
        .valueStream()
        .map(JsonNode::asString)
        .toList();
  }

  @Test
  void run_approveAsk_promptsForEachWriteWithItsArgumentsAndWritesOnlyTheApproved()
      throws Exception {
    PackagedCli.Outcome outcome = run(List.of("y", "n", "yes"), FLAG_THREE, "--approve", "ask");

    List<String> lines = result(outcome).valueStream().map(JsonNode::asString).toList();
    assertThat(lines).hasSize(3);
    assertThat(lines.get(0)).endsWith(" flagged");
    assertThat(lines.get(1)).endsWith(" denied");
    assertThat(lines.get(2)).endsWith(" flagged");
    assertThat(outcome.err())
        .contains("approve billing.flagInvoice (billing_flag_invoice) for cli?")
        .contains("  arguments: {\"invoiceId\":\"" + lines.get(0).split(" ")[0] + "\"")
        .contains("[y/N]");
    assertThat(flagged()).containsExactly(lines.get(0).split(" ")[0], lines.get(2).split(" ")[0]);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "--approve none, denied",
    // Not a terminal: the default is none.
    "'', denied",
    "--approve all, flagged"
  })
  void run_approveMode_deniesOrApprovesEveryWrite(String option, String expected) throws Exception {
    String[] options = option.isEmpty() ? new String[0] : option.split(" ");

    List<String> lines =
        result(run(List.of(), FLAG_THREE, options)).valueStream().map(JsonNode::asString).toList();

    assertThat(lines).hasSize(3).allSatisfy(line -> assertThat(line).endsWith(" " + expected));
    assertThat(flagged()).hasSize(expected.equals("flagged") ? 3 : 0);
  }

  @Test
  void run_approveAskWithoutAnAnswer_deniesTheWrite() throws Exception {
    List<String> lines =
        result(run(List.of(), FLAG_THREE, "--approve", "ask"))
            .valueStream()
            .map(JsonNode::asString)
            .toList();

    assertThat(lines).allSatisfy(line -> assertThat(line).endsWith(" denied"));
    assertThat(flagged()).isEmpty();
  }

  @Test
  void run_unknownApproveMode_isAUsageError() throws Exception {
    PackagedCli.Outcome outcome = run(List.of(), LIST, "--approve", "maybe");

    assertThat(outcome.exitCode()).isEqualTo(2);
    assertThat(outcome.err()).contains("--approve must be none, ask or all, was 'maybe'");
  }
}
