package io.codemode4j.engine.duckdb;

import com.zaxxer.hikari.HikariConfig;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.SqlLiterals;
import io.codemode4j.warehouse.ValueKind;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.DescriptionOrigin;
import io.codemode4j.warehouse.config.QueryLimits;
import io.codemode4j.warehouse.config.TableDescription;
import io.codemode4j.warehouse.config.Tenancy;
import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.config.WarehouseDescription;
import io.codemode4j.warehouse.engine.CatalogTable;
import io.codemode4j.warehouse.engine.EngineOpening;
import io.codemode4j.warehouse.engine.JdbcCatalog;
import io.codemode4j.warehouse.engine.QueryTyping;
import io.codemode4j.warehouse.engine.WarehouseEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Struct;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * DuckDB, embedded: the engine of a directory of parquet and CSV files and of a DuckDB database
 * file. Queries never read the sources themselves: each is served from a DuckDB file opened
 * read-only with every way out locked ({@link DuckDbReadOnly}), and each tenant's queries from a
 * file of that tenant's rows alone ({@link TenantRows}), built once per content ({@link
 * DuckDbFileCache}).
 *
 * <p>Decided: a directory is loaded table by table ({@code <table>.parquet} or {@code <table>.csv},
 * every column the file has), then the description's views over them are created; a database file
 * is served as it is for every row, and copied per tenant through a read-only attachment. A URL's
 * own options are refused: the engine sets the reader's options itself, so a description cannot
 * weaken them.
 */
public final class DuckDbEngine implements WarehouseEngine {

  /** The scheme of this engine's URLs. */
  static final String SCHEME = "jdbc:duckdb:";

  /** Bumped whenever what a description's load creates changes, so older files are not reused. */
  private static final String LAYOUT = "described-1";

  /** The connections of each pool: the machines have two cores. */
  private static final int POOL_SIZE = 4;

  /** Type names whose values are integers wider than 64 bits, read as their digits. */
  private static final Set<String> WIDE_INTEGERS =
      Set.of("UBIGINT", "HUGEINT", "UHUGEINT", "BIGNUM", "VARINT");

  private static final QueryTyping TYPING =
      new QueryTyping(
          "DECIMAL and SUM of integers are strings with the exact digits",
          """
          One object per row, keyed by column name (a repeated name gets a suffix: region_2); a value's JSON type \
          follows its column's SQL type (columns[].type), never the value:
          - BOOLEAN: true or false. TINYINT, SMALLINT, INTEGER, BIGINT (COUNT(*) too), FLOAT, DOUBLE (AVG too): \
          numbers; a NaN or infinite FLOAT or DOUBLE is the string "NaN", "Infinity" or "-Infinity".
          - DECIMAL, HUGEINT (SUM of an integer column), UHUGEINT, UBIGINT and wider integers: strings with the \
          exact digits, e.g. "1234.50". Add money in SQL, as integer cents (Number is exact below 2^53) or BigInt, \
          never with parseFloat; return amounts as strings.
          - DATE: "YYYY-MM-DD"; TIMESTAMP, TIME: ISO-8601 ("2025-01-31T09:30:00", "09:30:00"), WITH TIME ZONE with \
          its offset.
          - LIST: array, STRUCT: object, elements typed alike; MAP: object, keys as strings; BLOB: base64; NULL: \
          null; any other type: the database's own text.""",
          "e.g. VARCHAR, BIGINT, DECIMAL(38,2), DATE");

  @Override
  public String name() {
    return "DuckDB";
  }

  @Override
  public boolean supports(String jdbcUrl) {
    return jdbcUrl.startsWith(SCHEME);
  }

  @Override
  public String exampleUrl() {
    return "jdbc:duckdb:/data/shop.duckdb";
  }

  /** Each tenant reads a file of its own rows ({@link TenantRows}), whatever the connection. */
  @Override
  public boolean confinesTenantsItself() {
    return true;
  }

  @Override
  public boolean servesDirectories() {
    return true;
  }

  @Override
  public QueryTyping typing() {
    return TYPING;
  }

  @Override
  public ValueKind kind(int jdbcType, String typeName) {
    String upper = typeName.toUpperCase(Locale.ROOT);
    if (WIDE_INTEGERS.contains(upper)) {
      return ValueKind.WIDE_INTEGER;
    }
    if (upper.endsWith("]")
        || upper.startsWith("STRUCT")
        || upper.startsWith("MAP")
        || upper.startsWith("UNION")) {
      return ValueKind.NESTED;
    }
    return WarehouseEngine.super.kind(jdbcType, typeName);
  }

