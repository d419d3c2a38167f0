package io.codemode4j.warehouse;

import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.schema.JsonSchemas;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolSpec;
import java.util.List;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code warehouse.query} and {@code warehouse.tables}: SQL over the allowlisted tables, and the
 * list of those tables.
 *
 * <p>Decided: the tables and their columns are read once, when the toolkit is built, and written
 * into the query tool's description, so a model knows the columns before its first query instead of
 * spending a call on {@code warehouse.tables()}; the warehouse file is read-only, so the snapshot
 * cannot go stale.
 */
final class WarehouseQueryTools {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  /**
   * How {@link ResultJson} types values, as the documentation of {@code rows}, in DuckDB's type
   * names (the names {@code columns[].type} shows there).
   */
  private static final String DUCKDB_ROWS =
      """
      One object per row, keyed by column name (a repeated name gets a suffix: region_2). A value's JSON type \
      follows its column's SQL type (columns[].type), never the value:
      - BOOLEAN is true or false.
      - TINYINT, SMALLINT, INTEGER, BIGINT (COUNT(*) too), FLOAT and DOUBLE (AVG too) are numbers; a NaN or \
      infinite FLOAT or DOUBLE is the string "NaN", "Infinity" or "-Infinity".
      - DECIMAL, HUGEINT, UHUGEINT, UBIGINT and wider integers are strings with the exact digits, e.g. "1234.50". \
      SUM of an integer column is HUGEINT, so it is a string too. Add money in SQL, or as integer \
      cents (Number is exact below 2^53) or BigInt, never with parseFloat; return amounts as strings.
      - DATE is "YYYY-MM-DD"; TIMESTAMP and TIME are ISO-8601 ("2025-01-31T09:30:00", "09:30:00"); TIMESTAMP \
      WITH TIME ZONE carries its offset.
      - LIST is an array and STRUCT an object, their elements typed by these rules; MAP is an object with its \
      keys as strings; BLOB is base64.
      - NULL is null; any other type is the database's own text.""";

  /**
   * The same rules in PostgreSQL's type names (pgjdbc reports {@code int8}, {@code numeric} ...),
   * with what PostgreSQL's SUM, AVG and division return; the types the allowlist cannot produce
   * there (arrays, composite types, bytea) are left out.
   */
  private static final String POSTGRES_ROWS =
      """
      One object per row, keyed by column name (a repeated name gets a suffix: region_2). A value's JSON type \
      follows its column's SQL type (columns[].type, PostgreSQL's name for it), never the value:
      - bool is true or false.
      - int2, int4, int8 (count(*) too), float4 and float8 are numbers; a NaN or infinite float4 or float8 is \
      the string "NaN", "Infinity" or "-Infinity".
      - numeric is a string with the exact digits, e.g. "1234.50". SUM of an int4 column is int8 (a number), of \
      an int8 column numeric (a string); AVG of integers is numeric (a string). x / y keeps the fraction \
      (the divisor is cast to numeric): count(*) / 3 and sum(cents) / 100 are numeric (strings), never \
      integers; div(x, y) divides integers. Add money in SQL, or as integer cents (Number is exact \
      below 2^53) or BigInt, never with parseFloat; return amounts as strings.
      - date is "YYYY-MM-DD"; timestamp and time are ISO-8601 ("2025-01-31T09:30:00", "09:30:00"); \
      timestamptz carries its offset.
      - NULL is null; any other type (text, interval ...) is the database's own text.""";

