package io.codemode4j.mcp.internal;

import io.codemode4j.mcp.ResultLinks;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Large results by reference (see {@link ResultLinks}): the full result kept in a {@link
 * ResultStore}, a bounded summary for the model, and the pages a client reads back.
 *
 * <p>Decided: the rows are the result itself when it is a list, else its {@code rows}, else its
 * only field that is a list of objects (as a chart finds them); the summary keeps the result's
 * shape with those rows cut to the first few, and {@code resultLink} says how many there are and
 * where. A large result without rows is kept whole as one page, and the model reads only its size
 * and link. Pages are the URI's last segment ({@code codemode://results/{id}/pages/{n}}), not
 * {@code resources/read} cursors, which the protocol does not have; each page names the next.
 */
public final class LargeResults {

  static final String PREFIX = "codemode://results/";

  /** The template of every page's URI. */
  public static final String TEMPLATE = PREFIX + "{id}/pages/{page}";

  private static final Pattern PAGE =
      Pattern.compile("codemode://results/([0-9a-f-]{36})/pages/(\\d{1,9})");

  /** Rows the summary shows at most, and the bytes they may take. */
  static final int SHOWN_ROWS = 5;

  static final int SHOWN_BYTES = 2048;

  /** Bytes of the result's other fields the summary keeps beside its rows. */
  static final int OTHER_FIELDS_BYTES = 2048;

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  /** A result kept: its rows (or, for a result without rows, the whole value as one page). */
  private record Kept(@Nullable ArrayNode rows, List<String> columns, JsonNode value) {}

  /** The summary for the model and the link for the client. */
  public record Linked(ObjectNode egress, McpSchema.ResourceLink link) {}

  private final ResultLinks links;
  private final ResultStore<Kept> store;

  public LargeResults(ResultLinks links, Clock clock) {
    this.links = links;
    this.store = new ResultStore<>("result", links, clock);
  }

  /** The template a client reads pages by. */
  public McpSchema.ResourceTemplate template() {
    return McpSchema.ResourceTemplate.builder()
        .uriTemplate(TEMPLATE)
        .name("result")
        .title("A large result, page by page")
        .description(
            "The rows of a run_javascript result too large to show inline, "
                + links.pageRows()
                + " a page; readable only by the client whose call made it, for "
                + links.ttl()
                + ".")
        .mimeType("application/json")
        .build();
  }

  /**
   * {@code egress} with its result summarised and a link to all of it when {@code result} is over
   * the threshold or the egress left it out ({@code omitted}); null when it stays inline, or when
   * it is too large even to keep.
   */
  public @Nullable Linked link(String owner, ObjectNode egress, JsonNode result, boolean omitted) {
    String text = result.toString();
    long bytes = text.getBytes(StandardCharsets.UTF_8).length;
    if (!omitted && bytes <= links.thresholdBytes()) {
      return null;
    }
    String found = rowsAt(result);
    String rowsAt = found == null ? "" : found;
    ArrayNode rows =
        found == null ? null : (ArrayNode) (rowsAt.isEmpty() ? result : result.get(rowsAt));
    List<String> columns = rows == null ? List.of() : columns(rows);
    ResultStore.Kept kept = store.put(owner, new Kept(rows, columns, result), bytes);
    if (kept == null) {
      return null;
    }
    String first = uri(kept.id(), 0);
    int pages =
        rows == null ? 1 : Math.max(1, (rows.size() + links.pageRows() - 1) / links.pageRows());
    ObjectNode out = egress.deepCopy();
    ObjectNode link = JSON.objectNode().put("uri", first).put("bytes", bytes).put("pages", pages);
    String note;
    if (rows != null) {
      ArrayNode shown = shown(rows);
      JsonNode summary = rowsAt.isEmpty() ? shown : summary((ObjectNode) result, rowsAt, shown);
      out.set("result", summary);
      link.put("rowCount", rows.size());
      ArrayNode names = link.putArray("columns");
      columns.forEach(names::add);
      link.put("shownRows", shown.size()).put("pageRows", links.pageRows());
      link.put("rowsAt", rowsAt.isEmpty() ? "result" : "result." + rowsAt);
      note =
          "The result has "
              + rows.size()
              + " rows ("
              + bytes
              + " bytes of JSON): result shows the first "
              + shown.size()
              + "; all of them are at the link, "
              + pages
              + " page(s) of "
              + links.pageRows()
              + " rows (the URI ends in the page number, from 0).";
    } else {
      out.putNull("result");
      note =
          "The result is "
              + bytes
              + " bytes of JSON, too large to show: it is at the link, whole, as one page.";
    }
    link.put("expiresAt", kept.expiresAt().toString());
    link.put("note", note + " Only this client can read it, until expiresAt.");
    out.set("resultLink", link);
    McpSchema.ResourceLink resource =
        McpSchema.ResourceLink.builder()
            .uri(first)
            .name("result")
            .title(rows != null ? "All " + rows.size() + " rows of the result" : "The whole result")
            .description(note)
            .mimeType("application/json")
            .size(bytes)
            .build();
    return new Linked(out, resource);
  }

