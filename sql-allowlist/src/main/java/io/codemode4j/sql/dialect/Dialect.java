package io.codemode4j.sql.dialect;

import io.codemode4j.sql.SchemaExamples;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.internal.DuckDbSql;
import io.codemode4j.sql.internal.Names;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.sql.SqlDialect;
import org.jspecify.annotations.Nullable;

/**
 * The SQL one warehouse engine speaks, as far as the allowlist needs it: the constructs it has
 * ({@link SqlFeature}), the functions it allows ({@link FunctionCatalog}), the types a cast may
 * name, the names it reads as calls or as syntax, how its tables are named, how an approved query
 * is written for it (a Calcite {@link SqlDialect} and {@link TreeRewrite}s), and what a refusal
 * advises ({@link Advice}). Pick one with {@link SqlAllowlist.Builder#dialect}.
 *
 * <p>The allowlist reads DuckDB's SQL, so {@link #duckDb()} is its reference and default dialect;
 * an engine module defines its own with {@link #builder}, from this package's public types alone.
 * What a dialect decides is part of the security boundary, so define one the way the bundled ones
 * are: list only the features, functions and types the engine has and runs as the allowlist reads
 * them, and test each list against the engine itself (its function catalog, its keywords, the rows
 * it returns for the rendering of a corpus of approved queries).
 *
 * <p>How an approved query becomes the engine's SQL, for every dialect: the constructs of the
 * features it lacks are refused, then its own {@link SyntaxCheck}s run, then its {@link
 * TreeRewrite}s in order; then the shared steps write every string literal plain ({@code '...'},
 * {@code ''} for a quote, never a prefix or another escape: the engine must read a backslash in a
 * string as itself), put every subquery that stands for a value in parentheses of its own, and have
 * the dialect's {@link SqlDialect} write the tree with every identifier quoted and every compound
 * expression parenthesised; last, the text is refused unless, outside literals and quoted
 * identifiers, it holds only words, numbers, whitespace and operator characters (no comment, no
 * statement separator, no parameter).
 *
 * <p>Immutable and thread-safe; two dialects are equal when every part is (the Calcite dialect,
 * rewrites and checks by identity, so an engine module keeps one instance of each).
 */
public final class Dialect {

  private final String name;
  private final Set<SqlFeature> features;
  private final FunctionCatalog functions;
  private final Set<String> castTypes;
  private final Set<String> valueKeywords;
  private final Map<String, String> postfixKeywords;
  private final String schema;
  private final @Nullable String catalog;
  private final boolean keepsBareTableNames;
  private final boolean readsBackslashEscapes;
  private final SqlDialect rendering;
  private final List<TreeRewrite> rewrites;
  private final List<SyntaxCheck> checks;
  private final Map<Advice, String> advice;

  private Dialect(Builder builder, SqlDialect rendering, FunctionCatalog functions, String schema) {
    this.name = builder.name;
    this.features = Set.copyOf(builder.features);
    this.functions = functions;
    this.castTypes = Set.copyOf(builder.castTypes);
    this.valueKeywords = Set.copyOf(builder.valueKeywords);
    this.postfixKeywords = Map.copyOf(builder.postfixKeywords);
    this.schema = schema;
    this.catalog = builder.catalog;
    this.keepsBareTableNames = builder.keepsBareTableNames;
    this.readsBackslashEscapes = builder.readsBackslashEscapes;
    this.rendering = rendering;
    this.rewrites = List.copyOf(builder.rewrites);
    this.checks = List.copyOf(builder.checks);
    this.advice = Map.copyOf(builder.advice);
  }

  /** {@code other} over the tables of {@code schema}. */
  private Dialect(Dialect other, String schema) {
    this.name = other.name;
    this.features = other.features;
    this.functions = other.functions;
    this.castTypes = other.castTypes;
    this.valueKeywords = other.valueKeywords;
    this.postfixKeywords = other.postfixKeywords;
    this.schema = schema;
    this.catalog = other.catalog;
    this.keepsBareTableNames = other.keepsBareTableNames;
    this.readsBackslashEscapes = other.readsBackslashEscapes;
    this.rendering = other.rendering;
    this.rewrites = other.rewrites;
    this.checks = other.checks;
    this.advice = other.advice;
  }

