package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.config.DescriptionException;
import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.config.WarehouseDescription;
import io.codemode4j.warehouse.config.WarehouseDescriptions;
import io.codemode4j.warehouse.engine.CatalogTable;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import io.codemode4j.warehouse.engine.DescribedWarehouses;
import io.codemode4j.warehouse.engine.DescriptionDraft;
import io.codemode4j.warehouse.engine.EngineOpening;
import io.codemode4j.warehouse.pack.PackContext;
import io.codemode4j.warehouse.pack.ToolPacks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A warehouse the project has never seen ({@link ShopDomain}: stores, orders, order lines and a
 * shared catalog), described, drafted from its catalog and served on the embedded DuckDB, from a
 * directory of parquet files and from a DuckDB database file: the tables, notes, tenancy and
 * answers are the shop's own, and nothing of the billing sample is on the path.
 */
class DescribedWarehouseIT {

  @TempDir static Path dir;

  private static Path parquet;
  private static Path file;

  /** Where the shop is served from. */
  enum Source {
    DIRECTORY,
    DATABASE_FILE
  }

  /** The shop's own description: every table, keyed by store, lines through their order. */
  private static final String SHOP =
      """
      subject: the shop warehouse
      tenancy:
        key: store
        query: SELECT DISTINCT store FROM stores
      tables:
        stores:
          description: one row per store
          tenant: {column: store}
        orders:
          description: one row per order of a store
          tenant: {column: store}
          columns:
            total_cents: euro cents, its lines summed
            status: "'placed' | 'shipped' | 'returned'; returned is never revenue"
        order_lines:
          tenant: {column: order_id, parent: orders}
        products:
          tenant: shared
      """;

  @BeforeAll
  static void writeShop() throws Exception {
    parquet = Files.createDirectories(dir.resolve("parquet"));
    ShopDomain.writeParquet(parquet);
    file = dir.resolve("shop.duckdb");
    ShopDomain.writeDuckDb(file);
  }

  private static WarehouseConnection connection(Source source) {
    return switch (source) {
      case DIRECTORY -> new WarehouseConnection.Directory(parquet, null);
      case DATABASE_FILE -> WarehouseConnection.Jdbc.of("jdbc:duckdb:" + file);
    };
  }

  private static DescribedWarehouse open(Source source) throws Exception {
    WarehouseDescription shop =
        WarehouseDescriptions.parse(SHOP, "shop.yaml", dir, false)
            .withConnection(connection(source));
    return DescribedWarehouses.open(shop, EngineOpening.Credentials.NONE, cache());
  }

  private static Path cache() {
    return dir.resolve("cache");
  }

  @ParameterizedTest
  @EnumSource(Source.class)
  void open_shop_answersEachStoreItsOwnRowsAndTheSharedCatalog(Source source) throws Exception {
    try (DescribedWarehouse shop = open(source)) {
      Warehouse warehouse = shop.warehouse();
      for (String store : ShopDomain.STORES) {
        QueryPolicy policy = QueryPolicy.forTenant(Tenant.of(store), 100);
        assertThat(count(warehouse, "SELECT count(*) AS n FROM orders", policy))
            .isEqualTo(ShopDomain.orderCount(store));
        assertThat(count(warehouse, "SELECT count(*) AS n FROM order_lines", policy))
            .isEqualTo(ShopDomain.lineCount(store));
        assertThat(count(warehouse, "SELECT count(*) AS n FROM products", policy))
            .isEqualTo(ShopDomain.products().size());
      }
      assertThat(shop.tenantValues()).containsExactlyElementsOf(ShopDomain.STORES);
      assertThat(shop.tenantProblem(Tenant.of("west"), "--tenant"))
          .isEqualTo(
              "--tenant names a store the data does not have (west): its stores are east, north,"
                  + " south");
      assertThat(shop.tenantProblem(Tenant.of("north"), "--tenant")).isNull();
    }
  }

