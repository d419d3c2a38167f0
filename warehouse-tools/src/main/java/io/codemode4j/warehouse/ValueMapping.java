package io.codemode4j.warehouse;

import java.sql.SQLException;
import java.sql.Struct;
import java.sql.Types;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What an engine knows about the values its driver returns, beyond what JDBC's type codes say: a
 * type name that means more than its code (an integer wider than 64 bits, a timestamp with a time
 * zone reported as a plain timestamp), and the field names of a struct. Every engine is one ({@code
 * WarehouseEngine}); {@link #STANDARD} reads by JDBC type code alone.
 */
public interface ValueMapping {

  /** JDBC's type codes alone. */
  ValueMapping STANDARD = new ValueMapping() {};

  /**
   * The kind of a column the driver reports as {@code jdbcType} named {@code typeName}: {@link
   * #byJdbcType} by default.
   */
  default ValueKind kind(int jdbcType, String typeName) {
    return byJdbcType(jdbcType);
  }

  /**
   * The field names and values of a STRUCT value, in order, or {@code null} when the driver gives
   * no names (the value then becomes an array of its attributes).
   */
  default @Nullable Map<String, ?> structFields(Struct struct) throws SQLException {
    return null;
  }

  /** The kind JDBC's type code {@code jdbcType} means on every driver. */
  static ValueKind byJdbcType(int jdbcType) {
    return switch (jdbcType) {
      case Types.BOOLEAN, Types.BIT -> ValueKind.BOOLEAN;
      case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> ValueKind.INTEGER;
      case Types.FLOAT, Types.REAL, Types.DOUBLE -> ValueKind.FLOAT;
      case Types.DECIMAL, Types.NUMERIC -> ValueKind.EXACT;
      case Types.DATE -> ValueKind.DATE;
      case Types.TIME -> ValueKind.TIME;
      case Types.TIMESTAMP -> ValueKind.TIMESTAMP;
      case Types.TIMESTAMP_WITH_TIMEZONE -> ValueKind.TIMESTAMP_WITH_TIME_ZONE;
      case Types.BLOB, Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY -> ValueKind.BINARY;
      case Types.ARRAY, Types.STRUCT -> ValueKind.NESTED;
      default -> ValueKind.TEXT;
    };
  }
}