  /**
   * This dialect over the same tables in {@code schema} (a lowercase identifier): for an engine
   * that keeps each tenant's rows behind views of the same names in a schema of its own.
   */
  public Dialect inSchema(String schema) {
    return new Dialect(this, Names.requireIdentifier(schema, "schema"));
  }

  /**
   * DuckDB, the default and the reference: the SQL the allowlist reads is DuckDB's, so it supports
   * every {@link SqlFeature}; its tables are in {@code main}, written bare where nothing could
   * capture the name.
   */
  public static Dialect duckDb() {
    return DuckDbSql.DIALECT;
  }

  /**
   * A dialect to define, for the engine called {@code name} in messages ("QUALIFY is not supported
   * by {@code name}: ..."), e.g. {@code PostgreSQL}. It supports no feature until {@link
   * Builder#supports} lists it.
   */
  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** The engine's name, for messages, e.g. {@code DuckDB}. */
  public String name() {
    return name;
  }

  /** Whether the engine has {@code feature} as the allowlist reads it. */
  public boolean supports(SqlFeature feature) {
    return features.contains(feature);
  }

  /** The features the engine has. */
  public Set<SqlFeature> features() {
    return features;
  }

  /** The functions allowed by default; a builder may add more ({@link SqlAllowlist.Builder}). */
  public FunctionCatalog functions() {
    return functions;
  }

  /** The type names a cast may name, lowercase. */
  public Set<String> castTypes() {
    return castTypes;
  }

  /**
   * Names the engine calls as functions when no column has them ({@code current_date}), lowercase:
   * a column of such a name is checked as a call of that function.
   */
  public Set<String> valueKeywords() {
    return valueKeywords;
  }

  /**
   * Words the engine reads as syntax right after a select item's expression, where the allowlist's
   * parser reads an alias ({@code x ISNULL}), lowercase, each with what the engine takes it for
   * ({@code x IS NULL}): such an alias is refused unless quoted.
   */
  public Map<String, String> postfixKeywords() {
    return postfixKeywords;
  }

  /** The schema the allowlisted tables live in, lowercase ({@code main} for DuckDB). */
  public String schema() {
    return schema;
  }

  /**
   * The catalog every table is rendered with, lowercase; {@code null} where the connection decides
   * the database and {@link SqlAllowlist.Builder#catalog} may name one.
   */
  public @Nullable String catalog() {
    return catalog;
  }

  /**
   * Whether a table written bare may be rendered bare where no CTE or catalog could capture it
   * (DuckDB, which labels a scalar subquery by its text); otherwise every table is qualified.
   */
  public boolean keepsBareTableNames() {
    return keepsBareTableNames;
  }

  /**
   * Whether the engine may read a backslash in a string literal as an escape (MySQL's family in its
   * default mode): then no rendered literal may hold one, whatever the session's mode.
   */
  public boolean readsBackslashEscapes() {
    return readsBackslashEscapes;
  }

  /** The Calcite dialect that writes an approved, rewritten query as the engine's SQL. */
  public SqlDialect rendering() {
    return rendering;
  }

  /** The rewrites of an approved query before it is written, in the order they run. */
  public List<TreeRewrite> rewrites() {
    return rewrites;
  }

  /** The dialect's own checks of an approved query's calls, in the order they run. */
  public List<SyntaxCheck> checks() {
    return checks;
  }