  @Override
  public @Nullable Map<String, ?> structFields(Struct struct) throws SQLException {
    return struct instanceof org.duckdb.DuckDBStruct duck ? duck.getMap() : null;
  }

  /**
   * A DuckDB URL opens only read-only: DuckDB fixes the access mode per database and refuses to
   * mark a connection read-only, so a read-write pool could not open, and a warehouse's DuckDB
   * identity must be read-only anyway.
   */
  @Override
  public void checkPool(HikariConfig config) {
    String url = config.getJdbcUrl();
    if (url != null && !url.toLowerCase(Locale.ROOT).contains(";access_mode=read_only")) {
      throw new IllegalArgumentException(
          "a DuckDB warehouse must be opened read-only, but "
              + JdbcPools.redacted(url)
              + " is not: build its URL with DuckDbReadOnly.url(file, DuckDbLimits.defaults()),"
              + " which also locks external access and caps memory");
    }
  }

  @Override
  public HikariConfig pool(String jdbcUrl, @Nullable String user, @Nullable String password) {
    HikariConfig config = JdbcPools.config(jdbcUrl, user, password);
    checkPool(config);
    return config;
  }

  @Override
  public Warehouse open(EngineOpening opening) throws WarehouseException {
    Source source = source(opening);
    SqlAllowlist allowlist = opening.allowlist(Dialect.duckDb());
    return opening
        .builder(allowlist, this)
        .jdbcUrl(DuckDbReadOnly.url(source.whole(), DuckDbLimits.defaults()))
        .poolSize(POOL_SIZE)
        .tenantDataSources(
            tenant ->
                JdbcPools.open(
                    pool(
                        DuckDbReadOnly.url(source.of(tenant), DuckDbLimits.defaults()),
                        null,
                        null)))
        .build();
  }

  /**
   * The read-only pool of the whole database file: a directory's, prepared as {@link #open} does.
   */
  @Override
  public HikariConfig readerPool(EngineOpening opening) throws WarehouseException {
    return pool(DuckDbReadOnly.url(source(opening).whole(), DuckDbLimits.defaults()), null, null);
  }

