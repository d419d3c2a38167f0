package io.codemode4j.cli;

import static io.codemode4j.agent.OpenAiWireServer.always;
import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.agent.OpenAiWireServer;
import io.codemode4j.agent.OpenAiWireServer.Received;
import io.codemode4j.agent.OpenAiWireServer.Reply;
import io.codemode4j.cli.PackagedCli.Outcome;
import io.codemode4j.engine.mariadb.TestMariaDb;
import io.codemode4j.engine.mariadb.TestShopMariaDb;
import io.codemode4j.engine.postgres.PostgresLockdown;
import io.codemode4j.engine.trino.ShopTrino;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.ShopDomain;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.postgres.TestPostgres;
import io.codemode4j.warehouse.trino.TestTrino;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A team's own warehouse, never seen by the project ({@link ShopDomain}: stores, orders, order
 * lines and a shared product catalog), served by the packaged CLI from nothing but what {@code
 * codemode init} drafts from its catalog: on the embedded DuckDB (a directory of parquet files and
 * a database file), on PostgreSQL, on Trino (the test cluster's {@code hive.shop}, beside the
 * billing sample: {@link ShopTrino}) and on MariaDB (the test server's database {@code shop}:
 * {@link TestShopMariaDb}). Every command that reads data answers in the shop's words, confined to
 * a store, and nothing of the billing sample is in sight.
 */
class OwnWarehouseCliIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** The PostgreSQL database, reader and password of the shop; one role per store. */
  private static final String PG_DATABASE = "shop";

  private static final String PG_READER = "shop_reader";
  private static final String PG_PASSWORD = "shop-pw-not-echoed";

  private static final String REVENUE_PROGRAM =
      """
      async () => {
        const [orders, stores] = await Promise.all([
          warehouse.query({sql: "SELECT store, CAST(sum(total_cents) AS BIGINT) AS cents FROM orders WHERE status <> 'returned' GROUP BY store"}),
          warehouse.query({sql: "SELECT count(*) AS n FROM stores"}),
        ]);
        return {stores: Number(stores.rows[0].n), revenue: orders.rows.map(r => ({store: r.store, cents: Number(r.cents)}))};
      }
      """;

  @TempDir static Path dir;

  /** Where the shop lives, and how `codemode init` reaches it. */
  enum Engine {
    DUCKDB_DIRECTORY,
    DUCKDB_FILE,
    POSTGRESQL,
    TRINO,
    MARIADB
  }

  @BeforeAll
  static void shop() throws Exception {
    ShopDomain.writeParquet(Files.createDirectories(dir.resolve("parquet")));
    ShopDomain.writeDuckDb(dir.resolve("shop.duckdb"));
    try (Connection admin = TestPostgres.server().getPostgresDatabase().getConnection();
        Statement sql = admin.createStatement()) {
      sql.execute("DROP DATABASE IF EXISTS " + PG_DATABASE);
      sql.execute("CREATE DATABASE " + PG_DATABASE + " OWNER " + TestPostgres.WRITER);
    }
    String url = pgUrl();
    try (Connection writer =
            DriverManager.getConnection(url, TestPostgres.WRITER, TestPostgres.PASSWORD);
        Statement sql = writer.createStatement()) {
      sql.execute("CREATE SCHEMA shop");
      ShopDomain.create(writer, "shop.", true, true);
    }
    Map<String, TenantScope> scopes = ShopDomain.scopes();
    PostgresLockdown lockdown =
        new PostgresLockdown(PG_DATABASE, "shop", scopes, Warehouse.DEFAULT_QUERY_TIMEOUT);
    try (Connection admin = DriverManager.getConnection(url, "postgres", "")) {
      lockdown.applyReader(admin, PG_READER, PG_PASSWORD);
      for (String store : ShopDomain.STORES) {
        lockdown.applyTenant(admin, Tenant.of(store), "shop_" + store, PG_PASSWORD);
      }
    }
  }

  private static String pgUrl() {
    return "jdbc:postgresql://127.0.0.1:" + TestPostgres.server().getPort() + "/" + PG_DATABASE;
  }

  /** What `codemode init` is given to reach the shop on {@code engine}. */
  private static List<String> source(Engine engine) {
    return switch (engine) {
      case DUCKDB_DIRECTORY -> List.of("--data", dir.resolve("parquet").toString());
      case DUCKDB_FILE -> List.of("--warehouse", "jdbc:duckdb:" + dir.resolve("shop.duckdb"));
      case POSTGRESQL ->
          List.of("--warehouse", pgUrl(), "--schema", "shop", "--warehouse-user", PG_READER);
      // The URL names the catalog and schema; no password, since Trino takes one only over TLS.
      case TRINO ->
          List.of("--warehouse", TestTrino.shopUrl(), "--warehouse-user", ShopTrino.READER);
      // The URL names the database; the reader reads the shop whole, never a store's views.
      case MARIADB ->
          List.of("--warehouse", TestShopMariaDb.url(), "--warehouse-user", TestShopMariaDb.READER);
    };
  }

  private static Map<String, String> env(Engine engine) {
    return switch (engine) {
      case POSTGRESQL ->
          Map.of("CODEMODE_WAREHOUSE_PASSWORD", PG_PASSWORD, "SHOP_TENANT_PASSWORD", PG_PASSWORD);
      case MARIADB ->
          Map.of(
              "CODEMODE_WAREHOUSE_PASSWORD",
              TestMariaDb.PASSWORD,
              "SHOP_TENANT_PASSWORD",
              TestMariaDb.PASSWORD);
      case DUCKDB_DIRECTORY, DUCKDB_FILE, TRINO -> Map.of();
    };
  }

  @ParameterizedTest
  @EnumSource(Engine.class)
  void init_thenEveryCommand_servesTheShopConfinedToAStore(Engine engine) throws Exception {
    Path config = dir.resolve(engine.name().toLowerCase() + ".yaml");
    Map<String, String> env = env(engine);
    List<String> init = new ArrayList<>(List.of("init"));
    init.addAll(source(engine));
    init.addAll(
        List.of(
            "--tenant-column",
            "store",
            "--subject",
            "the shop warehouse",
            "--out",
            config.toString()));
    Outcome drafted = codemode(env, init.toArray(String[]::new));
    assertThat(drafted.exitCode()).as(drafted.both()).isZero();
    String draft = Files.readString(config);
    assertThat(draft)
        .contains("    tenant: {column: store}\n")
        .contains(
            engine == Engine.DUCKDB_DIRECTORY || engine == Engine.TRINO
                // Parquet declares no primary key, nor does a hive table over it: every table
                // keyed by the column lists tenants.
                ? "  query: \"SELECT store FROM orders UNION SELECT store FROM stores\""
                : "  query: \"SELECT DISTINCT store FROM stores\"")
        .doesNotContain(PG_PASSWORD, TestMariaDb.PASSWORD);
    // What the draft left out, the team adds as its comments say: the lines through their order
    // (where no foreign key said so) and the catalog, shared.
    StringBuilder reviewed = new StringBuilder(draft);
    if (!draft.contains("  order_lines:\n")) {
      reviewed.append("  order_lines:\n    tenant: {column: order_id, parent: orders}\n");
    } else {
      assertThat(draft).contains("    tenant: {column: order_id, parent: orders}\n");
    }
    assertThat(draft).contains("# Left out: products has no store column");
    reviewed.append("  products:\n    tenant: shared\n");
    if (engine != Engine.DUCKDB_DIRECTORY && engine != Engine.DUCKDB_FILE) {
      // A server database confines a store only by a user of its own, whose rows it restricts.
      int connection = reviewed.indexOf("connection:\n") + "connection:\n".length();
      reviewed.insert(
          connection,
          "  tenantUser: shop_{tenant}\n"
              + (engine == Engine.TRINO ? "" : "  tenantPasswordEnv: SHOP_TENANT_PASSWORD\n"));
    }
    Files.writeString(config, reviewed.toString());
    String c = config.toString();

    Outcome tables = codemode(env, "tables", "--config", c, "--format", "json");
    assertThat(tables.exitCode()).as(tables.both()).isZero();
    assertThat(JSON.readTree(tables.out()).valueStream().map(t -> t.get("name").asString()))
        .containsExactlyInAnyOrder("stores", "orders", "order_lines", "products");

    for (String store : ShopDomain.STORES) {
      Outcome count =
          codemode(
              env,
              "query",
              "SELECT count(*) AS n FROM order_lines",
              "--config",
              c,
              "--tenant",
              store,
              "--format",
              "json");
      assertThat(count.exitCode()).as(count.both()).isZero();
      assertThat(JSON.readTree(count.out()).at("/rows/0/n").asLong())
          .isEqualTo(ShopDomain.lineCount(store));
    }
    Outcome unknown = codemode(env, "query", "SELECT 1", "--config", c, "--tenant", "west");
    assertThat(unknown.exitCode()).isEqualTo(CodemodeCli.EXIT_USAGE);
    assertThat(unknown.err())
        .contains(
            "--tenant names a store the data does not have (west): its stores are east, north,"
                + " south");

    // A refusal's advice is written over the shop's own tables and columns, found by their types.
    Outcome refused =
        codemode(
            env,
            "query",
            "SELECT datediff('day', ordered_on, ordered_on) FROM orders",
            "--config",
            c);
    assertThat(refused.exitCode()).as(refused.both()).isEqualTo(CodemodeCli.EXIT_REFUSED);
    assertThat(refused.err())
        .contains("ordered_on")
        .doesNotContainIgnoringCase("invoice")
        .doesNotContain("shipped_on", "issued_on");

    Path program = dir.resolve("revenue.js");
    Files.writeString(program, REVENUE_PROGRAM);
    Outcome run = codemode(env, "run", program.toString(), "--config", c, "--tenant", "south");
    assertThat(run.exitCode()).as(run.both()).isZero();
    JsonNode answer = JSON.readTree(run.out());
    assertThat(answer.get("stores").asInt()).isEqualTo(1);
    assertThat(answer.at("/revenue/0/store").asString()).isEqualTo("south");
    assertThat(answer.at("/revenue/0/cents").asLong()).isEqualTo(ShopDomain.revenueCents("south"));
    assertThat(answer.get("revenue")).hasSize(1);

    Outcome tool = codemode(env, "tool", "--config", c);
    assertThat(tool.exitCode()).as(tool.both()).isZero();
    assertThat(tool.out())
        .contains("the shop warehouse", "order_lines", "total_cents")
        .doesNotContainIgnoringCase("invoice")
        .doesNotContainIgnoringCase("billing");
    Outcome describe = codemode(env, "describe", "warehouse.query", "--config", c);
    assertThat(describe.exitCode()).as(describe.both()).isZero();
    assertThat(describe.out())
        .contains("declare const warehouse", "query(args")
        .contains(
            "A caller confined to a tenant reads only its tenant's rows of every table but"
                + " products (shared by every tenant): do not filter for that; an unconfined"
                + " caller reads every tenant's rows.")
        .doesNotContainIgnoringCase("billing");
    Outcome discover = codemode(env, "discover", "orders", "--config", c);
    assertThat(discover.exitCode()).as(discover.both()).isZero();
    assertThat(discover.out()).contains("warehouse.query");

    try (OpenAiWireServer model = analyst()) {
      Outcome ask =
          codemode(
              env,
              "ask",
              "Which store sold the most?",
              "--config",
              c,
              "--tenant",
              "north",
              "--base-url",
              model.baseUrl(),
              "--model",
              "scripted",
              "--json");
      assertThat(ask.exitCode()).as(ask.both()).isZero();
      assertThat(JSON.readTree(ask.out()).at("/answer/figures/cents").asLong())
          .isEqualTo(ShopDomain.revenueCents("north"));
      String instructions = model.received().getFirst().body().toString();
      assertThat(instructions)
          .contains("You answer an analyst's question about the shop warehouse (tables and views: ")
          .contains("order_lines, ", "products")
          .doesNotContainIgnoringCase("invoice");
    }

    NodeMcpClient.install();
    List<String> command =
        new ArrayList<>(
            List.of("node", "mcp-domain.mjs", "orders", program.toAbsolutePath().toString()));
    // The server is the process that reads the password variable: the SDK's stdio transport hands a
    // spawned server only a default environment (HOME, PATH, ...), never the client's whole one.
    command.addAll(withEnv(PackagedMcp.command("mcp", "--config", c, "--tenant", "east"), env));
    JsonNode mcp = NodeMcpClient.run(command);
    assertThat(mcp.path("resources").valueStream().map(JsonNode::asString))
        .contains("codemode://tables/orders", "codemode://tables/products")
        .noneMatch(uri -> uri.contains("invoice"));
    assertThat(mcp.at("/table/columns").valueStream().map(col -> col.get("name").asString()))
        .contains("order_id", "store", "total_cents");
    assertThat(mcp.path("promptText").asString()).contains("from the shop warehouse");
    assertThat(mcp.path("promptDescription").asString())
        .contains("the shop warehouse (")
        .contains("orders");
    assertThat(mcp.at("/run/isError").asBoolean(true)).as(mcp.toString()).isFalse();
    assertThat(mcp.at("/run/structured/result/revenue/0/store").asString()).isEqualTo("east");
    assertThat(mcp.at("/run/structured/result/revenue/0/cents").asLong())
        .isEqualTo(ShopDomain.revenueCents("east"));
  }

  /** A model that runs the revenue program, then answers with the first row it got back. */
  private static OpenAiWireServer analyst() throws Exception {
    String arguments =
        "{\"code\":" + JsonNodeFactory.instance.stringNode(REVENUE_PROGRAM).toString() + "}";
    Function<Received, Reply> answer =
        request -> {
          JsonNode top = request.lastToolResult().at("/result/revenue/0");
          return Reply.text(
              "{\"answer\": \""
                  + top.get("store").asString()
                  + " sold the most.\", \"figures\": {\"cents\": "
                  + top.get("cents").asLong()
                  + "}}");
        };
    return OpenAiWireServer.start(
        always(Reply.toolCall("call_1", "run_javascript", arguments)), answer);
  }

  /** {@code command} run with {@code env} set for the server it starts (through env(1)). */
  private static List<String> withEnv(List<String> command, Map<String, String> env) {
    if (env.isEmpty()) {
      return command;
    }
    List<String> out = new ArrayList<>(List.of("env"));
    env.forEach((name, value) -> out.add(name + "=" + value));
    out.addAll(command);
    return out;
  }

  private static Outcome codemode(Map<String, String> env, String... args) throws Exception {
    return PackagedCli.run(dir, env, List.of(), args);
  }
}
