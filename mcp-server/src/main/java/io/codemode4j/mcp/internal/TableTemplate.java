package io.codemode4j.mcp.internal;

import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;

/**
 * {@code codemode://tables/{table}}: the tables a principal may query as one resource template, so
 * that a host can complete a table's name ({@code completion/complete}) and read it by name.
 *
 * @param tables the table resources the principal may read
 */
public record TableTemplate(List<McpFeatures.ResourceFeature> tables) {

  public static final String URI = McpFeatures.TABLES_URI + "{table}";
  public static final String VARIABLE = "table";

  public TableTemplate {
    tables = List.copyOf(tables);
  }

  public McpSchema.ResourceTemplate template() {
    return McpSchema.ResourceTemplate.builder()
        .uriTemplate(URI)
        .name("table")
        .title("A table by name")
        .description("Columns and notes of one table as warehouse.query reads them.")
        .mimeType("application/json")
        .build();
  }

  /**
   * The table {@code uri} names.
   *
   * @throws McpError resource not found, naming the tables, for any other
   */
  public McpSchema.ReadResourceResult read(String uri) {
    for (McpFeatures.ResourceFeature table : tables) {
      if (table.resource().uri().equals(uri)) {
        return table.read();
      }
    }
    throw McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND)
        .message(
            "no table "
                + JsonRpcErrors.shortened(uri)
                + "; the tables are "
                + String.join(", ", names()))
        .data(uri)
        .build();
  }

  /** The table names that start with {@code prefix}, for the template's variable. */
  public McpSchema.CompleteResult complete(String argument, String prefix) {
    return AnalystPrompt.completion(VARIABLE.equals(argument) ? names() : List.of(), prefix);
  }

  private List<String> names() {
    return tables.stream().map(t -> t.resource().name()).toList();
  }
}
