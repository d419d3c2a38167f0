package io.codemode4j.engine.mariadb;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The types a CAST may name in the SQL the model writes (DuckDB's names), and what each becomes in
 * MariaDB, which casts only to SIGNED/INTEGER, UNSIGNED, DECIMAL, DOUBLE, FLOAT, CHAR/VARCHAR,
 * DATE, DATETIME and TIME (measured on 10.11: {@code CAST(x AS BIGINT)}, {@code TEXT}, {@code
 * BOOLEAN}, {@code SMALLINT}, {@code REAL} and {@code TIMESTAMP} are syntax errors).
 *
 * <p>Decided:
 *
 * <ul>
 *   <li>every signed integer type is {@code SIGNED} (64 bits): MariaDB has no narrower cast, so a
 *       value DuckDB would refuse as out of range for INTEGER passes; the unsigned ones are {@code
 *       UNSIGNED}; HUGEINT has no MariaDB type and is refused;
 *   <li>DECIMAL keeps its precision and scale, and without them is {@code DECIMAL(18,3)}, DuckDB's
 *       default: MariaDB's own default is (10,0), which would round {@code CAST('12.345' AS
 *       DECIMAL)} to 12;
 *   <li>every text type is {@code CHAR} without a length: DuckDB ignores a VARCHAR's length, and
 *       MariaDB's {@code CHAR(n)} would cut the value;
 *   <li>TIMESTAMP is {@code DATETIME(6)}, DuckDB's microseconds; BOOLEAN, TIMESTAMPTZ and INTERVAL
 *       have no MariaDB cast and are not listed, so the allowlist refuses a cast to them naming the
 *       types a cast may name.
 * </ul>
 *
 * <p>A cast of text to a number does not fail in MariaDB: {@code CAST('abc' AS SIGNED)} is 0 with a
 * warning, where DuckDB raises a conversion error.
 */
public final class MariaDbCastTypes {

  /** DuckDB's name, lowercase, to MariaDB's type; DECIMAL takes its precision and scale apart. */
  private static final Map<String, String> TARGETS =
      Map.ofEntries(
          Map.entry("tinyint", "SIGNED"),
          Map.entry("smallint", "SIGNED"),
          Map.entry("integer", "SIGNED"),
          Map.entry("int", "SIGNED"),
          Map.entry("bigint", "SIGNED"),
          Map.entry("int1", "SIGNED"),
          Map.entry("int2", "SIGNED"),
          Map.entry("int4", "SIGNED"),
          Map.entry("int8", "SIGNED"),
          Map.entry("short", "SIGNED"),
          Map.entry("long", "SIGNED"),
          Map.entry("signed", "SIGNED"),
          Map.entry("utinyint", "UNSIGNED"),
          Map.entry("usmallint", "UNSIGNED"),
          Map.entry("uinteger", "UNSIGNED"),
          Map.entry("ubigint", "UNSIGNED"),
          Map.entry("decimal", "DECIMAL"),
          Map.entry("dec", "DECIMAL"),
          Map.entry("numeric", "DECIMAL"),
          Map.entry("real", "FLOAT"),
          Map.entry("float", "FLOAT"),
          Map.entry("float4", "FLOAT"),
          Map.entry("double", "DOUBLE"),
          Map.entry("float8", "DOUBLE"),
          Map.entry("varchar", "CHAR"),
          Map.entry("char", "CHAR"),
          Map.entry("bpchar", "CHAR"),
          Map.entry("nvarchar", "CHAR"),
          Map.entry("text", "CHAR"),
          Map.entry("string", "CHAR"),
          Map.entry("date", "DATE"),
          Map.entry("time", "TIME"),
          Map.entry("timestamp", "DATETIME(6)"));

  /** DuckDB's default DECIMAL, written out since MariaDB's is DECIMAL(10,0). */
  static final String DEFAULT_DECIMAL = "DECIMAL(18,3)";

  private MariaDbCastTypes() {}

  /** The type names a CAST may name, lowercase: what the allowlist approves. */
  public static Set<String> names() {
    return TARGETS.keySet();
  }

  /**
   * {@code type} as MariaDB casts to it, {@code precision} and {@code scale} negative when not
   * given.
   *
   * @throws IllegalArgumentException for a type {@link #names} lacks (the allowlist refuses such a
   *     cast before rendering, so this is a rendering of a tree it did not approve)
   */
  public static String target(String type, int precision, int scale) {
    String target = TARGETS.get(type.toLowerCase(Locale.ROOT));
    if (target == null) {
      throw new IllegalArgumentException(
          "MariaDB cannot cast to " + type + ": cast to one of " + String.join(", ", names()));
    }
    if (!target.equals("DECIMAL")) {
      return target;
    }
    if (precision < 0) {
      return DEFAULT_DECIMAL;
    }
    return "DECIMAL(" + precision + "," + Math.max(scale, 0) + ")";
  }
}
