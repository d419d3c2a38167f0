package io.codemode4j.engine.duckdb;

import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import java.util.TreeSet;

/**
 * The rows of a tenant's own database file, by the same {@link TenantScope} the allowlist confines
 * queries with, so the file and the row filters can never disagree about who sees what.
 *
 * <p>Decided: a file of one tenant's rows is loaded table by table, parents first; a table scoped
 * {@linkplain TenantScope.ThroughParent through a parent} keeps the rows whose parent is already in
 * the file, which is exactly the allowlist's rule ({@code column IN (SELECT parentColumn FROM
 * parent WHERE <parent's scope>)}) with the parent's scope already applied.
 */
public final class TenantRows {

  private TenantRows() {}

  /**
   * The {@code WHERE} clause (with its leading space) that keeps {@code tenant}'s rows of a table
   * scoped by {@code scope}, when the file's parent tables already hold only the tenant's rows;
   * empty for a shared table, all of whose rows every tenant reads.
   */
  public static String where(TenantScope scope, Tenant tenant) {
    return switch (scope) {
      case TenantScope.Shared shared -> "";
      case TenantScope.ByColumn byColumn ->
          " WHERE " + byColumn.condition(DuckDbNames.quoted(byColumn.column()), tenant);
      case TenantScope.ThroughParent through ->
          " WHERE "
              + DuckDbNames.quoted(through.column())
              + " IN (SELECT "
              + DuckDbNames.quoted(through.parentColumn())
              + " FROM "
              + DuckDbNames.quoted(through.parentTable())
              + ")";
    };
  }

  /** The name of a tenant's file variant: its key values sorted, joined by {@code +}. */
  public static String variant(Tenant tenant) {
    return String.join("+", new TreeSet<>(tenant.values()));
  }
}
