package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.TenantScope;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.jspecify.annotations.Nullable;

/**
 * The tables and views a query may read, each with its tenant scope, and how a table reference in a
 * query is matched to them.
 *
 * <p>A reference matches after folding case as DuckDB does ({@code "ORDERS"} is {@code orders}, see
 * {@link Names#fold}) and the only prefixes DuckDB resolves to the warehouse itself: the schema
 * {@code main} and, when configured, the catalog ({@code wh.orders}, {@code wh.main.orders}). Any
 * other prefix names another schema or database ({@code information_schema}, {@code pg_catalog},
 * {@code system}, {@code temp}, an attached file) and is refused. Approved references are rendered
 * fully qualified where DuckDB could resolve them to anything else (a CTE of the query, another
 * catalog); see {@code QueryWalker}. Temporary tables cannot exist: every statement that creates
 * one is refused.
 *
 * <p>Public, with its constructors, for {@code SqlAllowlist}'s builder, which configures it; the
 * lookups stay package-private.
 */
public final class AllowedTables {

  /** DuckDB's schema of the warehouse tables, the default. */
  static final String SCHEMA = "main";

  /** The order of the "allowed:" list in messages: as words read, underscores ignored. */
  private static final Comparator<String> READING_ORDER =
      Comparator.comparing((String name) -> name.replace("_", ""))
          .thenComparing(Comparator.naturalOrder());

  private final Map<String, TenantScope> scopes;

  /** The schema the tables live in: {@code main} for DuckDB, the dialect's for PostgreSQL. */
  private final String schema;

  /**
   * The catalog a reference may be prefixed with, as the names it puts before {@code main}: none,
   * or the configured catalog alone. Decided: a list rather than an optional or nullable name, so
   * that {@link #qualified} and the prefix checks read the same with and without a catalog.
   */
  private final List<String> catalogPrefix;

  private final String allowedList;

  /** {@code scopes} by table name, with no catalog: only {@code main} may prefix a reference. */
  public AllowedTables(Map<String, TenantScope> scopes) {
    this(scopes, SCHEMA, List.of());
  }

  /**
   * {@code scopes} by table name in {@code schema} (the dialect's), with no catalog: only {@code
   * schema} may prefix a reference.
   */
  public AllowedTables(Map<String, TenantScope> scopes, String schema) {
    this(scopes, schema, List.of());
  }

  /**
   * {@code scopes} by table name; references may also be prefixed by {@code catalog}, a configured
   * identifier the builder checked ({@link Names#requireIdentifier}).
   */
  public AllowedTables(Map<String, TenantScope> scopes, String schema, String catalog) {
    this(scopes, schema, List.of(catalog));
  }

  private AllowedTables(
      Map<String, TenantScope> scopes, String schema, List<String> catalogPrefix) {
    this.scopes = Map.copyOf(scopes);
    this.schema = Names.requireIdentifier(schema, "schema");
    this.catalogPrefix = catalogPrefix;
    this.allowedList =
        String.join(", ", this.scopes.keySet().stream().sorted(READING_ORDER).toList());
  }

  Set<String> names() {
    return scopes.keySet();
  }

  @Nullable TenantScope scope(String table) {
    return scopes.get(table);
  }

  boolean hasCatalog() {
    return !catalogPrefix.isEmpty();
  }

  /** {@code [catalog.]main.table}, the one spelling DuckDB resolves to the warehouse table. */
  SqlIdentifier qualified(String table, SqlParserPos pos) {
    List<String> names = new ArrayList<>(catalogPrefix);
    names.add(schema);
    names.add(table);
    return new SqlIdentifier(names, pos);
  }

  /**
   * The allowlisted table {@code id} names, lowercase, or a refusal saying what may be named
   * instead, e.g. {@code exampleTable}.
   */
  String resolve(SqlIdentifier id, String exampleTable) throws SqlRefusedException {
    List<String> names = id.names;
    String name = names.get(names.size() - 1);
    String written = String.join(".", names);
    if (looksLikeFile(name)) {
      throw SqlRefusedException.at(
          RefusalReason.FILE_PATH,
          written,
          id.getParserPosition(),
          "reading files is not allowed: query the allowlisted tables by name (allowed: "
              + allowedList
              + ")");
    }
    List<String> prefix = names.subList(0, names.size() - 1);
    if (!allowedPrefix(prefix)) {
      throw SqlRefusedException.at(
          RefusalReason.SCHEMA_NOT_ALLOWED,
          String.join(".", prefix),
          id.getParserPosition(),
          "schema '"
              + String.join(".", prefix)
              + "' is not allowed: write the table name alone, e.g. "
              + exampleTable
              + " (allowed prefixes: "
              + allowedPrefixes()
              + ")");
    }
    String table = Names.fold(name);
    if (!scopes.containsKey(table)) {
      throw SqlRefusedException.at(
          RefusalReason.TABLE_NOT_ALLOWED,
          name,
          id.getParserPosition(),
          "table '" + name + "' is not allowlisted (allowed: " + allowedList + ")");
    }
    return table;
  }

  String allowedList() {
    return allowedList;
  }

  private boolean allowedPrefix(List<String> prefix) {
    return switch (prefix.size()) {
      case 0 -> true;
      case 1 -> isSchema(prefix.get(0)) || isCatalog(prefix.get(0));
      case 2 -> isCatalog(prefix.get(0)) && isSchema(prefix.get(1));
      default -> false;
    };
  }

  private boolean isSchema(String name) {
    return Names.fold(name).equals(schema);
  }

  private boolean isCatalog(String name) {
    return catalogPrefix.contains(Names.fold(name));
  }

  private String allowedPrefixes() {
    List<String> prefixes = new ArrayList<>(List.of(schema));
    for (String catalog : catalogPrefix) {
      prefixes.add(catalog);
      prefixes.add(catalog + "." + schema);
    }
    return String.join(", ", prefixes);
  }

  /** A name no table has but a path or URL does: DuckDB would try to read it as a file. */
  private static boolean looksLikeFile(String name) {
    return name.chars().anyMatch(c -> "/\\.:*?~".indexOf(c) >= 0);
  }
}
