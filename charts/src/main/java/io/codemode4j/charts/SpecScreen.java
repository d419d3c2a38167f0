package io.codemode4j.charts;

import io.codemode4j.charts.ChartException.Reason;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The checks a spec passes before the schema: its size, its depth, and nothing in it that loads or
 * evaluates. The page's Content-Security-Policy and refusing loader are the second line; this is
 * the first, so that a hostile spec is refused with a clear reason rather than drawn half.
 *
 * <p>Decided: refused rather than stripped, so a program learns what to change; only {@code
 * $schema} (a URL that names the Vega-Lite version and is never loaded) is neutralised, by dropping
 * it. Refused keys, anywhere in the spec: data of its own ({@code data}, {@code datasets}); loads
 * ({@code url}, {@code href}, the {@code image} mark, {@code usermeta}, where vega-embed reads its
 * options, {@code loader}); expressions and parameters ({@code expr}, {@code signal}, {@code
 * calculate}, {@code filter}, {@code params}, {@code param}, {@code selection}, {@code test}, any
 * {@code *Expr}, a custom {@code formatType}); and any string that reads as a URL.
 */
final class SpecScreen {

  /** The largest spec, in bytes of its JSON without the rows. */
  static final int MAX_SPEC_BYTES = 64 * 1024;

  /** The deepest nesting of objects and arrays in a spec. */
  static final int MAX_DEPTH = 24;

  /** The largest width, height or step, in pixels. */
  static final int MAX_DIMENSION = 4096;

  /** The most bins a binned field may ask for. */
  static final int MAX_BINS = 1000;

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static final Map<String, Reason> REFUSED_KEYS =
      Map.ofEntries(
          Map.entry("data", Reason.DATA_IN_SPEC),
          Map.entry("datasets", Reason.DATA_IN_SPEC),
          Map.entry("url", Reason.EXTERNAL_LOAD),
          Map.entry("href", Reason.EXTERNAL_LOAD),
          Map.entry("usermeta", Reason.EXTERNAL_LOAD),
          Map.entry("loader", Reason.EXTERNAL_LOAD),
          Map.entry("expr", Reason.EXPRESSION),
          Map.entry("signal", Reason.EXPRESSION),
          Map.entry("signals", Reason.EXPRESSION),
          Map.entry("calculate", Reason.EXPRESSION),
          Map.entry("filter", Reason.EXPRESSION),
          Map.entry("params", Reason.EXPRESSION),
          Map.entry("param", Reason.EXPRESSION),
          Map.entry("selection", Reason.EXPRESSION),
          Map.entry("test", Reason.EXPRESSION));

  private static final Set<String> FORMAT_TYPES = Set.of("number", "time", "utc");
  private static final Set<String> DIMENSIONS = Set.of("width", "height", "step");

  private SpecScreen() {}

  /**
   * A copy of {@code spec} without {@code $schema}, once it passes every check.
   *
   * @throws ChartException naming the first thing refused
   */
  static ObjectNode screened(JsonNode spec) {
    if (!spec.isObject()) {
      throw new ChartException(
          Reason.NOT_VEGA_LITE,
          "a chart is a Vega-Lite spec, a JSON object such as {\"mark\": \"bar\", \"encoding\":"
              + " {...}}; got "
              + spec.getNodeType().toString().toLowerCase(Locale.ROOT));
    }
    walk(spec, "$", 0);
    ObjectNode copy = (ObjectNode) spec.deepCopy();
    copy.remove("$schema");
    int bytes = JSON.writeValueAsBytes(copy).length;
    if (bytes > MAX_SPEC_BYTES) {
      throw new ChartException(
          Reason.TOO_LARGE,
          "the spec is "
              + bytes
              + " bytes of JSON, more than "
              + MAX_SPEC_BYTES
              + "; a chart's spec says how to draw the rows and carries none of them");
    }
    return copy;
  }

  private static void walk(JsonNode node, String path, int depth) {
    if (depth > MAX_DEPTH) {
      throw new ChartException(
          Reason.TOO_DEEP,
          "the spec nests deeper than " + MAX_DEPTH + " levels at " + path + "; flatten it");
    }
    if (node.isObject()) {
      for (Map.Entry<String, JsonNode> field : node.properties()) {
        String key = field.getKey();
        JsonNode value = field.getValue();
        String at = path + "." + key;
        if (path.equals("$") && key.equals("$schema")) {
          continue;
        }
        checkKey(key, value, at);
        walk(value, at, depth + 1);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        walk(node.get(i), path + "[" + i + "]", depth + 1);
      }
    } else if (node.isString() && readsAsUrl(node.asString())) {
      throw new ChartException(
          Reason.EXTERNAL_LOAD,
          path + " reads as a URL (" + shortened(node.asString()) + "); a chart loads nothing");
    }
  }

  private static void checkKey(String key, JsonNode value, String at) {
    Reason refused = REFUSED_KEYS.get(key);
    if (refused == Reason.DATA_IN_SPEC) {
      throw new ChartException(
          refused,
          at
              + " gives data of its own; a chart draws the result's rows: return them beside the"
              + " chart ({rows: [...], chart: {...}}) and drop "
              + key);
    }
    if (refused != null) {
      throw new ChartException(
          refused,
          at
              + (refused == Reason.EXPRESSION
                  ? " is an expression or parameter, which a chart may not carry; compute the"
                      + " value in the program and draw it as a field"
                  : " would load from outside; a chart loads nothing"));
    }
    if (key.endsWith("Expr")) {
      throw new ChartException(
          Reason.EXPRESSION,
          at + " is an expression, which a chart may not carry; use format or a field instead");
    }
    if ((key.equals("mark") || key.equals("type"))
        && value.isString()
        && value.asString().equals("image")) {
      throw new ChartException(
          Reason.EXTERNAL_LOAD, at + " is the image mark, which loads images; use another mark");
    }
    if (key.equals("formatType")
        && !(value.isString() && FORMAT_TYPES.contains(value.asString()))) {
      throw new ChartException(
          Reason.EXPRESSION,
          at + " names a custom format type; only " + FORMAT_TYPES + " are drawn");
    }
    if (DIMENSIONS.contains(key) && value.isNumber() && value.asDouble() > MAX_DIMENSION) {
      throw new ChartException(
          Reason.TOO_LARGE, at + " is " + value.asString() + " pixels, more than " + MAX_DIMENSION);
    }
    if (key.equals("maxbins") && value.isNumber() && value.asDouble() > MAX_BINS) {
      throw new ChartException(
          Reason.TOO_LARGE, at + " asks for " + value.asString() + " bins, more than " + MAX_BINS);
    }
  }

  /** A scheme and "//", a CSS {@code url(}, or one of the schemes that load without "//". */
  static boolean readsAsUrl(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    return t.contains("://")
        || t.contains("url(")
        || t.startsWith("//")
        || t.startsWith("data:")
        || t.startsWith("javascript:")
        || t.startsWith("blob:")
        || t.startsWith("file:")
        || t.startsWith("vbscript:");
  }

  static String shortened(String text) {
    return text.length() <= 60 ? text : text.substring(0, 57) + "...";
  }
}