  /**
   * The same rules in Trino's type names, with what Trino's SUM, AVG, division and date subtraction
   * return: the arithmetic a query written for DuckDB gets wrong there.
   */
  private static final String TRINO_ROWS =
      """
      One object per row, keyed by column name (a repeated name gets a suffix: region_2). A value's JSON type \
      follows its column's SQL type (columns[].type, Trino's name for it), never the value:
      - boolean is true or false.
      - tinyint, smallint, integer, bigint (count(*) too), real and double (avg of integers too) are numbers; a \
      NaN or infinite real or double is the string "NaN", "Infinity" or "-Infinity".
      - decimal(p,s) is a string with the exact digits, e.g. "1234.50". SUM of an integer column is bigint (a \
      number), of a decimal column decimal (a string). x / y is always a double (the divisor is cast to \
      double), never an integer or a decimal cut to its operands' scale. For an exact amount \
      multiply: sum(cents) * 0.01 is decimal(p,2). Add money in SQL, or as integer cents \
      (Number is exact below 2^53) or BigInt, never with parseFloat; return amounts as strings.
      - date is "YYYY-MM-DD"; timestamp and time are ISO-8601 ("2025-01-31T09:30:00", "09:30:00"); timestamp \
      with time zone carries its offset. date - date is an interval (its text, "3 00:00:00.000"): write \
      date_diff('day', a, b) for days; a date compares only with a date (DATE '2024-01-31', not '2024-01-31').
      - NULL is null; any other type (varchar, interval ...) is the database's own text.""";

  /**
   * What the query tool says about types, in the engine's own names: which values come back as
   * strings with the exact digits (a clause of the description), the {@code rows} documentation,
   * and examples of {@code columns[].type}.
   */
  private record Typing(String exactValues, String rows, String typeExamples) {}

  /**
   * The typing of the engine {@code dialect} names. Decided: each engine's text names only its own
   * types and what its SUM and AVG return (DuckDB's HUGEINT and DOUBLE, PostgreSQL's int8 or
   * numeric and numeric, Trino's bigint and double), so no description claims a type the engine
   * lacks; an engine added to the allowlist's dialects gets its own branch here.
   */
  private static Typing typing(String dialect) {
    return switch (dialect) {
      case "PostgreSQL" ->
          new Typing(
              "DECIMAL and NUMERIC (SUM of BIGINT, AVG of integers) are strings with the exact"
                  + " digits",
              POSTGRES_ROWS,
              "e.g. text, int8, numeric, date");
      case "Trino" ->
          new Typing(
              "decimal is a string with the exact digits (SUM of integers is bigint, a number)",
              TRINO_ROWS,
              "e.g. varchar, bigint, decimal(18,2), date");
      default ->
          new Typing(
              "DECIMAL and SUM of integers are strings with the exact digits",
              DUCKDB_ROWS,
              "e.g. VARCHAR, BIGINT, DECIMAL(38,2), DATE");
    };
  }

  private WarehouseQueryTools() {}

  static Tool query(ScopedWarehouse warehouse, List<TableSchema> tables) {
    String dialect = warehouse.warehouse().allowlist().dialect().name();
    Typing typing = typing(dialect);
    String names = tables.stream().map(TableSchema::name).collect(Collectors.joining(", "));
    ObjectNode parameters =
        (ObjectNode)
            MAPPER.readTree(
                """
        {"type": "object",
         "properties": {
           "sql": {"type": "string", "minLength": 1},
           "maxRows": {"type": "integer", "minimum": 1, "maximum": %d, "default": %d,
                       "description": "Most rows to return, 1..%d (default %d); aggregate in SQL rather than fetch many rows."}
         },
         "required": ["sql"],
         "additionalProperties": false}
        """
                    .formatted(
                        WarehouseTools.MAX_ROWS,
                        WarehouseTools.MAX_ROWS,
                        WarehouseTools.MAX_ROWS,
                        WarehouseTools.MAX_ROWS));
    ((ObjectNode) parameters.get("properties").get("sql"))
        .put(
            "description",
            "Exactly one SELECT (WITH allowed) in "
                + dialect
                + " SQL over "
                + names
                + "; their columns are in the method description.");
    ObjectNode success =
        (ObjectNode)
            MAPPER.readTree(
                """
        {"type": "object",
         "properties": {
           "columns": {"type": "array",
                       "description": "The result columns in order with their SQL types, which decide the JSON type of each value.",
                       "items": {"type": "object",
                                 "properties": {"name": {"type": "string"},
                                                "type": {"type": "string", "description": "%s"}},
                                 "required": ["name", "type"], "additionalProperties": false}},
           "rows": {"type": "array",
                    "items": {"type": "object",
                              "additionalProperties": {"type": ["string", "number", "boolean", "null", "array", "object"]}}},
           "rowCount": {"type": "integer", "minimum": 0, "description": "rows.length"},
           "truncated": {"type": "boolean", "description": "true when the query had more than maxRows rows; only the first maxRows are here"}
         },
         "required": ["columns", "rows", "rowCount", "truncated"],
         "additionalProperties": false}
        """
                    .formatted(typing.typeExamples()));
    ((ObjectNode) success.get("properties").get("rows")).put("description", typing.rows());
    ToolSpec spec =
        new ToolSpec(
            "warehouse_query",
            queryDescription(tables, warehouse, dialect, typing),
            parameters,
            success,
            ExecutionClass.READONLY);
    return new Tool(
        spec,
        (arguments, context) -> {
          int maxRows = arguments.path("maxRows").asInt(WarehouseTools.MAX_ROWS);
          return warehouse
              .query(arguments.get("sql").asString(), context.principal(), maxRows)
              .toJson();
        });
  }

