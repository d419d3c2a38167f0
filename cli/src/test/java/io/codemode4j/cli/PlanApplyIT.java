package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code codemode run --plan} then {@code codemode apply}, each its own process of the packaged
 * CLI: the program's three flags are recorded, not written; the plan is signed with a key made
 * under the user's config directory (here {@code XDG_CONFIG_HOME}); applying it writes the three
 * once, and applying it again writes nothing and says so. A changed or expired plan is refused,
 * writing nothing, before anyone is asked. The flag store, read by another process, is the truth.
 */
class PlanApplyIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static final String FLAG_THREE =
      """
      async () => {
        const ids = (await warehouse.query({sql: "SELECT invoice_id FROM invoices ORDER BY invoice_id LIMIT 3"}))
          .rows.map(r => r.invoice_id);
        const out = [];
        for (const invoiceId of ids) {
          out.push(await billing.flagInvoice({invoiceId, reason: 'planned check'}));
        }
        return out;
      }
      """;

  private static final String LIST =
      "async () => (await billing.flags({})).map(f => f.invoiceId).sort()";

  @TempDir Path dir;

  private Map<String, String> env() {
    return Map.of("XDG_CONFIG_HOME", dir.resolve("config").toString());
  }

  private PackagedCli.Outcome cli(List<String> input, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.add(1, "--state");
    all.add(2, dir.resolve("state").toString());
    return PackagedCli.run(dir, env(), input, all.toArray(String[]::new));
  }

  private Path plan(String... options) throws Exception {
    Path program = Files.writeString(dir.resolve("flag.js"), FLAG_THREE);
    Path plan = dir.resolve("plan.json");
    List<String> args = new ArrayList<>(List.of("run", "--json", "--plan", plan.toString()));
    args.addAll(List.of(options));
    args.add(program.toString());
    PackagedCli.Outcome outcome = cli(List.of(), args.toArray(String[]::new));
    assertThat(outcome.exitCode()).as(outcome.both()).isZero();
    JsonNode egress = JSON.readTree(outcome.out());
    assertThat(egress.at("/result/0/planned").asBoolean()).as(outcome.both()).isTrue();
    assertThat(outcome.err())
        .contains("3 writes after 1 read")
        .contains(". billing.flagInvoice {\"invoiceId\":")
        .contains("apply it with: codemode apply " + plan);
    return plan;
  }

  private List<String> flagged() throws Exception {
    Path file = Files.writeString(dir.resolve("list.js"), LIST);
    PackagedCli.Outcome outcome =
        cli(List.of(), "run", "--json", "--approve", "none", file.toString());
    JsonNode egress = JSON.readTree(outcome.out());
    assertThat(egress.path("ok").asBoolean()).as(outcome.both()).isTrue();
    return egress.get("result").valueStream().map(JsonNode::asString).toList();
  }

  @Test
  void runPlanThenApplyTwice_writesTheThreeFlagsOnceAndSaysTheSecondApplyWasAlreadyApplied()
      throws Exception {
    Path plan = plan();
    assertThat(flagged()).isEmpty();
    Path key = dir.resolve("config").resolve("codemode").resolve("plan.key");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(key)))
        .isEqualTo("rw-------");
    List<String> planned =
        JSON.readTree(plan.toFile())
            .path("writes")
            .valueStream()
            .map(w -> w.at("/arguments/invoiceId").asString())
            .toList();

    PackagedCli.Outcome first = cli(List.of("y"), "apply", "--approve", "ask", plan.toString());

    assertThat(first.exitCode()).as(first.both()).isZero();
    assertThat(first.err()).contains("apply 3 writes of plan plan-").contains("? [y/N]");
    assertThat(first.out()).contains("applied: 3 writes, each once");
    assertThat(flagged()).containsExactlyInAnyOrderElementsOf(planned).hasSize(3);

    PackagedCli.Outcome second = cli(List.of("y"), "apply", "--approve", "ask", plan.toString());

    assertThat(second.exitCode()).as(second.both()).isZero();
    assertThat(second.out()).contains("was already applied").contains("nothing was written again");
    assertThat(second.err()).doesNotContain("[y/N]");
    assertThat(flagged()).hasSize(3);
  }

  @Test
  void apply_changedArgument_isRefusedBeforeAskingAndWritesNothing() throws Exception {
    Path plan = plan();
    ObjectNode json = (ObjectNode) JSON.readTree(plan.toFile());
    ((ObjectNode) json.at("/writes/0/arguments")).put("reason", "something else");
    Files.writeString(plan, json.toString());

    PackagedCli.Outcome outcome = cli(List.of("y"), "apply", "--approve", "ask", plan.toString());

    assertThat(outcome.exitCode()).as(outcome.both()).isEqualTo(1);
    assertThat(outcome.err())
        .contains("is not the plan that was signed")
        .contains("plan again")
        .doesNotContain("[y/N]");
    assertThat(flagged()).isEmpty();
  }

  @Test
  void apply_expiredPlan_isRefusedBeforeAskingAndWritesNothing() throws Exception {
    Path plan = plan("--plan-ttl", "1ms");

    PackagedCli.Outcome outcome = cli(List.of("y"), "apply", "--approve", "ask", plan.toString());

    assertThat(outcome.exitCode()).as(outcome.both()).isEqualTo(1);
    assertThat(outcome.err())
        .contains(" expired at ")
        .contains("nothing was written")
        .doesNotContain("[y/N]");
    assertThat(flagged()).isEmpty();
  }

  @Test
  void apply_answeredNo_writesNothingAndTheplanStaysApplicable() throws Exception {
    Path plan = plan();

    PackagedCli.Outcome no = cli(List.of("n"), "apply", "--approve", "ask", plan.toString());

    assertThat(no.exitCode()).as(no.both()).isEqualTo(1);
    assertThat(no.err()).contains("not applied: answered N at the prompt; nothing was written");
    assertThat(flagged()).isEmpty();
  }
}
