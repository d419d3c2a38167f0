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
 */
public record CatalogTable(
    String name, boolean view, @Nullable String comment, List<CatalogColumn> columns) {

  public CatalogTable {
    Objects.requireNonNull(name, "name");
    columns = List.copyOf(columns);
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
