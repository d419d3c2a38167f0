package io.codemode4j.sql;

import io.codemode4j.sql.internal.Names;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How the rows of one table are limited to a {@link Tenant}'s key values.
 *
 * <p>A table reference {@code t AS a} becomes the derived table {@code (SELECT * FROM main.t WHERE
 * <scope filter>) AS a}, so qualified column references keep working.
 */
public sealed interface TenantScope {

  /**
   * Rows whose tenant key {@code column} holds one of the tenant's values: {@code column IN
   * ('north', ...)} for a text key, {@code column IN (7, ...)} for a whole-number key.
   *
   * @param column the key column
   * @param type what the column holds, which decides how a value is written in SQL
   */
  record ByColumn(String column, KeyType type) implements TenantScope {
    public ByColumn {
      column = Names.requireIdentifier(column, "column");
      Objects.requireNonNull(type, "type");
    }

    /** A text key column: the common case, and what every engine compares a string with. */
    public ByColumn(String column) {
      this(column, KeyType.TEXT);
    }

    /**
     * The SQL literals of {@code tenant}'s values this column can hold, sorted, so the same tenant
     * always yields the same SQL; empty when it can hold none (a whole-number key and a tenant of
     * {@code north}), whose rows are then none.
     */
    public List<String> literals(Tenant tenant) {
      return type.literals(tenant);
    }

    /**
     * The values of {@code tenant} this column can hold, as the text of each literal's value
     * ({@code north}, {@code 7}), in the order of {@link #literals}.
     */
    public List<String> values(Tenant tenant) {
      return type.values(tenant);
    }

    /**
     * The condition that keeps {@code tenant}'s rows, over {@code quotedColumn} (this column as the
     * caller's engine quotes it): {@code "store" IN ('north')}, or {@code 1 = 0} when the column
     * can hold none of the tenant's values. Standard SQL that every engine reads alike.
     */
    public String condition(String quotedColumn, Tenant tenant) {
      List<String> literals = literals(tenant);
      return literals.isEmpty()
          ? "1 = 0"
          : quotedColumn + " IN (" + String.join(", ", literals) + ")";
    }
  }

  /**
   * What a tenant key column holds, so that its values are written as literals of its own type.
   * Decided: a key is text or a whole number, and a whole number is written as a number, never as a
   * quoted string: Trino refuses to compare an integer column with a string, and MariaDB reads
   * {@code '7-x'} as 7; key values are already restricted to {@code [a-z0-9_-]} ({@link Tenant}),
   * so a text literal needs no escape.
   */
  enum KeyType {
    /** Character data: each value a quoted literal, {@code 'north'}. */
    TEXT,
    /**
     * A whole number (an integer column of any width): each value that is a decimal number of at
     * most 18 digits, unquoted and without leading zeros, {@code 7}; any other value names no row.
     */
    INTEGER;

    private static final Pattern WHOLE = Pattern.compile("-?[0-9]{1,18}");

    List<String> values(Tenant tenant) {
      return switch (this) {
        case TEXT -> tenant.values().stream().sorted().toList();
        case INTEGER ->
            tenant.values().stream()
                .filter(v -> WHOLE.matcher(v).matches())
                .map(Long::parseLong)
                .distinct()
                .sorted()
                .map(String::valueOf)
                .toList();
      };
    }

    List<String> literals(Tenant tenant) {
      return switch (this) {
        case TEXT -> values(tenant).stream().map(v -> "'" + v + "'").toList();
        case INTEGER -> values(tenant);
      };
    }
  }

  /**
   * Rows that belong to a visible row of a parent table: {@code column IN (SELECT parentColumn FROM
   * main.parentTable WHERE <parent's scope filter>)}. The parent must itself be allowlisted; its
   * own scope applies (chains are allowed, cycles are not).
   */
  record ThroughParent(String column, String parentTable, String parentColumn)
      implements TenantScope {
    public ThroughParent {
      column = Names.requireIdentifier(column, "column");
      parentTable = Names.requireIdentifier(parentTable, "parentTable");
      parentColumn = Names.requireIdentifier(parentColumn, "parentColumn");
    }
  }

  /**
   * Rows every tenant may read: a table of reference data (a calendar, a product catalog) that no
   * tenant owns, read unfiltered. Decided: sharing is a scope of its own, never a missing one, so a
   * table cannot become readable by every tenant because its owner forgot to say how it is keyed;
   * and a table cannot be scoped through a shared parent (that would share it too, silently).
   */
  record Shared() implements TenantScope {}

  static TenantScope byColumn(String column) {
    return new ByColumn(column);
  }

  static TenantScope throughParent(String column, String parentTable, String parentColumn) {
    return new ThroughParent(column, parentTable, parentColumn);
  }

  static TenantScope shared() {
    return new Shared();
  }
}