  /**
   * The page {@code uri} names, for {@code owner}.
   *
   * @throws McpError resource not found: no such page, or the result expired, was evicted or is
   *     another client's
   */
  public McpSchema.ReadResourceResult read(String owner, String uri) {
    Matcher m = PAGE.matcher(uri);
    if (!m.matches()) {
      throw notFound(
          "no result page "
              + JsonRpcErrors.shortened(uri)
              + ": a page's URI is codemode://results/{id}/pages/{n}, n from 0",
          uri);
    }
    Kept kept = store.get(owner, m.group(1), JsonRpcErrors.shortened(uri));
    int page = Integer.parseInt(m.group(2));
    ObjectNode json = JSON.objectNode().put("uri", uri).put("page", page);
    if (kept.rows() == null) {
      if (page != 0) {
        throw notFound("no page " + page + " of " + uri + ": this result is one page, 0", uri);
      }
      json.put("pages", 1).set("value", kept.value());
      json.putNull("next");
    } else {
      ArrayNode rows = kept.rows();
      int pages = Math.max(1, (rows.size() + links.pageRows() - 1) / links.pageRows());
      if (page >= pages) {
        throw notFound("no page " + page + " of this result: it has pages 0.." + (pages - 1), uri);
      }
      json.put("pages", pages).put("rowCount", rows.size());
      ArrayNode names = json.putArray("columns");
      kept.columns().forEach(names::add);
      ArrayNode slice = json.putArray("rows");
      int from = page * links.pageRows();
      for (int i = from; i < Math.min(rows.size(), from + links.pageRows()); i++) {
        slice.add(rows.get(i));
      }
      if (page + 1 < pages) {
        json.put("next", uri(m.group(1), page + 1));
      } else {
        json.putNull("next");
      }
    }
    return new McpSchema.ReadResourceResult(
        List.of(new McpSchema.TextResourceContents(uri, "application/json", json.toString())));
  }

  private static String uri(String id, int page) {
    return PREFIX + id + "/pages/" + page;
  }

  /** Where the rows are: "" for the result itself, a field's name, or null for no rows. */
  private static @Nullable String rowsAt(JsonNode result) {
    if (result.isArray()) {
      return "";
    }
    if (!result.isObject()) {
      return null;
    }
    if (result.get("rows") instanceof ArrayNode) {
      return "rows";
    }
    String only = null;
    for (Map.Entry<String, JsonNode> field : result.properties()) {
      JsonNode value = field.getValue();
      if (value.isArray() && !value.isEmpty() && value.get(0).isObject()) {
        if (only != null) {
          return null;
        }
        only = field.getKey();
      }
    }
    return only;
  }

  /** Every row's field names, in the order first seen. */
  private static List<String> columns(ArrayNode rows) {
    Set<String> names = new LinkedHashSet<>();
    for (JsonNode row : rows) {
      if (row.isObject()) {
        names.addAll(row.propertyNames());
      }
    }
    return List.copyOf(names);
  }

  /** The first rows, at most {@value #SHOWN_ROWS} and {@value #SHOWN_BYTES} bytes of them. */
  private static ArrayNode shown(ArrayNode rows) {
    ArrayNode shown = JSON.arrayNode();
    int bytes = 0;
    for (JsonNode row : rows) {
      int size = row.toString().getBytes(StandardCharsets.UTF_8).length;
      if (shown.size() == SHOWN_ROWS || bytes + size > SHOWN_BYTES) {
        break;
      }
      shown.add(row);
      bytes += size;
    }
    return shown;
  }

  /**
   * The result's other fields with its rows cut to {@code shown}; the other fields only when they
   * are small, since a large result's bulk may be there too.
   */
  private static ObjectNode summary(ObjectNode result, String rowsAt, ArrayNode shown) {
    ObjectNode summary = result.deepCopy();
    summary.remove(rowsAt);
    if (summary.toString().getBytes(StandardCharsets.UTF_8).length > OTHER_FIELDS_BYTES) {
      summary = JSON.objectNode();
      summary.put("omittedFields", "the result's other fields are at the link");
    }
    summary.set(rowsAt, shown);
    return summary;
  }

  private static McpError notFound(String message, String uri) {
    return McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND)
        .message(message)
        .data(uri)
        .build();
  }
}
