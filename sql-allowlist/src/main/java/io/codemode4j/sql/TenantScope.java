package io.codemode4j.sql;

import io.codemode4j.sql.internal.Names;

/**
 * How the rows of one table are limited to a {@link Tenant}'s key values.
 *
 * <p>A table reference {@code t AS a} becomes the derived table {@code (SELECT * FROM main.t WHERE
 * <scope filter>) AS a}, so qualified column references keep working.
 */
public sealed interface TenantScope {

  /**
   * Rows whose tenant key {@code column} holds one of the tenant's values: {@code column IN
   * ('north', ...)}.
   */
  record ByColumn(String column) implements TenantScope {
    public ByColumn {
      column = Names.requireIdentifier(column, "column");
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
