package io.codemode4j.warehouse.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.TenantScope;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading description files: what each key becomes, and every mistake named at its line. */
class WarehouseDescriptionsTest {

  private static final Path BASE = Path.of("/data/shop");

  /** A second domain: stores, their orders and order lines, and a shared product catalog. */
  static final String SHOP =
      """
      subject: the shop warehouse
      connection:
        url: jdbc:postgresql://db.example:5432/shop
        user: analyst
        passwordEnv: SHOP_PASSWORD
        schema: retail
      tenancy:
        key: store
        values: [north, south]
      tables:
        stores:
          description: one row per store
          tenant: {column: store}
        orders:
          tenant: {column: store}
          columns:
            total_cents: euro cents
            status: "'placed' | 'shipped' | 'returned'"
        order_lines:
          tenant: {column: order_id, parent: orders}
        products:
          tenant: shared
      limits:
        maxRows: 500
        queryTimeout: 2s
      """;

  private static WarehouseDescription parse(String yaml) throws DescriptionException {
    return WarehouseDescriptions.parse(yaml, "shop.yaml", BASE, false);
  }

  @Test
  void parse_secondDomain_readsEveryKey() throws Exception {
    WarehouseDescription shop = parse(SHOP);

    assertThat(shop.subject()).isEqualTo("the shop warehouse");
    assertThat(shop.connection())
        .isEqualTo(
            new WarehouseConnection.Jdbc(
                "jdbc:postgresql://db.example:5432/shop",
                "analyst",
                "SHOP_PASSWORD",
                "retail",
                null,
                null));
    assertThat(shop.tenancy())
        .isEqualTo(
            new Tenancy.Keyed("store", new Tenancy.TenantValues.Listed(List.of("north", "south"))));
    assertThat(shop.tables().keySet())
        .containsExactly("stores", "orders", "order_lines", "products");
    assertThat(shop.tables().get("order_lines").scope())
        .isEqualTo(new TenantScope.ThroughParent("order_id", "orders", "order_id"));
    assertThat(shop.tables().get("products").scope()).isEqualTo(new TenantScope.Shared());
    assertThat(shop.tables().get("orders").columns())
        .containsEntry("total_cents", "euro cents")
        .containsKeys("total_cents", "status");
    assertThat(shop.limits().maxRows()).isEqualTo(500);
    assertThat(shop.limits().queryTimeout()).isEqualTo(Duration.ofSeconds(2));
    assertThat(shop.packs()).isEmpty();
    assertThat(shop.notes().table("stores")).hasValue("one row per store");
  }

  @Test
  void parse_json_readsTheSameDescription() throws Exception {
    String json =
        """
        {"tenancy": {"key": "store", "query": "SELECT DISTINCT store FROM stores"},
         "connection": {"directory": "data"},
         "tables": {"stores": {"tenant": {"column": "store"}}}}
        """;

    WarehouseDescription shop = WarehouseDescriptions.parse(json, "shop.json", BASE, true);

    assertThat(shop.connection())
        .isEqualTo(new WarehouseConnection.Directory(BASE.resolve("data"), null));
    assertThat(shop.tenancy())
        .isEqualTo(
            new Tenancy.Keyed(
                "store", new Tenancy.TenantValues.Queried("SELECT DISTINCT store FROM stores")));
    assertThat(shop.subject()).isEqualTo("the warehouse");
  }

  @Test
  void parse_noConnection_servesTheFilesBesideTheDescription() throws Exception {
    WarehouseDescription files = parse("tables:\n  trips: {}\n");

    assertThat(files.connection()).isEqualTo(new WarehouseConnection.Directory(BASE, null));
    assertThat(files.tenancy()).isEqualTo(new Tenancy.None());
    assertThat(files.tables().get("trips").scope()).isEqualTo(new TenantScope.Shared());
  }

