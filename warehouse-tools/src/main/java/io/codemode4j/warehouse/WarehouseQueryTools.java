package io.codemode4j.warehouse;

import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.schema.JsonSchemas;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolSpec;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.engine.QueryTyping;
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
 *
 * <p>Decided: a note is said once, in the description or the schemas (issue 30's model bytes): the
 * description says what {@code truncated} means and the rows' documentation that the columns' SQL
 * types decide the values' JSON types, so neither property repeats it.
 */
final class WarehouseQueryTools {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private WarehouseQueryTools() {}

  static Tool query(ScopedWarehouse warehouse, List<TableSchema> tables) {
    String dialect = warehouse.warehouse().allowlist().dialect().name();
    QueryTyping typing = warehouse.warehouse().typing();
    // The warehouse's own row cap (a description's limits.maxRows) bounds what a program may ask
    // for, and is what it gets without asking.
    int cap = warehouse.warehouse().maxRows();
    ObjectNode parameters =
        (ObjectNode)
            MAPPER.readTree(
                """
        {"type": "object",
         "properties": {
           "sql": {"type": "string", "minLength": 1},
           "maxRows": {"type": "integer", "minimum": 1, "maximum": %d, "default": %d,
                       "description": "Most rows to return; aggregate in SQL rather than fetch many rows."}
         },
         "required": ["sql"],
         "additionalProperties": false}
        """
                    .formatted(cap, cap));
    ((ObjectNode) parameters.get("properties").get("sql"))
        .put(
            "description", "One SELECT in " + dialect + " SQL over the tables of the description.");
    ObjectNode success =
        (ObjectNode)
            MAPPER.readTree(
                """
        {"type": "object",
         "properties": {
           "columns": {"type": "array",
                       "items": {"type": "object",
                                 "properties": {"name": {"type": "string"},
                                                "type": {"type": "string", "description": "%s"}},
                                 "required": ["name", "type"], "additionalProperties": false}},
           "rows": {"type": "array",
                    "items": {"type": "object",
                              "additionalProperties": {"type": ["string", "number", "boolean", "null", "array", "object"]}}},
           "rowCount": {"type": "integer", "minimum": 0, "description": "rows.length"},
           "truncated": {"type": "boolean"}
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
          // The broker has checked maxRows against the parameters: at most the cap.
          int maxRows = arguments.path("maxRows").asInt(cap);
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

  /**
   * What the description says of tenants: that a confined caller reads only its tenant's rows of
   * every table (so a model does not filter for it), naming the tables every tenant shares, and
   * that an unconfined caller reads every tenant's; or that no table is confined at all. Decided:
   * never a claim of confinement a run does not have. The text is one for every caller, so it says
   * both.
   */
  private static String confinement(List<TableSchema> tables, SqlAllowlist allowlist) {
    List<String> shared =
        tables.stream()
            .map(TableSchema::name)
            .filter(name -> allowlist.scope(name) instanceof TenantScope.Shared)
            .toList();
    if (shared.size() == tables.size()) {
      return "No table is confined to a tenant: every caller reads every row.";
    }
    String unconfined = "; an unconfined caller reads every tenant's rows.";
    if (shared.isEmpty()) {
      return "A caller confined to a tenant reads only its tenant's rows of every table: do not"
          + " filter for that"
          + unconfined;
    }
    return "A caller confined to a tenant reads only its tenant's rows of every table but "
        + String.join(", ", shared)
        + " (shared by every tenant): do not filter for that"
        + unconfined;
  }

  private static String queryDescription(
      List<TableSchema> tables, ScopedWarehouse warehouse, String dialect, QueryTyping typing) {
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
        instead (e.g. GROUP BY 1, 2 for GROUP BY ALL).""");
    out.append(' ').append(confinement(tables, warehouse.warehouse().allowlist())).append('\n');
    out.append("Aggregate in SQL: at most maxRows rows come back (default ")
        .append(warehouse.warehouse().maxRows())
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
