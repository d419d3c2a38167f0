package io.codemode4j.warehouse.engine;

import com.zaxxer.hikari.HikariConfig;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.QueryResult;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.Tenancy;
import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.config.WarehouseDescription;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A warehouse opened from its description, checked against the database ({@link
 * DescribedWarehouses#open}): the warehouse, what described it, the engine that serves it, and the
 * tenants it knows. Front ends hold one of these; closing it closes the warehouse.
 */
public final class DescribedWarehouse implements AutoCloseable {

  private final Warehouse warehouse;
  private final EngineOpening opening;
  private final WarehouseEngine engine;

  /** The tenancy's values, read once on first use. */
  private volatile @Nullable List<String> tenantValues;

  DescribedWarehouse(Warehouse warehouse, EngineOpening opening, WarehouseEngine engine) {
    this.warehouse = Objects.requireNonNull(warehouse, "warehouse");
    this.opening = Objects.requireNonNull(opening, "opening");
    this.engine = Objects.requireNonNull(engine, "engine");
  }

  public Warehouse warehouse() {
    return warehouse;
  }

  public WarehouseDescription description() {
    return opening.description();
  }

  public WarehouseEngine engine() {
    return engine;
  }

  /**
   * The configuration of the reader pool the warehouse reads through ({@link
   * WarehouseEngine#readerPool}), as its unconfined reader with the credentials it was opened with.
   */
  public HikariConfig readerPool() throws WarehouseException {
    return engine.readerPool(opening);
  }

  /**
   * The tenant values that exist, sorted: the description's list, or what its query answers (run
   * once, over every row, through the allowlist); empty without a tenancy.
   *
   * @throws WarehouseException when the query fails or answers other than one column of valid
   *     tenant values, naming the description
   */
  public List<String> tenantValues() throws WarehouseException {
    List<String> values = tenantValues;
    if (values == null) {
      values = readTenantValues();
      tenantValues = values;
    }
    return values;
  }

  private List<String> readTenantValues() throws WarehouseException {
    return switch (description().tenancy()) {
      case Tenancy.None none -> List.of();
      case Tenancy.Keyed keyed ->
          switch (keyed.values()) {
            case Tenancy.TenantValues.Listed listed -> List.copyOf(new TreeSet<>(listed.values()));
            case Tenancy.TenantValues.Queried queried -> queried(keyed, queried.sql());
          };
    };
  }

  private List<String> queried(Tenancy.Keyed keyed, String sql) throws WarehouseException {
    String where = description().origin().at("/tenancy/query");
    QueryResult result;
    try {
      result = warehouse.query(sql, QueryPolicy.unscoped(Warehouse.MAX_ROWS_LIMIT));
    } catch (SqlRefusedException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          where + ": the tenancy query is refused: " + e.refusal().message(),
          e);
    }
    if (result.columns().size() != 1) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          where
              + ": the tenancy query must answer one column of "
              + keyed.key()
              + " values, but answers "
              + result.columns().size());
    }
    String column = result.columns().getFirst().name();
    TreeSet<String> values = new TreeSet<>();
    for (ObjectNode row : result.rows()) {
      JsonNode value = row.get(column);
      if (value == null || value.isNull()) {
        continue;
      }
      String text = value.isString() ? value.asString() : value.toString();
      try {
        Tenant.of(text);
      } catch (IllegalArgumentException e) {
        throw new WarehouseException(
            WarehouseException.Kind.UNAVAILABLE,
            where
                + ": the "
                + keyed.key()
                + " value '"
                + text
                + "' cannot name a tenant ("
                + e.getMessage()
                + "): key tenants by a column of such values");
      }
      values.add(text);
    }
    if (result.truncated()) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          where + ": the tenancy query answers more than " + Warehouse.MAX_ROWS_LIMIT + " rows");
    }
    return List.copyOf(values);
  }

  /**
   * Why {@code subject} (e.g. {@code --tenant}) cannot be served {@code tenant}, or {@code null}
   * when it can: the description has no tenancy, so nothing would confine it; the engine is a
   * server database and the description names no user per tenant, so only row filters would ({@link
   * WarehouseEngine#confinesTenantsItself}); it names values the data does not have (a typo would
   * otherwise see no rows and look like an answer); or the tenant's own connections read a row that
   * is not the tenant's ({@link Warehouse#proveConfined}, run here so that a front end refuses at
   * start-up what would otherwise fail its first query).
   */
  public @Nullable String tenantProblem(Tenant tenant, String subject) throws WarehouseException {
    if (!(description().tenancy() instanceof Tenancy.Keyed keyed)) {
      return subject
          + " asks to confine the programs to a tenant, but "
          + description().origin().name()
          + " has no tenancy, so nothing would confine them: add tenancy (its key and values) to"
          + " the description, or leave "
          + subject
          + " out";
    }
    if (!engine().confinesTenantsItself()
        && !(description().connection() instanceof WarehouseConnection.Jdbc jdbc
            && jdbc.tenantUser() != null)) {
      return subject
          + " asks to confine the programs to "
          + keyed.withArticle()
          + ", but on "
          + engine().name()
          + " only the database can confine rows safely (row filters alone let a query read"
          + " another "
          + keyed.key()
          + "'s values through errors the database raises before the filter applies): give each "
          + keyed.key()
          + " a user of its own whose rows the database restricts, and name it with"
          + " connection.tenantUser in the description or --warehouse-tenant-user"
          + " (docs/security.md, \"Tenancy on a server database\", links each engine's SQL)";
    }
    List<String> known = tenantValues();
    List<String> unknown =
        tenant.values().stream().filter(value -> !known.contains(value)).sorted().toList();
    if (!unknown.isEmpty()) {
      return unknownValues(subject, keyed, unknown, known);
    }
    try {
      warehouse.proveConfined(tenant);
    } catch (WarehouseException e) {
      if (e.kind() == WarehouseException.Kind.NOT_CONFINED) {
        return subject + " cannot be served: " + e.getMessage();
      }
      throw e;
    }
    return null;
  }

  private static String unknownValues(
      String subject, Tenancy.Keyed keyed, List<String> unknown, List<String> known) {
    return subject
        + " names "
        + (unknown.size() == 1 ? keyed.withArticle() : keyed.plural())
        + " the data does not have ("
        + String.join(", ", unknown)
        + "): its "
        + keyed.plural()
        + " are "
        + String.join(", ", known);
  }

  @Override
  public void close() {
    warehouse.close();
  }
}
