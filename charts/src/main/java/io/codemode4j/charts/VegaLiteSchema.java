package io.codemode4j.charts;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.codemode4j.charts.ChartException.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON Schema of the Vega-Lite the page draws with (draft-07, shipped in the jar beside the
 * renderer it describes), compiled once on first use.
 *
 * <p>Decided: a spec is checked with {@code data} set to a named placeholder, since the schema
 * requires data at the top level and the rows, checked on their own, would only make the check
 * slower.
 */
final class VegaLiteSchema {

  static final String RESOURCE = "renderer/vega-lite-schema.json";
  private static final int MAX_REPORTED = 5;

  private VegaLiteSchema() {}

  private static final class Holder {
    static final Schema SCHEMA = load();
  }

  /**
   * @throws ChartException naming at most five problems when {@code spec} is not Vega-Lite
   */
  static void check(ObjectNode spec) {
    ObjectNode placeholder = spec.deepCopy();
    placeholder.putObject("data").put("name", "rows");
    List<Error> errors = Holder.SCHEMA.validate(placeholder);
    if (!errors.isEmpty()) {
      throw new ChartException(
          Reason.NOT_VEGA_LITE,
          "the spec is not valid Vega-Lite: "
              + String.join(
                  "; ",
                  errors.stream().limit(MAX_REPORTED).map(VegaLiteSchema::describe).toList()));
    }
  }

  private static String describe(Error error) {
    String message = error.getMessage() == null ? error.toString() : error.getMessage();
    String where =
        error.getInstanceLocation() == null ? "" : error.getInstanceLocation().toString();
    return where.isEmpty() ? message : where + ": " + message;
  }

  private static Schema load() {
    try (InputStream in = VegaLiteSchema.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            "codemode4j-charts: "
                + RESOURCE
                + " is missing from the jar; the build copies it from the npm package vega-lite"
                + " (rebuild charts with npm on PATH)");
      }
      JsonNode schema = JsonMapper.builder().build().readTree(in);
      return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7).getSchema(schema);
    } catch (IOException e) {
      throw new UncheckedIOException("codemode4j-charts: cannot read " + RESOURCE, e);
    }
  }
}
