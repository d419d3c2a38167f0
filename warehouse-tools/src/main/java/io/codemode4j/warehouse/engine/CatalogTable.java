package io.codemode4j.warehouse.engine;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A table or view as a database's catalog reports it, for drafting a description.
 *
 * @param name its name, lowercase
 * @param view whether it is a view
 * @param comment the database's own comment on it, or {@code null}
 * @param columns its columns in order
 * @param primaryKey the columns of its primary key, in order; empty when it has none
 * @param foreignKeys its single-column foreign keys, as the database declares them
 */
public record CatalogTable(
    String name,
    boolean view,
    @Nullable String comment,
    List<CatalogColumn> columns,
    List<String> primaryKey,
    List<ForeignKey> foreignKeys) {

  public CatalogTable {
    Objects.requireNonNull(name, "name");
    columns = List.copyOf(columns);
    primaryKey = List.copyOf(primaryKey);
    foreignKeys = List.copyOf(foreignKeys);
  }

  /** Whether it has a column named {@code column}. */
  public boolean hasColumn(String column) {
    return columns.stream().anyMatch(c -> c.name().equals(column));
  }

  /**
   * A column of this table referring to a row of another.
   *
   * @param column this table's column, lowercase
   * @param parentTable the table referred to, lowercase
   * @param parentColumn its column, lowercase
   */
  public record ForeignKey(String column, String parentTable, String parentColumn) {
    public ForeignKey {
      Objects.requireNonNull(column, "column");
      Objects.requireNonNull(parentTable, "parentTable");
      Objects.requireNonNull(parentColumn, "parentColumn");
    }
  }

  /**
   * One column.
   *
   * @param name its name, lowercase
   * @param type its SQL type as the database spells it
   * @param comment the database's own comment on it, or {@code null}
   */
  public record CatalogColumn(String name, String type, @Nullable String comment) {
    public CatalogColumn {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
    }
  }
}
