package io.codemode4j.warehouse.engine;

import io.codemode4j.sql.SchemaExamples;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.Column;
import io.codemode4j.warehouse.TableSchema;
import io.codemode4j.warehouse.config.TableDescription;
import io.codemode4j.warehouse.config.WarehouseDescription;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The names a warehouse's refusals and advice are written over ({@link SchemaExamples}), found in
 * its own tables when its description names none: so a model told to write {@code date_diff('day',
 * a, b)} is shown two of its own date columns.
 *
 * <p>Decided: roles are filled by the columns' SQL types, never by reading rows: the one value an
 * example shows ({@code status = 'paid'}) is the first quoted value of that column's note in the
 * description, or a placeholder, since a value read from the data could be another tenant's. The
 * example table is the described table (not a view) with a date, a number and a text column and the
 * most columns; the related table is one that shares a column with it, preferring the parent a
 * table is keyed through and then the tenant key.
 */
final class DerivedExamples {

  private static final Set<String> CATEGORY_NAMES =
      Set.of("status", "state", "type", "kind", "category", "channel", "segment", "stage");

  private static final Pattern QUOTED = Pattern.compile("'([^'\\p{Cntrl}]{1,63})'");

  private DerivedExamples() {}

  /** The examples of {@code description} over {@code tables}, or {@code null} where none fit. */
  static @Nullable SchemaExamples of(WarehouseDescription description, List<TableSchema> tables) {
    Map<String, TableSchema> byName =
        tables.stream().collect(Collectors.toMap(TableSchema::name, t -> t, (a, b) -> a));
    TableSchema best = null;
    int bestScore = -1;
    for (TableDescription described : description.tables().values()) {
      TableSchema table = byName.get(described.name());
      if (table == null) {
        continue;
      }
      int score =
          (described.view() == null ? 8 : 0)
              + (columns(table, Kind.DATE).isEmpty() ? 0 : 4)
              + (columns(table, Kind.NUMBER).isEmpty() ? 0 : 2)
              + (columns(table, Kind.TEXT).isEmpty() ? 0 : 1);
      if (score > bestScore
          || (best != null
              && score == bestScore
              && table.columns().size() > best.columns().size())) {
        best = table;
        bestScore = score;
      }
    }
    if (best == null) {
      return null;
    }
    TableSchema table = best;
    TableDescription described = Objects.requireNonNull(description.tables().get(table.name()));
    String[] related = related(description, table, byName);
    String key = related[1];
    List<String> texts = without(columns(table, Kind.TEXT), key);
    List<String> dates = without(columns(table, Kind.DATE), key);
    List<String> numbers =
        without(columns(table, Kind.NUMBER), key).stream()
            .filter(name -> !name.endsWith("_id") && !name.equals("id"))
            .toList();
    if (numbers.isEmpty()) {
      numbers = without(columns(table, Kind.NUMBER), key);
    }
    if (texts.isEmpty() || dates.isEmpty() || numbers.isEmpty()) {
      return null;
    }
    String category =
        texts.stream().filter(CATEGORY_NAMES::contains).findFirst().orElse(texts.getFirst());
    String group = texts.stream().filter(t -> !t.equals(category)).findFirst().orElse(category);
    String date = dates.getFirst();
    String laterDate = dates.size() > 1 ? dates.get(1) : date;
    String amount = numbers.getFirst();
    String note = described.columns().get(category);
    String value = "value";
    if (note != null) {
      Matcher quoted = QUOTED.matcher(note);
      if (quoted.find()) {
        value = quoted.group(1);
      }
    }
    try {
      return new SchemaExamples(
          table.name(), related[0], key, category, value, group, date, laterDate, amount);
    } catch (IllegalArgumentException e) {
      // Names the examples cannot hold (a quoted identifier): the neutral examples stay.
      return null;
    }
  }

  /**
   * {@code [related table, key]}: the parent {@code table} is keyed through, or a table it is the
   * parent of, else one sharing the tenant key column, else one sharing any column, else itself on
   * its first column.
   */
  private static String[] related(
      WarehouseDescription description, TableSchema table, Map<String, TableSchema> tables) {
    TenantScope scope =
        Objects.requireNonNull(description.tables().get(table.name()), table.name()).scope();
    for (TableDescription other : description.tables().values()) {
      if (other.name().equals(table.name()) || !tables.containsKey(other.name())) {
        continue;
      }
      if (scope instanceof TenantScope.ThroughParent through
          && through.parentTable().equals(other.name())
          && through.column().equals(through.parentColumn())) {
        return new String[] {other.name(), through.column()};
      }
      if (other.scope() instanceof TenantScope.ThroughParent through
          && through.parentTable().equals(table.name())
          && through.column().equals(through.parentColumn())) {
        return new String[] {other.name(), through.column()};
      }
    }
    String tenantKey = scope instanceof TenantScope.ByColumn byColumn ? byColumn.column() : null;
    List<String> own = names(table);
    String shared = null;
    String sharedTable = null;
    for (TableDescription other : description.tables().values()) {
      TableSchema schema = tables.get(other.name());
      if (schema == null || schema.name().equals(table.name())) {
        continue;
      }
      for (String column : names(schema)) {
        if (own.contains(column) && (shared == null || column.equals(tenantKey))) {
          shared = column;
          sharedTable = schema.name();
        }
      }
    }
    if (shared != null) {
      return new String[] {sharedTable, shared};
    }
    return new String[] {table.name(), own.getFirst()};
  }

  private enum Kind {
    DATE,
    NUMBER,
    TEXT
  }

  private static List<String> columns(TableSchema table, Kind kind) {
    List<String> out = new ArrayList<>();
    for (Column column : table.columns()) {
      if (kind(column.type()) == kind && column.name().matches("[a-z_][a-z0-9_]{0,62}")) {
        out.add(column.name());
      }
    }
    return out;
  }

  private static @Nullable Kind kind(String type) {
    String t = type.toLowerCase(Locale.ROOT);
    if (t.contains("date") || t.startsWith("timestamp")) {
      return Kind.DATE;
    }
    if (t.contains("char") || t.contains("text") || t.equals("string")) {
      return Kind.TEXT;
    }
    if (t.contains("int")
        || t.startsWith("decimal")
        || t.startsWith("numeric")
        || t.startsWith("double")
        || t.startsWith("float")
        || t.equals("real")) {
      return Kind.NUMBER;
    }
    return null;
  }

  private static List<String> names(TableSchema table) {
    return table.columns().stream().map(c -> c.name().toLowerCase(Locale.ROOT)).toList();
  }

  private static List<String> without(List<String> columns, String excluded) {
    return columns.stream().filter(c -> !c.equals(excluded)).toList();
  }
}