  static Tool tables(List<TableSchema> tables) {
    JsonNode parameters =
        MAPPER.readTree(
            "{\"type\": \"object\", \"properties\": {}, \"additionalProperties\": false}");
    ObjectNode success = MAPPER.createObjectNode().put("type", "array");
    success.set("items", JsonSchemas.forRecord(TableSchema.class));
    JsonNode result = MAPPER.valueToTree(tables);
    ToolSpec spec =
        new ToolSpec(
            "warehouse_tables",
            "Lists the tables and views that warehouse.query may read, with their columns and SQL types, sorted by "
                + "name (the same for every tenant; rows are what the tenant confines).",
            parameters,
            success,
            ExecutionClass.READONLY);
    return new Tool(spec, (arguments, context) -> result.deepCopy());
  }

  private static String queryDescription(
      List<TableSchema> tables, ScopedWarehouse warehouse, String dialect, Typing typing) {
    WarehouseNotes notes = warehouse.warehouse().notes();
    StringBuilder out =
        new StringBuilder("Runs one read-only SQL query (")
            .append(dialect)
            .append(" dialect) on ")
            .append(notes.subject())
            .append(" and returns its rows as JSON.\n");
    out.append(
        """
        Write exactly one SELECT (WITH is fine) over the tables below; joins, subqueries, GROUP BY, window and \
        date functions work. Anything else rejects with kind 'refused' and a message that says what to write \
        instead (e.g. GROUP BY 1, 2 for GROUP BY ALL). Every table is already confined to the caller's tenant: \
        do not filter for that.
        """);
    out.append("Aggregate in SQL: at most maxRows rows come back (default ")
        .append(WarehouseTools.MAX_ROWS)
        .append("), and truncated is true when there were more. A query running longer than ")
        .append(Durations.format(warehouse.queryTimeout()))
        .append(" is cancelled and rejects with kind 'timeout'; a result over ")
        .append(warehouse.warehouse().maxResultBytes())
        .append(
            " bytes of JSON rejects with kind 'too_large'. Build long text in JavaScript from the rows: SQL that"
                + " could build long values (wide padding, growing replace, concatenation chains) rejects with kind"
                + " 'refused'.\n");
    out.append(
        """
        JSON values are typed by the column's SQL type, never by the value: %s; the result's rows \
        documentation has every rule.
        Tables and views (column SQL-type, notes in parentheses):
        """
            .formatted(typing.exactValues()));
    for (TableSchema table : tables) {
      out.append("- ").append(table.name());
      notes.table(table.name()).ifPresent(note -> out.append(" (").append(note).append(')'));
      out.append(": ")
          .append(
              table.columns().stream()
                  .map(
                      column ->
                          column.name()
                              + " "
                              + column.type()
                              + notes
                                  .column(table.name(), column.name())
                                  .map(note -> " (" + note + ")")
                                  .orElse(""))
                  .collect(Collectors.joining(", ")))
          .append('\n');
    }
    return out.toString();
  }
}
