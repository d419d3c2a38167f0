package io.codemode4j.warehouse.engine;

import io.codemode4j.sql.SchemaExamples;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.Column;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.TableSchema;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.DescriptionException;
import io.codemode4j.warehouse.config.DescriptionOrigin;
import io.codemode4j.warehouse.config.TableDescription;
import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.config.WarehouseDescription;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Opens a description on the engine that serves its connection and holds it against the database:
 * every described table and view must be readable by the reader, and every column the description
 * names (a note, a tenant key, a parent's key) must exist, each problem named at its line.
 */
public final class DescribedWarehouses {

  /** The names of integer types across SQL databases, lowercase, without a width or a sign. */
  private static final Set<String> WHOLE_NUMBER_TYPES =
      Set.of(
          "tinyint",
          "smallint",
          "mediumint",
          "int",
          "integer",
          "bigint",
          "hugeint",
          "int1",
          "int2",
          "int4",
          "int8",
          "int16",
          "int32",
          "int64",
          "int128",
          "utinyint",
          "usmallint",
          "uinteger",
          "ubigint",
          "uhugeint",
          "serial",
          "smallserial",
          "bigserial",
          "serial2",
          "serial4",
          "serial8");

  private DescribedWarehouses() {}

  /** The engine that serves {@code connection}. */
  public static WarehouseEngine engineFor(WarehouseConnection connection) {
    return switch (connection) {
      case WarehouseConnection.Directory directory -> WarehouseEngines.requireDirectories();
      case WarehouseConnection.Jdbc jdbc -> WarehouseEngines.require(jdbc.url());
    };
  }

  /**
   * Opens {@code opening}'s description and checks it against the database.
   *
   * @throws DescriptionException when the description does not fit the database (a table, view or
   *     column it lacks); the message names the line
   * @throws IllegalArgumentException when no engine serves the connection, or its engine cannot
   *     serve it safely (a URL missing what the engine needs), saying what to give
   * @throws WarehouseException when the database cannot be reached or read
   */
  public static DescribedWarehouse open(EngineOpening opening)
      throws DescriptionException, WarehouseException {
    WarehouseDescription description = opening.description();
    DescriptionOrigin origin = description.origin();
    WarehouseEngine engine = engineFor(description.connection());
    if (description.connection() instanceof WarehouseConnection.Directory files
        && !Files.isDirectory(files.directory())) {
      throw DescriptionException.at(
          origin,
          "/connection/directory",
          "connection.directory "
              + files.directory()
              + " is not a directory: give the directory of the tables' parquet or CSV files"
              + " (relative to the description's own), or a url");
    }
    Warehouse warehouse = engine.open(opening);
    try {
      List<TableSchema> tables = warehouse.tables();
      check(description, tables, engine);
      SqlAllowlist allowlist = warehouse.allowlist();
      Map<String, TenantScope> wholeNumberKeys = wholeNumberKeys(description, tables);
      if (!wholeNumberKeys.isEmpty()) {
        allowlist = allowlist.withScopes(wholeNumberKeys);
      }
      SchemaExamples derived =
          description.examples() != null ? null : DerivedExamples.of(description, tables);
      if (derived != null) {
        allowlist = allowlist.withExamples(derived);
      }
      if (allowlist != warehouse.allowlist()) {
        warehouse = warehouse.withAllowlist(allowlist);
      }
    } catch (DescriptionException | WarehouseException | RuntimeException e) {
      warehouse.close();
      throw e;
    }
    return new DescribedWarehouse(warehouse, opening, engine);
  }

  /** Opens {@code description} with {@code credentials}, caching under {@code cacheRoot}. */
  public static DescribedWarehouse open(
      WarehouseDescription description, EngineOpening.Credentials credentials, Path cacheRoot)
      throws DescriptionException, WarehouseException {
    return open(new EngineOpening(description, credentials, cacheRoot));
  }

  private static void check(
      WarehouseDescription description, List<TableSchema> tables, WarehouseEngine engine)
      throws DescriptionException {
    DescriptionOrigin origin = description.origin();
    Map<String, List<String>> found = new HashMap<>();
    for (TableSchema table : tables) {
      found.put(
          table.name(),
          table.columns().stream()
              .map(Column::name)
              .map(name -> name.toLowerCase(Locale.ROOT))
              .toList());
    }
    for (TableDescription table : description.tables().values()) {
      if (!found.containsKey(table.name())) {
        throw DescriptionException.at(
            origin,
            "/tables/" + table.name(),
            "table "
                + table.name()
                + " is not there to read in "
                + where(description, engine)
                + (found.isEmpty() ? "" : " (found: " + String.join(", ", found.keySet()) + ")")
                + ": correct its name, grant the reader SELECT on it, or remove it from the"
                + " description");
      }
    }
    checkExamples(description, found);
    for (TableDescription table : description.tables().values()) {
      List<String> columns = Objects.requireNonNull(found.get(table.name()), table.name());
      String at = "/tables/" + table.name();
      for (String column : table.columns().keySet()) {
        requireColumn(origin, at + "/columns/" + column, table.name(), column, columns, "a note");
      }
      switch (table.scope()) {
        case TenantScope.Shared shared -> {}
        case TenantScope.ByColumn byColumn ->
            requireColumn(
                origin,
                at + "/tenant/column",
                table.name(),
                byColumn.column(),
                columns,
                "the tenant key");
        case TenantScope.ThroughParent through -> {
          requireColumn(
              origin,
              at + "/tenant/column",
              table.name(),
              through.column(),
              columns,
              "the key of its parent row");
          requireColumn(
              origin,
              at + "/tenant/parent",
              through.parentTable(),
              through.parentColumn(),
              Objects.requireNonNull(found.get(through.parentTable())),
              "the key its rows are matched on (tenant.parentColumn)");
        }
      }
    }
  }

  /**
   * The tables keyed by a column of whole numbers, each with its key typed so ({@link
   * TenantScope.KeyType#INTEGER}): a description names a key column, the catalog says what it
   * holds. Decided: read from the catalog rather than written in the description, so the two cannot
   * disagree; a key of any other type stays text, a quoted literal the engine compares with it.
   */
  private static Map<String, TenantScope> wholeNumberKeys(
      WarehouseDescription description, List<TableSchema> tables) {
    Map<String, TenantScope> keys = new HashMap<>();
    for (TableSchema table : tables) {
      TableDescription described = description.tables().get(table.name());
      if (described != null
          && described.scope() instanceof TenantScope.ByColumn key
          && key.type() == TenantScope.KeyType.TEXT) {
        table.columns().stream()
            .filter(column -> column.name().equalsIgnoreCase(key.column()))
            .filter(column -> isWholeNumber(column.type()))
            .findFirst()
            .ifPresent(
                column ->
                    keys.put(
                        table.name(),
                        new TenantScope.ByColumn(key.column(), TenantScope.KeyType.INTEGER)));
      }
    }
    return keys;
  }

  /**
   * Whether a column of {@code type} (as the catalog spells it: {@code integer}, {@code int8},
   * {@code BIGINT UNSIGNED}, {@code INTEGER(11)}) holds whole numbers alone.
   */
  static boolean isWholeNumber(String type) {
    String name =
        type.toLowerCase(Locale.ROOT)
            .replaceAll("\\(.*\\)", "")
            .replaceAll("\\b(unsigned|signed|zerofill)\\b", "")
            .trim();
    return WHOLE_NUMBER_TYPES.contains(name);
  }

  /** The description's own examples name columns its example tables have. */
  private static void checkExamples(
      WarehouseDescription description, Map<String, List<String>> found)
      throws DescriptionException {
    SchemaExamples examples = description.examples();
    if (examples == null) {
      return;
    }
    DescriptionOrigin origin = description.origin();
    List<String> columns = Objects.requireNonNull(found.get(examples.table()));
    String[][] roles = {
      {"category", examples.category()},
      {"group", examples.group()},
      {"date", examples.date()},
      {"laterDate", examples.laterDate()},
      {"amount", examples.amount()},
      {"key", examples.key()}
    };
    for (String[] role : roles) {
      requireColumn(
          origin,
          "/examples/" + role[0],
          examples.table(),
          role[1],
          columns,
          "examples." + role[0]);
    }
    requireColumn(
        origin,
        "/examples/key",
        examples.relatedTable(),
        examples.key(),
        Objects.requireNonNull(found.get(examples.relatedTable())),
        "examples.key");
  }

  private static void requireColumn(
      DescriptionOrigin origin,
      String at,
      String table,
      String column,
      List<String> columns,
      String role)
      throws DescriptionException {
    if (!columns.contains(column)) {
      throw DescriptionException.at(
          origin,
          at,
          "table "
              + table
              + " has no column "
              + column
              + " for "
              + role
              + " (its columns: "
              + String.join(", ", columns)
              + ")");
    }
  }

  private static String where(WarehouseDescription description, WarehouseEngine engine) {
    return switch (description.connection()) {
      case WarehouseConnection.Directory directory -> directory.directory().toString();
      case WarehouseConnection.Jdbc jdbc ->
          engine.name()
              + " at "
              + JdbcPools.redacted(jdbc.url())
              + (jdbc.schema() == null ? "" : " schema " + jdbc.schema());
    };
  }
}
