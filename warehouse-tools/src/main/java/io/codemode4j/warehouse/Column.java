package io.codemode4j.warehouse;

import java.util.Objects;

/**
 * One result or table column: its name and its SQL type as the database spells it ({@code
 * DECIMAL(18,2)}).
 */
public record Column(String name, String type) {
  public Column {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
  }
}