  /**
   * What to write in this engine for {@code topic}, as a refusal advises it: SQL over {@code
   * examples} that this dialect's default allowlist approves and the engine runs (an expression, or
   * a whole query starting with {@code SELECT}; see {@link Advice}).
   */
  public String advice(Advice topic, SchemaExamples examples) {
    return examples.fill(Objects.requireNonNull(advice.get(topic), "every topic has advice"));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Dialect that
        && name.equals(that.name)
        && features.equals(that.features)
        && functions.equals(that.functions)
        && castTypes.equals(that.castTypes)
        && valueKeywords.equals(that.valueKeywords)
        && postfixKeywords.equals(that.postfixKeywords)
        && schema.equals(that.schema)
        && Objects.equals(catalog, that.catalog)
        && keepsBareTableNames == that.keepsBareTableNames
        && readsBackslashEscapes == that.readsBackslashEscapes
        && rendering == that.rendering
        && rewrites.equals(that.rewrites)
        && checks.equals(that.checks)
        && advice.equals(that.advice);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, schema, catalog, features, functions);
  }

  @Override
  public String toString() {
    return name;
  }

  /**
   * Defines a dialect; not thread-safe, use once. {@link #schema}, {@link #rendering}, {@link
   * #functions} and the {@link #advice} of every topic without a form in standard SQL ({@link
   * Advice#standard}) are required; everything else is empty, and no feature is supported, until
   * set.
   */
  public static final class Builder {

    private final String name;
    private final Set<SqlFeature> features = EnumSet.noneOf(SqlFeature.class);
    private @Nullable FunctionCatalog functions;
    private final Set<String> castTypes = new TreeSet<>();
    private final Set<String> valueKeywords = new TreeSet<>();
    private final Map<String, String> postfixKeywords = new LinkedHashMap<>();
    private @Nullable String schema;
    private @Nullable String catalog;
    private boolean keepsBareTableNames;
    private boolean readsBackslashEscapes;
    private @Nullable SqlDialect rendering;
    private final List<TreeRewrite> rewrites = new ArrayList<>();
    private final List<SyntaxCheck> checks = new ArrayList<>();
    private final Map<Advice, String> advice = new EnumMap<>(Advice.class);

    private Builder(String name) {
      Objects.requireNonNull(name, "name");
      if (name.isBlank()) {
        throw new IllegalArgumentException("a dialect's name must not be blank: name its engine");
      }
      this.name = name;
    }

    /** The engine has {@code features}, as the allowlist reads them. */
    public Builder supports(SqlFeature... features) {
      this.features.addAll(Arrays.asList(features));
      return this;
    }

    /** The engine has {@code features}, as the allowlist reads them. */
    public Builder supports(Set<SqlFeature> features) {
      this.features.addAll(features);
      return this;
    }

    /** The functions a query may call by default. */
    public Builder functions(FunctionCatalog functions) {
      this.functions = Objects.requireNonNull(functions, "functions");
      return this;
    }

    /** Type names a cast may name, lowercase: only the engine's built-in scalar types. */
    public Builder castTypes(String... names) {
      for (String type : names) {
        castTypes.add(Names.requireIdentifier(type, "cast type"));
      }
      return this;
    }

    /** Names the engine calls as functions when no column has them, lowercase. */
    public Builder valueKeywords(String... names) {
      for (String keyword : names) {
        valueKeywords.add(Names.requireIdentifier(keyword, "value keyword"));
      }
      return this;
    }

    /**
     * {@code word}, lowercase, is syntax to the engine right after a select item's expression,
     * meaning {@code meaning} (e.g. {@code isnull}, {@code x IS NULL}).
     */
    public Builder postfixKeyword(String word, String meaning) {
      Objects.requireNonNull(meaning, "meaning");
      postfixKeywords.put(Names.requireIdentifier(word, "postfix keyword"), meaning);
      return this;
    }

    /**
     * The schema the allowlisted tables live in (a lowercase identifier): a table is rendered
     * {@code "schema"."table"}, so neither a search path nor a temporary relation of the same name
     * can stand in for it.
     */
    public Builder schema(String schema) {
      this.schema = Names.requireIdentifier(schema, "schema");
      return this;
    }

    /**
     * The catalog the schema lives in (a lowercase identifier): a table is rendered {@code
     * "catalog"."schema"."table"}, so the session's catalog never decides what a name means.
     */
    public Builder catalog(String catalog) {
      this.catalog = Names.requireIdentifier(catalog, "catalog");
      return this;
    }

    /**
     * A table written bare is rendered bare where nothing could capture the name: no catalog is
     * configured, no CTE of the query has the name, and it is no {@code pg_} catalog name. Only for
     * an engine whose bare names resolve to the schema's tables alone.
     */
    public Builder keepBareTableNames() {
      this.keepsBareTableNames = true;
      return this;
    }

    /**
     * The engine may read a backslash in a string literal as an escape (MySQL's family in its
     * default mode, where {@code 'a\'} does not end): the rendering's lexical check then refuses
     * any literal holding a backslash, so the engine's {@link #rendering} must write one otherwise
     * (MariaDB's {@code char(92)}). Decided: a property of the dialect, never of the session's
     * mode, which a host's own pool may leave at the default.
     */
    public Builder readsBackslashEscapes() {
      this.readsBackslashEscapes = true;
      return this;
    }

    /**
     * The Calcite dialect that writes the engine's SQL: one instance for the engine, whose
     * overrides write what Calcite writes otherwise (e.g. {@code LIMIT} for {@code FETCH NEXT}). It
     * must quote identifiers in double quotes, the only identifier quote the lexical check reads (a
     * backtick is refused: MySQL's dialect is given {@code withIdentifierQuoteString("\"")} and its
     * connection ANSI_QUOTES), and write the literals it makes up itself plain, as the shared steps
     * write the query's.
     */
    public Builder rendering(SqlDialect rendering) {
      this.rendering = Objects.requireNonNull(rendering, "rendering");
      return this;
    }

    /** Runs {@code rewrite} after those added before it. */
    public Builder rewrite(TreeRewrite rewrite) {
      rewrites.add(Objects.requireNonNull(rewrite, "rewrite"));
      return this;
    }

    /** Runs {@code check} on every call of an approved query, after those added before it. */
    public Builder check(SyntaxCheck check) {
      checks.add(Objects.requireNonNull(check, "check"));
      return this;
    }

    /**
     * What a refusal advises for {@code topic}: SQL over the placeholders of {@link SchemaExamples}
     * that this dialect approves and the engine runs, e.g. {@code date_diff('day', {date},
     * {later_date})}. A topic with a form in standard SQL ({@link Advice#standard}) needs none: the
     * dialect advises that form unless it sets another.
     *
     * @throws IllegalArgumentException if the template has a brace that is no placeholder
     */
    public Builder advice(Advice topic, String template) {
      SchemaExamples.neutral().fill(Objects.requireNonNull(template, "template"));
      advice.put(Objects.requireNonNull(topic, "topic"), template);
      return this;
    }

    public Dialect build() {
      List<String> missing = new ArrayList<>();
      if (schema == null) {
        missing.add("schema(...)");
      }
      if (rendering == null) {
        missing.add("rendering(...)");
      }
      if (functions == null) {
        missing.add("functions(...)");
      }
      for (Advice topic : Advice.values()) {
        String standard = topic.standard();
        if (!advice.containsKey(topic) && standard != null) {
          advice.put(topic, standard);
        } else if (!advice.containsKey(topic)) {
          missing.add("advice(" + topic + ", ...)");
        }
      }
      if (schema == null || rendering == null || functions == null || !missing.isEmpty()) {
        throw new IllegalStateException(
            "the " + name + " dialect lacks " + String.join(", ", missing) + ": set each");
      }
      if (keepsBareTableNames && catalog != null) {
        throw new IllegalStateException(
            "the "
                + name
                + " dialect names the catalog "
                + catalog
                + ", so every table is qualified: leave keepBareTableNames() out");
      }
      return new Dialect(this, rendering, functions, schema);
    }
  }
}
