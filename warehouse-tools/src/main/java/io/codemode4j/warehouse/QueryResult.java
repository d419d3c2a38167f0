package io.codemode4j.warehouse;

import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The answer to one query, in the JSON contract of {@code warehouse.query}: {@code
 * {"columns":[{"name","type"}], "rows":[{...}], "rowCount":N, "truncated":bool}}.
 *
 * <p>Rows are JSON objects keyed by column name, typed by SQL type (see {@link ResultJson}); the
 * rows list is built for this result alone and is never shared, so callers may hand it on without
 * copying.
 *
 * @param truncated true when the query had more rows than its row cap and only the first {@code
 *     rowCount} are here
 */
public record QueryResult(List<Column> columns, List<ObjectNode> rows, boolean truncated) {

  public QueryResult {
    columns = List.copyOf(columns);
    rows = List.copyOf(rows);
  }

  public int rowCount() {
    return rows.size();
  }

  /** The wire form: a fresh JSON object that shares the row nodes of this result. */
  public ObjectNode toJson() {
    JsonNodeFactory json = JsonNodeFactory.instance;
    ObjectNode out = json.objectNode();
    ArrayNode cols = out.putArray("columns");
    for (Column column : columns) {
      cols.addObject().put("name", column.name()).put("type", column.type());
    }
    ArrayNode rowArray = out.putArray("rows");
    for (JsonNode row : rows) {
      rowArray.add(row);
    }
    out.put("rowCount", rows.size());
    out.put("truncated", truncated);
    return out;
  }

  /** Column names, in order. */
  public List<String> columnNames() {
    return columns.stream().map(Column::name).toList();
  }
}