  /**
   * A database file's tables and views; a directory's data files, each a table named after it,
   * loaded as {@link #open} would load them.
   */
  @Override
  public List<CatalogTable> catalog(
      WarehouseConnection connection, EngineOpening.Credentials credentials, Path cacheRoot)
      throws WarehouseException {
    Path file =
        switch (connection) {
          case WarehouseConnection.Jdbc jdbc -> file(jdbc.url());
          case WarehouseConnection.Directory directory ->
              prepare(
                  new EngineOpening(
                      everyFile(directory), EngineOpening.Credentials.NONE, cacheRoot),
                  null);
        };
    try (Connection reader =
        DriverManager.getConnection(DuckDbReadOnly.url(file, DuckDbLimits.defaults()))) {
      return JdbcCatalog.read(reader, null, "main");
    } catch (SQLException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot read the catalog of " + file + ": " + e.getMessage(),
          e);
    }
  }

  /** A description of every data file of {@code directory} as a table of its name, shared. */
  private static WarehouseDescription everyFile(WarehouseConnection.Directory directory)
      throws WarehouseException {
    Map<String, TableDescription> tables = new java.util.TreeMap<>();
    try (var files = Files.list(directory.directory())) {
      for (Path file : files.sorted().toList()) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String extension = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        String table = dot < 0 ? name : name.substring(0, dot).toLowerCase(Locale.ROOT);
        if ((extension.equals("parquet") || extension.equals("csv"))
            && table.matches("[a-z_][a-z0-9_]{0,62}")) {
          tables.put(
              table, new TableDescription(table, null, new TenantScope.Shared(), Map.of(), null));
        }
      }
    } catch (java.io.IOException e) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot list the data directory " + directory.directory() + ": " + e.getMessage(),
          e);
    }
    if (tables.isEmpty()) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "data directory "
              + directory.directory()
              + " holds no TABLE.parquet or TABLE.csv file (a table name is a lowercase identifier)");
    }
    return new WarehouseDescription(
        "the warehouse",
        directory,
        new Tenancy.None(),
        tables,
        QueryLimits.DEFAULTS,
        List.of(),
        null,
        DescriptionOrigin.of(directory.directory().toString()));
  }

  /** The database of every row, and of each tenant's rows alone. */
  private interface Source {
    Path whole() throws WarehouseException;

    Path of(Tenant tenant) throws WarehouseException;
  }

  private static Source source(EngineOpening opening) throws WarehouseException {
    WarehouseDescription description = opening.description();
    Path cacheRoot = opening.cacheRoot();
    return switch (opening.connection()) {
      case WarehouseConnection.Directory directory -> {
        DuckDbFileCache cache =
            DuckDbFileCache.open(
                cacheRoot, layout(description), files(directory.directory(), description));
        Path whole = cache.prepare("", writer -> loadDirectory(writer, cache, description, null));
        yield new Source() {
          @Override
          public Path whole() {
            return whole;
          }

          @Override
          public Path of(Tenant tenant) throws WarehouseException {
            return cache.prepare(
                TenantRows.variant(tenant),
                writer -> loadDirectory(writer, cache, description, tenant));
          }
        };
      }
      case WarehouseConnection.Jdbc jdbc -> {
        Path file = file(jdbc.url());
        DuckDbFileCache cache = DuckDbFileCache.open(cacheRoot, layout(description), List.of(file));
        yield new Source() {
          @Override
          public Path whole() {
            return file;
          }

          @Override
          public Path of(Tenant tenant) throws WarehouseException {
            return cache.prepare(
                TenantRows.variant(tenant),
                writer -> copyTenant(writer, file, description, tenant));
          }
        };
      }
    };
  }

  /**
   * The database file {@code opening}'s queries read: of every row, or of {@code tenant}'s rows
   * alone; built under the opening's cache root when it does not exist yet. For tools that open it
   * themselves (a plain JDBC baseline measured against the warehouse) and for tests.
   *
   * @throws WarehouseException when it cannot be built
   */
  public static Path prepare(EngineOpening opening, @Nullable Tenant tenant)
      throws WarehouseException {
    Source source = source(opening);
    return tenant == null ? source.whole() : source.of(tenant);
  }

  /** The file a {@code jdbc:duckdb:FILE} URL names; a URL with options or no file is refused. */
  private static Path file(String jdbcUrl) {
    String rest = jdbcUrl.substring(SCHEME.length());
    if (rest.isEmpty() || rest.startsWith(":memory:")) {
      throw new IllegalArgumentException(
          "a DuckDB warehouse URL names its database file, e.g. jdbc:duckdb:/data/shop.duckdb"
              + " (an in-memory database holds no tables to serve)");
    }
    if (rest.indexOf(';') >= 0 || rest.indexOf('?') >= 0) {
      throw new IllegalArgumentException(
          "give a DuckDB warehouse's file alone (jdbc:duckdb:/data/shop.duckdb): the engine opens"
              + " it read-only with its own settings, so the URL's options would be overridden");
    }
    Path file = Path.of(rest).toAbsolutePath().normalize();
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("the DuckDB database file " + file + " does not exist");
    }
    return file;
  }

  /**
   * What a load creates, as the cache's layout: the tables, their scopes and the views, so a
   * changed description builds new files.
   */
  private static String layout(WarehouseDescription description) {
    StringBuilder layout = new StringBuilder(LAYOUT);
    for (TableDescription table : description.tables().values()) {
      layout
          .append('\n')
          .append(table.name())
          .append(' ')
          .append(table.scope())
          .append(' ')
          .append(table.view());
    }
    return layout.toString();
  }

  /** The data file of each described table that is not a view, in the description's order. */
  private static List<Path> files(Path directory, WarehouseDescription description)
      throws WarehouseException {
    if (!Files.isDirectory(directory)) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "data directory "
              + directory
              + (Files.exists(directory) ? " is not a directory" : " does not exist"));
    }
    List<Path> files = new ArrayList<>();
    for (TableDescription table : description.tables().values()) {
      if (table.view() != null) {
        continue;
      }
      Path parquet = directory.resolve(table.name() + ".parquet");
      Path csv = directory.resolve(table.name() + ".csv");
      boolean hasParquet = Files.isRegularFile(parquet);
      boolean hasCsv = Files.isRegularFile(csv);
      if (hasParquet == hasCsv) {
        throw new WarehouseException(
            WarehouseException.Kind.UNAVAILABLE,
            description.origin().at("/tables/" + table.name())
                + ": data directory "
                + directory
                + (hasParquet
                    ? " has both " + parquet.getFileName() + " and " + csv.getFileName()
                    : " has no " + parquet.getFileName() + " or " + csv.getFileName())
                + " for table "
                + table.name()
                + ": keep exactly one file per table (or define the table as a view)");
      }
      files.add(hasParquet ? parquet : csv);
    }
    return files;
  }

  /**
   * Loads every described table from its file (only {@code tenant}'s rows unless {@code null},
   * parents before children as the description lists them) and creates the described views.
   */
  private static void loadDirectory(
      Statement writer,
      DuckDbFileCache cache,
      WarehouseDescription description,
      @Nullable Tenant tenant)
      throws SQLException, WarehouseException {
    for (TableDescription table : ordered(description)) {
      if (table.view() != null) {
        continue;
      }
      Path file = cache.sources().get(indexOf(description, table));
      String reader =
          (file.getFileName().toString().endsWith(".csv") ? "read_csv" : "read_parquet")
              + "("
              + SqlLiterals.quote(file.toString())
              + ")";
      requireColumns(writer, reader, file, table, description);
      writer.execute(
          "CREATE TABLE "
              + DuckDbNames.quoted(table.name())
              + " AS SELECT * FROM "
              + reader
              + (tenant == null ? "" : TenantRows.where(table.scope(), tenant)));
    }
    // Views last, over the tables just loaded (a tenant's file holds its rows alone, so its views
    // see nothing else).
    for (TableDescription table : description.tables().values()) {
      if (table.view() != null) {
        writer.execute("CREATE VIEW " + DuckDbNames.quoted(table.name()) + " AS " + table.view());
      }
    }
  }

  /**
   * Refuses a file that lacks a column the description names (a note, a tenant key, the key a
   * child's rows are matched on), before anything is loaded, so a wrong file leaves no database
   * behind and the message names the file.
   */
  private static void requireColumns(
      Statement writer,
      String reader,
      Path file,
      TableDescription table,
      WarehouseDescription description)
      throws SQLException, WarehouseException {
    Set<String> named = new LinkedHashSet<>(table.columns().keySet());
    switch (table.scope()) {
      case TenantScope.Shared shared -> {}
      case TenantScope.ByColumn byColumn -> named.add(byColumn.column());
      case TenantScope.ThroughParent through -> named.add(through.column());
    }
    for (TableDescription child : description.tables().values()) {
      if (child.scope() instanceof TenantScope.ThroughParent through
          && through.parentTable().equals(table.name())) {
        named.add(through.parentColumn());
      }
    }
    List<String> actual = new ArrayList<>();
    try (ResultSet rs =
        writer.executeQuery("SELECT column_name FROM (DESCRIBE SELECT * FROM " + reader + ")")) {
      while (rs.next()) {
        actual.add(rs.getString(1).toLowerCase(Locale.ROOT));
      }
    }
    List<String> missing = named.stream().filter(column -> !actual.contains(column)).toList();
    if (!missing.isEmpty()) {
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          description.origin().at("/tables/" + table.name())
              + ": "
              + file
              + " lacks the columns "
              + missing
              + " that the description names for table "
              + table.name()
              + " (the file has "
              + actual
              + ")");
    }
  }

  /** Copies {@code tenant}'s rows of every described table of the database {@code file}. */
  private static void copyTenant(
      Statement writer, Path file, WarehouseDescription description, Tenant tenant)
      throws SQLException {
    writer.execute("ATTACH " + SqlLiterals.quote(file.toString()) + " AS source (READ_ONLY)");
    for (TableDescription table : ordered(description)) {
      writer.execute(
          "CREATE TABLE "
              + DuckDbNames.quoted(table.name())
              + " AS SELECT * FROM source.main."
              + DuckDbNames.quoted(table.name())
              + TenantRows.where(table.scope(), tenant));
    }
    writer.execute("DETACH source");
  }

  /** The described tables with every parent before the tables keyed through it. */
  private static List<TableDescription> ordered(WarehouseDescription description) {
    List<TableDescription> out = new ArrayList<>();
    for (TableDescription table : description.tables().values()) {
      add(table, description, out);
    }
    return out;
  }

  private static void add(
      TableDescription table, WarehouseDescription description, List<TableDescription> out) {
    if (out.contains(table)) {
      return;
    }
    if (table.scope() instanceof TenantScope.ThroughParent through) {
      TableDescription parent = description.tables().get(through.parentTable());
      if (parent != null) {
        add(parent, description, out);
      }
    }
    out.add(table);
  }

  /** The index of {@code table}'s file among the cache's sources (views have none). */
  private static int indexOf(WarehouseDescription description, TableDescription table) {
    int index = 0;
    for (TableDescription other : description.tables().values()) {
      if (other == table) {
        return index;
      }
      if (other.view() == null) {
        index++;
      }
    }
    throw new IllegalStateException("table " + table.name() + " is not described");
  }
}
