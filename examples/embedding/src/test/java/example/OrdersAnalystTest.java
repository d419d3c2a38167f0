package example;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.OuterToolResult;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.engine.duckdb.DuckDbLimits;
import io.codemode4j.engine.duckdb.DuckDbReadOnly;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * docs/quick-start.md's embedding snippet ({@link OrdersAnalyst}) over a DuckDB orders database of two shops:
 * the same file compiles and runs in the project's build and in this consumer project, which
 * depends on the installed artifacts through the BOM alone.
 */
class OrdersAnalystTest {

  static final String PROGRAM =
      """
      async () => {
        const result = await warehouse.query({
          sql: "SELECT shop, SUM(total_cents) AS cents, COUNT(*) AS n FROM orders GROUP BY shop",
        });
        return result.rows;
      }""";

  @TempDir static Path dir;
  static OrdersAnalyst analyst;
  static Path audit;

  @BeforeAll
  static void open() throws Exception {
    Path database = dir.resolve("orders.duckdb");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + database);
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE shops (shop VARCHAR, name VARCHAR)");
      s.execute("INSERT INTO shops VALUES ('lyon', 'Lyon'), ('porto', 'Porto')");
      s.execute("CREATE TABLE orders (id INTEGER, shop VARCHAR, total_cents BIGINT)");
      s.execute(
          "INSERT INTO orders SELECT i, CASE WHEN i % 3 = 0 THEN 'porto' ELSE 'lyon' END, i * 101"
              + " FROM range(1, 1001) t(i)");
    }
    audit = dir.resolve("audit.jsonl");
    analyst = new OrdersAnalyst(DuckDbReadOnly.url(database, DuckDbLimits.defaults()), audit);
  }

  @AfterAll
  static void close() {
    analyst.close();
  }

  /** What the rows hold, computed here from how they were inserted: order i of 1..1000 is i * 101. */
  static long expectedCents(String shop) {
    return LongStream.rangeClosed(1, 1000)
        .filter(i -> (i % 3 == 0) == shop.equals("porto"))
        .map(i -> i * 101)
        .sum();
  }

  @Test
  void run_tenantOfOneShop_answersItsRowsOnlyAndExactly() throws Exception {
    PassOutcome outcome = analyst.run(PROGRAM, "ana", Set.of("lyon"));

    assertThat(outcome).isInstanceOf(PassSuccess.class);
    var rows = ((PassSuccess) outcome).result();
    assertThat(rows).hasSize(1);
    assertThat(rows.get(0).get("shop").asString()).isEqualTo("lyon");
    assertThat(rows.get(0).get("cents").asLong()).isEqualTo(expectedCents("lyon"));
    assertThat(outcome.calls()).hasSize(1);
    assertThat(Files.readAllLines(audit)).isNotEmpty();
  }

  @Test
  void runJavascript_programOfTheModel_isTheStructuredContentAndABadOneIsAnError() {
    ObjectNode good = JsonMapper.builder().build().createObjectNode().put("code", PROGRAM);
    ObjectNode bad = JsonMapper.builder().build().createObjectNode().put("code", "async () => {");

    OuterToolResult answer = analyst.runJavascript(good, "rui", Set.of("porto"));
    OuterToolResult failure = analyst.runJavascript(bad, "rui", Set.of("porto"));

    assertThat(answer.isError()).isFalse();
    assertThat(answer.json().toString())
        .contains("porto", String.valueOf(expectedCents("porto")))
        .doesNotContain("lyon");
    assertThat(failure.isError()).isTrue();
  }
}
