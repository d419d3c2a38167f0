package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad configuration, given to every command that takes {@code --config} (init drafts one, the
 * Spring starter's {@code DescribedWarehouseConfigTest} covers its own): each mistake is one clear
 * error naming the file, its line where it has one, and what is wrong, with exit 2; never a stack
 * trace, never output on stdout, never a password the file holds; and the next command, given a
 * good description, answers (the process survives every one).
 */
class ConfigErrorsIT {

  private static final String SECRET = "hunter2-never-shown";

  @TempDir static Path dir;

  private static Path good;

  /**
   * One mistake: the description's text ({@code %s} is the database file) and what must be said.
   */
  private record Mistake(String name, String yaml, String said) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static final List<Mistake> MISTAKES =
      List.of(
          new Mistake(
              "unknown key",
              """
              subject: the shop warehouse
              colour: red
              connection: {url: "jdbc:duckdb:%s"}
              tables:
                orders: {description: one row per order}
              """,
              "shop.yaml:2"),
          new Mistake(
              "table the database lacks",
              """
              connection: {url: "jdbc:duckdb:%s"}
              tables:
                orders: {description: one row per order}
                refunds: {description: one row per refund}
              """,
              "refunds"),
          new Mistake(
              "note on a column that does not exist",
              """
              connection: {url: "jdbc:duckdb:%s"}
              tables:
                orders:
                  description: one row per order
                  columns: {discount_cents: "what was taken off"}
              """,
              "discount_cents"),
          new Mistake(
              "tenant column the table lacks",
              """
              connection: {url: "jdbc:duckdb:%s"}
              tenancy: {key: store, values: [east, north]}
              tables:
                orders: {description: one row per order, tenant: {column: region}}
              """,
              "region"),
          new Mistake(
              "YAML that does not parse",
              """
              connection: {url: "jdbc:duckdb:%s"}
              tables: [orders
              """,
              "shop.yaml:"),
          new Mistake(
              "an engine nobody serves",
              """
              connection: {url: "jdbc:oracle:thin:@127.0.0.1:1521/shop"}
              tables:
                orders: {description: one row per order}
              """,
              "jdbc:oracle"),
          new Mistake(
              "a password written into the file",
              """
              connection: {url: "jdbc:postgresql://127.0.0.1:1/shop?user=reader&password=%2$s"}
              tables:
                orders: {description: one row per order}
              """,
              "shop.yaml:1: connection.url holds a secret"),
          new Mistake(
              "a directory that is not there",
              """
              connection: {directory: ./no-such-directory}
              tables:
                orders: {description: one row per order}
              """,
              "shop.yaml:1: connection.directory"),
          new Mistake("an empty file", "", "shop.yaml"));

  @BeforeAll
  static void shop() throws Exception {
    Path file = dir.resolve("shop.duckdb");
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + file);
        Statement sql = connection.createStatement()) {
      sql.execute("CREATE TABLE orders (order_id BIGINT, store VARCHAR, total_cents BIGINT)");
      sql.execute("INSERT INTO orders VALUES (1, 'east', 500), (2, 'north', 700)");
    }
    good = dir.resolve("good.yaml");
    Files.writeString(
        good,
        """
        subject: the shop warehouse
        connection: {url: "jdbc:duckdb:%s"}
        tenancy: {key: store, values: [east, north]}
        tables:
          orders: {description: one row per order, tenant: {column: store}}
        """
            .formatted(file));
  }

  static Stream<Arguments> mistakesByCommand() throws Exception {
    Path program = dir.resolve("count.js");
    Files.writeString(
        program,
        "async () => (await warehouse.query({sql: 'SELECT count(*) AS n FROM orders'})).rows");
    List<List<String>> commands =
        List.of(
            List.of("query", "SELECT count(*) AS n FROM orders"),
            List.of("run", program.toString()),
            List.of("tables"),
            List.of("describe", "warehouse.query"),
            List.of("discover", "orders"),
            List.of("tool"),
            List.of(
                "ask", "How many orders?", "--base-url", "http://127.0.0.1:9/v1", "--model", "m"),
            List.of("mcp"));
    List<Arguments> cases = new ArrayList<>();
    for (Mistake mistake : MISTAKES) {
      for (List<String> command : commands) {
        cases.add(Arguments.of(mistake, command));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{1} over {0}")
  @MethodSource("mistakesByCommand")
  void command_badDescription_oneClearErrorExitTwoAndTheNextCommandAnswers(
      Mistake mistake, List<String> command) throws Exception {
    Path config = dir.resolve("shop.yaml");
    Files.writeString(config, mistake.yaml().formatted(dir.resolve("shop.duckdb"), SECRET));

    Outcome bad = codemode(command, config);

    assertThat(bad.exitCode()).as(bad.err()).isEqualTo(2);
    assertThat(bad.out()).isEmpty();
    assertThat(bad.err())
        .startsWith("error: ")
        .contains(mistake.said())
        .doesNotContain(SECRET, "Exception", "\tat ", "null");
    assertThat(bad.err().lines().filter(line -> line.startsWith("error: "))).hasSize(1);

    // The next command over the good description: not ask (a model to reach) nor mcp (it would
    // serve this JVM's standard input). The bench's own launcher has its case in BenchCliIT.
    if (!List.of("ask", "mcp").contains(command.getFirst())) {
      Outcome next = codemode(command, good);
      assertThat(next.exitCode()).as(next.err()).isZero();
    }
  }

  private record Outcome(int exitCode, String out, String err) {}

  private static Outcome codemode(List<String> command, Path config) {
    List<String> args = new ArrayList<>(command);
    args.addAll(List.of("--config", config.toString()));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        CodemodeCli.run(
            new PrintWriter(out, true), new PrintWriter(err, true), args.toArray(String[]::new));
    return new Outcome(code, out.toString(), err.toString());
  }
}
