package io.codemode4j.sql;

import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.sql.internal.AllowedTables;
import io.codemode4j.sql.internal.Approver;
import io.codemode4j.sql.internal.Names;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Decides which SQL may reach the warehouse: exactly one read-only query over allowlisted tables,
 * calling allowlisted functions, rewritten for the caller's tenant and row limit, and rendered by
 * Calcite for the engine of its {@link Dialect} (DuckDB by default). Its refusals say what to write
 * instead in that engine's SQL, over the warehouse's own names ({@link SchemaExamples}). Nothing
 * reaches the database that Calcite did not parse and this class did not approve: callers execute
 * {@link ApprovedQuery#sql()}, never the submitted text.
 *
 * <p>{@link #approve} runs, in order: the size limit (UTF-8 bytes, before parsing); a parse
 * requiring exactly one query, by Calcite's core parser or else its Babel parser ({@code
 * QueryParser}), whose {@code ::} casts are given the operands DuckDB gives them ({@code
 * CastPrecedence}); a fail-closed walk over the tree that checks every node kind, table and
 * function and rewrites table references for the tenant ({@code QueryWalker}); the row cap ({@code
 * RowCap}); the check of what the dialect lacks, then rendering and a lexical check of the
 * rendering ({@code FeatureCheck}, {@code Rendering}). Any failure is a {@link SqlRefusedException}
 * whose {@link SqlRefusal} names the reason, the element, its position and what is allowed instead.
 *
 * <p>Parsers: Calcite's Babel parser reads much more of the SQL analysts write for DuckDB ({@code
 * ::}, {@code * EXCLUDE}, {@code DATE_PART(year, d)}, reserved words as aliases) than the core
 * parser, at about three times its cost. So the core parser goes first, on text both lexers read
 * alike, and Babel decides whatever core does not approve: every refusal is Babel's (see {@code
 * QueryParser}). DuckDB syntax Babel cannot read is read through a same-length rewrite of the text
 * ({@code DuckDbSyntax}: {@code GROUP BY ALL}, {@code DISTINCT ON}, {@code f(x ORDER BY d)}, {@code
 * IGNORE NULLS}, {@code INTERVAL '30 days'}, columns named {@code date}, a trailing comma ...) and
 * rendered as DuckDB writes it ({@code DuckDbForms}); the rest (FROM-first, backticks, {@code #}
 * comments ...) is refused with the rewrite to use.
 *
 * <p>Approval is a pure function of the allowlist, the text and the policy, so each allowlist
 * remembers recent outcomes, approvals and refusals, in a bounded cache ({@link
 * Builder#approvalCacheSize}, 512 by default): a repeated query costs a map lookup instead of
 * hundreds of microseconds.
 *
 * <p>Thread-safe: build once, call {@link #approve} from any thread. Its configuration is
 * immutable; the cache is its only state.
 */
public final class SqlAllowlist {

  public static final int DEFAULT_MAX_SQL_BYTES = 16 * 1024;

  /**
   * Approvals and refusals remembered per allowlist by default, see {@link
   * Builder#approvalCacheSize}.
   */
  public static final int DEFAULT_APPROVAL_CACHE_SIZE = 512;

  /** The pipeline and its cache, in {@code io.codemode4j.sql.internal}. */
  private final Approver approver;

  private final Dialect dialect;
  private final SchemaExamples examples;

  /** A copy of the configuration this allowlist was built from, for {@link #withExamples}. */
  private final Builder configuration;

  private SqlAllowlist(Builder builder) {
    this.configuration = builder.copy();
    this.dialect = builder.dialect;
    this.examples = builder.examples;
    String catalog = builder.catalog != null ? builder.catalog : builder.dialect.catalog();
    AllowedTables tables =
        catalog == null
            ? new AllowedTables(builder.tables, builder.dialect.schema())
            : new AllowedTables(builder.tables, builder.dialect.schema(), catalog);
    this.approver =
        new Approver(
            builder.dialect,
            builder.examples,
            tables,
            builder.functions,
            builder.maxSqlBytes,
            true,
            builder.approvalCacheSize);
  }

  /** An empty configuration: add the tables to allow, each with its tenant scope, then build. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Approves {@code sql} for execution under {@code policy}.
   *
   * @return the SQL to execute, fetching at most {@code policy.maxRows() + 1} rows, and what it
   *     reads
   * @throws SqlRefusedException if the query is not allowed; the refusal says why and what is
   */
  public ApprovedQuery approve(String sql, QueryPolicy policy) throws SqlRefusedException {
    Objects.requireNonNull(sql, "sql");
    Objects.requireNonNull(policy, "policy");
    return approver.approve(sql, policy);
  }

  /**
   * The SQL that answers at most one row of {@code table} that is not {@code tenant}'s: its scope's
   * condition negated, rendered for this allowlist's dialect and schema; {@code null} when the
   * table is {@linkplain TenantScope.Shared shared}. Decided: for a host proving that a connection
   * meant to read one tenant's rows reads no other's (row-level security, a view per tenant), by
   * the same scopes the allowlist filters with; a row it answers on that connection is a foreign
   * row the database let through. Generated, never parsed from user text.
   *
   * @throws IllegalArgumentException when {@code table} is not allowlisted
   * @throws SqlRefusedException when the dialect cannot render it safely (it always can: the
   *     allowlist's own filters are written the same way)
   */
  public @Nullable String foreignRowProbe(String table, Tenant tenant) throws SqlRefusedException {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(tenant, "tenant");
    return approver.foreignRowProbe(table, tenant);
  }

  /** How many outcomes the approval cache holds now (0 when it is disabled). */
  int cachedOutcomes() {
    return approver.cachedOutcomes();
  }

  /** The allowlisted tables and views, lowercase. */
  public Set<String> tables() {
    return approver.tables();
  }

  /**
   * How {@code table} (lowercase) is confined to a tenant, or {@code null} when it is not
   * allowlisted.
   */
  public @Nullable TenantScope scope(String table) {
    return approver.scope(table);
  }

  /** The engine this allowlist renders for, whose SQL the model writes. */
  public Dialect dialect() {
    return dialect;
  }

  /** The names of the warehouse's schema that refusals and advice write their SQL over. */
  public SchemaExamples examples() {
    return examples;
  }

  /**
   * This allowlist with other {@link #examples} (its own, empty approval cache): for a host that
   * learns its schema's names only once the warehouse is open.
   *
   * @throws IllegalStateException when an example table is not allowlisted
   */
  public SqlAllowlist withExamples(SchemaExamples examples) {
    return configuration.copy().examples(examples).build();
  }

  /**
   * This allowlist with the scopes of some of its tables replaced (its own, empty approval cache):
   * for a host that learns how its tables are keyed only once the warehouse is open, such as a key
   * column's type ({@link TenantScope.KeyType}).
   *
   * @throws IllegalArgumentException when a table of {@code scopes} is not allowlisted
   * @throws IllegalStateException when the scopes no longer form chains of parents ({@link
   *     Builder#build})
   */
  public SqlAllowlist withScopes(Map<String, TenantScope> scopes) {
    Builder copy = configuration.copy();
    scopes.forEach(
        (table, scope) -> {
          if (!copy.tables.containsKey(table)) {
            throw new IllegalArgumentException(
                "table "
                    + table
                    + " is not allowlisted, so it has no scope to replace: allowlisted are "
                    + copy.tables.keySet());
          }
          copy.table(table, scope);
        });
    return copy.build();
  }

  /**
   * This allowlist rendering its tables in {@code schema} instead ({@link Dialect#inSchema}), its
   * own approval cache: for a tenant whose rows a database keeps behind views of the same names in
   * a schema of its own.
   */
  public SqlAllowlist inSchema(String schema) {
    return configuration.copy().dialect(dialect.inSchema(schema)).build();
  }

  /**
   * What a refusal advises for {@code topic}: the dialect's advice over this allowlist's examples
   * ({@link Dialect#advice}).
   */
  public String advice(Advice topic) {
    return dialect.advice(topic, examples);
  }

  /** Configures an allowlist; not thread-safe, use once. */
  public static final class Builder {

    private final Map<String, TenantScope> tables = new LinkedHashMap<>();
    private final Set<String> functions = new HashSet<>();
    private Dialect dialect = Dialect.duckDb();
    private SchemaExamples examples = SchemaExamples.neutral();
    private boolean examplesGiven;

    /** {@code null} until {@link #catalog} is called: only {@code main} prefixes a table. */
    private @Nullable String catalog;

    private int maxSqlBytes = DEFAULT_MAX_SQL_BYTES;
    private int approvalCacheSize = DEFAULT_APPROVAL_CACHE_SIZE;

    private Builder() {}

    /**
     * Allows reading {@code name} (a lowercase identifier), limited to a tenant's rows by {@code
     * scope}.
     */
    public Builder table(String name, TenantScope scope) {
      tables.put(Names.requireIdentifier(name, "table"), Objects.requireNonNull(scope, "scope"));
      return this;
    }

    /** The engine the queries run on; {@link Dialect#duckDb()} by default. */
    public Builder dialect(Dialect dialect) {
      this.dialect = Objects.requireNonNull(dialect, "dialect");
      return this;
    }

    /**
     * The warehouse's own names that refusals and advice write their SQL over, so that a model is
     * shown its tables and columns; {@link SchemaExamples#neutral()} by default. Both of its tables
     * must be allowlisted.
     */
    public Builder examples(SchemaExamples examples) {
      this.examples = Objects.requireNonNull(examples, "examples");
      this.examplesGiven = true;
      return this;
    }

    /**
     * Allows calling more functions, by lowercase name, on top of the dialect's defaults ({@link
     * Dialect#functions}), each taken to return at most its longest operand unless the dialect's
     * catalog lists it. Only add functions that compute from their arguments and build no longer
     * strings: the allowlist is the only thing between a query and any function the database
     * offers.
     */
    public Builder functions(String... names) {
      for (String name : names) {
        functions.add(Names.requireIdentifier(name, "function"));
      }
      return this;
    }

    /**
     * Also accepts table references prefixed by this catalog ({@code wh.orders}) and renders them
     * so. A dialect that names its catalog itself ({@link Dialect#catalog}) refuses any other.
     */
    public Builder catalog(String name) {
      this.catalog = Names.requireIdentifier(name, "catalog");
      return this;
    }

    /** The longest SQL accepted, in UTF-8 bytes; 16 KiB by default. */
    public Builder maxSqlBytes(int bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("maxSqlBytes must be positive, got " + bytes);
      }
      this.maxSqlBytes = bytes;
      return this;
    }

    /**
     * How many outcomes of {@link SqlAllowlist#approve} (approvals and refusals) to remember, by
     * text, tenant and row limit, least recently used dropped first; 512 by default, 0 to disable.
     * An entry holds the text and its rendering: typically well under a kilobyte, at most a few
     * times {@link #maxSqlBytes} (a text over that limit is never kept).
     */
    public Builder approvalCacheSize(int entries) {
      if (entries < 0) {
        throw new IllegalArgumentException(
            "approvalCacheSize must be 0 (off) or positive, got " + entries);
      }
      this.approvalCacheSize = entries;
      return this;
    }

    /** A builder of the same configuration, independent of this one. */
    private Builder copy() {
      Builder copy = new Builder();
      copy.tables.putAll(tables);
      copy.functions.addAll(functions);
      copy.dialect = dialect;
      copy.catalog = catalog;
      copy.examples = examples;
      copy.examplesGiven = examplesGiven;
      copy.maxSqlBytes = maxSqlBytes;
      copy.approvalCacheSize = approvalCacheSize;
      return copy;
    }

    public SqlAllowlist build() {
      if (tables.isEmpty()) {
        throw new IllegalStateException(
            "no table is allowlisted: add each table a query may read with table(name, scope)");
      }
      checkParents();
      if (examplesGiven) {
        for (String table : List.of(examples.table(), examples.relatedTable())) {
          if (!tables.containsKey(table)) {
            throw new IllegalStateException(
                "the example table "
                    + table
                    + " is not allowlisted: name tables of this allowlist in examples(...)");
          }
        }
      }
      if (catalog != null && dialect.catalog() != null && !catalog.equals(dialect.catalog())) {
        throw new IllegalStateException(
            "catalog "
                + catalog
                + " differs from the "
                + dialect.name()
                + " dialect's catalog "
                + dialect.catalog()
                + ": the dialect names the tables' catalog, so leave catalog(...) out");
      }
      return new SqlAllowlist(this);
    }

    /**
     * Every parent of a {@link TenantScope.ThroughParent} is allowlisted and keyed by tenant, and
     * no chain loops.
     */
    private void checkParents() {
      Map<String, String> parentOf = new HashMap<>();
      tables.forEach(
          (table, scope) -> {
            if (scope instanceof TenantScope.ThroughParent through) {
              TenantScope parent = tables.get(through.parentTable());
              if (parent == null) {
                throw new IllegalStateException(
                    "table "
                        + table
                        + " is scoped through "
                        + through.parentTable()
                        + ", which is not allowlisted: add it with its own scope");
              }
              if (parent instanceof TenantScope.Shared) {
                throw new IllegalStateException(
                    "table "
                        + table
                        + " is scoped through "
                        + through.parentTable()
                        + ", which is shared, so every tenant would read all of its rows: scope it"
                        + " by a column of its own or through a parent keyed by tenant, or make it"
                        + " shared itself");
              }
              parentOf.put(table, through.parentTable());
            }
          });
      for (String table : parentOf.keySet()) {
        Set<String> seen = new HashSet<>();
        for (String t = table; t != null; t = parentOf.get(t)) {
          if (!seen.add(t)) {
            throw new IllegalStateException(
                "tenant scopes loop through table "
                    + t
                    + ": end every chain at a table scoped by column");
          }
        }
      }
    }
  }
}
