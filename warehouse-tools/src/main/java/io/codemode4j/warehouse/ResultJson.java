package io.codemode4j.warehouse;

import java.io.OutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Struct;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns result rows into JSON, typed by each column's SQL type and never by the value it holds.
 *
 * <p>Decided: BOOLEAN and integers up to BIGINT become JSON numbers (their JSON text is exact; a
 * program reading a BIGINT beyond 2^53 in JavaScript sees a rounded double, so exact sums come back
 * as decimal or wide-integer strings); FLOAT/DOUBLE become numbers (NaN and infinities, which JSON
 * cannot hold, become the strings {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"}); DECIMAL
 * and integers wider than 64 bits become strings with the exact digits; DATE is {@code YYYY-MM-DD};
 * TIMESTAMP and TIME are ISO-8601 (seconds always written); TIMESTAMP WITH TIME ZONE carries its
 * offset; BLOB is base64; LIST and STRUCT become arrays and objects whose elements follow the same
 * rules; MAP becomes an object with its keys as strings; anything else is the database's own text.
 * The engine's {@link ValueMapping} says which kind a column is where its JDBC type code does not.
 *
 * <p>A converter is chosen once per column from the metadata, then applied to every row.
 */
final class ResultJson {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final JsonMapper MAPPER = JsonMapper.builder().build();
  private static final DateTimeFormatter LOCAL_TIMESTAMP = DateTimeFormatter.ISO_LOCAL_DATE_TIME;
  private static final DateTimeFormatter OFFSET_TIMESTAMP = DateTimeFormatter.ISO_OFFSET_DATE_TIME;

  /** Reads one column of the current row and stores it under its name. */
  @FunctionalInterface
  private interface Cell {
    void put(ResultSet rs, int index, String name, ObjectNode row) throws SQLException;
  }

  private final List<Column> columns;
  private final String[] names;
  private final Cell[] cells;

  private ResultJson(List<Column> columns, Cell[] cells) {
    this.columns = List.copyOf(columns);
    this.names = columns.stream().map(Column::name).toArray(String[]::new);
    this.cells = cells;
  }

  /**
   * Reads the result's metadata. Duplicate column names ({@code SELECT a.region, b.region}) would
   * collide as JSON keys, so the second and later ones get a numeric suffix ({@code region_2}) in
   * both the column list and the rows.
   */
  static ResultJson forResult(ResultSetMetaData meta, ValueMapping values) throws SQLException {
    int count = meta.getColumnCount();
    List<Column> columns = new ArrayList<>(count);
    Cell[] cells = new Cell[count];
    Set<String> seen = new HashSet<>();
    for (int i = 1; i <= count; i++) {
      String base = meta.getColumnLabel(i);
      String name = base;
      for (int n = 2; !seen.add(name); n++) {
        name = base + "_" + n;
      }
      String typeName = meta.getColumnTypeName(i);
      columns.add(new Column(name, typeName));
      cells[i - 1] = cellFor(values.kind(meta.getColumnType(i), typeName), values);
    }
    return new ResultJson(columns, cells);
  }

  List<Column> columns() {
    return columns;
  }

  /**
   * The UTF-8 bytes of this result's JSON with no rows, its row count at its widest (7 digits) and
   * {@code truncated} false: what each row's bytes add to.
   */
  long envelopeBytes() {
    return bytes(new QueryResult(columns, List.of(), false).toJson()) + 6;
  }

  /** The UTF-8 bytes of {@code node} as JSON, counted as it is written, never held. */
  static long bytes(JsonNode node) {
    ByteCounter counter = new ByteCounter();
    MAPPER.writeValue(counter, node);
    return counter.count;
  }

  /** Counts what is written to it. */
  private static final class ByteCounter extends OutputStream {
    private long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }
  }

  ObjectNode row(ResultSet rs) throws SQLException {
    ObjectNode row = JSON.objectNode();
    for (int i = 0; i < cells.length; i++) {
      cells[i].put(rs, i + 1, names[i], row);
    }
    return row;
  }

  private static Cell cellFor(ValueKind kind, ValueMapping values) {
    return switch (kind) {
      case WIDE_INTEGER ->
          (rs, i, name, row) -> {
            String digits = rs.getString(i);
            if (digits == null) {
              row.putNull(name);
            } else {
              row.put(name, digits);
            }
          };
      case NESTED -> (rs, i, name, row) -> row.set(name, nested(rs.getObject(i), values));
      case BOOLEAN ->
          (rs, i, name, row) -> {
            boolean value = rs.getBoolean(i);
            if (rs.wasNull()) {
              row.putNull(name);
            } else {
              row.put(name, value);
            }
          };
      case INTEGER ->
          (rs, i, name, row) -> {
            long value = rs.getLong(i);
            if (rs.wasNull()) {
              row.putNull(name);
            } else {
              row.put(name, value);
            }
          };
      case FLOAT ->
          (rs, i, name, row) -> {
            double value = rs.getDouble(i);
            if (rs.wasNull()) {
              row.putNull(name);
            } else {
              row.set(name, number(value));
            }
          };
      case EXACT ->
          (rs, i, name, row) -> {
            BigDecimal value = rs.getBigDecimal(i);
            if (value == null) {
              row.putNull(name);
            } else {
              row.put(name, value.toPlainString());
            }
          };
      case DATE -> (rs, i, name, row) -> putText(row, name, rs.getObject(i, LocalDate.class));
      case TIME ->
          withFallback(
              (rs, i, name, row) -> {
                LocalTime value = rs.getObject(i, LocalTime.class);
                putText(
                    row,
                    name,
                    value == null ? null : DateTimeFormatter.ISO_LOCAL_TIME.format(value));
              },
              // A driver may convert no TIME to LocalTime (trino-jdbc); its text is then ISO's
              // HH:mm:ss[.fff].
              (rs, i, name, row) -> putText(row, name, rs.getString(i)));
      case TIMESTAMP ->
          (rs, i, name, row) -> {
            LocalDateTime value = rs.getObject(i, LocalDateTime.class);
            putText(row, name, value == null ? null : LOCAL_TIMESTAMP.format(value));
          };
      case TIMESTAMP_WITH_TIME_ZONE ->
          withFallback(
              (rs, i, name, row) -> {
                OffsetDateTime value = rs.getObject(i, OffsetDateTime.class);
                putText(row, name, value == null ? null : OFFSET_TIMESTAMP.format(value));
              },
              // A driver may convert it to ZonedDateTime only (trino-jdbc).
              (rs, i, name, row) -> {
                ZonedDateTime value = rs.getObject(i, ZonedDateTime.class);
                putText(
                    row,
                    name,
                    value == null ? null : OFFSET_TIMESTAMP.format(value.toOffsetDateTime()));
              });
      case BINARY ->
          (rs, i, name, row) -> {
            byte[] value = rs.getBytes(i);
            putText(row, name, value == null ? null : Base64.getEncoder().encodeToString(value));
          };
      case TEXT -> (rs, i, name, row) -> putText(row, name, rs.getString(i));
    };
  }

  /**
   * Reads through {@code primary}, or through {@code fallback} from the first row whose value the
   * driver would not convert as {@code primary} asks: drivers differ in the {@code java.time}
   * classes they convert to, and the first refusal decides for the column. A failure of the
   * fallback too is the column's failure.
   */
  private static Cell withFallback(Cell primary, Cell fallback) {
    return new Cell() {
      private boolean refused;

      @Override
      public void put(ResultSet rs, int index, String name, ObjectNode row) throws SQLException {
        if (!refused) {
          try {
            primary.put(rs, index, name, row);
            return;
          } catch (SQLException e) {
            refused = true;
          }
        }
        fallback.put(rs, index, name, row);
      }
    };
  }

  private static void putText(ObjectNode row, String name, @Nullable Object value) {
    if (value == null) {
      row.putNull(name);
    } else {
      row.put(name, value.toString());
    }
  }

  private static JsonNode number(double value) {
    if (Double.isNaN(value)) {
      return JSON.textNode("NaN");
    }
    if (Double.isInfinite(value)) {
      return JSON.textNode(value > 0 ? "Infinity" : "-Infinity");
    }
    return JSON.numberNode(value);
  }

  /**
   * Elements of LIST, STRUCT and MAP values arrive as Java objects whose class the driver chose
   * from the element's SQL type, so converting by class applies the same rules as the top-level
   * columns.
   */
  private static JsonNode nested(@Nullable Object value, ValueMapping values) throws SQLException {
    return switch (value) {
      case null -> JSON.nullNode();
      case Boolean b -> JSON.booleanNode(b);
      case Byte n -> JSON.numberNode(n.longValue());
      case Short n -> JSON.numberNode(n.longValue());
      case Integer n -> JSON.numberNode(n.longValue());
      case Long n -> JSON.numberNode(n);
      case Float n -> number(n.doubleValue());
      case Double n -> number(n);
      case BigDecimal n -> JSON.textNode(n.toPlainString());
      case BigInteger n -> JSON.textNode(n.toString());
      case java.sql.Date d -> JSON.textNode(d.toLocalDate().toString());
      case java.sql.Timestamp t -> JSON.textNode(LOCAL_TIMESTAMP.format(t.toLocalDateTime()));
      case LocalDateTime t -> JSON.textNode(LOCAL_TIMESTAMP.format(t));
      case OffsetDateTime t -> JSON.textNode(OFFSET_TIMESTAMP.format(t));
      case byte[] bytes -> JSON.textNode(Base64.getEncoder().encodeToString(bytes));
      case Array array -> {
        ArrayNode out = JSON.arrayNode();
        for (Object element : (Object[]) array.getArray()) {
          out.add(nested(element, values));
        }
        yield out;
      }
      case Struct struct -> {
        Map<String, ?> fields = values.structFields(struct);
        if (fields != null) {
          yield object(fields, values);
        }
        ArrayNode out = JSON.arrayNode();
        for (Object attribute : struct.getAttributes()) {
          out.add(nested(attribute, values));
        }
        yield out;
      }
      case Map<?, ?> map -> object(map, values);
      default -> JSON.textNode(value.toString());
    };
  }

  private static ObjectNode object(Map<?, ?> map, ValueMapping values) throws SQLException {
    ObjectNode out = JSON.objectNode();
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      out.set(String.valueOf(entry.getKey()), nested(entry.getValue(), values));
    }
    return out;
  }
}
