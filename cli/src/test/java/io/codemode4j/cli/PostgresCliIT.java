package io.codemode4j.cli;

import static io.codemode4j.agent.OpenAiWireServer.always;
import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.agent.OpenAiWireServer;
import io.codemode4j.agent.OpenAiWireServer.Received;
import io.codemode4j.agent.OpenAiWireServer.Reply;
import io.codemode4j.cli.PackagedCli.Outcome;
import io.codemode4j.warehouse.postgres.TestPostgres;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The packaged CLI ({@code target/codemode.jar}, as the launcher runs it) against a real
 * PostgreSQL: the embedded PostgreSQL 18 of warehouse-tools' tests ({@link TestPostgres}, loaded
 * and locked down: {@code analyst} reads every row, {@code tenant_emea} emea's). Every command that
 * reads data answers with {@code --warehouse}, the credentials come from the URL, the flags or the
 * environment and a wrong one is never echoed, {@code --warehouse-tenant-user} runs a tenant's
 * queries as its own role on every command that takes {@code --tenant}, and {@code load-sample}
 * loads a fresh database through a writer, twice with the same rows.
 *
 * <p>Decided: the embedded server trusts every login (zonky runs {@code initdb -A trust}), so a
 * wrong password would be let in; {@link #passwordsChecked} makes it check the password of every
 * role but the superuser {@code postgres} (scram-sha-256), as a real server does.
 *
 * <p>A tenant role is proven to run the queries by {@code paid_emea}, a tenant role whose row-level
 * security reads only emea's paid invoices: emea's queries through it count those, where the reader
 * filtered to emea counts every emea invoice, so that answer can only come from that role. A role
 * that reads another tenant's rows ({@code probe_emea}, whose policies are apac's) is refused by
 * every command at start-up, before anything runs.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PostgresCliIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** The writer of the fresh database {@code load-sample} loads, and its password. */
  private static final String LOADER = "sample_loader";

  private static final String LOADER_PASSWORD = "loader-pw-not-echoed";

  private static final String COUNT = "SELECT count(*) AS n FROM invoices";

  private static final String COUNT_PROGRAM =
      "async () => (await warehouse.query({sql: \"" + COUNT + "\"})).rows[0].n";

  /** Emea's invoices as the reader counts them with a WHERE of its own, set by the first test. */
  private static long emeaInvoices;

  /** Emea's paid invoices, the rows {@code paid_emea} reads, counted by the superuser. */
  private static long paidEmeaInvoices;

  @TempDir Path dir;

  @BeforeAll
  static void passwordsChecked() throws Exception {
    TestPostgres.server();
    try (Connection admin = TestPostgres.server().getPostgresDatabase().getConnection();
        Statement sql = admin.createStatement()) {
      Path hba;
      try (ResultSet rs = sql.executeQuery("SHOW hba_file")) {
        rs.next();
        hba = Path.of(rs.getString(1));
      }
      Files.writeString(
          hba,
          """
          local all all trust
          host all postgres 127.0.0.1/32 trust
          host all postgres ::1/128 trust
          host all all 127.0.0.1/32 scram-sha-256
          host all all ::1/128 scram-sha-256
          """);
      sql.execute("SELECT pg_reload_conf()");
      try (Connection warehouse = admin()) {
        paidEmeaInvoices = TestPostgres.emeaProbeRoles(warehouse);
      }
      sql.execute("DROP DATABASE IF EXISTS sample");
      sql.execute("DROP ROLE IF EXISTS " + LOADER);
      sql.execute("CREATE ROLE " + LOADER + " LOGIN PASSWORD '" + LOADER_PASSWORD + "'");
      sql.execute("CREATE DATABASE sample OWNER " + LOADER);
    }
  }

  /** The superuser on the warehouse database. */
  private static Connection admin() throws SQLException {
    return DriverManager.getConnection(TestPostgres.url(), "postgres", "");
  }

  // ---------------------------------------------------------------- every command with --warehouse

  @Test
  @Order(1)
  void query_readerFromFlagsPasswordFromANamedVariable_answersFromPostgres() throws Exception {
    Outcome all =
        codemode(
            Map.of("MY_PG_PASSWORD", TestPostgres.PASSWORD),
            "query",
            COUNT,
            "--format",
            "json",
            "--warehouse",
            TestPostgres.url(),
            "--warehouse-user",
            TestPostgres.READER,
            "--warehouse-password-env",
            "MY_PG_PASSWORD");
    Outcome emea =
        codemode(
            reader(), onWarehouse("query", COUNT + " WHERE region = 'emea'", "--format", "json"));
    // Row filters alone would leak through errors: PostgreSQL confines a tenant by its own role.
    Outcome filtersAlone = codemode(reader(), onWarehouse("query", COUNT, "--tenant", "emea"));

    assertThat(all.exitCode()).as(all.err()).isZero();
    assertThat(JSON.readTree(all.out()).at("/rows/0/n").asLong()).isEqualTo(50_000);
    assertThat(emea.exitCode()).as(emea.err()).isZero();
    emeaInvoices = JSON.readTree(emea.out()).at("/rows/0/n").asLong();
    assertThat(emeaInvoices).isBetween(1L, 49_999L);
    assertThat(filtersAlone.exitCode()).isEqualTo(2);
    assertThat(filtersAlone.err())
        .contains(
            "--tenant asks to confine the programs to a region, but on PostgreSQL only the database"
                + " can confine rows safely")
        .contains("docs/security.md, \"Tenancy on a server database\", links each engine's SQL");
  }

  @Test
  void query_credentialsInTheUrl_answers() throws Exception {
    Outcome result =
        codemode(
            Map.of(),
            "query",
            "SELECT count(DISTINCT region) AS n FROM customers",
            "--format",
            "json",
            "--warehouse",
            TestPostgres.url()
                + "?user="
                + TestPostgres.READER
                + "&password="
                + TestPostgres.PASSWORD);

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(JSON.readTree(result.out()).at("/rows/0/n").asInt()).isEqualTo(3);
  }

  @Test
  void tables_readerFromTheEnvironment_listsPostgresTypes() throws Exception {
    Map<String, String> env = new HashMap<>(reader());
    env.put("CODEMODE_WAREHOUSE_USER", TestPostgres.READER);

    Outcome result = codemode(env, "tables", "--format", "csv", "--warehouse", TestPostgres.url());

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out().lines())
        .contains("invoices,amount_cents,int8", "invoice_summary,revenue,numeric");
  }

  @Test
  void run_example_answersTheTopRegion() throws Exception {
    Path example = Path.of(System.getProperty("codemode.home"), "examples", "top-region.js");

    Outcome result = codemode(reader(), onWarehouse("run", "--json", example.toString()));

    assertThat(result.exitCode()).as(result.err()).isZero();
    JsonNode egress = JSON.readTree(result.out());
    assertThat(egress.path("ok").asBoolean()).as(result.out()).isTrue();
    assertThat(egress.at("/result/ranking")).hasSize(3);
    assertThat(egress.at("/result/revenue").asString()).matches("\\d+\\.\\d{2}");
  }

  @Test
  void describe_warehouseQuery_declaresThePostgresDialect() throws Exception {
    Outcome result = codemode(reader(), onWarehouse("describe", "warehouse.query"));

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out()).contains("PostgreSQL").doesNotContain("HUGEINT");
  }

  @Test
  void discover_sql_findsTheQueryToolInThePostgresDialect() throws Exception {
    Outcome result =
        codemode(reader(), onWarehouse("discover", "sql query", "--json", "--detail", "detailed"));

    assertThat(result.exitCode()).as(result.err()).isZero();
    List<JsonNode> query = new ArrayList<>();
    JSON.readTree(result.out())
        .path("matches")
        .forEach(
            match -> {
              if (match.path("id").asString().endsWith(":warehouse.query")) {
                query.add(match);
              }
            });
    assertThat(query).hasSize(1);
    assertThat(query.get(0).path("description").asString()).contains("PostgreSQL");
  }

  @Test
  void tool_printsTheToolsWithThePostgresDescription() throws Exception {
    Outcome result = codemode(reader(), onWarehouse("tool", "--json"));

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(JSON.readTree(result.out()).at("/tools/0/description").asString())
        .contains("(PostgreSQL dialect)", "amount_cents int8");
  }

  // ---------------------------------------------------------------- failures, never echoed

  @ParameterizedTest(name = "password in the {0}")
  @ValueSource(strings = {"environment", "url"})
  void query_wrongPassword_failsNamingTheRoleNeverThePassword(String where) throws Exception {
    String secret = "wrong-" + System.nanoTime();
    Outcome result =
        where.equals("url")
            ? codemode(
                Map.of(),
                "query",
                COUNT,
                "--warehouse",
                TestPostgres.url() + "?user=" + TestPostgres.READER + "&password=" + secret)
            : codemode(
                Map.of("CODEMODE_WAREHOUSE_PASSWORD", secret),
                "query",
                COUNT,
                "--warehouse",
                TestPostgres.url(),
                "--warehouse-user",
                TestPostgres.READER);

    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.err())
        .startsWith("error: cannot open the warehouse at " + TestPostgres.url() + ": ")
        .contains("password authentication failed for user \"analyst\"");
    assertThat(result.both()).doesNotContain(secret);
  }

  @Test
  void query_unreachableServer_failsNamingTheServer() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    String url = "jdbc:postgresql://127.0.0.1:" + port + "/warehouse";

    Outcome result =
        codemode(reader(), "query", COUNT, "--warehouse", url, "--warehouse-user", "analyst");

    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.err())
        .startsWith("error: cannot open the warehouse at " + url + ": ")
        .contains("refused");
    assertThat(result.both()).doesNotContain(TestPostgres.PASSWORD);
  }

  @Test
  void query_urlOfAnotherEngine_isAUsageErrorNamingTheSupportedOnes() throws Exception {
    Outcome result =
        codemode(reader(), "query", COUNT, "--warehouse", "jdbc:mysql://db/x?password=s3cret-x");

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err())
        .contains("'jdbc:mysql://db/x' is not a JDBC URL of a supported engine")
        .contains("jdbc:postgresql:");
    assertThat(result.both()).doesNotContain("s3cret-x");
  }

  // ---------------------------------------------------------------- a database user per tenant

  @ParameterizedTest(name = "{0}")
  @CsvSource({"tenant_{tenant}, own", "paid_{tenant}, paid"})
  void query_tenantUser_runsTheTenantsQueriesAsItsRole(String template, String role)
      throws Exception {
    Outcome result =
        codemode(
            reader(),
            onWarehouse(
                "query",
                COUNT,
                "--format",
                "json",
                "--tenant",
                "emea",
                "--warehouse-tenant-user",
                template));

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(JSON.readTree(result.out()).at("/rows/0/n").asLong())
        .isEqualTo(role.equals("own") ? emeaInvoices : paidEmeaInvoices);
    assertThat(paidEmeaInvoices).isBetween(1L, emeaInvoices - 1);
  }

  @Test
  void run_tenantUser_runsTheProgramsQueriesAsTheTenantsRole() throws Exception {
    Path program = dir.resolve("count.js");
    Files.writeString(program, COUNT_PROGRAM);

    Outcome paid =
        codemode(
            reader(),
            onWarehouse(
                "run",
                "--json",
                program.toString(),
                "--tenant",
                "emea",
                "--warehouse-tenant-user",
                "paid_{tenant}"));

    assertThat(paid.exitCode()).as(paid.err()).isZero();
    assertThat(JSON.readTree(paid.out()).path("result").asLong()).isEqualTo(paidEmeaInvoices);
  }

  @Test
  void mcp_stdioTenantUser_runsTheClientsQueriesAsTheTenantsRole() throws Exception {
    List<String> session =
        List.of(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            JSON.writeValueAsString(
                Map.of(
                    "jsonrpc",
                    "2.0",
                    "id",
                    2,
                    "method",
                    "tools/call",
                    "params",
                    Map.of("name", "run_javascript", "arguments", Map.of("code", COUNT_PROGRAM)))));

    Outcome result =
        codemode(
            reader(),
            session,
            onWarehouse("mcp", "--tenant", "emea", "--warehouse-tenant-user", "paid_{tenant}"));

    assertThat(result.exitCode()).as(result.err()).isZero();
    JsonNode call =
        result
            .out()
            .lines()
            .map(JSON::readTree)
            .filter(r -> r.path("id").asInt() == 2)
            .findFirst()
            .orElseThrow();
    assertThat(call.at("/result/structuredContent/ok").asBoolean()).as(call.toString()).isTrue();
    assertThat(call.at("/result/structuredContent/result").asLong()).isEqualTo(paidEmeaInvoices);
  }

  @Test
  void ask_tenantUser_runsTheModelsProgramAsTheTenantsRole() throws Exception {
    String arguments = "{\"code\":" + JsonNodeFactory.instance.stringNode(COUNT_PROGRAM) + "}";
    Function<Received, Reply> answer =
        request ->
            Reply.text(
                "{\"answer\": \"emea has "
                    + request.lastToolResult().get("result").asLong()
                    + " invoices.\", \"figures\": {}}");
    try (OpenAiWireServer server =
        OpenAiWireServer.start(
            always(Reply.toolCall("call_1", "run_javascript", arguments)), answer)) {

      Outcome result =
          codemode(
              reader(),
              onWarehouse(
                  "ask",
                  "How many invoices has emea?",
                  "--base-url",
                  server.baseUrl(),
                  "--model",
                  "scripted",
                  "--tenant",
                  "emea",
                  "--warehouse-tenant-user",
                  "paid_{tenant}"));

      assertThat(result.exitCode()).as(result.err()).isZero();
      assertThat(server.received().get(1).lastToolResult().get("result").asLong())
          .isEqualTo(paidEmeaInvoices);
      assertThat(result.out()).contains("emea has " + paidEmeaInvoices + " invoices.");
    }
  }

  /**
   * A tenant role that reads another tenant's rows is refused before anything runs, by every
   * command that takes {@code --tenant}: no model is asked, no client served, no query run.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"query", "run", "mcp", "ask"})
  void command_tenantUserReadingAForeignRow_isRefusedAtStartUpNamingTheFix(String command)
      throws Exception {
    Path program = dir.resolve("count.js");
    Files.writeString(program, COUNT_PROGRAM);
    List<String> args = new ArrayList<>(List.of(command));
    args.addAll(
        switch (command) {
          case "query" -> List.of(COUNT);
          case "run" -> List.of(program.toString());
          case "ask" ->
              List.of("How many invoices?", "--base-url", "http://127.0.0.1:9/v1", "--model", "m");
          default -> List.of();
        });
    args.addAll(List.of("--tenant", "emea", "--warehouse-tenant-user", "probe_{tenant}"));

    Outcome result = codemode(reader(), onWarehouse(args.toArray(String[]::new)));

    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err())
        .contains(
            "--tenant cannot be served: the database does not confine the connections of"
                + " tenant emea to its rows")
        .contains("that is not its own")
        .contains("docs/security.md, \"Tenancy on a server database\", links each engine's SQL");
    assertThat(result.out()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          --tenant emea --warehouse-tenant-user tenant_                    | has no {tenant}
          --tenant emea --warehouse-tenant-user tenant;{tenant}            | only letters, digits
          --tenant emea,apac --warehouse-tenant-user tenant_{tenant}       | --tenant names 2 regions (apac, emea)
          """)
  void query_tenantUserThatCannotServe_isAUsageError(String options, String message)
      throws Exception {
    List<String> args = new ArrayList<>(List.of("query", COUNT));
    args.addAll(List.of(options.split(" ")));

    Outcome result = codemode(reader(), onWarehouse(args.toArray(String[]::new)));

    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err()).contains(message);
  }

  /**
   * Beside parquet ({@code --data}), where DuckDB gives each tenant a file of its rows, or beside a
   * URL naming the reader's credentials, which pgjdbc would use for every tenant too.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          --data      | --warehouse-tenant-user applies to a database: over files, each tenant
          --warehouse | remove user= and password= from the URL
          """)
  void query_tenantUserBesideWhatItCannotServe_isAUsageErrorNeverEchoingAPassword(
      String data, String message) throws Exception {
    String where =
        data.equals("--data")
            ? System.getProperty("codemode.sampleDir")
            : TestPostgres.url() + "?user=analyst&password=" + TestPostgres.PASSWORD;

    Outcome result =
        codemode(
            Map.of(),
            "query",
            COUNT,
            "--tenant",
            "emea",
            "--warehouse-tenant-user",
            "tenant_{tenant}",
            data,
            where);

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(message);
    assertThat(result.both()).doesNotContain(TestPostgres.PASSWORD);
  }

  @Test
  void mcp_httpTokenOfTwoRegionsWithTenantUser_isAUsageErrorBeforeServing() throws Exception {
    Path tokens = dir.resolve("tokens.json");
    Files.writeString(
        tokens,
        "{\"tokens\": [{\"sha256\": \""
            + "ab".repeat(32)
            + "\", \"principal\": \"both\","
            + " \"tenant\": [\"emea\", \"apac\"]}]}");

    Outcome result =
        codemode(
            reader(),
            onWarehouse(
                "mcp",
                "--transport",
                "http",
                "--port",
                "0",
                "--tokens",
                tokens.toString(),
                "--warehouse-tenant-user",
                "tenant_{tenant}"));

    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err()).contains("--tokens: the tenant of both names 2 regions (apac, emea)");
  }

  // ---------------------------------------------------------------- load-sample

  @Test
  void loadSample_twice_loadsTheBundledRowsAndLeavesTheSame() throws Exception {
    Outcome first = loadSample(LOADER_PASSWORD);
    long[] once = counts();
    String digest = digest();
    Outcome second = loadSample(LOADER_PASSWORD);

    assertThat(first.exitCode()).as(first.err()).isZero();
    assertThat(first.out().lines())
        .containsExactly(
            "billing.customers: 500 rows",
            "billing.invoices: 50000 rows",
            "billing.invoice_lines: " + once[2] + " rows");
    assertThat(once).startsWith(500, 50_000);
    assertThat(second.exitCode()).as(second.err()).isZero();
    assertThat(second.out()).isEqualTo(first.out());
    assertThat(counts()).isEqualTo(once);
    assertThat(digest()).isEqualTo(digest);
  }

  @Test
  void loadSample_dataMissingAFile_failsNamingIt() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Path sample = Path.of(System.getProperty("codemode.sampleDir"));
    Files.copy(sample.resolve("customers.parquet"), data.resolve("customers.parquet"));
    Files.copy(sample.resolve("invoice_lines.parquet"), data.resolve("invoice_lines.parquet"));

    Outcome result = loadSample(LOADER_PASSWORD, "--data", data.toString());

    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.err())
        .contains(data.resolve("invoices.parquet") + " does not exist")
        .contains("nothing was changed");
    assertThat(result.both()).doesNotContain(LOADER_PASSWORD);
  }

  @Test
  void loadSample_wrongPassword_failsNeverEchoingIt() throws Exception {
    String secret = "wrong-" + System.nanoTime();

    Outcome result = loadSample(secret);

    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.err())
        .startsWith("error: cannot load into " + sampleUrl() + ": ")
        .contains("password authentication failed for user \"" + LOADER + "\"");
    assertThat(result.both()).doesNotContain(secret);
  }

  @Test
  void loadSample_urlOfAnotherEngine_isAUsageError() throws Exception {
    Outcome result = codemode(Map.of(), "load-sample", "--warehouse", "jdbc:duckdb:/tmp/x.db");

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains("load-sample loads PostgreSQL and MariaDB, not DuckDB");
  }

  private Outcome loadSample(String password, String... options) throws Exception {
    List<String> args =
        new ArrayList<>(List.of("load-sample", "--warehouse", sampleUrl(), "--user", LOADER));
    args.addAll(List.of(options));
    return codemode(Map.of("CODEMODE_WRITER_PASSWORD", password), args.toArray(String[]::new));
  }

  private static String sampleUrl() {
    return "jdbc:postgresql://127.0.0.1:" + TestPostgres.server().getPort() + "/sample";
  }

  /** The rows of customers, invoices and invoice_lines in the sample database. */
  private static long[] counts() throws SQLException {
    long[] counts = new long[3];
    try (Connection loader = DriverManager.getConnection(sampleUrl(), LOADER, LOADER_PASSWORD);
        Statement sql = loader.createStatement()) {
      int i = 0;
      for (String table : List.of("customers", "invoices", "invoice_lines")) {
        try (ResultSet rs = sql.executeQuery("SELECT count(*) FROM billing." + table)) {
          rs.next();
          counts[i++] = rs.getLong(1);
        }
      }
    }
    return counts;
  }

  /** A digest of every invoice and line, in key order: the same rows, not only as many. */
  private static String digest() throws SQLException {
    try (Connection loader = DriverManager.getConnection(sampleUrl(), LOADER, LOADER_PASSWORD);
        Statement sql = loader.createStatement();
        ResultSet rs =
            sql.executeQuery(
                "SELECT md5(string_agg(i::text, '|' ORDER BY invoice_id))"
                    + " || md5((SELECT string_agg(l::text, '|' ORDER BY invoice_id, line_no)"
                    + " FROM billing.invoice_lines l)) FROM billing.invoices i")) {
      rs.next();
      return rs.getString(1);
    }
  }

  // ---------------------------------------------------------------- the packaged CLI

  /** The reader's password in the default variable; its user comes from a flag. */
  private static Map<String, String> reader() {
    return Map.of("CODEMODE_WAREHOUSE_PASSWORD", TestPostgres.PASSWORD);
  }

  /** {@code args}, then {@code --warehouse} and {@code --warehouse-user} of the test reader. */
  private static String[] onWarehouse(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--warehouse", TestPostgres.url(), "--warehouse-user", TestPostgres.READER));
    return all.toArray(String[]::new);
  }

  private Outcome codemode(Map<String, String> env, String... args) throws Exception {
    return codemode(env, List.of(), args);
  }

  private Outcome codemode(Map<String, String> env, List<String> input, String... args)
      throws Exception {
    return PackagedCli.run(dir, env, input, args);
  }
}