  @ParameterizedTest
  @EnumSource(Source.class)
  void toolkit_shop_isTheWarehouseToolsAloneDescribedInTheShopsWords(Source source)
      throws Exception {
    PackContext context = new PackContext(new PackContext.State.Directory(dir.resolve("state")));
    try (DescribedWarehouse shop = open(source);
        CodeMode codeMode = ToolPacks.install(shop, context, CodeMode.builder()).build()) {
      var toolkit = ToolPacks.toolkit(shop, context);
      assertThat(toolkit.keySet()).containsExactly("warehouse");
      String description = toolkit.get("warehouse").get("query").spec().description();
      assertThat(description)
          .contains("on the shop warehouse")
          .contains("- orders (one row per order of a store): order_id BIGINT")
          .contains("total_cents BIGINT (euro cents, its lines summed)")
          .doesNotContainIgnoringCase("invoice")
          .doesNotContainIgnoringCase("billing");

      PassOutcome outcome =
          codeMode.run(
              """
              async () => {
                const r = await warehouse.query({sql:
                  "SELECT store, CAST(sum(total_cents) AS BIGINT) AS cents FROM orders"
                  + " WHERE status <> 'returned' GROUP BY store"});
                return r.rows;
              }
              """,
              RunContext.of("shop", Principal.ofTenant("analyst", Set.of("south"))));
      assertThat(outcome).isInstanceOf(PassSuccess.class);
      assertThat(((PassSuccess) outcome).result().toString())
          .isEqualTo("[{\"store\":\"south\",\"cents\":" + ShopDomain.revenueCents("south") + "}]");
    }
  }

  @Test
  void draft_databaseFileWithForeignKeysAndComments_keysLinesThroughTheirOrder() throws Exception {
    WarehouseConnection connection = connection(Source.DATABASE_FILE);
    List<CatalogTable> catalog =
        DescribedWarehouses.engineFor(connection)
            .catalog(connection, EngineOpening.Credentials.NONE, cache());

    String draft =
        DescriptionDraft.yaml(
            connection, catalog, new DescriptionDraft.Options("the shop", List.of(), "store"), dir);

    assertThat(draft)
        .contains("  orders:\n", "    tenant: {column: store}\n")
        .contains("  order_lines:\n", "    tenant: {column: order_id, parent: orders}\n")
        .contains("    description: \"one row per order of a store\"")
        .contains("      total_cents: \"euro cents, its lines summed\"")
        .contains("  query: \"SELECT DISTINCT store FROM stores\"")
        .contains("# Left out: products has no store column");
    WarehouseDescription loaded = WarehouseDescriptions.parse(draft, "draft.yaml", dir, false);
    try (DescribedWarehouse opened =
        DescribedWarehouses.open(loaded, EngineOpening.Credentials.NONE, cache())) {
      assertThat(opened.tenantValues()).containsExactlyElementsOf(ShopDomain.STORES);
      assertThat(opened.warehouse().allowlist().tables())
          .containsExactlyInAnyOrder("stores", "orders", "order_lines");
    }
  }

  @Test
  void query_descriptionsRowCap_boundsWhatAProgramGetsAndMayAskFor() throws Exception {
    WarehouseDescription capped =
        WarehouseDescriptions.parse(SHOP + "limits: {maxRows: 7}\n", "shop.yaml", dir, false)
            .withConnection(connection(Source.DATABASE_FILE));
    PackContext context = new PackContext(new PackContext.State.Directory(dir.resolve("state")));
    try (DescribedWarehouse shop =
            DescribedWarehouses.open(capped, EngineOpening.Credentials.NONE, cache());
        CodeMode codeMode = ToolPacks.install(shop, context, CodeMode.builder()).build()) {
      var query = ToolPacks.toolkit(shop, context).get("warehouse").get("query").spec();
      assertThat(query.parameters().at("/properties/maxRows/maximum").asInt()).isEqualTo(7);
      assertThat(query.parameters().at("/properties/maxRows/default").asInt()).isEqualTo(7);
      assertThat(query.description()).contains("at most maxRows rows come back (default 7)");

      PassOutcome outcome =
          codeMode.run(
              """
              async () => {
                const r = await warehouse.query({sql: "SELECT order_id FROM orders"});
                return {n: r.rows.length, truncated: r.truncated};
              }
              """,
              RunContext.of("shop", Principal.unconfined("analyst")));
      assertThat(outcome).isInstanceOf(PassSuccess.class);
      assertThat(((PassSuccess) outcome).result().toString())
          .isEqualTo("{\"n\":7,\"truncated\":true}");

      PassOutcome asksForMore =
          codeMode.run(
              "async () => (await warehouse.query({sql: 'SELECT order_id FROM orders', maxRows:"
                  + " 50})).rows.length",
              RunContext.of("shop", Principal.unconfined("analyst")));
      // Asking for more than the cap is the program's mistake, named as such.
      assertThat(asksForMore)
          .isInstanceOfSatisfying(
              PassFailure.class,
              failure ->
                  assertThat(failure.message())
                      .contains("invalid_arguments", "/maxRows: must have a maximum value of 7"));
    }
  }

