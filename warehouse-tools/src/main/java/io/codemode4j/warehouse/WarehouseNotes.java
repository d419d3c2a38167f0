package io.codemode4j.warehouse;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the host tells a model about its warehouse beyond the names and SQL types the database
 * reports: what the warehouse is, and what tables and columns mean (the values a column takes, its
 * unit, the traps). {@code warehouse.query}'s description shows each note beside the table or
 * column it is about, so a model writes correct SQL on its first try.
 *
 * <p>Decided: notes are the host's, never built in. The tables and columns themselves come from the
 * database's own metadata when the toolkit is built; a note for a table or column the database does
 * not have is simply not shown, so notes written for a richer schema do no harm.
 *
 * @param subject what the warehouse is, as the query tool names it: "the billing warehouse"
 * @param tables table or view name (lowercase, as allowlisted) to its note
 * @param columns {@code table.column} (lowercase) to its note
 */
public record WarehouseNotes(
    String subject, Map<String, String> tables, Map<String, String> columns) {

  /** No notes: the query tool speaks of "the warehouse". */
  public static final WarehouseNotes NONE = new WarehouseNotes("the warehouse", Map.of(), Map.of());

  public WarehouseNotes {
    subject = requireText(subject, "subject");
    tables = copy(tables, "tables");
    columns = copy(columns, "columns");
    for (String key : columns.keySet()) {
      int dot = key.indexOf('.');
      if (dot <= 0 || dot == key.length() - 1 || key.indexOf('.', dot + 1) >= 0) {
        throw new IllegalArgumentException(
            "column note key '" + key + "' must be table.column, e.g. orders.total_cents");
      }
    }
  }

  /** Notes about {@code subject} with none yet on tables or columns; add them with the withers. */
  public static WarehouseNotes about(String subject) {
    return new WarehouseNotes(subject, Map.of(), Map.of());
  }

  /** These notes plus a note on {@code table}. */
  public WarehouseNotes withTable(String table, String note) {
    Map<String, String> more = new LinkedHashMap<>(tables);
    more.put(table, note);
    return new WarehouseNotes(subject, more, columns);
  }

  /** These notes plus a note on {@code table.column}. */
  public WarehouseNotes withColumn(String table, String column, String note) {
    Map<String, String> more = new LinkedHashMap<>(columns);
    more.put(table + "." + column, note);
    return new WarehouseNotes(subject, tables, more);
  }

  /** The note on {@code table}, if the host gave one. */
  public Optional<String> table(String table) {
    return Optional.ofNullable(tables.get(table));
  }

  /** The note on {@code table.column}, if the host gave one. */
  public Optional<String> column(String table, String column) {
    return Optional.ofNullable(columns.get(table + "." + column));
  }

  private static Map<String, String> copy(Map<String, String> notes, String field) {
    Objects.requireNonNull(notes, field);
    Map<String, String> copy = new LinkedHashMap<>();
    notes.forEach(
        (key, note) -> {
          requireText(key, field + " key");
          copy.put(key, requireText(note, "note on " + key));
        });
    return java.util.Collections.unmodifiableMap(copy);
  }

  private static String requireText(String text, String what) {
    Objects.requireNonNull(text, what);
    if (text.isBlank()) {
      throw new IllegalArgumentException(what + " must not be blank");
    }
    return text.strip();
  }
}
