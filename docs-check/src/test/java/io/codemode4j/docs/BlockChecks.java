package io.codemode4j.docs;

import io.codemode4j.warehouse.config.DescriptionException;
import io.codemode4j.warehouse.config.WarehouseDescriptions;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.jspecify.annotations.Nullable;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The checks of the languages that need no Code Mode and no compiler: which languages a block may
 * name, and the {@code json}, {@code yaml}, {@code xml} and {@code properties} checks. Each returns
 * why the block fails, or null.
 */
final class BlockChecks {

  /**
   * The languages the docs conventions check, plus {@code xml} (a Maven snippet: it must be
   * well-formed). Any other needs a skip comment with a reason.
   */
  static final Set<String> LANGUAGES =
      new TreeSet<>(
          Set.of("java", "js", "ts", "sh", "bash", "yaml", "properties", "json", "xml", "text"));

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final YAMLMapper YAML = YAMLMapper.builder().build();

  private BlockChecks() {}

  /** Why the block's language is not acceptable, or null. */
  static @Nullable String language(CodeBlock block) {
    if (block.language().isEmpty()) {
      return "the block names no language: fence it as ```"
          + String.join(", ```", LANGUAGES)
          + " (```text for output, transcripts and diagrams)";
    }
    if (block.skip() != null) {
      return block.skip().reason().isBlank()
          ? "the skip comment gives no reason: <!-- docs-check: skip (why this block is not"
              + " checked) -->"
          : null;
    }
    if (!LANGUAGES.contains(block.language())) {
      return "```"
          + block.language()
          + " is no checked language ("
          + String.join(", ", LANGUAGES)
          + "): use one of them, ```text for output, or a skip comment with a reason";
    }
    return null;
  }

  /**
   * Why a {@code json} block does not parse: it must be one JSON value, or JSON Lines (every
   * non-blank line one JSON value, as an audit log is written).
   */
  static @Nullable String json(CodeBlock block) {
    String whole = parseJson(block.text());
    if (whole == null) {
      return null;
    }
    List<String> lines = block.text().lines().filter(line -> !line.isBlank()).toList();
    if (lines.size() > 1 && lines.stream().allMatch(line -> parseJson(line) == null)) {
      return null;
    }
    return "not JSON (one value, or JSON Lines): " + whole + " (use ```text for a sketch)";
  }

  /** Why {@code text} is not one JSON value (trailing tokens refused, Jackson 3's default). */
  private static @Nullable String parseJson(String text) {
    try {
      JSON.readTree(text);
      return null;
    } catch (JacksonException e) {
      return e.getOriginalMessage()
          + (e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr());
    }
  }

  /**
   * Why a {@code yaml} block fails: a Spring configuration (a top-level {@code codemode:} key, as
   * in {@code application.yaml}) must bind only properties of the starter, like a {@code
   * properties} block; any other is a warehouse description, which the project's reader ({@link
   * WarehouseDescriptions}) must accept.
   */
  static @Nullable String yaml(CodeBlock block, Path root, SpringProperties bound) {
    JsonNode tree;
    try {
      tree = YAML.readTree(block.text());
    } catch (JacksonException e) {
      return "not YAML: " + e.getOriginalMessage();
    }
    if (tree != null && tree.isObject() && tree.has("codemode")) {
      Map<String, String> keys = new TreeMap<>();
      flatten("", tree, keys);
      List<String> unbound =
          keys.keySet().stream()
              .filter(key -> key.startsWith("codemode.") && !bound.binds(key))
              .toList();
      return unbound.isEmpty()
          ? null
          : "a Spring configuration (top-level codemode:) whose keys the starter does not bind: "
              + String.join(", ", unbound);
    }
    try {
      WarehouseDescriptions.parse(block.text(), block.where(), root, false);
      return null;
    } catch (DescriptionException e) {
      return "WarehouseDescriptions refuses it: " + e.getMessage();
    }
  }

  /** The dotted keys of {@code node}, as Spring flattens YAML ({@code a.b}, {@code a.list[0]}). */
  private static void flatten(String prefix, JsonNode node, Map<String, String> keys) {
    if (node.isObject()) {
      for (Map.Entry<String, JsonNode> field : node.properties()) {
        flatten(
            prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey(),
            field.getValue(),
            keys);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        flatten(prefix + "[" + i + "]", node.get(i), keys);
      }
    } else {
      keys.put(prefix, node.asString());
    }
  }

  /** Why an {@code xml} block is not well-formed (several top-level elements allowed). */
  static @Nullable String xml(CodeBlock block) {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      factory
          .newDocumentBuilder()
          .parse(new InputSource(new StringReader("<docs>" + block.text() + "</docs>")));
      return null;
    } catch (SAXException e) {
      return "not well-formed XML: " + e.getMessage();
    } catch (ParserConfigurationException | IOException e) {
      throw new IllegalStateException("docs-check: the JDK's XML parser failed", e);
    }
  }

  /** The {@code codemode.*} keys of a {@code properties} block that the starter does not bind. */
  static List<String> properties(CodeBlock block, SpringProperties bound) {
    Properties properties = new Properties();
    try {
      properties.load(new StringReader(block.text()));
    } catch (IOException | IllegalArgumentException e) {
      return List.of("not a properties file: " + e.getMessage());
    }
    List<String> unbound = new ArrayList<>();
    for (String key : new TreeSet<>(properties.stringPropertyNames())) {
      if (key.startsWith("codemode.") && !bound.binds(key)) {
        unbound.add(key);
      }
    }
    return unbound;
  }
}
