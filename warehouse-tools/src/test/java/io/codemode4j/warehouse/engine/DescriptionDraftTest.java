package io.codemode4j.warehouse.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.config.WarehouseDescriptions;
import io.codemode4j.warehouse.engine.CatalogTable.CatalogColumn;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The draft init writes keeps to the description's own naming rule (lowercase identifiers), so what
 * it writes loads as written whatever the catalog holds.
 */
class DescriptionDraftTest {

  private static final WarehouseConnection SHOP =
      new WarehouseConnection.Jdbc(
          "jdbc:postgresql://127.0.0.1/shop", "reader", null, "shop", null, null);

  private static final CatalogTable ORDERS =
      new CatalogTable(
          "orders",
          false,
          "one row per order",
          List.of(
              new CatalogColumn("order_id", "bigint", null),
              new CatalogColumn("store", "text", "the store's code"),
              new CatalogColumn("Order Note", "text", "free text the clerk typed")),
          List.of("order_id"),
          List.of());

  private static final CatalogTable MISNAMED =
      new CatalogTable(
          "Order Items",
          false,
          null,
          List.of(new CatalogColumn("store", "text", null)),
          List.of(),
          List.of());

  @Test
  void yaml_catalogWithNamesNoDescriptionTakes_leavesThemOutSayingWhyAndLoadsAsWritten()
      throws Exception {
    String draft =
        DescriptionDraft.yaml(
            SHOP,
            List.of(ORDERS, MISNAMED),
            new DescriptionDraft.Options("the shop", List.of(), "store"),
            null);

    assertThat(draft)
        .contains("  orders:\n", "      store: \"the store's code\"")
        .doesNotContain("Order Note:")
        .contains("# Left out: \"Order Items\" is not a lowercase identifier");
    assertThat(
            WarehouseDescriptions.parse(draft, "draft.yaml", Path.of("."), false).tables().keySet())
        .containsExactly("orders");
  }

  @Test
  void yaml_tenantColumnNotAnIdentifier_isRefusedNamingTheRule() {
    assertThatThrownBy(
            () ->
                DescriptionDraft.yaml(
                    SHOP,
                    List.of(ORDERS),
                    new DescriptionDraft.Options("the shop", List.of(), "store name"),
                    null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "tenant column 'store name' is not a lowercase identifier (a-z, 0-9, _), which a"
                + " description's tenant key must be: expose it under such a name through a view");
  }

  @Test
  void yaml_chosenTableNotAnIdentifier_isRefusedNamingTheRule() {
    assertThatThrownBy(
            () ->
                DescriptionDraft.yaml(
                    SHOP,
                    List.of(ORDERS, MISNAMED),
                    new DescriptionDraft.Options("the shop", List.of("Order Items"), null),
                    null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("table 'Order Items' is not a lowercase identifier");
  }
}