  @Test
  void load_relativeDirectory_isRelativeToTheFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("conf/shop.yaml");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "connection: {directory: ../data}\ntables:\n  trips: {}\n");

    WarehouseDescription loaded = WarehouseDescriptions.load(file);

    assertThat(loaded.connection())
        .isEqualTo(new WarehouseConnection.Directory(dir.resolve("data"), null));
    assertThat(loaded.origin().name()).isEqualTo(file.toString());
  }

  @Test
  void load_missingFile_saysHowToMakeOne(@TempDir Path dir) {
    assertThatThrownBy(() -> WarehouseDescriptions.load(dir.resolve("none.yaml")))
        .isInstanceOf(DescriptionException.class)
        .hasMessage(
            dir.resolve("none.yaml")
                + ": no such description file (write one with `codemode init`)");
  }

  /** Each mistake, the line it is on, and the start of the message that names it. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          misspelt key            | 16 | unknown key 'colums' in table orders: did you mean columns? (its keys are columns, description, tenant, view)
          unknown top-level key   | 26 | unknown key 'extra' in the description (its keys are
          wrong kind of value     | 24 | limits.maxRows must be a whole number, was text
          keyed table, no tenant  | 21 | table products does not say how it is keyed by tenant: add tenant: {column: COLUMN}
          parent not described    | 20 | table order_lines is keyed through ordrs, which the description does not list
          shared parent           | 20 | table order_lines is keyed through orders, which is shared, so every tenant would read all of it
          tenant user, no tenancy | 7  | connection.tenantUser gives each tenant a user of its own, but the description has no tenancy
          password in the file    | 5  | connection.passwordEnv must name an environment variable (letters, digits and _), was 'hunter2!'
          url and directory       | 2  | connection takes one of url (a JDBC URL, e.g. jdbc:postgresql://host/db) and directory
          timeout not a duration  | 25 | limits.queryTimeout:
          a pack twice            | 28 | pack billing is listed twice
          bad table name          | 11 | table name 'Stores' is not a lowercase identifier
          view beside a url       | 13 | view applies to a directory connection
          """)
  void parse_mistake_isNamedAtItsLine(String mistake, int line, String message) {
    String yaml = broken(mistake);

    assertThatThrownBy(() -> parse(yaml))
        .isInstanceOf(DescriptionException.class)
        .hasMessageStartingWith("shop.yaml:" + line + ": " + message);
  }

  /** {@link #SHOP} with one mistake of the kind {@code mistake} names. */
  private static String broken(String mistake) {
    String shop = SHOP;
    return switch (mistake) {
      case "misspelt key" -> shop.replace("    columns:\n      total", "    colums:\n      total");
      case "unknown top-level key" -> shop + "extra: 1\npacks: []\n";
      case "wrong kind of value" -> shop.replace("maxRows: 500", "maxRows: lots");
      case "keyed table, no tenant" ->
          shop.replace(
              "  products:\n    tenant: shared\n", "  products:\n    description: catalog\n");
      case "parent not described" -> shop.replace("parent: orders", "parent: ordrs");
      case "shared parent" ->
          shop.replace("  orders:\n    tenant: {column: store}", "  orders:\n    tenant: shared");
      case "tenant user, no tenancy" ->
          shop.replace("  schema: retail\n", "  schema: retail\n  tenantUser: t_{tenant}\n")
              .replace("tenancy:\n  key: store\n  values: [north, south]\n", "")
              .replace("tenant: {column: store}", "tenant: shared")
              .replace("tenant: {column: order_id, parent: orders}", "tenant: shared");
      case "password in the file" -> shop.replace("SHOP_PASSWORD", "hunter2!");
      case "url and directory" -> shop.replace("connection:\n", "connection:\n  directory: data\n");
      case "timeout not a duration" -> shop.replace("queryTimeout: 2s", "queryTimeout: soon");
      case "a pack twice" -> shop + "packs:\n  - billing\n  - billing\n";
      case "bad table name" -> shop.replace("  stores:", "  Stores:");
      case "view beside a url" ->
          shop.replace(
              "    description: one row per store\n",
              "    description: one row per store\n    view: SELECT 1 AS store\n");
      default -> throw new IllegalArgumentException(mistake);
    };
  }

  /** A secret in the URL, in each form a driver reads one, is refused without being echoed. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          jdbc:postgresql://db.example:5432/shop?user=analyst&password=hunter2
          jdbc:postgresql://db.example:5432/shop?PASSWORD=hunter2
          jdbc:mariadb://db.example/shop?sslMode=verify-full&pwd=hunter2
          jdbc:trino://db.example:8443/hive/shop?SSL=true&accessToken=hunter2
          jdbc:duckdb:md:shop;motherduck_token=hunter2
          jdbc:postgresql://analyst:hunter2@db.example:5432/shop
          """)
  void parse_secretInTheUrl_isRefusedWithoutEchoingIt(String url) {
    String yaml = SHOP.replace("jdbc:postgresql://db.example:5432/shop", url);

    assertThatThrownBy(() -> parse(yaml))
        .isInstanceOf(DescriptionException.class)
        .hasMessageStartingWith("shop.yaml:3: connection.url holds a secret")
        .hasMessageContaining("passwordEnv")
        .hasMessageNotContaining("hunter2");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          empty file             | '' | shop.yaml: the description is empty
          not YAML               | 'tables: [a, b' | shop.yaml:1: not valid YAML
          a list at the top      | '- a' | shop.yaml:1: the description must be a mapping of keys to values, was a list
          no tables              | 'subject: x' | shop.yaml:1: the description lists no tables
          """)
  void parse_unusableDocument_saysWhat(String what, String yaml, String message) {
    assertThatThrownBy(() -> parse(yaml))
        .isInstanceOf(DescriptionException.class)
        .hasMessageStartingWith(message);
  }

  @Test
  void parse_duplicateKeyInJson_isRefused() {
    assertThatThrownBy(
            () ->
                WarehouseDescriptions.parse(
                    "{\"tables\": {\"a\": {}}, \"tables\": {\"b\": {}}}", "d.json", BASE, true))
        .isInstanceOf(DescriptionException.class)
        .hasMessageContaining("d.json:1: not valid JSON")
        .hasMessageContaining("tables");
  }
}
