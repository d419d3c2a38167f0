package io.codemode4j.mcp;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A table the server publishes as a resource, {@code codemode://tables/NAME}: its columns as the
 * program's query tool reads them, with the host's notes. Decided: the caller reads these from its
 * warehouse and hands them over, so the server knows no warehouse, only what it publishes.
 *
 * @param name the table's name as queries write it
 * @param note what the table holds, or {@code null}
 * @param columns its columns in the database's order
 */
public record TableResource(String name, @Nullable String note, List<Column> columns) {

  public TableResource {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("a table resource needs a name");
    }
    columns = List.copyOf(columns);
  }

  /**
   * One column.
   *
   * @param name the column's name
   * @param type its type as the database names it
   * @param note what it holds, or {@code null}
   */
  public record Column(String name, String type, @Nullable String note) {
    public Column {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
    }
  }
}
