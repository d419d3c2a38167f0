package io.codemode4j.warehouse;

import java.util.List;
import java.util.Objects;

/** An allowlisted table or view with its columns in declaration order. */
public record TableSchema(String name, List<Column> columns) {
  public TableSchema {
    Objects.requireNonNull(name, "name");
    columns = List.copyOf(columns);
  }
}