  @Test
  void open_wholeNumberTenantKey_keyTypedFromTheCatalogAndWrittenAsNumbers() throws Exception {
    Path numbered = Files.createDirectories(dir.resolve("numbered"));
    Files.writeString(numbered.resolve("accounts.csv"), "account_id,name\n7,seven\n12,twelve\n");
    Files.writeString(
        numbered.resolve("events.csv"),
        "event_id,account_id,cents\n1,7,100\n2,7,250\n3,12,4000\n4,12,1\n5,12,2\n");
    WarehouseDescription description =
        WarehouseDescriptions.parse(
            """
            tenancy: {key: account, query: SELECT DISTINCT account_id FROM accounts}
            tables:
              accounts: {tenant: {column: account_id}}
              events: {tenant: {column: account_id}}
            """,
            "numbered.yaml",
            numbered,
            false);
    try (DescribedWarehouse accounts =
        DescribedWarehouses.open(description, EngineOpening.Credentials.NONE, cache())) {
      Warehouse warehouse = accounts.warehouse();
      assertThat(warehouse.allowlist().scope("events"))
          .isEqualTo(new TenantScope.ByColumn("account_id", TenantScope.KeyType.INTEGER));
      assertThat(accounts.tenantValues()).containsExactly("12", "7");

      QueryPolicy seven = QueryPolicy.forTenant(Tenant.of("7"), 100);
      assertThat(warehouse.allowlist().approve("SELECT * FROM events", seven).sql())
          .contains("IN (7)")
          .doesNotContain("'7'");
      assertThat(count(warehouse, "SELECT count(*) AS n FROM events", seven)).isEqualTo(2);
      assertThat(
              count(
                  warehouse,
                  "SELECT count(*) AS n FROM events",
                  QueryPolicy.forTenant(Tenant.of("12"), 100)))
          .isEqualTo(3);
      assertThat(accounts.tenantProblem(Tenant.of("007"), "--tenant"))
          .isEqualTo(
              "--tenant names an account the data does not have (007): its accounts are 12, 7");
      // Typing a key is the one change of scope a warehouse takes after it opens.
      assertThatThrownBy(
              () ->
                  warehouse.withAllowlist(
                      warehouse
                          .allowlist()
                          .withScopes(Map.of("events", new TenantScope.ByColumn("event_id")))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("keys each table as this one does, but events is");
    }
  }

  @Test
  void draft_filesNamedAsKeywords_loadAndAnswerAsDrafted() throws Exception {
    // "semi" and "order" are keywords of DuckDB (SEMI JOIN, ORDER BY), "select" of every SQL: a
    // file or a column may be named so, and loading it must not become a syntax error.
    Path keywords = Files.createDirectories(dir.resolve("keywords"));
    Files.writeString(keywords.resolve("semi.csv"), "select,store,cents\n1,east,10\n2,north,20\n");
    Files.writeString(keywords.resolve("order.csv"), "id,store\n1,east\n");
    WarehouseConnection connection = new WarehouseConnection.Directory(keywords, null);
    List<CatalogTable> catalog =
        DescribedWarehouses.engineFor(connection)
            .catalog(connection, EngineOpening.Credentials.NONE, cache());

    String draft =
        DescriptionDraft.yaml(
            connection,
            catalog,
            new DescriptionDraft.Options("the keywords", List.of(), "store"),
            keywords);

    WarehouseDescription loaded = WarehouseDescriptions.parse(draft, "draft.yaml", keywords, false);
    try (DescribedWarehouse opened =
        DescribedWarehouses.open(loaded, EngineOpening.Credentials.NONE, cache())) {
      assertThat(opened.tenantValues()).containsExactly("east", "north");
      var warehouse = opened.warehouse();
      assertThat(
              warehouse
                  .query(
                      "SELECT sum(cents) AS cents FROM \"semi\"",
                      warehouse.forTenant(Tenant.of("north")))
                  .rows()
                  .getFirst()
                  .get("cents")
                  .asLong())
          .isEqualTo(20);
    }
  }

  @Test
  void draft_directory_tablesAreItsFiles() throws Exception {
    WarehouseConnection connection = connection(Source.DIRECTORY);
    List<CatalogTable> catalog =
        DescribedWarehouses.engineFor(connection)
            .catalog(connection, EngineOpening.Credentials.NONE, cache());

    assertThat(catalog)
        .extracting(CatalogTable::name)
        .containsExactlyElementsOf(List.of("order_lines", "orders", "products", "stores"));
    String draft =
        DescriptionDraft.yaml(
            connection,
            catalog,
            new DescriptionDraft.Options("the shop", List.of("orders", "stores"), null),
            dir);
    assertThat(draft).contains("  directory: \"parquet\"").doesNotContain("tenancy:");
    WarehouseDescription loaded = WarehouseDescriptions.parse(draft, "draft.yaml", dir, false);
    try (DescribedWarehouse opened =
        DescribedWarehouses.open(loaded, EngineOpening.Credentials.NONE, cache())) {
      assertThat(
              count(
                  opened.warehouse(), "SELECT count(*) AS n FROM orders", QueryPolicy.unscoped(10)))
          .isEqualTo(ShopDomain.orders().size());
    }
  }

  @Test
  void draft_unknownTableOrTenantColumn_namesWhatThereIs() throws Exception {
    WarehouseConnection connection = connection(Source.DATABASE_FILE);
    List<CatalogTable> catalog =
        DescribedWarehouses.engineFor(connection)
            .catalog(connection, EngineOpening.Credentials.NONE, cache());

    assertThatThrownBy(
            () ->
                DescriptionDraft.yaml(
                    connection,
                    catalog,
                    new DescriptionDraft.Options("x", List.of("ordrs"), null),
                    dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "there is no table or view ordrs to draft (there are: order_lines, orders, products,"
                + " stores)");
    assertThatThrownBy(
            () ->
                DescriptionDraft.yaml(
                    connection, catalog, new DescriptionDraft.Options("x", List.of(), "shop"), dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("no table to draft has the tenant column shop (their columns:");
  }

  /** What the database lacks is named at the description's line. */
  @ParameterizedTest
  @EnumSource(Source.class)
  void open_descriptionTheDatabaseDoesNotFit_namesTheLine(Source source) throws Exception {
    String wrongColumn = SHOP.replace("total_cents: euro", "totl_cents: euro");
    WarehouseDescription shop =
        WarehouseDescriptions.parse(wrongColumn, "shop.yaml", dir, false)
            .withConnection(connection(source));

    assertThatThrownBy(
            () -> DescribedWarehouses.open(shop, EngineOpening.Credentials.NONE, cache()).close())
        .hasMessageStartingWith("shop.yaml:13: table orders has no column totl_cents for a note")
        .hasMessageContaining("totl_cents");
  }

  @Test
  void open_tableTheFileLacks_namesTheLineAndWhatIsThere() throws Exception {
    String extra = SHOP + "  suppliers:\n    tenant: shared\n";
    WarehouseDescription shop =
        WarehouseDescriptions.parse(extra, "shop.yaml", dir, false)
            .withConnection(connection(Source.DATABASE_FILE));

    assertThatThrownBy(
            () -> DescribedWarehouses.open(shop, EngineOpening.Credentials.NONE, cache()).close())
        .isInstanceOf(DescriptionException.class)
        .hasMessageStartingWith("shop.yaml:19: table suppliers is not there to read in DuckDB")
        .hasMessageContaining("(found: ");
  }

  private static long count(Warehouse warehouse, String sql, QueryPolicy policy) throws Exception {
    return warehouse.query(sql, policy).rows().getFirst().get("n").asLong();
  }
}
