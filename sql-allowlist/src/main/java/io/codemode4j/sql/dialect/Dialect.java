package io.codemode4j.sql.dialect;

import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.SqlNode;
import org.jspecify.annotations.Nullable;

/**
 * The SQL one warehouse engine speaks, as far as the allowlist needs it: how an approved tree is
 * rendered for it, which functions it allows by default, which types a cast may name, which names
 * it calls as functions, and which words it reads as syntax after a select item.
 *
 * <p>Dialects are objects of this module, not an extension point (hence sealed): what a dialect
 * decides is part of the security boundary, and each one is checked against its engine by this
 * module's tests (the function and keyword lists against the engine's catalog, the rendering by the
 * differential tests). DuckDB is the default; PostgreSQL reads tables of one schema, Trino of one
 * catalog and schema. Pick one with {@link SqlAllowlist.Builder#dialect}.
 *
 * <p>The methods below other than {@link #name()} are called by the allowlist (its parser, walker
 * and renderer live in {@code io.codemode4j.sql.internal}, a package of its own, so they are public
 * for it to call); a dialect is not an extension point: the class is sealed, so no user can
 * implement one, and nothing outside this module needs to call them.
 */
public abstract sealed class Dialect permits DuckDbDialect, PostgresDialect, TrinoDialect {

  Dialect() {}

  /** DuckDB, the default: the bundled warehouse's engine. */
  public static Dialect duckDb() {
    return DuckDbDialect.INSTANCE;
  }

  /**
   * PostgreSQL, its tables in {@code schema} (a lowercase identifier, e.g. {@code public}): every
   * table is rendered {@code "schema"."table"}, so neither the search path nor a catalog or
   * temporary relation of the same name can stand in for it.
   */
  public static Dialect postgres(String schema) {
    return new PostgresDialect(schema);
  }

  /**
   * Trino, its tables in {@code catalog}.{@code schema} (lowercase identifiers, e.g. {@code hive}
   * and {@code billing}): every table is rendered {@code "catalog"."schema"."table"}, so the
   * session's catalog and schema never decide what a name means.
   */
  public static Dialect trino(String catalog, String schema) {
    return new TrinoDialect(catalog, schema);
  }

  /** The engine's name, for messages, e.g. {@code DuckDB}. */
  public abstract String name();

  /**
   * The SQL the engine executes for an approved tree, or a refusal if it cannot be written safely.
   */
  public abstract String render(SqlNode approved) throws SqlRefusedException;

  /** The functions allowed by default, lowercase; a builder may add more. */
  public abstract Set<String> defaultFunctions();

  /** The type names a cast may name, lowercase. */
  public abstract Set<String> castTypes();

  /**
   * Names the engine calls as functions when no column has them ({@code current_date}), lowercase.
   */
  public abstract Set<String> valueKeywords();

  /** Words the engine reads as syntax after a select item's expression, with the rewrite to use. */
  public abstract Map<String, String> postfixKeywords();

  /** The schema the allowlisted tables live in, lowercase ({@code main} for DuckDB). */
  public abstract String schema();

  /**
   * The catalog every table is rendered with (Trino's), lowercase; {@code null} where the
   * connection decides the database (DuckDB, PostgreSQL) and {@link SqlAllowlist.Builder#catalog}
   * may name one.
   */
  public @Nullable String catalog() {
    return null;
  }

  /**
   * Whether a table written bare may be rendered bare where no CTE or catalog could capture it
   * (DuckDB, which labels a scalar subquery by its text); otherwise every table is qualified.
   */
  public abstract boolean keepsBareTableNames();

  /**
   * What to write in this engine for {@code topic}, as a refusal advises it: SQL over the billing
   * sample's {@code invoices} that this dialect's default allowlist approves and the engine runs
   * (an expression, or a whole query starting with {@code SELECT}; see {@link Advice}), so that no
   * refusal points to a function or syntax the engine lacks.
   */
  public abstract String advice(Advice topic);

  @Override
  public String toString() {
    return name();
  }
}
